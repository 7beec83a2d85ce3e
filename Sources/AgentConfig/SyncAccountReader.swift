import Foundation
import Localization
import Models
import SyncClient
import TOMLKit

/// Reads the `[[sync.caldav]]` tables: each key checked like the rest of the file, each
/// problem named by its key (`sync.caldav[2].url`).
struct SyncAccountReader {
  static let keys = [
    "name", "url", "username", "password_command", "password", "calendars", "interval",
    "default_calendar", "timeout", "ca_file", "allow_insecure", "push", "push_interval",
  ]

  /// Whether the file may hold a password (readable by its owner only).
  let isPrivate: Bool

  /// The accounts, or the problems as (key path, message).
  func read(_ value: TOMLValueConvertible) -> ([SyncAccount], [(String, String)]) {
    guard let array = value.array, array.allSatisfy({ $0.table != nil }) else {
      return ([], [("sync.caldav", tr("must be written as [[sync.caldav]] tables, not %s", describe(value)))])
    }
    var accounts: [SyncAccount] = []
    var problems: [(String, String)] = []
    var names: Set<String> = []
    for (index, element) in array.enumerated() {
      let prefix = "sync.caldav[\(index + 1)]"
      let (account, found) = read(element.table!, prefix: prefix)
      problems += found
      if let name = element.table?["name"]?.string, !names.insert(name).inserted {
        problems.append(("\(prefix).name", tr("\"%s\" names another account too; names must differ", name)))
      }
      if let account { accounts.append(account) }
    }
    if accounts.count(where: { $0.defaultCalendar != nil }) > 1 {
      let second = array.indices.filter { array[$0].table?["default_calendar"] != nil }[1]
      problems.append(("sync.caldav[\(second + 1)].default_calendar", tr("only one account may take the todos added here; another sets default_calendar too")))
    }
    return (accounts, problems)
  }

  func read(_ table: TOMLTable, prefix: String) -> (SyncAccount?, [(String, String)]) {
    var problems: [(String, String)] = []
    func problem(_ key: String, _ message: String) { problems.append(("\(prefix).\(key)", message)) }
    for key in table.keys where !Self.keys.contains(key) {
      let hint = Suggestion.closest(to: key, in: Self.keys).map { tr("; did you mean \"%s\"?", $0) } ?? ""
      problem(key, tr("unknown key in [[sync.caldav]]%s (known: %s)", hint, Self.keys.joined(separator: ", ")))
    }
    func text(_ key: String, required: Bool) -> String? {
      guard let value = table[key] else {
        if required { problem(key, tr("is required")) }
        return nil
      }
      guard let string = value.string else {
        problem(key, tr("must be a string, not %s", describe(value)))
        return nil
      }
      if string.isEmpty || TerminalText.hasInvisibles(string) {
        problem(key, string.isEmpty ? tr("must not be empty") : tr("must not contain control or format characters"))
        return nil
      }
      return string
    }
    func list(_ key: String) -> [String]? {
      guard let value = table[key] else { return nil }
      guard let array = value.array, let strings = Optional(array.compactMap(\.string)),
        strings.count == array.count, strings.allSatisfy({ !$0.isEmpty && !TerminalText.hasInvisibles($0) })
      else {
        problem(key, tr("must be a list of non-empty strings, not %s", describe(value)))
        return nil
      }
      return strings
    }
    let name = text("name", required: true)
    let urlText = text("url", required: true)
    var url: URL?
    if let urlText {
      url = URL(string: urlText)
      if url?.host == nil || !["http", "https"].contains(url?.scheme?.lowercased() ?? "") {
        problem("url", tr("must be an http:// or https:// address, not \"%s\"", urlText))
        url = nil
      } else if url?.user != nil || url?.password != nil {
        problem("url", tr("must not hold a username or password; use username and password_command"))
        url = nil
      }
    }
    let username = text("username", required: true)
    let command = list("password_command")
    if command?.isEmpty == true { problem("password_command", tr("must name a program")) }
    var password: String?
    if let value = table["password"] {
      if !isPrivate {
        problem("password", tr("a password may be written only in a file no one else can read (chmod 600); use password_command instead"))
      } else if let string = value.string, !string.isEmpty {
        password = string
      } else {
        problem("password", tr("must be a non-empty string"))
      }
    }
    if table["password_command"] == nil, table["password"] == nil {
      problem("password_command", tr("is required (a program that prints the password, such as [\"secret-tool\", \"lookup\", \"service\", \"quickdo\"])"))
    } else if table["password_command"] != nil, table["password"] != nil {
      problem("password", tr("cannot be set together with password_command; keep one"))
    }
    let calendars = list("calendars") ?? []
    var interval: TimeInterval = 300
    if let value = table["interval"] {
      if let text = value.string, let seconds = ConfigDuration.seconds(text), (60...86_400).contains(seconds) {
        interval = seconds
      } else {
        problem("interval", tr("must be a duration from \"1m\" to \"1d\", such as \"5m\", not %s", describe(value)))
      }
    }
    let defaultCalendar = text("default_calendar", required: false)
    var timeout: TimeInterval = 60
    if let value = table["timeout"] {
      if let text = value.string, let seconds = ConfigDuration.seconds(text), (1...600).contains(seconds) {
        timeout = seconds
      } else {
        problem("timeout", tr("must be a duration from \"1s\" to \"10m\", such as \"1m\", not %s", describe(value)))
      }
    }
    let caFile = text("ca_file", required: false)
    if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
      problem("ca_file", tr("%s cannot be read; it must be a PEM file of CA certificates", caFile))
    }
    var allowInsecure = false
    if let value = table["allow_insecure"] {
      if let flag = value.bool { allowInsecure = flag } else { problem("allow_insecure", tr("must be true or false, not %s", describe(value))) }
    }
    if let url, url.scheme?.lowercased() == "http", !allowInsecure, !Self.isLoopback(url.host ?? "") {
      problem(
        "url",
        tr("\"%s\" would send the password unencrypted over the network; use https://, or set allow_insecure = true for this account", url.absoluteString))
    }
    var push = true
    if let value = table["push"] {
      switch value.string {
      case "auto"?: push = true
      case "off"?: push = false
      default: problem("push", tr("must be \"auto\" or \"off\", not %s", describe(value)))
      }
    }
    var pushInterval: TimeInterval = 1800
    if let value = table["push_interval"] {
      if let text = value.string, let seconds = ConfigDuration.seconds(text), (60...86_400).contains(seconds) {
        pushInterval = seconds
      } else {
        problem("push_interval", tr("must be a duration from \"1m\" to \"1d\", such as \"30m\", not %s", describe(value)))
      }
    }
    guard problems.isEmpty, let name, let url, let username else { return (nil, problems) }
    return (
      SyncAccount(
        name: name, url: url, username: username, passwordCommand: command ?? [], password: password,
        calendars: calendars, interval: interval, defaultCalendar: defaultCalendar, timeout: timeout,
        caFile: caFile, allowInsecure: allowInsecure, push: push, pushInterval: pushInterval),
      problems
    )
  }

  /// Whether `host` is this machine (an http:// URL to it never crosses a network).
  static func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased().trimmingCharacters(in: ["[", "]"])
    return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host.hasPrefix("127.")
  }
}
