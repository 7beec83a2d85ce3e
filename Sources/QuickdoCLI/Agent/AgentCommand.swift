import ArgumentParser
import CommandSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `quickdo agent`: runs the `quickdo-agent` program installed beside `quickdo`, in this
/// process (exec), so the agent keeps this process id for signals and service managers.
/// The agent is a program of its own because it links libnotify, GIO, GLib and
/// gdk-pixbuf: loading and initialising them is a start-up cost the CLI commands should
/// not pay.
struct AgentCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "agent", abstract: AgentOptions.abstract, discussion: AgentOptions.discussion)

  @OptionGroup var options: AgentOptions

  func run() async throws {
    try await reportingErrors {
      try HelperProgram.agent.exec(arguments: options.arguments)
    }
  }
}

/// `quickdo sync`: runs the `quickdo-sync` program in this process (exec), which links the
/// HTTP and XML code sync needs; the CLI's other commands start without loading them.
struct SyncCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync", abstract: SyncOptions.abstract, discussion: SyncOptions.discussion)

  @OptionGroup var options: SyncOptions

  func run() async throws {
    try await reportingErrors {
      try HelperProgram.sync.exec(arguments: options.arguments)
    }
  }
}
