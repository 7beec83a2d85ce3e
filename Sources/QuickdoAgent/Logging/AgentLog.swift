import CommandSupport
import Foundation
import Logging
import Models

/// The agent's logging: swift-log with a stderr handler at the `--log-level` chosen, and
/// with `--log-actions` every action the store receives as one JSON line on stdout.
struct AgentLog: Sendable {
  let logger: Logger

  /// Installs the stderr handler for the whole process (swift-log allows this once), so
  /// libraries' loggers (`quickdo.app`, `quickdo.sync`) log at the same level.
  static func bootstrap(level: AgentLogLevel) -> AgentLog {
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = Logger.Level(rawValue: level.rawValue) ?? .info
      return handler
    }
    return AgentLog(logger: Logger(label: "quickdo.agent"))
  }

  // Messages can quote user text (a config value, a database path): made visible first.
  func debug(_ message: String) { logger.debug("\(TerminalText.visibleLines(message))") }
  func info(_ message: String) { logger.info("\(TerminalText.visibleLines(message))") }
  func warning(_ message: String) { logger.warning("\(TerminalText.visibleLines(message))") }
  func error(_ message: String) { logger.error("\(TerminalText.visibleLines(message))") }

  /// One JSON line on stdout: `{"time":"…","action":{"todos":{"markDone":{"id":"…"}}}}`.
  func action(_ action: some Any) {
    let line = "{\"time\":\(ActionJSON.string(JSONCoding.string(from: Date()))),\"action\":\(ActionJSON.encode(action))}\n"
    FileHandle.standardOutput.write(Data(line.utf8))
  }
}
