import CommandSupport
import Dispatch
import Foundation
import Localization

/// The one way into sync. Whatever starts a sync (a user's `quickdo sync …`, or the agent
/// running `quickdo sync --account NAME --json` for an account) is a `quickdo` process
/// whose first word after the global options is `sync`; `quickdo`'s `main` hands the rest
/// of the line here before anything else, and sync's own command (`SyncMain`, in
/// QuickdoSync) parses and runs it.
///
/// Sync's code (the HTTP client, TLS, the XML reader) is not linked into `quickdo`, so no
/// other command, nor the agent, maps it or pays for its conformances at start. The Debian
/// package has it as an image, `../lib/quickdo/quickdo-sync.so` from the program, loaded
/// into this process (it uses the Swift runtime, Foundation and ICU `quickdo` carries:
/// scripts/link-sync-image.py). A source build has no image: there sync is the
/// `quickdo-sync` program beside `quickdo`, which this process becomes.
public enum SyncLaunch {
  /// The image's entry point (`quickdoSyncImageMain` in QuickdoSync).
  static let entryPoint = "quickdo_sync_image_main"
  /// The program a source build syncs with, and the image's name in the package.
  static let programName = "quickdo-sync"

  /// Runs the sync, and never returns, when `commandLine` is `quickdo [global options]
  /// sync …`; returns at once otherwise.
  public static func runIfSync(_ commandLine: [String] = CommandLine.arguments) {
    guard let arguments = syncArguments(commandLine) else { return }
    run(arguments)
  }

  /// What follows `sync` when `commandLine` is `quickdo [global options] sync …`, the
  /// global options among it; nil for any other line, which is the CLI's.
  static func syncArguments(_ commandLine: [String]) -> [String]? {
    let arguments = GlobalOptionsPlacement.normalize(Array(commandLine.dropFirst()))
    guard arguments.first == "sync" else { return nil }
    return Array(arguments.dropFirst())
  }

  /// Runs sync's command on `arguments` (what follows `sync`): in the image when it is
  /// there, else in the `quickdo-sync` program. Exits with the sync's status.
  static func run(_ arguments: [String]) -> Never {
    if let image = imagePath(), access(image, F_OK) == 0 {
      start(image: image, arguments: arguments)
      dispatchMain()
    }
    do {
      try exec(arguments: arguments)
    } catch {
      printError("\(error)")
      exit((error as? CLIError)?.code.rawValue ?? CLIError.Code.osFile.rawValue)
    }
  }

  /// Loads the image and calls its entry point, which starts the sync and returns; the
  /// process exits when the sync ends.
  static func start(image: String, arguments: [String]) {
    guard let handle = dlopen(image, RTLD_NOW | RTLD_LOCAL) else {
      fail(tr("cannot load sync's image: %s", dlerror().map { String(cString: $0) } ?? image))
    }
    guard let symbol = dlsym(handle, entryPoint) else {
      fail(tr("%s has no %s: it does not belong to this quickdo", image, entryPoint))
    }
    typealias Entry = @convention(c) (Int32, UnsafePointer<UnsafePointer<CChar>?>) -> Void
    let argv = ([programName] + arguments).map { UnsafePointer(strdup($0)) } + [nil]
    argv.withUnsafeBufferPointer { unsafeBitCast(symbol, to: Entry.self)(Int32(arguments.count + 1), $0.baseAddress!) }
    for pointer in argv { free(UnsafeMutablePointer(mutating: pointer)) }
  }

  /// `../lib/quickdo/quickdo-sync.so` from this program (symlinks resolved).
  static func imagePath() -> String? {
    guard let program = try? RunningBinary.path() else { return nil }
    return URL(fileURLWithPath: program).deletingLastPathComponent()
      .appendingPathComponent("../lib/quickdo/\(programName).so").path
  }

  /// The `quickdo-sync` program beside this one (symlinks resolved, so a `quickdo` linked
  /// into ~/.local/bin still finds it).
  static func programPath() throws -> String {
    URL(fileURLWithPath: try RunningBinary.path()).deletingLastPathComponent()
      .appendingPathComponent(programName).path
  }

  /// Replaces this process with the `quickdo-sync` program; returns only by throwing.
  static func exec(arguments: [String]) throws -> Never {
    let program = try programPath()
    guard access(program, X_OK) == 0 else {
      throw CLIError(
        tr("the program %s is missing or not executable; it is built with quickdo (swift build --product %s) and must stay beside it", program, programName),
        code: .osFile)
    }
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    execv(program, argv)
    throw CLIError(tr("cannot start the program %s: %s", program, String(cString: strerror(errno))), code: .osFile)
  }

  /// Exits as `quickdo sync` does when a file it needs is unusable.
  private static func fail(_ message: String) -> Never {
    printError(message)
    exit(CLIError.Code.osFile.rawValue)
  }
}
