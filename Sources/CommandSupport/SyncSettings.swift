/// What one sync is asked to do, as plain values: what `SyncOptions` read from a command
/// line, and the line (`arguments`) the agent has a sync run with.
package struct SyncSettings: Equatable, Sendable {
  package var database: String?
  package var config: String?
  package var dryRun = false
  package var status = false
  package var retry = false
  /// One account only, with its outcome as JSON lines (how the agent has it sync).
  package var account: String?
  package var json = false

  package init(
    database: String? = nil, config: String? = nil, dryRun: Bool = false, status: Bool = false, retry: Bool = false,
    account: String? = nil, json: Bool = false
  ) {
    self.database = database
    self.config = config
    self.dryRun = dryRun
    self.status = status
    self.retry = retry
    self.account = account
    self.json = json
  }

  /// The arguments of `quickdo sync` that ask for this sync.
  package var arguments: [String] {
    var arguments: [String] = []
    if let database { arguments += ["--db", database] }
    if let config { arguments += ["--config", config] }
    if dryRun { arguments.append("--dry-run") }
    if status { arguments.append("--status") }
    if retry { arguments.append("--retry") }
    if let account { arguments += ["--account", account] }
    if json { arguments.append("--json") }
    return arguments
  }

  /// Where the database and the config are, as the global options would say.
  package var locations: FileLocations { FileLocations(database: database, config: config) }
}
