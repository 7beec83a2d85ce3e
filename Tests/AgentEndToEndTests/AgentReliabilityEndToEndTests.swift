import Foundation
import Testing

/// The agent under load and under hostile text, against the mock notification server.
@Suite(.serialized)
struct AgentReliabilityEndToEndTests {
  /// The notifications shown for todos and not closed since: notification id → todo id
  /// (from the Notify calls: a new one, replaces_id 0, gets the next id from the mock).
  func openTodoNotifications(_ rig: NotificationRig) throws -> [UInt32: String] {
    let calls = try rig.calls()
    var open: [UInt32: String] = [:]
    var next: UInt32 = 1
    for notify in calls.components(separatedBy: "'Notify', ").dropFirst() {
      guard let replaces = notify.firstMatch(of: /<uint32 (\d+)>/).flatMap({ UInt32($0.1) }) else { continue }
      let id = replaces == 0 ? next : replaces
      if replaces == 0 { next += 1 }
      if let done = notify.firstMatch(of: /'done:([0-9a-f-]{36})'/) { open[id] = String(done.1) }
    }
    for close in calls.matches(of: /'CloseNotification', \[<(\d+)>\]/) {
      if let id = UInt32(close.1) { open[id] = nil }
    }
    return open
  }

  @Test func fourWritersTimes250AddsAndPressesWhileTheAgentRunsLoseNothing() async throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.cli("list")  // the database exists before the writers race
    try quickdo.startAgent()
    let writers = Task.detached {
      try await withThrowingTaskGroup(of: [String].self) { group in
        for worker in 0..<4 {
          group.addTask {
            var failures: [String] = []
            for n in 0..<250 {
              let result = try quickdo.cli("add", "w\(worker)-\(n)")
              if result.status != 0 || result.stdout.count != 37 || !result.stderr.isEmpty {
                failures.append("w\(worker)-\(n): exit \(result.status) \(result.stderr)")
              }
            }
            return failures
          }
        }
        return try await group.reduce(into: []) { $0 += $1 }
      }
    }
    // A stream of presses while the writers run.
    var pressed: Set<String> = []
    while pressed.count < 25 {
      try await Task.sleep(for: .milliseconds(150))
      guard let (notification, todo) = try openTodoNotifications(rig).first(where: { !pressed.contains($0.value) })
      else { continue }
      try rig.pressButton(notification: notification, key: "done:\(todo)")
      pressed.insert(todo)
    }
    let failures = try await writers.value
    #expect(failures.isEmpty, "\(failures.prefix(3))")
    try waitUntil("every pressed todo closed") {
      let open = Set(try openTodoNotifications(rig).values)
      return pressed.allSatisfy { !open.contains($0) }
    }
    let todos = try quickdo.todos()
    let titles = todos.compactMap { $0["title"] as? String }
    #expect(titles.count == 1000)
    #expect(Set(titles).count == 1000)
    let done = Set(todos.filter { $0["isComplete"] as? Bool == true }.compactMap { $0["id"] as? String })
    #expect(done == pressed)
    #expect(try quickdo.terminateAgent() == 0)
    #expect(!quickdo.agentLog.contains("locked"), "\(quickdo.agentLog.suffix(2000))")
    #expect(!quickdo.agentLog.contains("error"), "\(quickdo.agentLog.suffix(2000))")
  }

  /// Titles and notes that look like markup, entities, shell or bidi tricks reach the
  /// server exactly: the summary as plain text, the body escaped for body-markup.
  @Test func hostileTextIsStoredIntactAndShownLiterally() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.writeConfig("[notifications]\nmax = 10\n")
    let cases: [(title: String, notes: String, body: String)] = [
      ("1 < 2 && 3 > 2", "a < b > c & d", "a &lt; b &gt; c &amp; d"),
      ("<b>x</b>", "<i>y</i>", "&lt;i&gt;y&lt;/i&gt;"),
      ("&amp;", "&lt;", "&amp;lt;"),
      ("<a href=\"https://evil.example\">click</a>", "<a href=\"x\">y</a>", "&lt;a href=\"x\"&gt;y&lt;/a&gt;"),
      ("<img src=x onerror=alert(1)>", "$(rm -rf ~) `id` ; | &&", "$(rm -rf ~) `id` ; | &amp;&amp;"),
      ("مرحبا 🎉 שלום", "emoji 👩‍💻 and RTL", "emoji 👩‍💻 and RTL"),
      ("invoice\u{202E}fdp.exe", "bidi override \u{202E}321", "bidi override \u{202E}321"),
    ]
    /// As gdbus prints a string: these invisible characters as `\uXXXX` escapes.
    func printed(_ text: String) -> String {
      // Scalar by scalar: the ZWJ is inside an emoji's grapheme cluster.
      text.unicodeScalars.map { scalar in
        [0x200D, 0x202E].contains(scalar.value) ? "\\u" + String(scalar.value, radix: 16) : String(scalar)
      }.joined()
    }
    var ids: [String] = []
    for item in cases {
      let added = try quickdo.cli("add", item.title, "--notes", item.notes)
      #expect(added.status == 0, "\(added.stderr)")
      ids.append(added.stdout.trimmingCharacters(in: .newlines))
    }
    let long = String(repeating: "x<&>", count: 25_000)  // 100 KB
    ids.append(try quickdo.cli("add", long, "--notes", long).stdout.trimmingCharacters(in: .newlines))
    // Stored intact.
    let stored = try quickdo.todos()
    for (index, item) in cases.enumerated() {
      let todo = stored.first { $0["id"] as? String == ids[index] }
      #expect(todo?["title"] as? String == item.title)
      #expect(todo?["notes"] as? String == item.notes)
    }
    #expect(stored.first { $0["id"] as? String == ids.last }?["title"] as? String == long)

    try quickdo.startAgent()
    try waitUntil("every todo shown") { try rig.notifyCalls().count == cases.count + 1 }
    let calls = try rig.notifyCalls()
    for item in cases {
      let notify = calls.first { $0.contains("<'\(printed(item.title))'>") }
      #expect(notify != nil, "summary \(item.title) not sent literally")
      #expect(notify?.contains("<'\(printed(item.body))'>") == true, "body of \(item.title): \(notify ?? "")")
    }
    let escapedLong = String(repeating: "x&lt;&amp;&gt;", count: 25_000)
    #expect(calls.contains { $0.contains("<'\(long)'>") && $0.contains("<'\(escapedLong)'>") })
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }
}
