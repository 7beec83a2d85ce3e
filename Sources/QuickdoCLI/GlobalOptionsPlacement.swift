/// The contract is `quickdo [--db PATH] [--config PATH] <command> …`, but ArgumentParser only
/// accepts a subcommand's options after its name. This moves global options found before
/// the subcommand to just after it, so both placements work.
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
    return [arguments[index]] + leading + arguments[(index + 1)...]
  }
}

extension Quickdo {
  /// Runs quickdo with the process's arguments, global options placed for ArgumentParser.
  public static func runFromCommandLine() async {
    await main(GlobalOptionsPlacement.normalize(Array(CommandLine.arguments.dropFirst())))
  }
}
