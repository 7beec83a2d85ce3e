import CommandSupport
import Dispatch
import Foundation

/// Sync as the Debian package ships it: sync's code is an image,
/// `../lib/quickdo/quickdo-sync.so` from the program, that `quickdo` loads to sync, and
/// `quickdo-sync` is a link to `quickdo`.
///
/// The image uses the Swift runtime, Foundation and ICU that `quickdo` links in and exports
/// to it (scripts/link-sync-image.py), so the package carries them once instead of once per
/// program, and no other CLI command, nor the agent, maps the HTTP client, TLS or their many
/// Swift conformances. `quickdo sync` runs the image in its own process, which spares the
/// sync a second program's start. A source build has no image: there `quickdo-sync` is a
/// program of its own, which `quickdo sync` execs.
public enum SyncImage {
  /// The name under which `quickdo` runs sync.
  static let programName = "quickdo-sync"
  /// The entry point the image defines (`quickdoSyncImageMain` in QuickdoSync).
  static let entryPoint = "quickdo_sync_image_main"

  /// Starts sync's command on `arguments` (without the program's name) in this process,
  /// and returns true; the process exits when the sync ends. Returns false when this
  /// program has no image beside it (a source build).
  public static func start(arguments: [String]) -> Bool {
    guard let image = imagePath(), access(image, F_OK) == 0 else { return false }
    guard let handle = dlopen(image, RTLD_NOW | RTLD_LOCAL) else {
      fail("cannot load sync's image: \(dlerror().map { String(cString: $0) } ?? image)")
    }
    guard let symbol = dlsym(handle, entryPoint) else {
      fail("\(image) has no \(entryPoint): it does not belong to this quickdo")
    }
    typealias Entry = @convention(c) (Int32, UnsafePointer<UnsafePointer<CChar>?>) -> Void
    let argv = ([programName] + arguments).map { UnsafePointer(strdup($0)) } + [nil]
    argv.withUnsafeBufferPointer { unsafeBitCast(symbol, to: Entry.self)(Int32(arguments.count + 1), $0.baseAddress!) }
    for pointer in argv { free(UnsafeMutablePointer(mutating: pointer)) }
    return true
  }

  /// Runs sync's image, and never returns, when this process was started as
  /// `quickdo-sync` (the package's link); returns at once otherwise. Call first in `main`.
  public static func runIfStartedAsSync() {
    guard let first = CommandLine.arguments.first,
      first.split(separator: "/").last.map(String.init) == programName
    else { return }
    guard start(arguments: Array(CommandLine.arguments.dropFirst())) else {
      fail("this quickdo has no sync image (\(imagePath() ?? "?")); run the quickdo-sync program built with it")
    }
    dispatchMain()
  }

  /// Runs sync's command on `arguments` in this process, and never returns, when the
  /// image is beside this program; returns at once otherwise.
  public static func run(arguments: [String]) {
    guard start(arguments: arguments) else { return }
    dispatchMain()
  }

  /// Waits for a sync started with `start(arguments:)` to end the process.
  public static func waitForExit() async -> Never {
    while true { try? await Task.sleep(for: .seconds(3600)) }
  }

  /// `../lib/quickdo/quickdo-sync.so` from this program (symlinks resolved).
  static func imagePath() -> String? {
    guard let program = try? RunningBinary.path() else { return nil }
    return URL(fileURLWithPath: program).deletingLastPathComponent()
      .appendingPathComponent("../lib/quickdo/\(programName).so").path
  }

  /// Exits as `quickdo sync` does when a file it needs is missing or unusable.
  private static func fail(_ message: String) -> Never {
    printError(message)
    exit(CLIError.Code.osFile.rawValue)
  }
}
