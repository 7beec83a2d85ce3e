import CalDAVXML
import Foundation
import SyncClient
import Localization

/// WebDAV-Push subscriptions on the server: `push-register` on a calendar, DELETE on the
/// subscription it made. The server's answer is input like any other: a subscription URL
/// on another origin is not kept (it would get the password when removed), and an expiry
/// in the past or past a year is read as the one asked for.
struct PushRegistrar {
  let http: DAVSession
  let account: SyncAccount

  func register(_ calendar: RemoteCalendar, _ request: PushRequest) async throws -> PushRegisterOutcome {
    let now = Date()
    let body = DAVRequests.pushRegister(
      endpoint: request.endpoint, publicKey: request.publicKey, authSecret: request.authSecret,
      expires: Self.httpDate(request.expires))
    let answer = try await http.send(
      "POST", calendar.url, account: account, trusted: DAVSession.trusted(account, calendar),
      body: Data(body.utf8), headers: ["Content-Type": "application/xml; charset=utf-8"], limit: 64 << 10)
    guard (200..<300).contains(answer.status) else {
      guard (400..<500).contains(answer.status) else { throw answer.failure("POST", account: account) }
      return .refused(tr("the server refused the push subscription (%s)", answer.status))
    }
    guard let location = answer.location, location.utf8.count <= 2048,
      let url = URL(string: location, relativeTo: calendar.url)?.absoluteURL
    else {
      return .refused(tr("the server made a push subscription without saying where (no Location)"))
    }
    guard let origin = Origin(url), DAVSession.trusted(account, calendar).contains(origin) else {
      return .refused(
        tr("the server put the push subscription on %s, not the account's server; not used", Origin(url).map(\.description) ?? "another server"))
    }
    var expires = request.expires
    if let text = answer.expires, let granted = Self.date(text), granted > now,
      granted < now.addingTimeInterval(366 * 86_400)
    {
      expires = granted
    }
    return .registered(
      PushRegistration(
        url: url, endpoint: request.endpoint, expires: expires,
        renewAt: now.addingTimeInterval(expires.timeIntervalSince(now) / 2)))
  }

  func unregister(_ registration: URL) async throws {
    guard let origin = Origin(registration), Origin(account.url) == origin else { return }
    let answer = try await http.send("DELETE", registration, account: account, trusted: [origin], limit: 64 << 10)
    guard (200..<300).contains(answer.status) || [404, 410].contains(answer.status) else {
      throw answer.failure("DELETE", account: account)
    }
  }

  /// An HTTP date (RFC 9110 §5.6.7), as `Expires` writes it.
  static func httpDate(_ date: Date) -> String {
    formatter().string(from: date)
  }

  static func date(_ text: String) -> Date? {
    text.utf8.count <= 64 ? formatter().date(from: text) : nil
  }

  static func formatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter
  }
}
