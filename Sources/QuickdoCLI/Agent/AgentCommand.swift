import ArgumentParser
import CommandSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `quickdo agent`: runs the `quickdo-agent` program installed beside `quickdo`, in this
/// process (exec), so the agent keeps this process id for signals and service managers.
/// The agent is a program of its own because it links libnotify, GIO, GLib and
/// gdk-pixbuf: loading and initialising them costs every process ~3 ms, which the CLI
/// commands should not pay.
struct AgentCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "agent", abstract: AgentOptions.abstract, discussion: AgentOptions.discussion)

  @OptionGroup var options: AgentOptions

  func run() async throws {
    try await reportingErrors {
      try AgentProgram.exec(arguments: options.arguments)
    }
  }
}

/// `quickdo sync`: runs in the `quickdo-agent` program (exec), which links the HTTP and
/// XML code sync needs; the CLI's other commands start without loading them.
struct SyncCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync", abstract: SyncOptions.abstract, discussion: SyncOptions.discussion)

  @OptionGroup var options: SyncOptions

  func run() async throws {
    try await reportingErrors {
      try AgentProgram.exec(arguments: options.arguments)
    }
  }
}

/// Finds and starts the `quickdo-agent` program.
enum AgentProgram {
  static let name = "quickdo-agent"

  /// `quickdo-agent` in the directory of the `quickdo` binary at `binary`.
  static func path(beside binary: String) -> String {
    URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent(name).path
  }

  /// Where the agent program of the `quickdo` at `binary` is: beside it (a source build),
  /// else in `../libexec/quickdo/` (the Debian package: /usr/bin and /usr/libexec/quickdo).
  static func path(for binary: String) -> String {
    let beside = path(beside: binary)
    let packaged = URL(fileURLWithPath: binary).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("libexec/quickdo/\(name)").path
    return access(beside, X_OK) != 0 && access(packaged, X_OK) == 0 ? packaged : beside
  }

  /// Replaces this process with the agent of the running `quickdo` (symlinks resolved, so
  /// a `quickdo` linked into ~/.local/bin still finds its agent); returns only by throwing.
  static func exec(arguments: [String]) throws -> Never {
    let program = path(for: try RunningBinary.path())
    guard access(program, X_OK) == 0 else {
      throw CLIError(
        "the agent program \(program) is missing or not executable; it is built with quickdo (swift build --product \(name)) and must stay beside it",
        code: .osFile)
    }
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    execv(program, argv)
    throw CLIError(
      "cannot start the agent program \(program): \(String(cString: strerror(errno)))",
      code: .osFile)
  }
}
