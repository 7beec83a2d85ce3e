import CalDAV
import Foundation
import SyncClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// HTTP for CalDAV: each request with the account's Basic credentials, redirects followed
/// with the same method and body (discovery's `.well-known/caldav` redirects a PROPFIND),
/// and transport failures turned into ``SyncError``s that name the account and never the
/// password. TLS is verified by URLSession (libcurl) against the system's CA store.
final class DAVSession: Sendable {
  /// An answer: status, body, ETag.
  struct Answer {
    var status: Int
    var body: Data
    var etag: String?
    var url: URL

    /// The error for a status sync cannot go on with.
    func failure(_ method: String, account: SyncAccount) -> SyncError {
      let reason = HTTPURLResponse.localizedString(forStatusCode: status)
      let detail = "\(method) \(url.path) answered \(status) \(reason)"
      return status == 401
        ? .refused(account: account.name, detail: DAVSession.refusal(account))
        : .server(account: account.name, detail: detail)
    }
  }

  static func refusal(_ account: SyncAccount) -> String {
    "the server refused user \"\(account.username)\" and its password (401)"
  }

  private let session: URLSession

  init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 30
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
    // Filled in per request; the delegate set below decides redirects.
    let delegate = RedirectKeepingMethod()
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
  }

  /// Sends one request. A 401 answer is an error of its own (`refused`); other statuses
  /// are the caller's to judge.
  func send(
    _ method: String, _ url: URL, account: SyncAccount, body: Data? = nil, headers: [String: String] = [:]
  ) async throws -> Answer {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    let credentials = Data("\(account.username):\(account.password)".utf8).base64EncodedString()
    request.setValue("Basic \(credentials)", forHTTPHeaderField: "Authorization")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await session.data(for: request)
    } catch let error as URLError where error.code == .cancelled && !Task.isCancelled {
      throw SyncError.refused(account: account.name, detail: Self.refusal(account))
    } catch let error as URLError {
      throw SyncError.unreachable(account: account.name, detail: Self.describe(error, url: url))
    }
    guard let http = response as? HTTPURLResponse else {
      throw SyncError.server(account: account.name, detail: "\(url.absoluteString) did not answer HTTP")
    }
    let answer = Answer(
      status: http.statusCode, body: data, etag: http.value(forHTTPHeaderField: "ETag"),
      url: http.url ?? url)
    if answer.status == 401 { throw answer.failure(method, account: account) }
    return answer
  }

  /// A WebDAV request with an XML body that must answer 207; its multistatus.
  func multistatus(
    _ method: String, _ url: URL, account: SyncAccount, depth: Int, body: String
  ) async throws -> (Multistatus, URL) {
    let answer = try await send(
      method, url, account: account, body: Data(body.utf8),
      headers: ["Depth": "\(depth)", "Content-Type": "application/xml; charset=utf-8"])
    guard answer.status == 207 else { throw answer.failure(method, account: account) }
    guard let multistatus = Multistatus.parse(answer.body) else {
      throw SyncError.server(account: account.name, detail: "\(method) \(url.path): the answer is not a WebDAV multistatus")
    }
    return (multistatus, answer.url)
  }

  /// An href from an answer (usually a path) as an absolute URL on the account's server.
  static func resolve(_ href: String, against base: URL, account: SyncAccount) throws -> URL {
    guard let url = URL(string: href, relativeTo: base)?.absoluteURL else {
      throw SyncError.server(account: account.name, detail: "the server named an object \"\(href)\", which is not a URL")
    }
    return url
  }

  /// A transport failure in words, without anything from the request but its address.
  static func describe(_ error: URLError, url: URL) -> String {
    let host = url.host.map { "\($0)\(url.port.map { ":\($0)" } ?? "")" } ?? url.absoluteString
    switch error.code {
    case .cannotConnectToHost: return "cannot connect to \(host) (connection refused)"
    case .timedOut: return "\(host) did not answer within 30 s"
    case .cannotFindHost, .dnsLookupFailed: return "cannot find host \(host)"
    case .notConnectedToInternet, .networkConnectionLost: return "no network connection to \(host)"
    case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .secureConnectionFailed:
      return "the TLS certificate of \(host) is not trusted (\(error.localizedDescription))"
    default: return "\(host): \(error.localizedDescription)"
    }
  }
}

/// Follows a redirect with the original method, body and headers (URLSession would turn
/// some into GETs), dropping the credentials if it leads to another host.
private final class RedirectKeepingMethod: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    guard let original = task.originalRequest, let target = request.url else {
      return completionHandler(request)
    }
    var next = original
    next.url = target
    if target.host != original.url?.host || target.port != original.url?.port {
      next.setValue(nil, forHTTPHeaderField: "Authorization")
    }
    completionHandler(next)
  }

  /// Credentials go with every request (Basic), so a challenge (a 401) means they were
  /// refused. It is cancelled, which ``DAVSession/send`` reports as refused: left to
  /// URLSession's default handling, a 401 on Linux never completes the task at all.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    completionHandler(.cancelAuthenticationChallenge, nil)
  }
}
