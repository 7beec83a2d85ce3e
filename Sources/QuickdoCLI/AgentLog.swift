import ArgumentParser
import Foundation

/// The agent's log: leveled lines on stderr, and actions as JSON lines with `--log-actions`.
struct AgentLog: Sendable {
  enum Level: String, Comparable, ExpressibleByArgument, Sendable, CaseIterable {
    case debug, info, warning, error
    var rank: Int { Self.allCases.firstIndex(of: self)! }
    static func < (a: Self, b: Self) -> Bool { a.rank < b.rank }
  }

  let level: Level

  func debug(_ message: String) { write(.debug, message) }
  func info(_ message: String) { write(.info, message) }
  func error(_ message: String) { write(.error, message) }

  func write(_ messageLevel: Level, _ message: String) {
    guard messageLevel >= level else { return }
    FileHandle.standardError.write(Data("quickdo agent [\(messageLevel.rawValue)] \(message)\n".utf8))
  }

  /// `{"action":"…"}` with the action's description.
  func action(_ action: some Any) {
    var json: [UInt8] = Array("{\"action\":".utf8)
    var text = ""
    dump(action, to: &text, maxDepth: 3)
    let line = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    json += Array(JSONString.quote(line).utf8)
    json += Array("}\n".utf8)
    FileHandle.standardError.write(Data(json))
  }
}

enum JSONString {
  static func quote(_ text: String) -> String {
    let data = try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
    let array = data.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
    return String(array.dropFirst().dropLast())
  }
}
