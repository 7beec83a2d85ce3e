/// The bodies of the WebDAV and CalDAV requests sync makes: discovery (RFC 6764, RFC 4791
/// §6.2), the calendars of a home, sync-collection (RFC 6578) and calendar-multiget
/// (RFC 4791 §7.9).
public enum DAVRequests {
  /// PROPFIND, Depth 0, on the server root or the `.well-known/caldav` target.
  public static let currentUserPrincipal = propfind(["<d:current-user-principal/>"])

  /// PROPFIND, Depth 0, on an account's URL, which may be a calendar itself (then its
  /// name, type, components and token answer) or lead to the principal.
  public static let calendarOrPrincipal = propfind([
    "<d:current-user-principal/>", "<d:displayname/>", "<d:resourcetype/>",
    "<c:supported-calendar-component-set/>", "<d:supported-report-set/>", "<p:transports/>", "<p:topic/>",
  ])

  /// PROPFIND, Depth 0, on the principal.
  public static let calendarHomeSet = propfind(["<c:calendar-home-set/>"])

  /// PROPFIND, Depth 1, on the calendar home: each collection's name, type, components and
  /// reports. Not the sync token: Radicale computes it over every object of the calendar,
  /// which a first sync would wait for twice, and sync asks for it with the changes anyway.
  public static let calendars = propfind([
    "<d:displayname/>", "<d:resourcetype/>", "<c:supported-calendar-component-set/>",
    "<d:supported-report-set/>", "<p:transports/>", "<p:topic/>",
  ])

  /// REPORT, Depth 0 (RFC 6578 §3.2): what changed in a calendar since `token` (everything
  /// when nil), with each resource's ETag and, with `data`, its calendar data (RFC 6578
  /// lets the report carry any property): the changes and their objects in one request.
  public static func syncCollection(since token: String?, data: Bool = false) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
      <d:sync-token>\(escaped(token ?? ""))</d:sync-token>
      <d:sync-level>1</d:sync-level>
      <d:prop><d:getetag/>\(data ? "<c:calendar-data/>" : "")</d:prop>
    </d:sync-collection>
    """
  }

  /// REPORT, Depth 1: the objects at `hrefs`, with their ETags.
  /// POST on a calendar (WebDAV-Push `push-register`): a Web Push subscription for content
  /// changes of its members, delivered to `endpoint`, encrypted to `publicKey` with
  /// `authSecret` (base64url), until `expires` (an HTTP date).
  public static func pushRegister(endpoint: String, publicKey: String, authSecret: String, expires: String) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <p:push-register xmlns:d="DAV:" xmlns:p="https://bitfire.at/webdav-push">
      <p:subscription>
        <p:web-push-subscription>
          <p:push-resource>\(escaped(endpoint))</p:push-resource>
          <p:content-encoding>aes128gcm</p:content-encoding>
          <p:subscription-public-key type="p256dh">\(escaped(publicKey))</p:subscription-public-key>
          <p:auth-secret>\(escaped(authSecret))</p:auth-secret>
        </p:web-push-subscription>
      </p:subscription>
      <p:trigger><p:content-update><d:depth>1</d:depth></p:content-update></p:trigger>
      <p:expires>\(escaped(expires))</p:expires>
    </p:push-register>
    """
  }

  public static func calendarMultiget(_ hrefs: [String]) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
      <d:prop><d:getetag/><c:calendar-data/></d:prop>
    \(hrefs.map { "  <d:href>\(escaped($0))</d:href>" }.joined(separator: "\n"))
    </c:calendar-multiget>
    """
  }

  static func propfind(_ properties: [String]) -> String {
    """
    <?xml version="1.0" encoding="utf-8"?>
    <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:p="https://bitfire.at/webdav-push">
      <d:prop>\(properties.joined())</d:prop>
    </d:propfind>
    """
  }

  /// Text as XML character data.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
