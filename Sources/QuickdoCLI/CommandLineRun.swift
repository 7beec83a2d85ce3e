import ArgumentParser
import CommandSupport
import Foundation
import Models

#if canImport(Glibc)
  import Glibc
#endif

extension Quickdo {
  /// Runs quickdo with the process's arguments, global options placed for ArgumentParser.
  /// ArgumentParser's own messages (which quote what was typed) are printed with their
  /// control characters made visible, as every other message is.
  public static func runFromCommandLine() async {
    StandardStreams.keepReserved()
    let arguments = GlobalOptionsPlacement.normalize(Array(CommandLine.arguments.dropFirst()))
    do {
      var command = try parseAsRoot(arguments)
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if !message.isEmpty {
        // Help, the version and completion scripts go out as they are; an error quotes
        // what was typed.
        let text = code == .success ? message : TerminalText.visibleLines(message)
        let stream = code == .success ? FileHandle.standardOutput : FileHandle.standardError
        stream.write(Data((text + "\n").utf8))
      }
      Glibc.exit(code.rawValue)
    }
  }
}
