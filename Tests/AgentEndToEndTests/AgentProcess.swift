import Foundation

/// The real `quickdo` binary: the agent in the background and one-shot CLI commands, on a
/// temp database and the rig's bus.
final class AgentProcess: @unchecked Sendable {
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["QUICKDO_BIN"] { return URL(fileURLWithPath: path) }
    let candidates = [
      Bundle.main.bundleURL.appendingPathComponent("quickdo"),
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("quickdo"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }()

  let rig: NotificationRig
  let database: String
  private var agent: Process?
  let log: URL
  /// The agent's stdout: its `--log-actions` lines, when started with that flag.
  let output: URL

  init(rig: NotificationRig) {
    self.rig = rig
    database = rig.directory.appendingPathComponent("todos.sqlite").path
    log = rig.directory.appendingPathComponent("agent.log")
    output = rig.directory.appendingPathComponent("agent.out")
  }

  /// An agent a test left running (a failed expectation, an early return) goes with it, so
  /// no agent outlives its test's bus.
  deinit {
    if let agent, agent.isRunning { kill(agent.processIdentifier, SIGKILL) }
  }

  var environment: [String: String] {
    [
      "DBUS_SESSION_BUS_ADDRESS": rig.busAddress, "QUICKDO_DB": database,
      "HOME": rig.directory.path, "PATH": "/usr/bin:/bin",
      "XDG_CONFIG_HOME": rig.directory.appendingPathComponent("config").path,
    ]
  }

  func startAgent(environment extra: [String: String] = [:], arguments: [String] = []) throws {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = ["agent", "--log-level", "debug"] + arguments
    process.environment = environment.merging(extra) { $1 }
    for file in [log, output] {
      guard FileManager.default.createFile(atPath: file.path, contents: nil) else { throw RigError("cannot create \(file.path)") }
    }
    process.standardError = try FileHandle(forWritingTo: log)
    process.standardOutput = try FileHandle(forWritingTo: output)
    try process.run()
    agent = process
  }

  /// Sends `signal` to the running agent.
  func signalAgent(_ signal: Int32) {
    if let agent { kill(agent.processIdentifier, signal) }
  }

  /// Sends SIGTERM and returns the agent's exit status.
  func terminateAgent() throws -> Int32 {
    guard let agent else { throw RigError("no agent") }
    kill(agent.processIdentifier, SIGTERM)
    try waitUntil("the agent exits") { !agent.isRunning }
    return agent.terminationReason == .exit ? agent.terminationStatus : 128 + agent.terminationStatus
  }

  /// The exit status of an agent that ended (128 + the signal when a signal ended it).
  var agentExitStatus: Int32? {
    guard let agent, !agent.isRunning else { return nil }
    return agent.terminationReason == .exit ? agent.terminationStatus : 128 + agent.terminationStatus
  }

  var agentLog: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

  /// Writes the agent's config.toml (in the rig's XDG config dir), readable by the owner
  /// only.
  func writeConfig(_ text: String) throws {
    let directory = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"]!).appendingPathComponent("quickdo")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("config.toml")
    try text.write(to: file, atomically: true, encoding: .utf8)
    chmod(file.path, 0o600)
  }

  /// What the agent wrote on stdout (`--log-actions`).
  var agentOutput: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

  /// Whether the agent process is still running.
  var agentIsRunning: Bool { agent?.isRunning ?? false }

  @discardableResult
  func cli(_ arguments: String..., environment extra: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    process.environment = environment.merging(extra) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
  }

  func todos(_ flag: String = "--all") throws -> [[String: Any]] {
    let result = try cli("list", "--json", flag)
    return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
  }
}
