import ArgumentParser
import CommandSupport

/// `quickdo-agent sync`, which `quickdo sync` execs with the options it parsed.
public struct SyncMain: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "quickdo-agent sync", abstract: SyncOptions.abstract,
    discussion: SyncOptions.discussion, version: QuickdoVersion.current)

  @OptionGroup var options: SyncOptions

  public init() {}

  public func run() async throws {
    try await reportingErrors {
      try await SyncCommandRun(options: options).run()
    }
  }
}
