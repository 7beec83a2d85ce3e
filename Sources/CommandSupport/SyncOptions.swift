import ArgumentParser
import Localization

/// What `quickdo sync` takes. Declared here, where both the `quickdo sync` subcommand
/// (help, completions, parsing) and the `quickdo-sync` program, which runs it, read it.
package struct SyncOptions: ParsableArguments {
  @OptionGroup package var global: GlobalOptions
  @Flag(help: ArgumentHelp(tr("Show what would be fetched and sent, and change nothing on either side.")))
  package var dryRun = false
  @Flag(help: ArgumentHelp(tr("Show each calendar's last sync, its outcome, the changes waiting to be sent and the todos the server refused.")))
  package var status = false
  @Flag(help: ArgumentHelp(tr("Send again the todos the server refused, even those that did not change here since.")))
  package var retry = false

  package init() {}

  package func validate() throws {
    if dryRun && status { throw ValidationError(tr("--dry-run and --status cannot be used together")) }
    if retry && (status || dryRun) { throw ValidationError(tr("--retry cannot be used with --status or --dry-run")) }
  }

  package static let abstract = tr("Sync todos with the CalDAV accounts in the config ([[sync.caldav]]).")
  package static let discussion = tr(
    "A one-shot sync of every account, both ways, with a line per calendar. The agent also syncs at start, every account's interval, and shortly after a local change. A todo the server refuses is kept here and set aside, with a line saying why, until it changes here or --retry. Exit codes: 2 partly done (some todos refused), 65 bad config, 69 server unreachable, 76 an answer quickdo cannot use, 77 the server refused the password.")

  /// One account only, its outcome as JSON lines on stdout (each calendar's `SyncReport`,
  /// or `{"error": …}`): how the agent has the `quickdo-sync` program sync for it.
  @Option(help: .hidden) package var account: String?
  @Flag(help: .hidden) package var json = false

  /// What the sync is asked to do.
  package var settings: SyncSettings {
    SyncSettings(
      database: global.database, config: global.config, dryRun: dryRun, status: status, retry: retry, account: account,
      json: json)
  }
}
