import CommandSupport
import Foundation
import Localization

/// One agent per database: the systemd unit and the autostart entry may both start one at
/// login, and two agents would show every todo twice. The first takes an exclusive `flock`
/// on `<database>.agent-lock` and holds it until it exits (the kernel lets go of it even
/// after a kill -9); a second finds it taken and exits 75.
enum AgentLock {
  /// The descriptor that holds the lock; never closed while the process lives.
  nonisolated(unsafe) private static var descriptor: Int32 = -1

  static func acquire(forDatabase databasePath: String) throws {
    let path = databasePath + ".agent-lock"
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw CLIError(tr("cannot open %s: %s", path, String(cString: strerror(errno))), code: .ioError)
    }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      let reason = errno
      close(fd)
      if reason == EWOULDBLOCK {
        throw CLIError(
          tr("another quickdo agent is already running for %s", databasePath), code: .tempFailure)
      }
      throw CLIError(tr("cannot lock %s: %s", path, String(cString: strerror(reason))), code: .ioError)
    }
    descriptor = fd
  }
}
