import ArgumentParser
import CommandSupport

/// `quickdo sync` as the CLI lists it: its help, completions and man page come from here.
/// A sync line never reaches it: `quickdo`'s `main` hands it to ``SyncLaunch`` first.
struct SyncCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync", abstract: SyncOptions.abstract, discussion: SyncOptions.discussion)

  @OptionGroup var options: SyncOptions

  func run() throws {
    SyncLaunch.run(options.settings.arguments)
  }
}
