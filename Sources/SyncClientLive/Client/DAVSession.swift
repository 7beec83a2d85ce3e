import AsyncHTTPClient
import CalDAVXML
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL
import SyncClient
import Localization

/// HTTP for CalDAV under rules that hold whatever a server does:
/// - the account's Basic credentials go only to origins the caller trusts (the account's
///   own), never across a redirect to another origin, and never over http:// after https;
/// - each request, from connecting to the last byte of its answer, ends by the account's
///   `timeout`, and waits without spending CPU (SwiftNIO's event loop);
/// - an answer may be at most ``maxAnswer`` bytes, decompressed or not;
/// - failures become ``SyncError``s in words that name the account and never the password.
/// TLS is checked against the system's CA store, plus the account's `ca_file`.
final class DAVSession: Sendable {
  /// An answer: status, body, ETag, and the address that gave it (after redirects).
  struct Answer {
    var status: Int
    var body: Data
    var etag: String?
    var url: URL
    /// The `WWW-Authenticate` headers of a 401.
    var challenges: [String] = []
    /// Whether the server names itself DAViCal (`X-DAViCal-Version`).
    var isDAViCal = false
    /// Its `DAV` headers (RFC 4918 §10.1), as sent.
    var dav: [String] = []
    /// The `Location` and `Expires` headers (a redirect's target; a created push
    /// subscription's).
    var location: String?
    var expires: String?

    /// The features its `DAV` headers name, lowercased.
    var davFeatures: Set<String> {
      Set(dav.prefix(16).flatMap { $0.prefix(4096).split(separator: ",") }.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      })
    }

    /// The error for a status sync cannot go on with.
    func failure(_ method: String, account: SyncAccount) -> SyncError {
      let reason = HTTPResponseStatus(statusCode: status).reasonPhrase
      let detail = tr("%s %s answered %s %s", method, url.path(), status, DAVSession.clipped(reason, limit: 60))
      guard status == 401 else { return .server(account: account.name, detail: detail) }
      let offered = AuthChallenge.parse(challenges)
      if let first = offered.first, !offered.contains(where: { $0.scheme == "basic" }),
        DigestAuthentication(offered) == nil
      {
        let name =
          first.scheme == "digest"
          ? tr("Digest with %s", DAVSession.clipped(first.parameters["algorithm"] ?? "MD5", limit: 30))
          : DAVSession.clipped(challenges.first?.prefix { $0 != " " && $0 != "," }.description ?? first.scheme, limit: 30)
        return .refused(
          account: account.name, detail: tr("the server asks for %s authentication, which quickdo does not support", name))
      }
      return .refused(account: account.name, detail: DAVSession.refusal(account))
    }
  }

  /// The largest answer read, in bytes, and the largest body a compressed answer may
  /// expand to. A calendar of 30,000 todos answers about 12 MB.
  static let maxAnswer = 64 << 20
  /// Redirects followed for one request.
  static let maxRedirects = 5

  static func refusal(_ account: SyncAccount) -> String {
    tr("the server refused user \"%s\" and its password (401)", account.username)
  }

  /// One client for the process, like async-http-client's own `HTTPClient.shared`, so it
  /// is never shut down: its settings are the same for every account (an account's
  /// `ca_file` goes with each request).
  private static let client: HTTPClient = {
    var configuration = HTTPClient.Configuration(
      redirectConfiguration: .disallow,
      // Each request runs under its account's whole-request deadline (`within`).
      timeout: .init(connect: .seconds(30), read: nil),
      decompression: .enabled(limit: .size(maxAnswer)))
    configuration.httpVersion = .http1Only
    // A refused connection is reported at once; the agent's own backoff tries again.
    configuration.connectionPool.retryConnectionEstablishment = false
    return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
  }()

  private var client: HTTPClient { Self.client }

  /// Starts making the process's client on another thread, so that it is ready by the
  /// first request while the caller reads its config and database: a sync with no change
  /// is little more than that request.
  init() {
    Thread.detachNewThread { _ = Self.client }
  }

  /// The Digest nonce of each origin that asked for Digest, so its later requests answer
  /// it at once (one request each, as with Basic).
  private let digests = NIOLockedValueBox<[Origin: DigestAuthentication]>([:])

  /// Sends one request and reads its whole answer. Redirects are followed with the same
  /// method and body; the credentials go with a request only to an origin in `trusted`
  /// (`adoptRedirect`: a redirect's target becomes trusted, as `.well-known/caldav`'s
  /// is when the account's URL names only a server). A 401 is an error of its own
  /// (`refused`); other statuses are the caller's to judge. An answer past a `limit`
  /// below ``maxAnswer`` throws ``AnswerTooLarge`` for the caller to ask another way.
  func send(
    _ method: String, _ url: URL, account: SyncAccount, trusted: Set<Origin>, adoptRedirect: Bool = false,
    body: Data? = nil, headers: [String: String] = [:], limit: Int = maxAnswer
  ) async throws -> Answer {
    var target = url
    var trusted = trusted
    for _ in 0...Self.maxRedirects {
      let origin = Origin(target)
      let credentials = origin.map(trusted.contains) ?? false
      var sentDigest = credentials ? origin.flatMap { origin in digests.withLockedValue { $0[origin]?.nonce } } : nil
      var answer = try await once(
        method, target, account: account,
        authorization: credentials ? authorization(method, target, account: account) : nil,
        body: body, headers: headers, limit: min(limit, Self.maxAnswer))
      // A server that asks for Digest (or a new nonce: `stale`) is answered once more.
      if answer.status == 401, credentials, let origin,
        let digest = DigestAuthentication(AuthChallenge.parse(answer.challenges)),
        digest.nonce != sentDigest
      {
        digests.withLockedValue { $0[origin] = digest }
        sentDigest = digest.nonce
        answer = try await once(
          method, target, account: account, authorization: authorization(method, target, account: account),
          body: body, headers: headers, limit: min(limit, Self.maxAnswer))
      }
      guard [301, 302, 303, 307, 308].contains(answer.status), let location = answer.location else {
        if answer.status == 401 { throw answer.failure(method, account: account) }
        return answer
      }
      guard let next = URL(string: location, relativeTo: target)?.absoluteURL, let origin = Origin(next),
        ["http", "https"].contains(origin.scheme)
      else {
        throw SyncError.server(account: account.name, detail: tr("%s %s redirected to an address that is not http(s)", method, target.path()))
      }
      if target.scheme?.lowercased() == "https", origin.scheme == "http" {
        throw SyncError.server(
          account: account.name,
          detail: tr("%s %s redirected from https to %s, which would send the password unencrypted; not followed", method, target.path(), origin))
      }
      if adoptRedirect { trusted.insert(origin) }
      target = next
    }
    throw SyncError.server(account: account.name, detail: tr("%s %s redirected more than %s times", method, url.path(), Self.maxRedirects))
  }

  /// One request, no redirects followed; a redirect's target in its `location`.
  private func once(
    _ method: String, _ url: URL, account: SyncAccount, authorization: String?, body: Data?,
    headers: [String: String], limit: Int
  ) async throws -> Answer {
    var request = HTTPClientRequest(url: url.absoluteString)
    request.method = HTTPMethod(rawValue: method)
    if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
    if let authorization { request.headers.add(name: "Authorization", value: authorization) }
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    if let caFile = account.caFile { request.tlsConfiguration = try Self.tls(caFile, account: account) }
    let seconds = account.timeout
    let prepared = request
    do {
      return try await Self.within(seconds) { [client] in
        let response: HTTPClientResponse
        do {
          response = try await client.execute(prepared, timeout: .seconds(Int64(seconds.rounded(.up))))
        } catch where Self.isClosedUnderfoot(error) {
          // SOGo closes the connection after a PUT without saying so (no `Connection:
          // close`), and the next request on it finds it closed, or reset when the close
          // crossed it: sent again once, on a new connection. Every write sync makes is
          // conditional (If-Match, If-None-Match), so one the server did take is refused the
          // second time, or, where a server ignores If-None-Match (SOGo), written again with
          // the same bytes: never made twice.
          response = try await client.execute(prepared, timeout: .seconds(Int64(seconds.rounded(.up))))
        }
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
          throw AnswerTooLarge()
        }
        var data = Data()
        for try await chunk in response.body {
          guard data.count + chunk.readableBytes <= limit else { throw AnswerTooLarge() }
          data.append(contentsOf: chunk.readableBytesView)
        }
        let answer = Answer(
          status: Int(response.status.code), body: data, etag: response.headers.first(name: "ETag"), url: url,
          challenges: response.headers["WWW-Authenticate"], isDAViCal: response.headers.contains(name: "X-DAViCal-Version"),
          dav: response.headers["DAV"], location: response.headers.first(name: "Location"),
          expires: response.headers.first(name: "Expires"))
        return answer
      }
    } catch let error as SyncError {
      throw error
    } catch is AnswerTooLarge where limit < Self.maxAnswer {
      throw AnswerTooLarge()
    } catch {
      throw Self.describe(error, method: method, url: url, account: account)
    }
  }

  /// The `Authorization` for a request to `url`: Digest when its origin asked for it,
  /// else Basic.
  private func authorization(_ method: String, _ url: URL, account: SyncAccount) -> String {
    if let origin = Origin(url),
      let digest = digests.withLockedValue({ digests -> String? in
        guard var digest = digests[origin] else { return nil }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        var uri = components?.percentEncodedPath ?? url.path(percentEncoded: true)
        if uri.isEmpty { uri = "/" }
        if let query = components?.percentEncodedQuery { uri += "?" + query }
        let value = digest.authorization(method: method, uri: uri, username: account.username, password: account.password ?? "")
        digests[origin] = digest
        return value
      })
    {
      return digest
    }
    return "Basic " + Data("\(account.username):\(account.password ?? "")".utf8).base64EncodedString()
  }

  /// A WebDAV request with an XML body that must answer 207; its multistatus and the
  /// address that answered.
  func multistatus(
    _ method: String, _ url: URL, account: SyncAccount, trusted: Set<Origin>, adoptRedirect: Bool = false,
    depth: Int, body: String
  ) async throws -> (Multistatus, Answer) {
    let answer = try await send(
      method, url, account: account, trusted: trusted, adoptRedirect: adoptRedirect, body: Data(body.utf8),
      headers: ["Depth": "\(depth)", "Content-Type": "application/xml; charset=utf-8"])
    guard answer.status == 207 else { throw answer.failure(method, account: account) }
    return (try Self.parse(answer, method, account: account), answer)
  }

  /// A 207 answer's multistatus, or an error that says what is wrong with it.
  static func parse(_ answer: Answer, _ method: String, account: SyncAccount) throws -> Multistatus {
    do {
      return try Multistatus.parse(answer.body)
    } catch {
      throw SyncError.server(account: account.name, detail: tr("the server's answer to %s %s %s", method, answer.url.path(), error))
    }
  }

  /// An href from an answer (usually a path) as an absolute URL.
  static func resolve(_ href: String, against base: URL, account: SyncAccount) throws -> URL {
    guard let url = URL(string: href, relativeTo: base)?.absoluteURL, Origin(url) != nil else {
      throw SyncError.server(
        account: account.name, detail: tr("the server named \"%s\", which is not an http(s) address", clipped(href, limit: 200)))
    }
    return url
  }

  /// The TLS settings that trust `caFile`'s certificates besides the system's.
  static func tls(_ caFile: String, account: SyncAccount) throws -> TLSConfiguration {
    let certificates: [NIOSSLCertificate]
    do {
      certificates = try NIOSSLCertificate.fromPEMFile(caFile)
    } catch {
      throw SyncError.configuration(account: account.name, detail: tr("ca_file %s holds no PEM certificate", caFile))
    }
    guard !certificates.isEmpty else {
      throw SyncError.configuration(account: account.name, detail: tr("ca_file %s holds no PEM certificate", caFile))
    }
    var tls = TLSConfiguration.makeClientConfiguration()
    tls.additionalTrustRoots = [.certificates(certificates)]
    return tls
  }

  /// Server text for a message, cut at `limit` characters.
  static func clipped(_ text: String, limit: Int) -> String {
    text.count > limit ? text.prefix(limit) + "…" : text
  }

  /// The answer's body went past its limit.
  struct AnswerTooLarge: Error {}
  /// The request ran past the account's timeout.
  struct DeadlinePassed: Error {}

  /// Whether a request failed because the server had closed its connection: closed before
  /// the request went, closed while it was written (the channel's close won the race), or
  /// reset under it.
  static func isClosedUnderfoot(_ error: any Error) -> Bool {
    if let error = error as? HTTPClientError { return error == .remoteConnectionClosed }
    if let error = error as? ChannelError { return [.ioOnClosedChannel, .outputClosed, .eof].contains(error) }
    if let error = error as? IOError { return error.errnoCode == ECONNRESET || error.errnoCode == EPIPE }
    return false
  }

  /// `operation`, cancelled when `seconds` pass.
  static func within<T: Sendable>(
    _ seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
      group.addTask { try await operation() }
      group.addTask {
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        throw DeadlinePassed()
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else { throw DeadlinePassed() }
      return first
    }
  }

  /// A transport failure in words, with nothing from the request but its address.
  static func describe(_ error: any Error, method: String, url: URL, account: SyncAccount) -> SyncError {
    let host = Origin(url).map { "\($0.host):\($0.port)" } ?? url.absoluteString
    let seconds = Int(account.timeout.rounded())
    let unreachable = { (detail: String) in SyncError.unreachable(account: account.name, detail: detail) }
    switch error {
    case is AnswerTooLarge, is NIOHTTPDecompression.DecompressionError:
      return .server(
        account: account.name, detail: tr("the answer to %s %s is larger than %s MB", method, url.path(), maxAnswer >> 20))
    case is DeadlinePassed, is CancellationError:
      return unreachable(tr("%s did not answer %s %s within %s s", host, method, url.path(), seconds))
    case let error as HTTPClientError:
      switch error {
      case .connectTimeout, .readTimeout, .deadlineExceeded, .writeTimeout, .tlsHandshakeTimeout:
        return unreachable(tr("%s did not answer %s %s within %s s", host, method, url.path(), seconds))
      case .remoteConnectionClosed:
        return unreachable(tr("%s closed the connection before answering %s %s", host, method, url.path()))
      default:
        return .server(account: account.name, detail: tr("%s %s: the answer is not usable HTTP", method, url.path()))
      }
    case let error as NIOSSLError:
      // BoringSSL's own text names the check that failed; only that part is shown.
      if "\(error)".contains("CERTIFICATE_VERIFY_FAILED") {
        return unreachable(
          tr("the TLS certificate of %s is not trusted; if the server uses a private CA, name its certificate in ca_file", host))
      }
      return unreachable(tr("the TLS handshake with %s failed", host))
    case is BoringSSLError:
      return unreachable(tr("the TLS handshake with %s failed", host))
    case is HTTPParserError:
      return .server(account: account.name, detail: tr("%s %s: the answer is not valid HTTP", method, url.path()))
    case let error as NIOConnectionError:
      if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
        return unreachable(tr("cannot find host %s", host))
      }
      return unreachable(tr("cannot connect to %s (connection refused)", host))
    case let error as IOError where error.errnoCode == ECONNREFUSED:
      return unreachable(tr("cannot connect to %s (connection refused)", host))
    case let error as IOError where error.errnoCode == ECONNRESET:
      return unreachable(tr("%s reset the connection during %s %s", host, method, url.path()))
    default:
      return unreachable(tr("the connection to %s failed", host))
    }
  }
}
