import Foundation

/// How a snooze or a dismissal travels between devices: Thunderbird's and tasks.org's
/// `X-MOZ-SNOOZE-TIME` (one occurrence of a series: `X-MOZ-SNOOZE-TIME-<its start in
/// microseconds>`) and `X-MOZ-LASTACK`, and RFC 9074's snooze alarm (`RELATED-TO;
/// RELTYPE=SNOOZE`) and `ACKNOWLEDGED`.
extension CalendarObject {
  /// Until when the todo's occurrence at `occurrence` is snoozed, as any of those forms
  /// says: the latest; nil when none does.
  public func snoozedUntil(occurrence: Date?) -> Date? {
    guard let todo = todoComponent else { return nil }
    var found: [Date] = []
    let own = occurrence.map { "X-MOZ-SNOOZE-TIME-\(Self.microseconds($0))" }
    for index in properties(of: todo) {
      let content = lines[index].content
      let name = content.name.uppercased()
      guard name == "X-MOZ-SNOOZE-TIME" || name == own else { continue }
      if case let .utc(date)? = DateTimeValue(ContentLine(name: "X", value: content.value)) { found.append(date) }
    }
    for alarm in alarms() where alarm.snoozes != nil {
      if case let .absolute(date)? = alarm.trigger { found.append(date) }
    }
    return found.max()
  }

  /// When devices dealt with the todo's reminders: its `X-MOZ-LASTACK` and the
  /// `ACKNOWLEDGED` of each alarm that snoozes nothing, as written (a device's clock may
  /// be anything).
  public func acknowledgements() -> [Date] {
    guard let todo = todoComponent else { return [] }
    var found: [Date] = []
    for index in properties(of: todo) where lines[index].content.name.uppercased() == "X-MOZ-LASTACK" {
      if case let .utc(date)? = DateTimeValue(ContentLine(name: "X", value: lines[index].content.value)) {
        found.append(date)
      }
    }
    for alarm in alarms() where alarm.snoozes == nil {
      if let date = alarm.acknowledged { found.append(date) }
    }
    return found
  }

  /// Writes a snooze until `until` made at `now` for the occurrence at `occurrence` (of a
  /// series when `isSeries`), in every form: the Mozilla properties, and RFC 9074's on the
  /// alarm that rang (`rang`: its place among the alarms that snooze nothing), which is
  /// acknowledged and gets a snooze alarm in place of any earlier one. Nil `until` removes
  /// the snooze.
  public mutating func setSnooze(
    until: Date?, now: Date, occurrence: Date?, isSeries: Bool, rang: Int?, description: String
  ) {
    guard let todo = todoComponent else { return }
    let name = isSeries && occurrence != nil ? "X-MOZ-SNOOZE-TIME-\(Self.microseconds(occurrence!))" : "X-MOZ-SNOOZE-TIME"
    set(name, to: until.map { DateTimeValue.utc($0).line(name) }, of: todo)
    if until != nil { acknowledge(now: now, rang: nil) }
    removeAlarms(alarms().filter { $0.snoozes != nil }.map(\.lines))
    guard let until, let alarm = rang.flatMap(reminderAlarm) else { return }
    var rang = alarm.lines
    // The alarm that rang needs a UID for the snooze alarm to name.
    var uid = alarm.uid
    if uid == nil {
      let made = UUID().uuidString
      set("UID", to: ContentLine(name: "UID", value: made), of: rang)
      uid = made
      rang = rang.lowerBound..<(rang.upperBound + 1)
    }
    set("ACKNOWLEDGED", to: DateTimeValue.utc(now).line("ACKNOWLEDGED"), of: rang)
    var trigger = DateTimeValue.utc(until).line("TRIGGER")
    trigger.parameters = [.init(name: "VALUE", values: ["DATE-TIME"])]
    addAlarm([
      ContentLine(name: "UID", value: UUID().uuidString.lowercased()), trigger,
      ContentLine(name: "RELATED-TO", parameters: [.init(name: "RELTYPE", values: ["SNOOZE"])], value: uid ?? ""),
      ContentLine(name: "ACTION", value: "DISPLAY"), ContentLine(name: "DESCRIPTION", value: TextValue.encode(description)),
    ])
  }

  /// Marks the todo's reminders dealt with at `now` (`X-MOZ-LASTACK`), and the alarm that
  /// rang (`rang`, as for ``setSnooze(until:now:occurrence:isSeries:rang:description:)``)
  /// acknowledged (`ACKNOWLEDGED`).
  public mutating func acknowledge(now: Date, rang: Int?) {
    guard let todo = todoComponent else { return }
    set("X-MOZ-LASTACK", to: DateTimeValue.utc(now).line("X-MOZ-LASTACK"), of: todo)
    if let alarm = rang.flatMap(reminderAlarm) {
      set("ACKNOWLEDGED", to: DateTimeValue.utc(now).line("ACKNOWLEDGED"), of: alarm.lines)
    }
  }

  /// The alarm at `index` among those that snooze nothing.
  func reminderAlarm(_ index: Int) -> VAlarm? {
    let candidates = alarms().filter { $0.snoozes == nil }
    return candidates.indices.contains(index) ? candidates[index] : nil
  }

  static func microseconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970) * 1_000_000 }
}
