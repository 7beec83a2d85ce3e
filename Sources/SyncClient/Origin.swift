import Foundation

/// The scheme, host and port of an address: an account's password goes only to its own
/// origin, whatever a server names or redirects to.
public struct Origin: Hashable, Sendable, CustomStringConvertible {
  public var scheme: String
  public var host: String
  public var port: Int

  /// Nil for an address without a scheme or host.
  public init?(_ url: URL) {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty
    else { return nil }
    self.scheme = scheme
    self.host = host
    port = url.port ?? (scheme == "https" ? 443 : 80)
  }

  public var description: String { "\(scheme)://\(host):\(port)" }
}

extension RemoteCalendar {
  /// The address of the object `href` names, when it is a member of this calendar: on the
  /// calendar's origin and, once its path is normalised (percent-encoded dots, `.` and
  /// `..` segments, empty segments), exactly one segment below the collection. Nil for
  /// anything else: another scheme, host or port, a path outside the collection, the
  /// collection itself, or a collection inside it. Sync reads and writes only members.
  public func member(_ href: String) -> URL? {
    guard let url = URL(string: href, relativeTo: self.url)?.absoluteURL,
      let origin = Origin(url), origin == Origin(self.url),
      let path = Self.segments(url), let collection = Self.segments(self.url),
      path.count == collection.count + 1, Array(path.prefix(collection.count)) == collection,
      !href.hasSuffix("/")
    else { return nil }
    var components = URLComponents()
    components.scheme = origin.scheme
    components.host = url.host
    components.port = url.port
    components.percentEncodedPath = "/" + path.map(\.encoded).joined(separator: "/")
    return components.url
  }

  /// A path's segments, normalised; nil when one hides a slash (`%2F`) or is not
  /// percent-encoded properly.
  static func segments(_ url: URL) -> [Segment]? {
    var result: [Segment] = []
    for encoded in url.path(percentEncoded: true).split(separator: "/", omittingEmptySubsequences: true) {
      // Foundation's decoder is slow on Linux, and a first sync checks every href of a
      // calendar (the first-sync budget): a segment without "%" has nothing to decode.
      let decoded = encoded.utf8.contains(UInt8(ascii: "%")) ? encoded.removingPercentEncoding : String(encoded)
      guard let decoded, !decoded.utf8.contains(UInt8(ascii: "/")) else { return nil }
      switch decoded {
      case ".": continue
      case "..": if result.popLast() == nil { return nil }
      default: result.append(Segment(decoded: decoded, encoded: String(encoded)))
      }
    }
    return result
  }

  /// A path segment, compared by what it decodes to.
  struct Segment: Equatable {
    var decoded: String
    var encoded: String
    static func == (a: Segment, b: Segment) -> Bool { a.decoded == b.decoded }
  }
}
