import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where this process's executable is, symlinks resolved (`/proc/self/exe`): what
/// `quickdo install` writes into the desktop files, and where `quickdo-sync` is looked for.
package enum RunningBinary {
  package static func path(hint: String = "") throws -> String {
    do {
      return try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    } catch {
      throw CLIError("cannot tell where this binary is (\(error))\(hint)", code: .ioError)
    }
  }
}

/// `quickdo-sync`, the program of quickdo's besides `quickdo`, kept apart because its HTTP
/// client, TLS and their many Swift conformances would slow every CLI command's start and
/// weigh on the agent's memory. It is found beside the running binary (a source build) or
/// in `../libexec/quickdo/` (the Debian package: /usr/bin and /usr/libexec/quickdo).
package struct HelperProgram: Sendable {
  package let name: String

  package static let sync = HelperProgram(name: "quickdo-sync")

  /// The program in the directory of the binary at `binary`.
  package func path(beside binary: String) -> String {
    URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent(name).path
  }

  /// Where the program that goes with the binary at `binary` is.
  package func path(for binary: String) -> String {
    let beside = path(beside: binary)
    let packaged = URL(fileURLWithPath: binary).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("libexec/quickdo/\(name)").path
    return access(beside, X_OK) != 0 && access(packaged, X_OK) == 0 ? packaged : beside
  }

  /// The program of the running binary, checked to be there.
  package func located() throws -> String {
    let program = path(for: try RunningBinary.path())
    guard access(program, X_OK) == 0 else {
      throw CLIError(
        "the program \(program) is missing or not executable; it is built with quickdo (swift build --product \(name)) and must stay beside it",
        code: .osFile)
    }
    return program
  }

  /// Replaces this process with the program (symlinks resolved, so a `quickdo` linked into
  /// ~/.local/bin still finds it); returns only by throwing.
  package func exec(arguments: [String]) throws -> Never {
    let program = try located()
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    execv(program, argv)
    throw CLIError(
      "cannot start the program \(program): \(String(cString: strerror(errno)))", code: .osFile)
  }
}
