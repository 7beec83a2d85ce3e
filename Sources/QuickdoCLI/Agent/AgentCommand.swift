import ArgumentParser
import CommandSupport
import QuickdoAgent

/// `quickdo agent`: the agent, in this process. libnotify and GLib load when it first
/// calls them (Sources/CLoadOnUse), so the other commands start without them.
struct AgentCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "agent", abstract: AgentOptions.abstract, discussion: AgentOptions.discussion)

  @OptionGroup var options: AgentOptions

  func run() async throws {
    try await reportingErrors { try await AgentMain.run(options) }
  }
}
