import ArgumentParser
import Foundation
import Models
import TodoStorageClient

/// An error the CLI reports as one sentence on stderr, with a sysexits exit code.
package struct CLIError: Error, CustomStringConvertible {
  package enum Code: Int32 {
    case notFound = 1
    /// `quickdo sync` was partly done: the server refused some todos, which are kept here
    /// and set aside; the rest synced.
    case partlyDone = 2
    case usage = 64
    case dataError = 65
    case noInput = 66
    case unavailable = 69
    /// A file quickdo needs is missing (the `quickdo-sync` program).
    case osFile = 72
    case cannotCreate = 73
    case ioError = 74
    /// Try again later: another agent already serves the database.
    case tempFailure = 75
    /// A CalDAV server's answer could not be used (not XML, too large, a redirect that
    /// would drop encryption).
    case protocolError = 76
    /// A CalDAV server refused the username and password.
    case noPermission = 77
  }

  package var message: String
  package var code: Code

  package init(_ message: String, code: Code) {
    self.message = message
    self.code = code
  }

  package var description: String { message }
}

/// Runs a command body; a `CLIError` or `StorageError` becomes a message on stderr and its
/// exit code. Errors from ArgumentParser (usage, help) pass through unchanged.
package func reportingErrors(_ body: () async throws -> Void) async throws {
  do {
    try await body()
  } catch let error as CLIError {
    printError(error.message)
    throw ExitCode(error.code.rawValue)
  } catch let error as StorageError {
    printError(error.message)
    throw ExitCode(CLIError.Code.ioError.rawValue)
  }
}

/// One message on stderr, its user text (titles, typed values, paths) made visible.
package func printError(_ message: String) {
  FileHandle.standardError.write(Data("quickdo: \(TerminalText.visibleLines(message))\n".utf8))
}
