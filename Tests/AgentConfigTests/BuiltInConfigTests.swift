import AgentConfig
import Foundation
import Models
import NotificationLayout
import NotificationClient
import SyncClient
import Testing

/// data/config.toml is the one source of the defaults: it parses, sets every key but the
/// labels (the language's words unless set), matches
/// the file in the source tree byte for byte, and gives the rules the agent always had.
struct BuiltInConfigTests {
  @Test func theBuiltInTextIsDataConfigToml() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../data/config.toml")
    #expect(try String(contentsOf: file, encoding: .utf8) == AgentConfig.builtInText)
  }

  @Test func theBuiltInFileSetsEveryKeyButTheLabels() throws {
    let (_, setKeys) = try ConfigParser.parse(AgentConfig.builtInText, file: "config.toml")
    #expect(setKeys.count == 30)
    // The labels are the user's language's unless set: the file shows them commented out.
    for label in ["done_label", "snooze_label", "open_label"] {
      #expect(!setKeys.contains("actions." + label))
      #expect(AgentConfig.builtInText.contains("\n# \(label) = \""))
    }
  }

  @Test func defaultsAreTheDocumentedOnes() {
    let config = AgentConfig.defaults
    #expect(config.layout == .auto)
    #expect(config.max == 4)
    #expect(config.doneLabel == nil && config.quickActionRules.doneLabel == "Done")
    #expect(config.snoozeDuration == 3600)
    #expect(config.dismissSnoozesFor == 3600)
    #expect(config.undoWindow == 10)
    #expect(config.order == [.priority, .due, .created])
    #expect(config.defaultList == Todo.defaultList, "the list `add` uses without reading a config")
    #expect(config.selectedLists.isEmpty && config.excludedLists.isEmpty)
    #expect(config.selectedTags.isEmpty && config.excludedTags.isEmpty)
    #expect(config.urgency == [.low: .low, .normal: .normal, .high: .normal])
    #expect(config.quickActionRules == QuickActionRules())
    #expect(config.launcherTerminal.isEmpty, "GNOME's \"more results\" runs nothing unless asked")
  }

  @Test func theAutoLayoutIsASummaryOnlyOnServersShowingOnePopupAtATime() {
    func server(_ name: String, _ vendor: String) -> NotificationServer {
      NotificationServer(name: name, vendor: vendor, version: "1", capabilities: ["actions"])
    }
    let config = AgentConfig.defaults
    #expect(config.quickActionRules(for: nil).layout == .auto)
    #expect(config.quickActionRules(for: server("Notification Daemon", "GNOME")).layout == .summary)
    #expect(config.quickActionRules(for: server("Notification Daemon", "MATE")).layout == .perTodo)
    #expect(config.quickActionRules(for: server("dunst", "knopwob")).layout == .perTodo)
    var chosen = config
    chosen.layout = .perTodo
    #expect(chosen.quickActionRules(for: server("Notification Daemon", "GNOME")).layout == .perTodo)
  }

  @Test func aFileOverridesOnlyWhatItSets() throws {
    let text = """
      [notifications]
      max = 2
      [actions]
      done_label = "Erledigt"
      dismiss_snoozes_for = "0s"
      [selection]
      order = ["due"]
      min_priority = "normal"
      """
    let (config, setKeys) = try ConfigParser.parse(text, file: "x.toml")
    #expect(config.max == 2 && config.doneLabel == "Erledigt" && config.dismissSnoozesFor == 0)
    #expect(config.order == [.due, .priority, .created])
    #expect(config.minPriority == .normal)
    #expect(config.snoozeLabel == nil && config.quickActionRules.snoozeLabel == "Snooze")
    #expect(Set(setKeys) == ["notifications.max", "actions.done_label", "actions.dismiss_snoozes_for", "selection.order", "selection.min_priority"])
  }

  @Test func theDefaultReminderIsADurationOrNoneAndLeadTimeIsItsOlderName() throws {
    #expect(AgentConfig.defaults.reminderDefault == 900)
    let none = try ConfigParser.parse("[reminders]\ndefault = \"none\"\n", file: "x.toml")
    #expect(none.config.reminderDefault == nil && none.config.quickActionRules.reminderLeadTime == nil)
    #expect(none.setKeys == ["reminders.default"])
    let older = try ConfigParser.parse("[reminders]\nlead_time = \"1h\"\n", file: "x.toml")
    #expect(older.config.reminderDefault == 3_600 && older.setKeys == ["reminders.default"])
    let loaded = LoadedConfig(config: none.config, setKeys: none.setKeys, source: ConfigSource(origin: .option, path: "x.toml"))
    #expect(loaded.rendered.contains("default = \"none\""))
    #expect(try ConfigParser.parse(loaded.rendered, file: "shown.toml").config == none.config)
    #expect(throws: ConfigErrors.self) { try ConfigParser.parse("[reminders]\ndefault = \"never\"\n", file: "x.toml") }
  }

  @Test func showOutputParsesBackToTheSameConfig() throws {
    var text = "[notifications]\nmax = 7\napp_name = \"a \\\"quoted\\\" name\"\n"
    text += "[storage]\ndatabase = \"~/todos.sqlite\"\n"
    let (config, setKeys) = try ConfigParser.parse(text, file: "x.toml")
    let loaded = LoadedConfig(config: config, setKeys: setKeys, source: ConfigSource(origin: .option, path: "x.toml"))
    let rendered = loaded.rendered
    #expect(rendered.contains("max = 7"))
    #expect(rendered.contains("# x.toml"))
    #expect(rendered.contains("# built-in default"))
    #expect(try ConfigParser.parse(rendered, file: "shown.toml").config == config)
  }
}

/// `[[sync.caldav]]` accounts: read in full, shown without their password, and a
/// password accepted only from a file no one else can read.
struct SyncAccountReaderTests {
  let text = """
    [[sync.caldav]]
    name = "personal"
    url = "https://dav.example.com/"
    username = "me"
    password_command = ["secret-tool", "lookup", "service", "quickdo"]
    calendars = ["Tasks", "/dav/me/shopping/"]
    interval = "15m"

    [[sync.caldav]]
    name = "work"
    url = "https://cloud.example.org/remote.php/dav/"
    username = "me@example.org"
    password = "s3cret"
    """

  @Test func accountsAreReadInFull() throws {
    let (config, setKeys) = try ConfigParser.parse(text, file: "config.toml", isPrivate: true)
    #expect(setKeys.contains("sync.caldav"))
    #expect(
      config.syncAccounts == [
        SyncAccount(
          name: "personal", url: URL(string: "https://dav.example.com/")!, username: "me",
          passwordCommand: ["secret-tool", "lookup", "service", "quickdo"],
          calendars: ["Tasks", "/dav/me/shopping/"], interval: 900),
        SyncAccount(
          name: "work", url: URL(string: "https://cloud.example.org/remote.php/dav/")!,
          username: "me@example.org", password: "s3cret"),
      ])
  }

  /// http:// carries the password in clear: accepted to this machine, or when the
  /// account says so; `timeout` and `ca_file` are read, and shown by `config show`.
  @Test func plainHTTPTimeoutAndCAFile() throws {
    func account(_ lines: String) throws -> SyncAccount? {
      let text = """
        [[sync.caldav]]
        name = "a"
        username = "me"
        password_command = ["true"]
        \(lines)
        """
      return try ConfigParser.parse(text, file: "config.toml").config.syncAccounts.first
    }
    #expect(throws: ConfigErrors.self) { try account("url = \"http://dav.example.com/\"") }
    #expect(try account("url = \"http://dav.example.com/\"\nallow_insecure = true")?.allowInsecure == true)
    for loopback in ["http://127.0.0.1:5232/", "http://localhost/dav/", "http://[::1]:8080/"] {
      #expect(try account("url = \"\(loopback)\"")?.allowInsecure == false, "\(loopback)")
    }
    let ca = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-ca-\(UUID()).pem").path
    try "not checked here".write(toFile: ca, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: ca) }
    let read = try #require(try account("url = \"https://dav.example.com/\"\ntimeout = \"90s\"\nca_file = \"\(ca)\""))
    #expect(read.timeout == 90)
    #expect(read.caFile == ca)
    #expect(try account("url = \"https://dav.example.com/\"")?.timeout == 60)
  }

  @Test func aPasswordIsRefusedFromAFileOthersCanRead() throws {
    #expect(throws: ConfigErrors.self) { try ConfigParser.parse(text, file: "config.toml") }
  }

  @Test func configShowLeavesThePasswordOutAndParsesBack() throws {
    let (config, setKeys) = try ConfigParser.parse(text, file: "config.toml", isPrivate: true)
    let shown = LoadedConfig(config: config, setKeys: setKeys, source: ConfigSource(origin: .option, path: "config.toml")).rendered
    #expect(!shown.contains("s3cret"))
    #expect(shown.contains("# password: set in the file, not shown"))
    var expected = config
    expected.syncAccounts[1].password = nil
    expected.syncAccounts[1].passwordCommand = []
    let withoutSecondPassword = shown.replacingOccurrences(
      of: "# password: set in the file, not shown", with: "password_command = [\"true\"]")
    var reparsed = try ConfigParser.parse(withoutSecondPassword, file: "shown.toml").config
    reparsed.syncAccounts[1].passwordCommand = []
    #expect(reparsed == expected)
  }

  @Test func theParserTellsAPrivateFileFromAShared() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-private-\(UUID()).toml").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    chmod(path, 0o600)
    #expect(try ConfigParser.parseFile(at: path).config.syncAccounts.count == 2)
    chmod(path, 0o640)
    #expect(throws: ConfigErrors.self) { try ConfigParser.parseFile(at: path) }
  }
}
