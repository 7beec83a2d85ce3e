import AgentConfig
import Foundation
import Models
import NotificationClient
import Testing

/// data/config.toml is the one source of the defaults: it parses, sets every key, matches
/// the file in the source tree byte for byte, and gives the rules the agent always had.
struct BuiltInConfigTests {
  @Test func theBuiltInTextIsDataConfigToml() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../data/config.toml")
    #expect(try String(contentsOf: file, encoding: .utf8) == AgentConfig.builtInText)
  }

  @Test func theBuiltInFileSetsEveryKey() throws {
    let (_, setKeys) = try ConfigParser.parse(AgentConfig.builtInText, file: "config.toml")
    #expect(setKeys.count == 23)
  }

  @Test func defaultsAreTheDocumentedOnes() {
    let config = AgentConfig.defaults
    #expect(config.layout == .auto)
    #expect(config.max == 4)
    #expect(config.doneLabel == "Done")
    #expect(config.snoozeDuration == 3600)
    #expect(config.dismissSnoozesFor == 3600)
    #expect(config.undoWindow == 10)
    #expect(config.order == [.priority, .due, .created])
    #expect(config.urgency == [.low: .low, .normal: .normal, .high: .normal])
    #expect(config.quickActionRules == QuickActionRules())
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
    #expect(config.snoozeLabel == "Snooze")
    #expect(Set(setKeys) == ["notifications.max", "actions.done_label", "actions.dismiss_snoozes_for", "selection.order", "selection.min_priority"])
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
