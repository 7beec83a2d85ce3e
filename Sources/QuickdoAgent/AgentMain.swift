import CommandSupport

/// What `quickdo agent` runs once it has parsed its options: the agent, in the command's
/// own process, so it keeps that process id for signals and service managers.
package enum AgentMain {
  package static func run(_ options: AgentOptions) async throws {
    try await Agent.run(
      options: options.global, log: AgentLog.bootstrap(level: options.logLevel),
      logActions: options.logActions)
  }
}
