import CalDAVRig
import Foundation
import Testing

/// Instant sync, end to end: Xandikos 0.4.10 with WebDAV-Push, the test UnifiedPush
/// distributor on the rig's bus (its push service on 127.0.0.1), the python caldav phone,
/// and the agent polling only hourly, so that only a push can bring a change in seconds.
@Suite(.serialized)
struct AgentPushEndToEndTests {
  static func todo(_ uid: String, _ summary: String) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//phone//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20261120T090000Z\r\nSUMMARY:\(summary)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
  }

  /// A phone calendar with these todos, the agent syncing it with push on, and push
  /// working; the todos' hrefs.
  static func start(
    _ rig: NotificationRig, _ server: CalDAVServer, _ titles: [String]
  ) throws -> (AgentProcess, [String]) {
    let files = try titles.enumerated().map { index, title in
      let path = rig.directory.appendingPathComponent("\(index).ics").path
      try todo("todo-\(index)@phone", title).write(toFile: path, atomically: true, encoding: .utf8)
      return path
    }
    let created = try server.phone("create", ["Tasks"] + files)
    try #require(created.status == 0, "\(created.output)")
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("""
      [[sync.caldav]]
      name = "phone"
      url = "\(server.url)"
      username = "\(server.user)"
      password = "\(server.password)"
      interval = "1h"
      """)
    try quickdo.startAgent()
    do {
      try waitUntil("the todos are notified and push works", timeout: 30) {
        try rig.notifyCalls().count == titles.count && quickdo.agentLog.contains("instant sync works")
      }
    } catch {
      Issue.record("\(error)\nagent log:\n\(quickdo.agentLog)")
      throw error
    }
    return (quickdo, created.output.split(separator: "\n").map(String.init))
  }

  /// The mock numbers notifications 1, 2, … in the order of the Notify calls: the
  /// latest one with this title.
  static func notificationID(_ rig: NotificationRig, _ title: String) throws -> UInt32? {
    try rig.notifyCalls().lastIndex { $0.contains("<'\(title)'>") }.map { UInt32($0 + 1) }
  }

  /// Seconds from the phone's request (the time its first output line gives) until the
  /// condition holds, polled every 20 ms for up to `limit`.
  static func latency(since phoneOutput: String, limit: TimeInterval = 10, _ condition: () throws -> Bool) throws -> TimeInterval {
    let sent = try #require(phoneOutput.split(separator: "\n").first.flatMap { Double($0) })
    let deadline = Date().addingTimeInterval(limit)
    while Date() < deadline {
      if try condition() { return Date().timeIntervalSince1970 - sent }
      usleep(20_000)
    }
    throw RigError("not within \(limit) s")
  }

  @Test func aPhoneChangeReachesTheDesktopInSecondsAndNothingElseGetsIn() async throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let server = try await CalDAVServer.started(.xandikos, push: true)
    defer { server.stop() }
    let distributor = try PushDistributor(rig: rig)
    defer { distributor.stop() }
    let (quickdo, hrefs) = try Self.start(rig, server, ["Buy milk", "Call the plumber", "Pay rent"])

    // Done on the phone: the notification closes within 2 s.
    let milk = try #require(try Self.notificationID(rig, "Buy milk"))
    let completed = try server.phone("complete", [hrefs[0]])
    try #require(completed.status == 0, "\(completed.output)")
    let closing = try Self.latency(since: completed.output) {
      try rig.calls().contains("'CloseNotification', [<\(milk)>]")
    }
    #expect(closing <= 2, "closed \(closing) s after the phone's request\n\(quickdo.agentLog)")

    // Snoozed on the phone: the notification closes within 2 s, and comes back when the
    // snooze ends.
    let snoozedRent = try #require(try Self.notificationID(rig, "Pay rent"))
    let snoozed = try server.phone("snooze", [hrefs[2], "6"])
    try #require(snoozed.status == 0, "\(snoozed.output)")
    let hiding = try Self.latency(since: snoozed.output) {
      try rig.calls().contains("'CloseNotification', [<\(snoozedRent)>]")
    }
    #expect(hiding <= 2, "closed \(hiding) s after the phone's snooze\n\(quickdo.agentLog)")
    let shownBefore = try rig.notifyCalls().filter { $0.contains("<'Pay rent'>") }.count
    let shownAgain = try Self.latency(since: snoozed.output, limit: 15) {
      try rig.notifyCalls().filter { $0.contains("<'Pay rent'>") }.count > shownBefore
    }
    #expect(shownAgain >= 5 && shownAgain <= 9, "back \(shownAgain) s after the phone's snooze of 6 s")

    // Added on the phone: it is notified within 2 s.
    let calendar = String(hrefs[0][..<hrefs[0].lastIndex(of: "/")!]) + "/"
    let plants = rig.directory.appendingPathComponent("plants.ics").path
    try Self.todo("plants@phone", "Water the plants").write(toFile: plants, atomically: true, encoding: .utf8)
    let added = try server.phone("add", [calendar, plants])
    try #require(added.status == 0, "\(added.output)")
    let showing = try Self.latency(since: added.output) { try Self.notificationID(rig, "Water the plants") != nil }
    #expect(showing <= 2, "shown \(showing) s after the phone's request\n\(quickdo.agentLog)")

    // Done here: the server has it, and no push comes back for it.
    let before = distributor.messages
    let plumber = try #require(try quickdo.todos().first { $0["title"] as? String == "Call the plumber" })
    let plumberID = try #require(plumber["id"] as? String)
    try rig.pressButton(notification: try #require(try Self.notificationID(rig, "Call the plumber")), key: "done:\(plumberID)")
    try waitUntil("the server has the todo completed", timeout: 20) {
      try CalDAVServer.run("/usr/bin/curl", ["-s", "-u", "\(server.user):\(server.password)", hrefs[1]]).output
        .contains("STATUS:COMPLETED")
    }
    usleep(2_000_000)
    #expect(distributor.messages == before, "our own write came back as a push")

    // What is not a push for us is dropped with a line, and the agent goes on.
    let endpoint = try #require(distributor.endpoints.last)
    try distributor.post(Data((0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }), to: endpoint, scratch: rig.directory)
    try distributor.post(try Self.encryptedToAnotherKey(), to: endpoint, scratch: rig.directory)
    try distributor.post(Data(count: 10 << 20), to: endpoint, scratch: rig.directory)
    try waitUntil("each is dropped with one line", timeout: 10) {
      quickdo.agentLog.split(separator: "\n").count { $0.contains("dropped a push message") } == 3
    }
    #expect(quickdo.agentLog.contains("it is 10485760 bytes, more than 8192"))
    #expect(quickdo.agentLog.contains("it does not decrypt with this subscription's key"))
    // A message from a bus client that is not the distributor says so.
    let token = try #require(distributor.events("registered").last?["registered"] as? String)
    let call = Process()
    call.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
    call.arguments = [
      "call", "--session", "--timeout", "5", "--dest", "org.quickdo.Agent", "--object-path", "/org/unifiedpush/Connector",
      "--method", "org.unifiedpush.Connector2.Message", "{'token': <'\(token)'>, 'message': <[byte 0x01]>, 'id': <'x'>}",
    ]
    call.environment = ["DBUS_SESSION_BUS_ADDRESS": rig.busAddress]
    call.standardOutput = FileHandle.nullDevice
    call.standardError = FileHandle.nullDevice
    try call.run()
    call.waitUntilExit()
    try waitUntil("the stranger's message is dropped with its own line", timeout: 10) {
      quickdo.agentLog.contains("which is not the distributor")
    }
    #expect(quickdo.agentIsRunning)

    // The distributor goes: polling, said once; a new one is taken up, and push works again.
    distributor.stop()
    try waitUntil("the agent says it polls", timeout: 10) {
      quickdo.agentLog.contains("the UnifiedPush distributor org.unifiedpush.Distributor.test left; polling")
    }
    let second = try PushDistributor(rig: rig, name: "second")
    defer { second.stop() }
    try waitUntil("push works with the new distributor", timeout: 30) {
      quickdo.agentLog.split(separator: "\n").count { $0.contains("instant sync works") } >= 2
    }
    let rent = try #require(try Self.notificationID(rig, "Pay rent"))
    let again = try server.phone("complete", [hrefs[2]])
    try #require(again.status == 0, "\(again.output)")
    let closingAgain = try Self.latency(since: again.output) {
      try rig.calls().contains("'CloseNotification', [<\(rent)>]")
    }
    #expect(closingAgain <= 2, "closed \(closingAgain) s after the phone's request\n\(quickdo.agentLog)")

    let status = try quickdo.cli("sync", "--status")
    #expect(status.stdout.contains("instant sync: subscribed until"), "\(status.stdout)")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  /// A subscription whose time is nearly gone is renewed by the agent on its own, before
  /// it expires: the agent polls hourly here, and nothing else makes it sync.
  @Test func aSubscriptionIsRenewedBeforeItExpires() async throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let server = try await CalDAVServer.started(.xandikos, push: true)
    defer { server.stop() }
    let distributor = try PushDistributor(rig: rig)
    defer { distributor.stop() }
    let (quickdo, _) = try Self.start(rig, server, ["Buy milk"])
    #expect(try quickdo.terminateAgent() == 0)
    func expires() throws -> Double {
      let text = try CalDAVServer.run("/usr/bin/sqlite3", [quickdo.database, "SELECT expires FROM push_subscription"]).output
      return Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
    #expect(try expires() > Date().timeIntervalSince1970 + 6 * 86_400)
    // As a server that granted a minute leaves it: to be renewed 5 s from now.
    let now = Date().timeIntervalSince1970
    let shortened = try CalDAVServer.run(
      "/usr/bin/sqlite3", [quickdo.database, "UPDATE push_subscription SET expires = \(now + 60), renewAt = \(now + 5)"])
    try #require(shortened.status == 0, "\(shortened.output)")
    try quickdo.startAgent()
    try waitUntil("the agent syncs at start and push works", timeout: 20) {
      quickdo.agentLog.contains("instant sync works")
    }
    #expect(try expires() < now + 61, "renewed at start, not when its time came")
    try waitUntil("the subscription is renewed", timeout: 20) { try expires() > Date().timeIntervalSince1970 + 6 * 86_400 }
    #expect(Date().timeIntervalSince1970 < now + 60, "renewed before it expired")
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  /// A Web Push message made as a server makes one (pywebpush), to a key that is not ours.
  static func encryptedToAnotherKey() throws -> Data {
    let python = try CalDAVServer.pushEnvironment().appendingPathComponent("bin/python").path
    let script = """
      import base64, os, sys
      from cryptography.hazmat.primitives.asymmetric import ec
      from cryptography.hazmat.primitives import serialization
      from pywebpush import WebPusher
      key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
          serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
      b64 = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()
      info = {"endpoint": "https://127.0.0.1/", "keys": {"p256dh": b64(key), "auth": b64(os.urandom(16))}}
      body = WebPusher(info).encode(b"<push-message/>", content_encoding="aes128gcm")["body"]
      sys.stdout.write(base64.b64encode(body).decode())
      """
    let (status, output) = try CalDAVServer.run(python, ["-c", script])
    guard status == 0, let data = Data(base64Encoded: output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw RigError("pywebpush: \(output)")
    }
    return data
  }
}
