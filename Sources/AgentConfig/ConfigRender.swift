import Foundation
import Localization
import Models
import SyncClient

extension LoadedConfig {
  /// The effective configuration as TOML, in the built-in file's order, each value with
  /// where it came from (`quickdo config show`).
  public var rendered: String {
    // A key the built-in file leaves unset is there as a comment (`# done_label = "Done"`):
    // it is shown in that place.
    let builtIn = AgentConfig.builtInText.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix("# ") && line.dropFirst(2).first?.isLetter == true && line.contains(" = ") ? line.dropFirst(2) : line
    }
    let locator = KeyLocator(text: builtIn.joined(separator: "\n"))
    let paths = ConfigSchema.fields.keys.sorted { (locator.line(of: $0) ?? .max) < (locator.line(of: $1) ?? .max) }
    var out = tr("# effective configuration; file: %s\n", source)
    var section = ""
    for path in paths {
      let parts = path.split(separator: ".")
      let table = parts.dropLast().joined(separator: ".")
      if table != section {
        out += "\n[\(table)]\n"
        section = table
      }
      let field = ConfigSchema.fields[path]!
      // An unset label is shown as the comment the built-in file has, so the output parses
      // back to the same configuration.
      let line = (field.isUnset(config) ? "# " : "") + "\(parts.last!) = \(field.render(config))"
      let origin = setKeys.contains(path) ? (source.path ?? tr("built-in default")) : tr("built-in default")
      out += line.padding(toLength: max(line.count, 40), withPad: " ", startingAt: 0) + "  # \(origin)\n"
    }
    for account in config.syncAccounts { out += "\n" + Self.render(account) }
    return out
  }

  /// A `[[sync.caldav]]` table as TOML, its password (if the file holds one) left out.
  static func render(_ account: SyncAccount) -> String {
    func list(_ items: [String]) -> String { "[" + items.map { quoted($0) }.joined(separator: ", ") + "]" }
    var out = "[[sync.caldav]]\n"
    out += "name = \(quoted(account.name))\n"
    out += "url = \(quoted(account.url.absoluteString))\n"
    out += "username = \(quoted(account.username))\n"
    if account.password != nil {
      out += tr("# password: set in the file, not shown\n")
    } else {
      out += "password_command = \(list(account.passwordCommand))\n"
    }
    if !account.calendars.isEmpty { out += "calendars = \(list(account.calendars))\n" }
    out += "interval = \(quoted(QuickDuration.format(account.interval)))\n"
    if let calendar = account.defaultCalendar { out += "default_calendar = \(quoted(calendar))\n" }
    out += "timeout = \(quoted(QuickDuration.format(account.timeout)))\n"
    if let caFile = account.caFile { out += "ca_file = \(quoted(caFile))\n" }
    if account.allowInsecure { out += "allow_insecure = true\n" }
    out += "push = \(quoted(account.push ? "auto" : "off"))\n"
    out += "push_interval = \(quoted(QuickDuration.format(account.pushInterval)))\n"
    return out
  }
}
