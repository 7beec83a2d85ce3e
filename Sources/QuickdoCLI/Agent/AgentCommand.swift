import ArgumentParser
import CommandSupport
import QuickdoAgent
import SyncImage

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

/// `quickdo sync`: runs sync's command, with the HTTP client, TLS and XML code it needs, in
/// this process: from the Debian package's sync image (`SyncImage`), or else by exec'ing
/// the `quickdo-sync` program. The CLI's other commands start without that code.
struct SyncCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync", abstract: SyncOptions.abstract, discussion: SyncOptions.discussion)

  @OptionGroup var options: SyncOptions

  func run() async throws {
    let arguments = options.settings.arguments
    if SyncImage.start(arguments: arguments) { await SyncImage.waitForExit() }
    try await reportingErrors { try HelperProgram.sync.exec(arguments: arguments) }
  }
}
