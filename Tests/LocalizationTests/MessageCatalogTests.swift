import Foundation
import Localization
import LocalizationRig
import Testing

/// `.mo` files as msgfmt writes them, and files that only look like one.
@Suite struct MessageCatalogTests {
  static let po = """
    msgid ""
    msgstr ""
    "Content-Type: text/plain; charset=UTF-8\\n"
    "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

    msgctxt "button"
    msgid "Done"
    msgstr "Wykonane"

    msgid "%d minute"
    msgid_plural "%d minutes"
    msgstr[0] "%d minuta"
    msgstr[1] "%d minuty"
    msgstr[2] "%d minut"

    """

  static func compiledBytes() throws -> [UInt8] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-mo-\(UUID().uuidString.prefix(8))")
    try Catalogs.compile(po: po, language: "pl", into: directory)
    return [UInt8](try Data(contentsOf: directory.appendingPathComponent("pl/LC_MESSAGES/quickdo.mo")))
  }

  @Test func readsMessagesContextsPluralsAndTheirRule() throws {
    let catalog = try #require(MessageCatalog(bytes: try Self.compiledBytes()))
    #expect(catalog.lookup("button\u{4}Done") == ["Wykonane"])
    #expect(catalog.lookup("%d minute") == ["%d minuta", "%d minuty", "%d minut"])
    #expect(catalog.lookup("Done") == nil, "the button's context is part of its key")
    #expect(catalog.lookup("%d minutes") == nil, "a plural entry is found by its singular")
    #expect(catalog.plural.count == 3)
  }

  @Test func aTruncatedFileIsRefusedAtEveryLength() throws {
    let bytes = try Self.compiledBytes()
    for length in 0..<bytes.count {
      // Cut anywhere, the tables point past the end: refused, never read beyond it.
      #expect(MessageCatalog(bytes: Array(bytes.prefix(length))) == nil, "cut at \(length)")
    }
  }

  @Test func corruptBytesNeverCrashTheReader() throws {
    let bytes = try Self.compiledBytes()
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      var damaged = bytes
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
      }
      // Whatever it makes of them, a catalog read from damaged bytes answers lookups.
      if let catalog = MessageCatalog(bytes: damaged) {
        _ = Translation(catalogs: [catalog]).plural("%d minute", "%d minutes", count: 5)
      }
    }
  }

  @Test func aFileThatIsNoCatalogIsRefused() {
    #expect(MessageCatalog(bytes: Array("not a catalog at all, but long enough".utf8)) == nil)
    #expect(MessageCatalog(bytes: []) == nil)
    // The right magic with tables far beyond the file.
    var header = [UInt8](repeating: 0, count: 28)
    header[0...3] = [0xde, 0x12, 0x04, 0x95]
    header[8] = 3
    header[12...15] = [0xff, 0xff, 0xff, 0x7f]
    #expect(MessageCatalog(bytes: header) == nil)
    #expect(MessageCatalog(path: "/nonexistent/quickdo.mo") == nil)
  }
}
