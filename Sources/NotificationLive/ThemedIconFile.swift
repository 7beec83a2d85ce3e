import Foundation

/// The file of a themed icon, for servers that draw an icon only from a path (dunst with
/// its default config looks in a few fixed folders, not in the icon theme): the hicolor
/// theme's scalable or 48x48 app icon, as `quickdo install` and the package put it, looked
/// up as the icon theme specification does, in XDG_DATA_HOME, then XDG_DATA_DIRS.
enum ThemedIconFile {
  static func path(
    named name: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    guard !name.isEmpty, !name.contains("/") else { return nil }
    let home = environment["HOME"] ?? NSHomeDirectory()
    let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
    let dataDirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
      .split(separator: ":").map(String.init)
    for base in [dataHome] + dataDirs {
      for file in ["scalable/apps/\(name).svg", "48x48/apps/\(name).png"] {
        let path = "\(base)/icons/hicolor/\(file)"
        if FileManager.default.isReadableFile(atPath: path) { return path }
      }
    }
    return nil
  }
}
