import CalDAVRig
import Foundation

/// The test UnifiedPush distributor (Tests/CalDAVRig/distributor.py) on a rig's bus, with
/// its HTTPS push service on 127.0.0.1; its events read from its stdout.
final class PushDistributor: @unchecked Sendable {
  let process = Process()
  let output: URL
  let name: String
  /// The push service's certificate, which a client of it trusts.
  let certificate: String

  init(rig: NotificationRig, name: String = "test") throws {
    self.name = name
    let venv = try CalDAVServer.pushEnvironment()
    certificate = venv.appendingPathComponent("push-cert.pem").path
    output = rig.directory.appendingPathComponent("distributor-\(name).out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CalDAVRig/distributor.py").path,
      name, certificate, venv.appendingPathComponent("push-key.pem").path,
    ]
    process.environment = ["DBUS_SESSION_BUS_ADDRESS": rig.busAddress, "PATH": "/usr/bin:/bin"]
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: output)
    try process.run()
    try waitUntil("the distributor is up") { !events("ready").isEmpty }
  }

  /// Each event line of `kind` (`registered`, `endpoint`, `message`…), decoded.
  func events(_ kind: String) -> [[String: Any]] {
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }.filter { $0[kind] != nil }
  }

  var endpoints: [String] { events("endpoint").compactMap { $0["endpoint"] as? String } }
  var messages: Int { events("message").count }

  /// POSTs `body` to `endpoint` as a push service's client would (curl, trusting the
  /// service's certificate).
  func post(_ body: Data, to endpoint: String, scratch: URL) throws {
    let file = scratch.appendingPathComponent("push-\(UUID()).bin")
    try body.write(to: file)
    let (status, output) = try CalDAVServer.run(
      "/usr/bin/curl",
      [
        "-sS", "--cacert", certificate, "-H", "Content-Encoding: aes128gcm",
        "--data-binary", "@\(file.path)", endpoint,
      ])
    guard status == 0 else { throw RigError("curl \(endpoint): \(output)") }
  }

  func stop() {
    guard process.isRunning else { return }
    // As a distributor that crashes or is stopped goes: its bus name with it.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  deinit { stop() }
}
