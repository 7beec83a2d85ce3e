import Glibc

/// Where `quickdo` enters sync when sync is the Debian package's image (`quickdo-sync.so`)
/// rather than a program of its own: the image holds the HTTP client, TLS and the CalDAV
/// code, and uses the Swift runtime, Foundation and ICU linked into `quickdo`, so the package
/// carries them once (its size budget). `SyncLaunch` in `quickdo` calls it with the sync
/// command's arguments (argv, the program's name first), and it starts `SyncMain` on them
/// and returns; the process exits when the sync ends, with the status the program's would.
@_cdecl("quickdo_sync_image_main")
public func quickdoSyncImageMain(_ argc: Int32, _ argv: UnsafePointer<UnsafePointer<CChar>?>) {
  let arguments = (1..<max(1, Int(argc))).map { String(cString: argv[$0]!) }
  Task { await SyncMain.runAndExit(arguments) }
}
