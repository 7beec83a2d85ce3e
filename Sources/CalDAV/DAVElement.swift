import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A parsed XML element: its namespace and local name, attributes, text and children.
/// WebDAV answers are small trees; this is the whole of what reading them needs.
public struct DAVElement: Equatable, Sendable {
  public var namespace: String
  public var name: String
  public var attributes: [String: String]
  public var text: String
  public var children: [DAVElement]

  public init(
    namespace: String, name: String, attributes: [String: String] = [:], text: String = "",
    children: [DAVElement] = []
  ) {
    self.namespace = namespace
    self.name = name
    self.attributes = attributes
    self.text = text
    self.children = children
  }

  /// The first child named `name` in `namespace`.
  public func child(_ name: String, _ namespace: String = DAVNamespace.dav) -> DAVElement? {
    children.first { $0.name == name && $0.namespace == namespace }
  }

  /// Every child named `name` in `namespace`.
  public func all(_ name: String, _ namespace: String = DAVNamespace.dav) -> [DAVElement] {
    children.filter { $0.name == name && $0.namespace == namespace }
  }

  /// Parses `data`; nil when it is not well-formed XML.
  public static func parse(_ data: Data) -> DAVElement? {
    let parser = XMLParser(data: data)
    let builder = TreeBuilder()
    parser.delegate = builder
    parser.shouldProcessNamespaces = true
    parser.shouldResolveExternalEntities = false
    guard parser.parse(), let root = builder.root else { return nil }
    return root
  }
}

/// The XML namespaces of WebDAV and CalDAV.
public enum DAVNamespace {
  public static let dav = "DAV:"
  public static let caldav = "urn:ietf:params:xml:ns:caldav"
}

/// Builds the `DAVElement` tree as XMLParser reports elements.
private final class TreeBuilder: NSObject, XMLParserDelegate {
  var stack: [DAVElement] = []
  var root: DAVElement?

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    stack.append(DAVElement(namespace: namespaceURI ?? "", name: elementName, attributes: attributes))
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard !stack.isEmpty else { return }
    stack[stack.count - 1].text += string
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    guard !stack.isEmpty else { return }
    stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    guard let element = stack.popLast() else { return }
    if stack.isEmpty {
      root = element
    } else {
      stack[stack.count - 1].children.append(element)
    }
  }
}
