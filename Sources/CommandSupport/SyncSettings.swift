/// What one sync is asked to do, as plain values: `SyncOptions` gives them after
/// ArgumentParser read a command line, and ``init(plainLine:)`` reads the common lines
/// without it.
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

  /// A plain sync line: `--db` and `--config` with their values (`--db PATH` or
  /// `--db=PATH`), and at most one of `--dry-run`, `--status` and `--retry`, every form
  /// of which `SyncOptions` reads the same way. Nil for any other line (help, the agent's
  /// hidden options, a typo, a combination to refuse), which ArgumentParser reads instead.
  ///
  /// It serves the no-change sync's time, of which ArgumentParser's first parse in a
  /// process (the runtime's first lookups of the options' types) is a large part.
  package init?(plainLine arguments: some Collection<String>) {
    self.init()
    var rest = arguments[...]
    var flags = 0
    while let argument = rest.popFirst() {
      switch argument {
      case "--db", "--config":
        guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
        if argument == "--db" { database = value } else { config = value }
      case _ where argument.hasPrefix("--db="): database = String(argument.dropFirst("--db=".count))
      case _ where argument.hasPrefix("--config="): config = String(argument.dropFirst("--config=".count))
      case "--dry-run": dryRun = true
      case "--status": status = true
      case "--retry": retry = true
      default: return nil
      }
      if ["--dry-run", "--status", "--retry"].contains(argument) { flags += 1 }
    }
    guard flags <= 1 else { return nil }
  }

  /// The command line of the `quickdo-sync` program that does this sync.
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
