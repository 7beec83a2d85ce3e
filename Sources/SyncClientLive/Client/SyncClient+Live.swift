import CalDAVXML
import Foundation
import SyncClient
import Localization

extension SyncClient {
  /// The CalDAV client over HTTP(S), one connection pool for the process.
  public static func live() -> SyncClient {
    let http = DAVSession()
    return SyncClient(
      calendars: { account in try await Discovery(http: http, account: account).calendars() },
      changes: { account, calendar, token in
        try await CollectionChanges(http: http, account: account, calendar: calendar).since(token)
      },
      fetch: { account, calendar, hrefs in
        try await CollectionChanges(http: http, account: account, calendar: calendar).objects(hrefs)
      },
      put: { account, calendar, href, data, etag in
        guard let target = calendar.member(href) else { return .refused(DAVSession.outside(href)) }
        var headers = DAVSession.dontNotify(calendar)
        headers["Content-Type"] = "text/calendar; charset=utf-8"
        if let etag { headers["If-Match"] = etag } else { headers["If-None-Match"] = "*" }
        let answer = try await http.send(
          "PUT", target, account: account, trusted: DAVSession.trusted(account, calendar), body: Data(data),
          headers: headers)
        switch answer.status {
        case 200..<300: return .written(etag: answer.etag)
        case 412: return .conflict
        // Over a version that is gone: the next read of the changes shows the deletion.
        case _ where [404, 410].contains(answer.status) && etag != nil: return .gone
        case _ where answer.refusesObject: return .refused(answer.refusalReason)
        default: throw answer.failure("PUT", account: account)
        }
      },
      delete: { account, calendar, href, etag in
        guard let target = calendar.member(href) else { return .refused(DAVSession.outside(href)) }
        var headers = DAVSession.dontNotify(calendar)
        headers["If-Match"] = etag
        let answer = try await http.send(
          "DELETE", target, account: account, trusted: DAVSession.trusted(account, calendar), headers: headers)
        switch answer.status {
        case 200..<300: return .written(etag: nil)
        case 404, 410: return .gone
        case 412: return .conflict
        case _ where answer.refusesObject: return .refused(answer.refusalReason)
        default: throw answer.failure("DELETE", account: account)
        }
      },
      registerPush: { account, calendar, request in
        try await PushRegistrar(http: http, account: account).register(calendar, request)
      },
      unregisterPush: { account, registration in
        try await PushRegistrar(http: http, account: account).unregister(registration)
      })
  }
}

extension DAVSession {
  /// The origins that get the account's password when `calendar` is synced: the
  /// account's, and the calendar's when the account's URL names only a server (discovery
  /// found it where `.well-known/caldav` led).
  static func trusted(_ account: SyncAccount, _ calendar: RemoteCalendar) -> Set<Origin> {
    var trusted = Set([Origin(account.url)].compactMap { $0 })
    if account.url.path(percentEncoded: true).trimmingCharacters(in: ["/"]).isEmpty, let origin = Origin(calendar.url) {
      trusted.insert(origin)
    }
    return trusted
  }

  /// `Push-Dont-Notify` naming this device's subscription to `calendar`, if it has one:
  /// the server then pushes a write of ours to the other devices only.
  static func dontNotify(_ calendar: RemoteCalendar) -> [String: String] {
    guard let registration = calendar.pushRegistration else { return [:] }
    return ["Push-Dont-Notify": "\"\(registration.absoluteString)\""]
  }

  /// Why a write to `href` was not sent.
  static func outside(_ href: String) -> String {
    tr("the server gave a href outside the calendar (\"%s\"); not written", clipped(href, limit: 120))
  }
}
