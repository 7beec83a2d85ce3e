import ArgumentParser
import Localization

/// What `quickdo agent` takes. Declared here, where both the `quickdo agent` subcommand
/// (help, completions, parsing) and the agent read it.
package struct AgentOptions: ParsableArguments {
  @OptionGroup package var global: GlobalOptions
  @Option(help: ArgumentHelp(tr("What to log on stderr: trace, debug, info, notice, warning, error or critical.")))
  package var logLevel: AgentLogLevel = .info
  @Flag(help: ArgumentHelp(tr("Write every action the store receives to stdout, one JSON object per line.")))
  package var logActions = false

  package init() {}

  package static let abstract =
    tr("Show pending todos as desktop notifications with buttons (foreground).")
  package static let discussion = tr(
    "Needs a D-Bus session bus with a notification server (any desktop has one). It follows changes made by other quickdo processes, and closes its notifications on SIGINT or SIGTERM. It exits with status 69 when the session bus closes.")
}

/// `--log-level`: swift-log's levels (the agent maps them onto `Logger.Level`).
package enum AgentLogLevel: String, ExpressibleByArgument, Sendable, CaseIterable {
  case trace, debug, info, notice, warning, error, critical
}
