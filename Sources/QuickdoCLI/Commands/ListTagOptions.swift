import ArgumentParser
import CommandSupport
import Foundation
import Models

/// What `add` and `edit` take to put a todo in a list, tag it and make it a subtask.
struct ListTagOptions: ParsableArguments {
  @Option(help: ArgumentHelp("The list it goes to (quickdo lists shows them).", valueName: "name"))
  var list: String?
  @Option(name: .customLong("tag"), help: ArgumentHelp("A tag; give it again for more.", valueName: "tag"))
  var tags: [String] = []
  @Option(
    help: ArgumentHelp(
      "The todo it is a subtask of (an id or a unique prefix; 'none' for no parent); it joins that todo's list.",
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
  guard !name.isEmpty else { throw CLIError("the \(kind) name is empty", code: .dataError) }
  guard !TerminalText.hasInvisibles(name) else {
    throw CLIError("the \(kind) name '\(TerminalText.visible(name))' contains control or format characters", code: .dataError)
  }
  return name
}
