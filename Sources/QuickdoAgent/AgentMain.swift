import ArgumentParser
import CommandSupport

/// The `quickdo-agent` program's command, which `quickdo agent` execs with the options it
/// parsed; it takes the same options and can be started directly too.
public struct AgentMain: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "quickdo-agent", abstract: AgentOptions.abstract,
    discussion: AgentOptions.discussion, version: QuickdoVersion.current)

  @OptionGroup var options: AgentOptions

  public init() {}

  public func run() async throws {
    StandardStreams.keepReserved()
    try await reportingErrors {
      try await Agent.run(
        options: options.global, log: AgentLog.bootstrap(level: options.logLevel),
        logActions: options.logActions)
    }
  }
}
