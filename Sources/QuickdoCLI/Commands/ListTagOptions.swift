import ArgumentParser
import CommandSupport
import Foundation
import Localization
import Models

/// What `add` and `edit` take to put a todo in a list, tag it and make it a subtask.
struct ListTagOptions: ParsableArguments {
  @Option(help: ArgumentHelp(tr("The list it goes to (quickdo lists shows them)."), valueName: "name"))
  var list: String?
  @Option(name: .customLong("tag"), help: ArgumentHelp(tr("A tag; give it again for more."), valueName: "tag"))
  var tags: [String] = []
  @Option(
    help: ArgumentHelp(
      tr("The todo it is a subtask of (an id or a unique prefix; 'none' for no parent); it joins that todo's list."),
      valueName: "id"))
  var parent: String?

  /// The list named, checked.
  func checkedList() throws -> String? { try list.map { try validName($0, "list") } }

  /// The tags given, checked, each once.
  func checkedTags() throws -> [String] { try Self.unique(tags.map { try validName($0, "tag") }) }

  static func unique(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }
}

/// A list or tag name as typed: not empty, no control or format characters (exit 65).
func validName(_ text: String, _ kind: String) throws -> String {
  let name = text.trimmingCharacters(in: .whitespaces)
  guard !name.isEmpty else {
    throw CLIError(kind == "tag" ? tr("the tag name is empty") : tr("the list name is empty"), code: .dataError)
  }
  guard !TerminalText.hasInvisibles(name) else {
    let shown = TerminalText.visible(name)
    throw CLIError(
      kind == "tag"
        ? tr("the tag name '%s' contains control or format characters", shown)
        : tr("the list name '%s' contains control or format characters", shown),
      code: .dataError)
  }
  return name
}
