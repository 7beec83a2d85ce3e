import ArgumentParser
import CommandSupport
import Foundation
import Localization
import Models
import TodoStorageClient

/// `quickdo lists`: every list with where it lives and its counts, as text or JSON.
struct ListsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lists", abstract: tr("Show the lists: each calendar's and the local ones, with counts."))

  @OptionGroup var global: GlobalOptions
  @Flag(help: ArgumentHelp(tr("A JSON array: name, account, calendar, pending, total."))) var json = false

  func run() async throws {
    try await reportingErrors { try await Self.show(json: json, options: global) }
  }

  @MainActor
  static func show(json: Bool, options: GlobalOptions) async throws {
    let session = try TodoSession(options: options)
    var lists = try await session.storage.lists()
    let defaultList = try await session.defaultList(options: options)
    if !lists.contains(where: { $0.name == defaultList }) {
      lists.append(TodoList(name: defaultList))
      lists.sort { $0.name < $1.name }
    }
    if json {
      var out: [UInt8] = [UInt8(ascii: "[")]
      for (index, list) in lists.enumerated() {
        if index > 0 { out += Array(",".utf8) }
        out += Array("{\"account\":".utf8)
        if let account = list.account { JSONBytes.quote(account, &out) } else { out += Array("null".utf8) }
        out += Array(",\"calendar\":".utf8)
        if let url = list.url { JSONBytes.quote(url, &out) } else { out += Array("null".utf8) }
        out += Array(",\"name\":".utf8)
        JSONBytes.quote(list.name, &out)
        out += Array(",\"pending\":\(list.pending),\"total\":\(list.total)}".utf8)
      }
      out += Array("]\n".utf8)
      try StandardOutput.write(out)
      return
    }
    let width = min(40, lists.map { TerminalText.visible($0.name).count }.max() ?? 0)
    var out = ""
    for list in lists {
      let name = TerminalText.visible(list.name)
      let place = list.account.map { "\(TerminalText.visible($0)): \(TerminalText.visible(list.url ?? ""))" } ?? tr("local")
      let padding = String(repeating: " ", count: max(0, width - name.count))
      // TRANSLATORS: a list's counts in `quickdo lists`: "3 pending of 5".
      out += name + padding + "  " + trn("%d pending of %d", "%d pending of %d", list.total, list.pending, list.total)
      out += "  " + place + (list.name == defaultList ? "  " + tr("(default)") + "\n" : "\n")
    }
    try StandardOutput.write(Array(out.utf8))
  }
}
