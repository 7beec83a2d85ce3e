import Foundation

/// A WebDAV `207 Multi-Status` answer (RFC 4918 §13) to PROPFIND or REPORT: one response
/// per resource, with the properties the server found (status 200) and, for a
/// sync-collection REPORT (RFC 6578), the new sync token.
public struct Multistatus: Equatable, Sendable {
  public struct Response: Equatable, Sendable {
    /// As the server wrote it (a path, usually), percent-encoding and all.
    public var href: String
    /// The response's own status (a resource removed since the sync token says 404);
    /// nil when it reports its properties instead.
    public var status: Int?
    /// The properties reported with status 200.
    public var properties: [DAVElement]

    /// The property `name` in `namespace`.
    public func property(_ name: String, _ namespace: String = DAVNamespace.dav) -> DAVElement? {
      properties.first { $0.name == name && $0.namespace == namespace }
    }

    /// The text of property `name`, trimmed; nil when absent.
    public func text(_ name: String, _ namespace: String = DAVNamespace.dav) -> String? {
      property(name, namespace)?.trimmedText
    }

    /// The hrefs inside property `name` (`current-user-principal`, `calendar-home-set`).
    public func hrefs(_ name: String, _ namespace: String = DAVNamespace.dav) -> [String] {
      property(name, namespace)?.all("href").map(\.trimmedText) ?? []
    }

    /// The ETag, quotes included, as `If-Match` wants it.
    public var etag: String? { text("getetag") }

    /// Whether `resourcetype` holds CalDAV's `calendar`.
    public var isCalendar: Bool {
      property("resourcetype")?.child("calendar", DAVNamespace.caldav) != nil
    }

    /// Whether `supported-report-set` lists the report `name` (in `namespace`), inside a
    /// `report` element (RFC 3253 §3.1.5) or straight in `supported-report` (Xandikos).
    public func supportsReport(_ name: String, _ namespace: String = DAVNamespace.dav) -> Bool {
      property("supported-report-set")?.all("supported-report").contains {
        ($0.child("report") ?? $0).child(name, namespace) != nil
      } ?? false
    }

    /// The components the collection takes (`supported-calendar-component-set`), e.g.
    /// ["VEVENT", "VTODO"]; nil when the server does not say (RFC 4791: then any).
    public var componentSet: [String]? {
      property("supported-calendar-component-set", DAVNamespace.caldav)?
        .all("comp", DAVNamespace.caldav).compactMap { $0.attributes["name"] }
    }
  }

  public var responses: [Response]
  public var syncToken: String?
  /// How many characters XML forbids the answer held, read as U+FFFD.
  public var replacedCharacters = 0

  /// Parses a multistatus body.
  public static func parse(_ data: Data) throws(DAVParseError) -> Multistatus {
    let (root, replaced) = try DAVElement.parseCounting(data)
    guard root.name == "multistatus", root.namespace == DAVNamespace.dav else {
      throw .notMultistatus(root: String(root.name.prefix(40)))
    }
    let responses = root.all("response").compactMap { response -> Response? in
      guard let href = response.child("href")?.trimmedText
      else { return nil }
      let properties = response.all("propstat")
        .filter { Self.code($0.child("status")?.text) == 200 }
        .flatMap { $0.child("prop")?.children ?? [] }
      return Response(href: href, status: Self.code(response.child("status")?.text), properties: properties)
    }
    let token = root.child("sync-token")?.trimmedText
    return Multistatus(responses: responses, syncToken: token, replacedCharacters: replaced)
  }

  /// The code of an `HTTP/1.1 404 Not Found` status line.
  static func code(_ line: String?) -> Int? {
    line?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
  }
}
