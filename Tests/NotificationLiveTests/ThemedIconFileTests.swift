import Foundation
import Testing

@testable import NotificationLive

struct ThemedIconFileTests {
  /// The icon theme specification's order: XDG_DATA_HOME first, then XDG_DATA_DIRS in turn.
  @Test func theUsersOwnIconComesFirstThenTheDataDirsInOrder() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
    defer { try? FileManager.default.removeItem(atPath: root) }
    func put(_ base: String) throws -> String {
      let folder = "\(root)/\(base)/icons/hicolor/scalable/apps"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      #expect(FileManager.default.createFile(atPath: folder + "/quickdo.svg", contents: Data("<svg/>".utf8)))
      return folder + "/quickdo.svg"
    }
    let system = try put("usr")
    let environment = ["HOME": root, "XDG_DATA_DIRS": "\(root)/nowhere:\(root)/usr"]
    #expect(ThemedIconFile.path(named: "quickdo", environment: environment) == system)
    let own = try put(".local/share")
    #expect(ThemedIconFile.path(named: "quickdo", environment: environment) == own)
    #expect(ThemedIconFile.path(named: "missing", environment: environment) == nil)
    #expect(ThemedIconFile.path(named: "../quickdo", environment: environment) == nil)
  }
}
