import Foundation
import Localization

/// Where this process's executable is, symlinks resolved (`/proc/self/exe`): what
/// `quickdo install` writes into the desktop files, and where sync's image or program is
/// looked for.
package enum RunningBinary {
  package static func path(hint: String = "") throws -> String {
    do {
      return try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    } catch {
      throw CLIError(tr("cannot tell where this binary is (%s)%s", error, hint), code: .ioError)
    }
  }
}
