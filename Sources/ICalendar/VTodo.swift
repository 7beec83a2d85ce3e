import Foundation

/// The properties of a VTODO that quickdo reads and writes (RFC 5545 §3.6.2); everything
/// else in the object is left as it is. Dates in UTC come back as `Date`s; DUE keeps its
/// form (zone, floating or a whole day) so an unchanged DUE is not rewritten.
public struct VTodo: Equatable, Sendable {
  /// STATUS values (§3.8.1.11); another value reads as nil and is left in place.
  public enum Status: String, Equatable, Sendable {
    case needsAction = "NEEDS-ACTION"
    case inProcess = "IN-PROCESS"
    case completed = "COMPLETED"
    case cancelled = "CANCELLED"
  }

  public var uid: String
  public var summary: String?
  public var description: String?
  public var status: Status?
  public var completed: Date?
  public var percentComplete: Int?
  /// 0 (undefined) or 1 (highest) to 9 (lowest).
  public var priority: Int?
  public var due: DateTimeValue?
  /// Where a repeating todo's series starts (and when a todo starts, for apps that show it).
  public var dtstart: DateTimeValue?
  /// The RRULE's text, without the `RRULE:` prefix.
  public var rrule: String?
  public var url: String?
  public var lastModified: Date?
  public var dtstamp: Date?
  public var sequence: Int?
  /// Every CATEGORIES value, in order (over several lines, as some writers spread them).
  public var categories: [String] = []
  /// The UID the first RELATED-TO of the parent kind names (RELTYPE=PARENT, the default);
  /// RELATED-TOs of other kinds are never read or changed.
  public var parentUID: String?

  public init(uid: String) {
    self.uid = uid
  }
}

extension CalendarObject {
  /// The lines of the object's todo: the VTODO without RECURRENCE-ID (a recurring todo's
  /// master; its overrides are separate VTODOs with the same UID, left as they are).
  public var todoComponent: Range<Int>? {
    components("VTODO").first { property("RECURRENCE-ID", of: $0) == nil }
  }

  /// Whether the todo repeats (RRULE or RDATE).
  public var isRecurring: Bool {
    guard let todo = todoComponent else { return false }
    return property("RRULE", of: todo) != nil || property("RDATE", of: todo) != nil
  }

  /// Whether the todo repeats by one RRULE and nothing else: no RDATE, EXDATE or EXRULE,
  /// no second RRULE, and no override (another VTODO with a RECURRENCE-ID). Such a series
  /// moves as a whole when an occurrence is done; any other is left as the server has it.
  public var repeatsByOneRuleAlone: Bool {
    guard let todo = todoComponent else { return false }
    let names = properties(of: todo).map { lines[$0].content.name.uppercased() }
    return names.filter { $0 == "RRULE" }.count == 1
      && !names.contains { ["RDATE", "EXDATE", "EXRULE"].contains($0) }
      && components("VTODO").count == 1
  }

  /// The todo's properties; nil when the object holds no VTODO or it has no UID.
  public var todo: VTodo? {
    guard let component = todoComponent else { return nil }
    // The first of each property, by name in upper case: the component is read once.
    var first: [String: ContentLine] = [:]
    for index in properties(of: component) {
      let content = lines[index].content
      let name = content.name.uppercased()
      if first[name] == nil { first[name] = content }
    }
    guard let uid = first["UID"]?.value, !uid.isEmpty else { return nil }
    func value(_ name: String) -> ContentLine? { first[name] }
    /// COMPLETED, LAST-MODIFIED and DTSTAMP are UTC; one written without its Z is read
    /// as UTC too.
    func utc(_ name: String) -> Date? {
      value(name).flatMap(DateTimeValue.init).flatMap {
        $0.date(local: TimeZone(identifier: "UTC")!)
      }
    }
    var todo = VTodo(uid: uid)
    todo.summary = value("SUMMARY").map { TextValue.decode($0.value) }
    todo.description = value("DESCRIPTION").map { TextValue.decode($0.value) }
    todo.status = value("STATUS").flatMap { VTodo.Status(rawValue: $0.value.uppercased()) }
    todo.completed = utc("COMPLETED")
    todo.percentComplete = value("PERCENT-COMPLETE").flatMap { Int($0.value) }
    todo.priority = value("PRIORITY").flatMap { Int($0.value) }
    todo.due = value("DUE").flatMap(DateTimeValue.init)
    todo.dtstart = value("DTSTART").flatMap(DateTimeValue.init)
    todo.rrule = value("RRULE")?.value
    todo.url = value("URL")?.value
    todo.lastModified = utc("LAST-MODIFIED")
    todo.dtstamp = utc("DTSTAMP")
    todo.sequence = value("SEQUENCE").flatMap { Int($0.value) }
    if first["CATEGORIES"] != nil || first["RELATED-TO"] != nil {
      for index in properties(of: component) {
        let content = lines[index].content
        if content.is("CATEGORIES") {
          todo.categories += TextValue.decodeList(content.value).filter { !$0.isEmpty }
        } else if todo.parentUID == nil, Self.isParentLink(content) {
          todo.parentUID = TextValue.decode(content.value)
        }
      }
    }
    return todo
  }

  /// Writes `todo`'s properties that differ from what the object holds, each where it
  /// stood; a nil removes the property. Lines it does not own, and owned ones whose value
  /// is unchanged, keep their text byte for byte. The UID is never changed.
  public mutating func update(_ todo: VTodo) {
    guard let current = self.todo else { return }
    func set(_ name: String, _ line: ContentLine?) {
      guard let component = todoComponent else { return }
      self.set(name, to: line, of: component)
    }
    func utcLine(_ name: String, _ date: Date?) -> ContentLine? {
      date.map { DateTimeValue.utc($0).line(name) }
    }
    if todo.summary != current.summary {
      set("SUMMARY", todo.summary.map { ContentLine(name: "SUMMARY", value: TextValue.encode($0)) })
    }
    if todo.description != current.description {
      set(
        "DESCRIPTION",
        todo.description.map { ContentLine(name: "DESCRIPTION", value: TextValue.encode($0)) })
    }
    if todo.status != current.status {
      set("STATUS", todo.status.map { ContentLine(name: "STATUS", value: $0.rawValue) })
    }
    if todo.completed != current.completed { set("COMPLETED", utcLine("COMPLETED", todo.completed)) }
    if todo.percentComplete != current.percentComplete {
      set(
        "PERCENT-COMPLETE",
        todo.percentComplete.map { ContentLine(name: "PERCENT-COMPLETE", value: String($0)) })
    }
    if todo.priority != current.priority {
      set("PRIORITY", todo.priority.map { ContentLine(name: "PRIORITY", value: String($0)) })
    }
    if todo.due != current.due { set("DUE", todo.due.map { $0.line("DUE") }) }
    if todo.dtstart != current.dtstart { set("DTSTART", todo.dtstart.map { $0.line("DTSTART") }) }
    if todo.rrule != current.rrule { set("RRULE", todo.rrule.map { ContentLine(name: "RRULE", value: $0) }) }
    if todo.url != current.url {
      set("URL", todo.url.map { ContentLine(name: "URL", parameters: [.init(name: "VALUE", values: ["URI"])], value: $0) })
    }
    if todo.lastModified != current.lastModified {
      set("LAST-MODIFIED", utcLine("LAST-MODIFIED", todo.lastModified))
    }
    if todo.dtstamp != current.dtstamp { set("DTSTAMP", utcLine("DTSTAMP", todo.dtstamp)) }
    if todo.sequence != current.sequence {
      set("SEQUENCE", todo.sequence.map { ContentLine(name: "SEQUENCE", value: String($0)) })
    }
    if todo.categories != current.categories {
      let value = todo.categories.map(TextValue.encode).joined(separator: ",")
      set("CATEGORIES", todo.categories.isEmpty ? nil : ContentLine(name: "CATEGORIES", value: value))
    }
    if todo.parentUID != current.parentUID, let component = todoComponent {
      self.set(
        "RELATED-TO", where: Self.isParentLink,
        to: todo.parentUID.map { ContentLine(name: "RELATED-TO", value: TextValue.encode($0)) }, of: component)
    }
  }

  /// Whether a RELATED-TO names the todo's parent: RELTYPE=PARENT, or no RELTYPE (RFC 5545
  /// §3.2.15's default).
  static func isParentLink(_ line: ContentLine) -> Bool {
    line.is("RELATED-TO") && (line.parameter("RELTYPE").map { $0.uppercased() == "PARENT" } ?? true)
  }
}
