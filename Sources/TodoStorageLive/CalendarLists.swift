import Foundation
import GRDB

/// The lists that are calendars: each calendar sync knows is a list, named by its display
/// name, by `account/name` when two accounts' calendars share it, and by its collection too
/// when one account has two of that name, so two calendars are never one list. Names are
/// a server's text: capped at ``maxNameLength`` characters. Sync hands the calendars over
/// whenever it finds them; the `todo_list` table keeps the result.
package enum CalendarLists {
  /// A calendar as sync knows it.
  package struct Calendar: Equatable, Sendable {
    package var account: String
    package var url: String
    package var displayName: String

    package init(account: String, url: String, displayName: String) {
      self.account = account
      self.url = url
      self.displayName = displayName
    }
  }

  /// The longest list name a calendar's display name gives, in characters; the rest of a
  /// longer one is left out (and `…` says so).
  package static let maxNameLength = 200

  /// Each calendar's list name, by the calendar's URL.
  package static func names(_ calendars: [Calendar]) -> [String: String] {
    let calendars = calendars.sorted { $0.url < $1.url }
    func base(_ calendar: Calendar) -> String {
      let trimmed = calendar.displayName.trimmingCharacters(in: .whitespacesAndNewlines)
      let name = trimmed.isEmpty ? collection(calendar.url) : trimmed
      return name.count > maxNameLength ? String(name.prefix(maxNameLength - 1)) + "…" : name
    }
    var candidates = calendars.map(base)
    for step in 0..<3 {
      let counts = Dictionary(candidates.map { ($0, 1) }, uniquingKeysWith: +)
      for index in calendars.indices where counts[candidates[index]]! > 1 {
        let calendar = calendars[index]
        candidates[index] =
          switch step {
          case 0: "\(calendar.account)/\(base(calendar))"
          case 1: "\(calendar.account)/\(base(calendar)) (\(collection(calendar.url)))"
          default: "\(candidates[index]) (\(index + 1))"
          }
      }
    }
    return Dictionary(zip(calendars.map(\.url), candidates), uniquingKeysWith: { first, _ in first })
  }

  /// The last segment of a collection's URL, decoded.
  static func collection(_ url: String) -> String {
    let segment = (URL(string: url)?.path ?? url).split(separator: "/").last.map(String.init) ?? url
    return segment.removingPercentEncoding ?? segment
  }

  /// Records `calendars` as the lists that are calendars. A calendar whose list is named
  /// anew takes its todos along (they are written, so every process sees the new name); a
  /// calendar no longer among them leaves its todos in a local list of the same name.
  package static func replace(_ db: Database, with calendars: [Calendar]) throws {
    let names = names(calendars)
    var renamed: [(ids: [String], to: String)] = []
    for row in try Row.fetchAll(db, sql: "SELECT calendar, name FROM todo_list") {
      let url: String = row[0]
      let old: String = row[1]
      guard let new = names[url], new != old else { continue }
      renamed.append((try String.fetchAll(db, sql: "SELECT id FROM todo WHERE list = ?", arguments: [old]), new))
    }
    try db.execute(sql: "DELETE FROM todo_list")
    for calendar in calendars {
      try db.execute(
        sql: "INSERT INTO todo_list (name, account, calendar) VALUES (?, ?, ?)",
        arguments: [names[calendar.url], calendar.account, calendar.url])
    }
    guard !renamed.isEmpty else { return }
    let revision = try nextRevision(db)
    for (ids, name) in renamed {
      for id in ids {
        try db.execute(sql: "UPDATE todo SET list = ?, revision = ? WHERE id = ?", arguments: [name, revision, id])
      }
    }
  }
}
