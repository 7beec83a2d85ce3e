import CLibXML2
import Foundation
import Localization

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

  /// The text without the XML white space (space, tab, CR, LF) around it, which servers
  /// that indent their answers put around an href or an ETag.
  public var trimmedText: String {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
    let bytes = text.utf8
    guard let start = bytes.firstIndex(where: { !isSpace($0) }), let end = bytes.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[start...end])
  }

  /// Every child named `name` in `namespace`.
  public func all(_ name: String, _ namespace: String = DAVNamespace.dav) -> [DAVElement] {
    children.filter { $0.name == name && $0.namespace == namespace }
  }

  /// How deep elements may nest. WebDAV answers nest about eight deep; a cap keeps a
  /// hostile answer from exhausting the stack, in parsing and in freeing the tree.
  public static let maxDepth = 64

  /// Parses `data` with libxml2's push parser, fed in chunks (libxml2 refuses a document
  /// handed over whole past 10,000,000 bytes, and large calendars answer more), through
  /// the few SAX callbacks a WebDAV answer needs: elements, text and CDATA. A DTD, which no
  /// WebDAV answer holds, is refused, so no entity of a server's is ever expanded.
  /// Characters XML forbids are repaired first (``ForbiddenCharacters``).
  public static func parse(_ data: Data) throws(DAVParseError) -> DAVElement {
    try parseCounting(data).element
  }

  /// ``parse(_:)``, and how many characters XML forbids were read as U+FFFD.
  public static func parseCounting(_ data: Data) throws(DAVParseError) -> (element: DAVElement, replaced: Int) {
    if let line = firstLineNotUTF8(data) { throw .notUTF8(line: line) }
    let (data, replaced) = ForbiddenCharacters.repaired(data)
    return (try parseRepaired(data), replaced)
  }

  private static func parseRepaired(_ data: Data) throws(DAVParseError) -> DAVElement {
    let tree = TreeBuilder()
    var handler = xmlSAXHandler()
    handler.initialized = XML_SAX2_MAGIC
    handler.startElementNs = { context, name, _, uri, _, _, attributeCount, _, attributes in
      TreeBuilder.from(context).start(name, uri, attributeCount, attributes)
    }
    handler.endElementNs = { context, _, _, _ in TreeBuilder.from(context).end() }
    handler.characters = { context, bytes, count in TreeBuilder.from(context).text(bytes, count) }
    handler.cdataBlock = { context, bytes, count in TreeBuilder.from(context).text(bytes, count) }
    handler.internalSubset = { context, _, _, _ in TreeBuilder.from(context).hasDTD = true }
    let context = Unmanaged.passUnretained(tree).toOpaque()
    guard let parser = xmlCreatePushParserCtxt(&handler, context, nil, 0, nil) else { throw .notXML(line: 1) }
    defer { xmlFreeParserCtxt(parser) }
    xmlCtxtUseOptions(
      parser, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
    let chunk = 1 << 16
    var failed = data.withUnsafeBytes { buffer -> Bool in
      var offset = 0
      while offset < buffer.count {
        let count = min(chunk, buffer.count - offset)
        let bytes = buffer.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)
        if xmlParseChunk(parser, bytes, Int32(count), 0) != 0 || tree.stopped { return true }
        offset += count
      }
      return false
    }
    if !failed { failed = xmlParseChunk(parser, nil, 0, 1) != 0 || tree.stopped }
    let line = max(Int(xmlSAX2GetLineNumber(parser)), 1)
    if tree.tooDeep { throw .tooDeep(line: line) }
    if tree.hasDTD { throw .hasDTD }
    guard !failed, parser.pointee.wellFormed != 0, let root = tree.root else { throw .notXML(line: line) }
    return root
  }
}

extension DAVElement {
  /// The line of the first byte sequence in `data` that is not UTF-8; nil when all is.
  static func firstLineNotUTF8(_ data: Data) -> Int? {
    // The standard library checks a whole answer quickly; lines are counted only in one
    // that fails.
    if data.withUnsafeBytes({ String(validating: $0, as: UTF8.self) }) != nil { return nil }
    var line = 1
    var bytes = data.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&bytes) {
      case let .scalarValue(scalar): if scalar == "\n" { line += 1 }
      case .emptyInput: return nil
      case .error: return line
      }
    }
  }
}

/// Why an answer could not be read as XML, in words for the user.
public enum DAVParseError: Error, Equatable, Sendable, CustomStringConvertible {
  case notXML(line: Int)
  case notUTF8(line: Int)
  case tooDeep(line: Int)
  case hasDTD
  case notMultistatus(root: String)

  public var description: String {
    switch self {
    case let .notXML(line): tr("is not valid XML (line %s)", line)
    case let .notUTF8(line): tr("is not UTF-8 text (line %s)", line)
    case .hasDTD: tr("holds a document type declaration, which a WebDAV answer never does")
    case let .tooDeep(line): tr("nests elements more than %s deep (line %s)", DAVElement.maxDepth, line)
    case let .notMultistatus(root): tr("is not a WebDAV multistatus (its root element is \"%s\")", root)
    }
  }
}

/// The XML namespaces of WebDAV and CalDAV.
public enum DAVNamespace {
  public static let dav = "DAV:"
  public static let caldav = "urn:ietf:params:xml:ns:caldav"
  /// WebDAV-Push (draft-bitfire-webdav-push).
  public static let push = "https://bitfire.at/webdav-push"
}

/// Builds the `DAVElement` tree as libxml2 reports elements; past ``DAVElement/maxDepth``,
/// or at a DTD, it stops taking any.
private final class TreeBuilder {
  var stack: [DAVElement] = []
  var root: DAVElement?
  var tooDeep = false
  var hasDTD = false
  var stopped: Bool { tooDeep || hasDTD }

  static func from(_ context: UnsafeMutableRawPointer?) -> TreeBuilder {
    Unmanaged<TreeBuilder>.fromOpaque(context!).takeUnretainedValue()
  }

  static func string(_ bytes: UnsafePointer<xmlChar>?) -> String {
    bytes.map { String(cString: $0) } ?? ""
  }

  /// An element starts; `attributes` holds five pointers each: local name, prefix, URI,
  /// value and the value's end.
  func start(
    _ name: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?, _ attributeCount: Int32,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard !stopped else { return }
    guard stack.count < DAVElement.maxDepth else {
      tooDeep = true
      stack = []
      return
    }
    var values: [String: String] = [:]
    if let attributes {
      for index in 0..<Int(max(attributeCount, 0)) {
        let base = index * 5
        guard let value = attributes[base + 3], let end = attributes[base + 4], end >= value else { continue }
        values[Self.string(attributes[base])] = String(
          decoding: UnsafeBufferPointer(start: value, count: end - value), as: UTF8.self)
      }
    }
    stack.append(DAVElement(namespace: Self.string(uri), name: Self.string(name), attributes: values))
  }

  func text(_ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
    guard !stopped, !stack.isEmpty, let bytes, count > 0 else { return }
    stack[stack.count - 1].text += String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
  }

  func end() {
    guard !stopped, let element = stack.popLast() else { return }
    if stack.isEmpty {
      root = element
    } else {
      stack[stack.count - 1].children.append(element)
    }
  }
}
