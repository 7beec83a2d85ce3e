import ArgumentParser
import CommandSupport

/// The contract is `quickdo [--db PATH] [--config PATH] <command> …`, but ArgumentParser only
/// accepts a subcommand's options after its name. This moves global options found before
/// the subcommand to just after its full name (`config show`, not only `config`), so both
/// placements work.
enum GlobalOptionsPlacement {
  static let globalOptions = ["--db", "--config"]  // an array: no Set (hashing) at start-up

  static func normalize(_ arguments: [String]) -> [String] {
    var leading: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      guard globalOptions.contains(name) else { break }
      leading.append(argument)
      if !argument.contains("="), index + 1 < arguments.count {
        leading.append(arguments[index + 1])
        index += 1
      }
      index += 1
    }
    guard !leading.isEmpty, index < arguments.count else { return arguments }
    // The subcommand's name, and its own subcommand's name while there is one.
    var end = index + 1
    var command = subcommand(named: arguments[index], of: Quickdo.self)
    while let current = command, end < arguments.count,
      let next = subcommand(named: arguments[end], of: current)
    {
      command = next
      end += 1
    }
    return Array(arguments[index..<end]) + leading + arguments[end...]
  }

  static func subcommand(
    named name: String, of command: any ParsableCommand.Type
  ) -> (any ParsableCommand.Type)? {
    command.configuration.subcommands.first { $0.configuration.commandName == name }
  }
}
