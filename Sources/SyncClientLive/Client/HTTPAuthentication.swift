import Crypto
import Foundation

/// The challenges of a 401's `WWW-Authenticate` headers (RFC 9110 §11.6.1): each a scheme
/// and its parameters, as servers write them (`Digest realm="x", nonce="y", qop="auth"`,
/// several in one header or one per header).
struct AuthChallenge: Equatable {
  var scheme: String
  var parameters: [String: String]

  /// Every challenge in `headers`, schemes lowercased, parameter names lowercased.
  static func parse(_ headers: [String]) -> [AuthChallenge] {
    var challenges: [AuthChallenge] = []
    for header in headers {
      var scanner = Substring(header)
      while true {
        scanner = scanner.drop { $0 == " " || $0 == "," || $0 == "\t" }
        guard !scanner.isEmpty else { break }
        let scheme = scanner.prefix { $0 != " " && $0 != "," }
        scanner = scanner.dropFirst(scheme.count)
        var challenge = AuthChallenge(scheme: scheme.lowercased(), parameters: [:])
        // Parameters: `name=value` or `name="quoted"`, separated by commas, until a token
        // that is not followed by `=` (the next challenge's scheme).
        while true {
          let rest = scanner.drop { $0 == " " || $0 == "," || $0 == "\t" }
          let name = rest.prefix { $0 != "=" && $0 != " " && $0 != "," }
          let afterName = rest.dropFirst(name.count).drop { $0 == " " }
          guard !name.isEmpty, afterName.first == "=" else { break }
          var value = afterName.dropFirst().drop { $0 == " " }
          var text = ""
          if value.first == "\"" {
            value = value.dropFirst()
            while let c = value.first, c != "\"" {
              if c == "\\", value.count > 1 {
                value = value.dropFirst()
              }
              text.append(value.first!)
              value = value.dropFirst()
            }
            value = value.dropFirst()
          } else {
            let token = value.prefix { $0 != "," && $0 != " " }
            text = String(token)
            value = value.dropFirst(token.count)
          }
          challenge.parameters[name.lowercased()] = text
          scanner = value
        }
        challenges.append(challenge)
      }
    }
    return challenges
  }
}

/// HTTP Digest authentication (RFC 7616) for one origin: MD5, MD5-sess, SHA-256 and
/// SHA-256-sess, with qop=auth (or none, for servers of RFC 2069's time). Chosen when a
/// server's 401 asks for Digest (Baikal's default), and kept, so later requests answer the
/// server's nonce at once instead of costing a 401 each.
struct DigestAuthentication: Sendable {
  var realm: String
  var nonce: String
  var opaque: String?
  var algorithm: String
  var qop: Bool
  /// How many requests used this nonce (`nc`).
  var count = 0

  /// The Digest challenge in `challenges` quickdo can answer, SHA-256 before MD5; nil when
  /// there is none.
  init?(_ challenges: [AuthChallenge]) {
    let digests = challenges.filter { $0.scheme == "digest" && $0.parameters["nonce"] != nil }
    let ranked = digests.sorted { Self.rank($0) > Self.rank($1) }
    guard let best = ranked.first, Self.rank(best) > 0, let nonce = best.parameters["nonce"] else { return nil }
    realm = best.parameters["realm"] ?? ""
    self.nonce = nonce
    opaque = best.parameters["opaque"]
    algorithm = best.parameters["algorithm"] ?? "MD5"
    if let qop = best.parameters["qop"] {
      let offered = qop.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      guard offered.contains("auth") else { return nil }
      self.qop = true
    } else {
      self.qop = false
    }
  }

  static func rank(_ challenge: AuthChallenge) -> Int {
    switch (challenge.parameters["algorithm"] ?? "MD5").uppercased() {
    case "SHA-256", "SHA-256-SESS": 2
    case "MD5", "MD5-SESS": 1
    default: 0
    }
  }

  /// The `Authorization` value for `method` on `uri` (the request target: path and query),
  /// counting one more use of the nonce.
  /// `cnonce`: the client's nonce, random unless a test gives one.
  mutating func authorization(
    method: String, uri: String, username: String, password: String,
    cnonce: String = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
  ) -> String {
    count += 1
    let nc = String(format: "%08x", count)
    let sha256 = algorithm.uppercased().hasPrefix("SHA-256")
    func hash(_ text: String) -> String {
      let data = Data(text.utf8)
      return sha256
        ? SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        : Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
    var ha1 = hash("\(username):\(realm):\(password)")
    if algorithm.lowercased().hasSuffix("-sess") { ha1 = hash("\(ha1):\(nonce):\(cnonce)") }
    let ha2 = hash("\(method):\(uri)")
    let response = qop ? hash("\(ha1):\(nonce):\(nc):\(cnonce):auth:\(ha2)") : hash("\(ha1):\(nonce):\(ha2)")
    var parts = [
      "username=\(Self.quoted(username))", "realm=\(Self.quoted(realm))", "nonce=\(Self.quoted(nonce))",
      "uri=\(Self.quoted(uri))", "algorithm=\(algorithm)", "response=\"\(response)\"",
    ]
    if qop { parts += ["qop=auth", "nc=\(nc)", "cnonce=\"\(cnonce)\""] }
    if let opaque { parts.append("opaque=\(Self.quoted(opaque))") }
    return "Digest " + parts.joined(separator: ", ")
  }

  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}
