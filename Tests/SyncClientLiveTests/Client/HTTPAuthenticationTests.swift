import Foundation
import Testing

@testable import SyncClientLive

/// Reading `WWW-Authenticate` as servers write it, and Digest answers checked against the
/// worked examples of RFC 7616 §3.9.1.
struct HTTPAuthenticationTests {
  @Test func challengesAreReadFromOneHeaderOrSeveral() {
    let sabre = #"Digest realm="SabreDAV",qop="auth",nonce="6b07480b2626c",opaque="df58bdff8cf60599c939187d0b5c54de""#
    #expect(
      AuthChallenge.parse([sabre]) == [
        AuthChallenge(
          scheme: "digest",
          parameters: ["realm": "SabreDAV", "qop": "auth", "nonce": "6b07480b2626c", "opaque": "df58bdff8cf60599c939187d0b5c54de"])
      ])
    let two = AuthChallenge.parse([#"Basic realm="a, b", Digest realm="x\"y", nonce=abc, algorithm=SHA-256"#, "Negotiate"])
    #expect(two.map(\.scheme) == ["basic", "digest", "negotiate"])
    #expect(two[0].parameters == ["realm": "a, b"])
    #expect(two[1].parameters == ["realm": #"x"y"#, "nonce": "abc", "algorithm": "SHA-256"])
  }

  static let example = [
    #"Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#,
    #"Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#,
  ]

  func answer(_ challenges: [String]) throws -> String {
    var digest = try #require(DigestAuthentication(AuthChallenge.parse(challenges)))
    return digest.authorization(
      method: "GET", uri: "/dir/index.html", username: "Mufasa", password: "Circle of Life",
      cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ")
  }

  @Test func sha256IsChosenOverMD5AndAnswersAsTheRFCDoes() throws {
    let value = try answer(Self.example)
    #expect(value.contains(#"response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1""#), "\(value)")
    #expect(value.contains("algorithm=SHA-256"))
    #expect(value.contains("qop=auth, nc=00000001"))
    #expect(value.contains(#"opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#))
  }

  @Test func md5AnswersAsTheRFCDoes() throws {
    let value = try answer([Self.example[1]])
    #expect(value.contains(#"response="8ca523f5e9506fed4657c9700eebdbec""#), "\(value)")
  }

  /// An algorithm quickdo does not have, or no `auth` quality of protection: no answer, so
  /// the 401 is reported as a scheme quickdo does not support.
  @Test func whatCannotBeAnsweredIsNotAnswered() {
    #expect(DigestAuthentication(AuthChallenge.parse([#"Digest realm="r", nonce="n", algorithm=SHA-512-256"#])) == nil)
    #expect(DigestAuthentication(AuthChallenge.parse([#"Digest realm="r", nonce="n", qop="auth-int""#])) == nil)
    #expect(DigestAuthentication(AuthChallenge.parse(["Negotiate"])) == nil)
  }

  /// Each request with the same nonce counts up `nc`.
  @Test func theNonceCountGoesUp() throws {
    var digest = try #require(DigestAuthentication(AuthChallenge.parse([Self.example[1]])))
    _ = digest.authorization(method: "GET", uri: "/", username: "u", password: "p")
    #expect(digest.authorization(method: "GET", uri: "/", username: "u", password: "p").contains("nc=00000002"))
  }
}
