/// A calendar object resource as a CalDAV server stores it (one VCALENDAR), kept line by
/// line as it was written: what quickdo does not own (VALARM, RRULE, CATEGORIES,
/// RELATED-TO, X- properties, unknown parameters, other components) is written back
/// byte for byte, and a property quickdo changes is replaced where it stood.
public struct CalendarObject: Equatable, Sendable {
  /// One logical line: its parsed content, and the bytes it came from (nil once changed or
  /// added, when it is folded afresh).
  public struct Line: Equatable, Sendable {
    public var content: ContentLine
    public var original: [UInt8]?
  }

  public private(set) var lines: [Line]

  /// Parses `text`; throws on unbalanced BEGIN/END and when there is no VCALENDAR. A line
  /// that is not a content line is kept as it came (``ContentLine/unreadable(_:)``): one
  /// bad line does not cost the rest of the object.
  public init(parsing text: String) throws(ICalendarError) {
    try self.init(parsing: Array(text.utf8))
  }

  /// Parses the bytes of an object as a server sends it (UTF-8).
  public init(parsing bytes: [UInt8]) throws(ICalendarError) {
    var lines: [Line] = []
    var depth: [String] = []
    for (number, unfolded) in Folding.unfold(bytes: bytes).enumerated() {
      if unfolded.line.isEmpty {
        // A blank line (some writers end with one): kept, as bytes, with the line before.
        guard var last = lines.popLast() else {
          throw ICalendarError(line: number + 1, "a blank line before BEGIN:VCALENDAR")
        }
        last.original = (last.original ?? []) + unfolded.original
        lines.append(last)
        continue
      }
      let content = ContentLine(parsing: unfolded.line) ?? .unreadable(unfolded.line)
      if content.is("BEGIN") {
        depth.append(content.value.uppercased())
      } else if content.is("END") {
        guard depth.last == content.value.uppercased() else {
          throw ICalendarError(line: number + 1, "END:\(content.value) does not close \(depth.last ?? "anything")")
        }
        depth.removeLast()
      }
      lines.append(Line(content: content, original: unfolded.original))
    }
    guard depth.isEmpty else { throw ICalendarError(line: 0, "\(depth.last ?? "") is not closed") }
    guard lines.first?.content.is("BEGIN") == true, lines.first?.content.value.uppercased() == "VCALENDAR"
    else { throw ICalendarError(line: 1, "not a VCALENDAR") }
    self.lines = lines
  }

  /// The object's bytes: untouched lines as they came, changed ones folded with CRLF.
  public var bytes: [UInt8] {
    lines.flatMap { $0.original ?? Folding.foldedBytes($0.content.text) }
  }

  /// ``bytes`` as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The components of kind `name` (VTODO, VEVENT…) at any depth: the range of their
  /// lines, BEGIN and END included.
  public func components(_ name: String) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var open: [(name: String, start: Int)] = []
    for (index, line) in lines.enumerated() {
      if line.content.is("BEGIN") {
        open.append((line.content.value.uppercased(), index))
      } else if line.content.is("END"), let last = open.popLast(), last.name == name.uppercased() {
        found.append(last.start..<(index + 1))
      }
    }
    return found
  }

  /// The indexes of `component`'s own properties: not its BEGIN/END, nor anything inside
  /// a component nested in it (a VALARM's TRIGGER is not the todo's).
  public func properties(of component: Range<Int>) -> [Int] {
    var result: [Int] = []
    var depth = 0
    for index in component.dropFirst().dropLast() {
      let content = lines[index].content
      if content.is("BEGIN") {
        depth += 1
      } else if content.is("END") {
        depth -= 1
      } else if depth == 0 {
        result.append(index)
      }
    }
    return result
  }

  /// The first property `name` of `component`.
  public func property(_ name: String, of component: Range<Int>) -> ContentLine? {
    properties(of: component).first { lines[$0].content.is(name) }.map { lines[$0].content }
  }

  /// Sets `component`'s property `name` to `content`: replaces the first one where it
  /// stood (and drops any repeats), or adds it before the first nested component (or END).
  /// nil removes it. A line set to what it already holds keeps its original text.
  public mutating func set(_ name: String, to content: ContentLine?, of component: Range<Int>) {
    set(name, where: { _ in true }, to: content, of: component)
  }

  /// ``set(_:to:of:)`` among the lines `name` that `matches` picks alone; the others of
  /// that name stay as they are (one RELATED-TO kind among several).
  public mutating func set(
    _ name: String, where matches: (ContentLine) -> Bool, to content: ContentLine?, of component: Range<Int>
  ) {
    let existing = properties(of: component).filter { lines[$0].content.is(name) && matches(lines[$0].content) }
    if let first = existing.first {
      for index in existing.dropFirst().reversed() { lines.remove(at: index) }
      if let content {
        if lines[first].content != content { lines[first] = Line(content: content, original: nil) }
      } else {
        lines.remove(at: first)
      }
      return
    }
    guard let content else { return }
    let nested = component.dropFirst().first { lines[$0].content.is("BEGIN") }
    lines.insert(Line(content: content, original: nil), at: nested ?? component.upperBound - 1)
  }
}

extension CalendarObject {
  /// Removes the lines at `range`.
  mutating func removeLines(_ range: Range<Int>) { lines.removeSubrange(range) }

  /// Inserts `contents` as new lines at `index`.
  mutating func insertLines(_ contents: [ContentLine], at index: Int) {
    lines.insert(contentsOf: contents.map { Line(content: $0, original: nil) }, at: index)
  }
}

/// A calendar object quickdo cannot read, and where.
public struct ICalendarError: Error, Equatable, Sendable, CustomStringConvertible {
  /// 1-based logical line; 0 for the object as a whole.
  public var line: Int
  public var message: String

  public init(line: Int, _ message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
