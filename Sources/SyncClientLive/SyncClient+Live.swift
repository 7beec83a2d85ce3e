import CalDAV
import Foundation
import SyncClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension SyncClient {
  /// The CalDAV client over HTTP(S), one URLSession for the process.
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
      put: { account, href, data, etag in
        let target = try DAVSession.resolve(href, against: account.url, account: account)
        var headers = ["Content-Type": "text/calendar; charset=utf-8"]
        if let etag { headers["If-Match"] = etag } else { headers["If-None-Match"] = "*" }
        let answer = try await http.send("PUT", target, account: account, body: Data(data), headers: headers)
        switch answer.status {
        case 200..<300: return .written(etag: answer.etag)
        case 412: return .conflict
        default: throw answer.failure("PUT", account: account)
        }
      },
      delete: { account, href, etag in
        let target = try DAVSession.resolve(href, against: account.url, account: account)
        let answer = try await http.send("DELETE", target, account: account, headers: ["If-Match": etag])
        switch answer.status {
        case 200..<300: return .written(etag: nil)
        case 404, 410: return .gone
        case 412: return .conflict
        default: throw answer.failure("DELETE", account: account)
        }
      })
  }
}

