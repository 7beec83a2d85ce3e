import Foundation
import Testing

/// KRunner's runner and GNOME's search provider, asked on the rig's bus as the launchers
/// ask (`org.kde.krunner1`, `org.gnome.Shell.SearchProvider2`): a line after `todo`
/// previewed and added, a pending todo found by its words and completed or snoozed with
/// the Undo offer a press gets, bad input refused in the subtext, and a launcher's first
/// question starting the agent through D-Bus activation.
@Suite struct AgentLaunchersEndToEndTests {
  /// A GVariant text string literal.
  static func literal(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
  }

  static func strings(_ texts: [String]) -> String {
    "@as [" + texts.map(literal).joined(separator: ", ") + "]"
  }

  func runner(_ rig: NotificationRig, _ method: String, _ arguments: String...) throws -> String {
    try rig.gdbus(
      ["--dest", "org.quickdo.Agent", "--object-path", "/org/quickdo/Runner", "--method", "org.kde.krunner1." + method]
        + arguments)
  }

  func provider(_ rig: NotificationRig, _ method: String, _ arguments: String...) throws -> String {
    try rig.gdbus(
      ["--dest", "org.quickdo.Agent", "--object-path", "/org/quickdo/SearchProvider", "--method",
       "org.gnome.Shell.SearchProvider2." + method] + arguments)
  }

  func todo(_ quickdo: AgentProcess, titled title: String) throws -> [String: Any]? {
    try quickdo.todos("--all").first { $0["title"] as? String == title }
  }

  @Test func krunnerAddsALineAndCompletesAndSnoozesPendingTodos() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let milk = try quickdo.cli("add", "Buy milk", "--due", "in 2h").stdout.trimmingCharacters(in: .newlines)
    let bread = try quickdo.cli("add", "Buy bread").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("the todos shown") { try rig.notifyCalls().count == 2 }

    let actions = try runner(rig, "Actions")
    #expect(actions == "([('done', 'Done', 'task-complete'), ('snooze', 'Snooze 1h', 'chronometer')],)\n", "\(actions)")

    // The line: one exact match, its parse as the subtext, no action buttons.
    let line = "Buy eggs tomorrow 9:00 #Home @errand p2"
    let preview = try runner(rig, "Match", Self.literal("todo " + line))
    #expect(
      preview == "([('add:\(line)', 'Add: Buy eggs', 'quickdo', 100, 1.0, {'subtext': <'tomorrow 09:00 · new list Home · @errand · high'>, 'actions': <@as []>})],)\n",
      "\(preview)")
    _ = try runner(rig, "Run", Self.literal("add:" + line), "''")
    try waitUntil("the todo added") { try todo(quickdo, titled: "Buy eggs") != nil }
    let eggs = try #require(try todo(quickdo, titled: "Buy eggs"))
    #expect(eggs["list"] as? String == "Home" && eggs["tags"] as? [String] == ["errand"])
    #expect(eggs["priority"] as? String == "high")
    let due = try #require((eggs["due"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
    let tomorrow = Calendar.current.date(byAdding: .day, value: 1, to: Date())!
    #expect(Calendar.current.isDate(due, inSameDayAs: tomorrow))
    #expect(Calendar.current.dateComponents([.hour, .minute], from: due) == DateComponents(hour: 9, minute: 0))
    // The list is there now.
    #expect(try runner(rig, "Match", Self.literal("todo Wash car #Home")).contains("'subtext': <'Home'>"))

    // A pending todo by the words of its title, in any case: Enter completes it, and the
    // Undo offer follows as after a press on its notification.
    let found = try runner(rig, "Match", "'MILK buy'")
    #expect(found.hasPrefix("([('todo:\(milk)', 'Buy milk', 'quickdo', 30, 1.0, {'subtext': <'Todos · due in 2 hours'>})"), "\(found)")
    _ = try runner(rig, "Run", Self.literal("todo:" + milk), "''")
    try waitUntil("the Undo offer") { try rig.notifyCalls().contains { $0.contains("'Done: Buy milk'") } }
    #expect(try todo(quickdo, titled: "Buy milk")?["isComplete"] as? Bool == true)
    #expect(try !runner(rig, "Match", "'milk'").contains(milk))  // done: no longer offered

    // The Snooze button: snoozed for actions.snooze_duration.
    _ = try runner(rig, "Run", Self.literal("todo:" + bread), "'snooze'")
    try waitUntil("the todo snoozed") { try todo(quickdo, titled: "Buy bread")?["snoozedUntil"] is String }
    let until = try #require((try todo(quickdo, titled: "Buy bread")?["snoozedUntil"] as? String).flatMap {
      try? Date($0, strategy: .iso8601)
    })
    #expect(abs(until.timeIntervalSinceNow - 3600) < 60)
    // A stale run (done since) is a no-op, as a stale press is.
    _ = try runner(rig, "Run", Self.literal("todo:" + milk), "''")
    #expect(try todo(quickdo, titled: "Buy milk")?["isComplete"] as? Bool == true)
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func gnomeSearchAddsALineAndCompletesAPendingTodo() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    let plants = try quickdo.cli("add", "Water the plants").stdout.trimmingCharacters(in: .newlines)
    try quickdo.startAgent()
    try waitUntil("the todo shown") { try rig.notifyCalls().count == 1 }

    // GNOME passes the words typed as terms; after `todo` they are one result, to add.
    let terms = ["todo", "Call", "Bob", "tomorrow", "17:00", "@phone"]
    let added = try provider(rig, "GetInitialResultSet", Self.strings(terms))
    #expect(added == "(['add:Call Bob tomorrow 17:00 @phone'],)\n", "\(added)")
    let metas = try provider(rig, "GetResultMetas", Self.strings(["add:Call Bob tomorrow 17:00 @phone"]))
    #expect(metas.contains("'name': <'Add: Call Bob'>, 'description': <'tomorrow 17:00 · @phone'>"), "\(metas)")
    _ = try provider(rig, "ActivateResult", Self.literal("add:Call Bob tomorrow 17:00 @phone"), Self.strings(terms), "uint32 0")
    try waitUntil("the todo added") { try todo(quickdo, titled: "Call Bob")?["tags"] as? [String] == ["phone"] }

    // Pending todos by their words; a subsearch narrows them; activating one completes it.
    let found = try provider(rig, "GetInitialResultSet", Self.strings(["plan"]))
    #expect(found == "(['todo:\(plants)'],)\n", "\(found)")
    let narrowed = try provider(rig, "GetSubsearchResultSet", Self.strings(["todo:\(plants)"]), Self.strings(["plan", "wat"]))
    #expect(narrowed == "(['todo:\(plants)'],)\n", "\(narrowed)")
    let metas2 = try provider(rig, "GetResultMetas", Self.strings(["todo:\(plants)", "todo:not-ours", "rubbish"]))
    #expect(metas2 == "([{'id': <'todo:\(plants)'>, 'name': <'Water the plants'>, 'description': <'Todos'>, 'gicon': <'quickdo'>}],)\n", "\(metas2)")
    _ = try provider(rig, "ActivateResult", Self.literal("todo:" + plants), Self.strings(["plan"]), "uint32 0")
    try waitUntil("the Undo offer") { try rig.notifyCalls().contains { $0.contains("'Done: Water the plants'") } }
    #expect(try todo(quickdo, titled: "Water the plants")?["isComplete"] as? Bool == true)
    // No terminal is configured: more results in an app is nothing to do.
    #expect(try provider(rig, "LaunchSearch", Self.strings(["call"]), "uint32 0") == "()\n")
    // With one, `quickdo list` with the words runs in it: here a terminal that writes what
    // the command printed to a file.
    let shown = rig.directory.appendingPathComponent("terminal.txt").path
    let terminal = rig.directory.appendingPathComponent("terminal.sh").path
    try "#!/bin/sh\nexec \"$@\" > '\(shown)'\n".write(toFile: terminal, atomically: true, encoding: .utf8)
    try quickdo.writeConfig("[launchers]\nterminal = [\"/bin/sh\", \"\(terminal)\"]\n")
    try waitUntil("the config reloaded") { quickdo.agentLog.contains("config reloaded") }
    #expect(try provider(rig, "LaunchSearch", Self.strings(["BOB", "call"]), "uint32 0") == "()\n")
    try waitUntil("the list shown in the terminal") {
      (try? String(contentsOfFile: shown, encoding: .utf8))?.contains("Call Bob #phone") == true
    }
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func badInputIsRefusedInTheSubtextAndAddsNothing() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.startAgent()
    try waitUntil("the agent on the bus") { (try? runner(rig, "Actions")) != nil }
    let refusals = [
      ("todo " + String(repeating: "x", count: 100_000), "longer than 2000 characters"),
      ("todo Fix @bad\u{7}tag", "control or format characters"),
      ("todo #Home tomorrow", "no title"),
    ]
    for (query, reason) in refusals {
      let answer = try runner(rig, "Match", Self.literal(query))
      #expect(answer.hasPrefix("([('problem', 'Add: "), "\(answer.prefix(200))")
      #expect(answer.contains(reason), "\(answer.prefix(300))")
      _ = try runner(rig, "Run", "'problem'", "''")
    }
    // A date in the year 99999 is no date: the title keeps it as typed.
    #expect(try runner(rig, "Match", "'todo Call Bob 99999-01-01'").contains("'Add: Call Bob 99999-01-01', 'quickdo', 100, 1.0, {'subtext': <''>"))
    // A run of an id quickdo did not make, or of a line changed into a bad one: nothing.
    _ = try runner(rig, "Run", "'rm -rf /'", "''")
    _ = try runner(rig, "Run", Self.literal("add:Fix @bad\u{7}tag"), "''")
    _ = try provider(rig, "ActivateResult", "'add:#Home'", "@as []", "uint32 0")
    // Calls of another shape, and a flood of ids, answered without harm.
    #expect(throws: RigError.self) { try runner(rig, "Match", "int32 5") }
    let many = (0..<1_000).map { _ in "todo:" + UUID().uuidString.lowercased() }
    let metas = try rig.gdbus(
      ["--dest", "org.quickdo.Agent", "--object-path", "/org/quickdo/SearchProvider", "--method",
       "org.gnome.Shell.SearchProvider2.GetResultMetas", Self.strings(Array(many.prefix(1_000)))])
    #expect(metas == "(@aa{sv} [],)\n", "\(metas.prefix(200))")
    #expect(try runner(rig, "Match", "'x'") == "(@a(sssida{sv}) [],)\n")  // one letter: nothing
    Thread.sleep(forTimeInterval: 1)
    #expect(try quickdo.todos("--all").isEmpty)
    #expect(quickdo.agentIsRunning)
    #expect(try quickdo.terminateAgent() == 0, "\(quickdo.agentLog)")
  }

  @Test func aLaunchersFirstQuestionStartsTheAgent() throws {
    let rig = try NotificationRig()
    defer { rig.stop() }
    let quickdo = AgentProcess(rig: rig)
    try quickdo.cli("add", "Renew passport")
    // The activation file as `quickdo install` writes it, with the rig's database.
    let log = rig.directory.appendingPathComponent("activated.log").path
    let script = rig.directory.appendingPathComponent("start-agent.sh")
    try """
      #!/bin/sh
      export QUICKDO_DB='\(quickdo.database)' HOME='\(rig.directory.path)' XDG_CONFIG_HOME='\(rig.directory.path)/config'
      exec '\(AgentProcess.binary.path)' agent >'\(log)' 2>&1
      """.write(to: script, atomically: true, encoding: .utf8)
    try "[D-BUS Service]\nName=org.quickdo.Agent\nExec=/bin/sh \(script.path)\n".write(
      to: rig.directory.appendingPathComponent("services/org.quickdo.Agent.service"), atomically: true, encoding: .utf8)
    let asked = Date()
    let answer = try runner(rig, "Match", "'passport'")
    let cold = Date().timeIntervalSince(asked)
    #expect(answer.contains("'Renew passport'"), "\(answer) \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    print("launcher: the first Match to a cold agent (activation) answered in \(Int(cold * 1000)) ms")
    #expect(cold < 5)
    // The agent it started shows the todo as an agent does.
    try waitUntil("the todo shown") { try rig.notifyCalls().count == 1 }
    let owner = try rig.gdbus(
      "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
      "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.quickdo.Agent")
    let pid = try #require(Int32(owner.filter(\.isNumber)))
    kill(pid, SIGTERM)
    try waitUntil("the activated agent ends") { kill(pid, 0) != 0 }
  }
}
