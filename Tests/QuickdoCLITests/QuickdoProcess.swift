import Foundation

/// Runs the built `quickdo` binary as a user would, on a temp database, for the CLI tests.
struct QuickdoProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The binary built next to the test bundle (or `$QUICKDO_BIN`).
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["QUICKDO_BIN"] {
      return URL(fileURLWithPath: path)
    }
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("quickdo"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("quickdo"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[0]
  }()

  let directory: URL
  var database: String { directory.appendingPathComponent("todos.sqlite").path }

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "quickdo-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: directory) }

  /// Runs `quickdo ARGS` (or another `executable`) with `QUICKDO_DB` set to this test's
  /// database. A run still going after `timeout` seconds is killed (status: the signal).
  @discardableResult
  func run(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
    executable: URL = Self.binary, timeout: TimeInterval = 120
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    // English, whatever the machine speaks, unless a test asks for a language.
    for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_TIME"] { env[name] = nil }
    env["LANG"] = "C.UTF-8"
    env["QUICKDO_DB"] = database
    env["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
    env["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    defer { watchdog.cancel() }
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    let stderrData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
      stderr: String(decoding: stderrData, as: UTF8.self))
  }

  func run(_ arguments: String...) throws -> Result { try run(arguments) }

  /// `list --json` (with extra flags) decoded as objects.
  func listJSON(_ flags: String...) throws -> [[String: Any]] {
    let result = try run(["list", "--json"] + flags)
    guard result.status == 0,
      let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    else { throw CLIFailure(result: result) }
    return array
  }
}

struct CLIFailure: Error, CustomStringConvertible {
  var result: QuickdoProcess.Result
  var description: String { "exit \(result.status): \(result.stderr)" }
}
