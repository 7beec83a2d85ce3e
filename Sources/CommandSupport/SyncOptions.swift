import ArgumentParser

/// What `quickdo sync` takes. Declared here, where both the `quickdo sync` subcommand
/// (help, completions, parsing) and the `quickdo-sync` program, which runs it, read it.
package struct SyncOptions: ParsableArguments {
  @OptionGroup package var global: GlobalOptions
  @Flag(help: "Show what would be fetched and sent, and change nothing on either side.")
  package var dryRun = false
  @Flag(help: "Show each calendar's last sync, its outcome and the changes waiting to be sent.")
  package var status = false

  package init() {}

  package func validate() throws {
    if dryRun && status { throw ValidationError("--dry-run and --status cannot be used together") }
  }

  package static let abstract = "Sync todos with the CalDAV accounts in the config ([[sync.caldav]])."
  package static let discussion = """
    A one-shot sync of every account, both ways, with a line per calendar. The agent also \
    syncs at start, every account's interval, and shortly after a local change. Exit codes: \
    65 bad config, 69 server unreachable or unusable, 77 the server refused the password.
    """

  /// One account only, its outcome as JSON lines on stdout (each calendar's `SyncReport`,
  /// or `{"error": …}`): how the agent has the `quickdo-sync` program sync for it.
  @Option(help: .hidden) package var account: String?
  @Flag(help: .hidden) package var json = false

  /// The options as command-line arguments again, for the `quickdo-sync` program.
  package var arguments: [String] {
    var arguments: [String] = []
    if let database = global.database { arguments += ["--db", database] }
    if let config = global.config { arguments += ["--config", config] }
    if dryRun { arguments.append("--dry-run") }
    if status { arguments.append("--status") }
    return arguments
  }
}
