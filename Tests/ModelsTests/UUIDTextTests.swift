import Foundation
import Models
import Testing

/// The strict 36-character UUID parser behind full ids in links and rows, and the
/// lowercase formatter.
struct UUIDTextTests {
  @Test func formatsAndParsesLikeFoundation() {
    for _ in 0..<200 {
      let id = UUID()
      #expect(UUIDText.format(id) == id.uuidString.lowercased())
      #expect(UUIDText.parse(id.uuidString) == id)
      #expect(UUIDText.parse(id.uuidString.lowercased()) == id)
    }
  }

  @Test(arguments: [
    "", "deadbeef", "deadbeef-0000-4000-8000-00000000000g", "deadbeef00000-4000-8000-000000000001",
    "deadbeef-0000-4000-8000-0000000000011", "deadbeef-0000-4000-8000-00000000001",
    "deadbeef0-000-4000-8000-000000000001", "-deadbee-0000-4000-8000-000000000001",
    "deadbeef-0000-4000-8000-000000000001 ",
    // 35 digits and one dash within 36 characters overran the byte buffer (found by
    // libFuzzer through a deep link).
    "0f8fad5b-d9c11111111111111111111111b", "0f8fad5b-d9c11111111111111111111111b-469f",
  ])
  func rejectsMalformed(_ text: String) {
    #expect(UUIDText.parse(text) == nil)
  }

  @Test func canonicalIsExactlyWhatFormatWrites() {
    func canonical(_ text: String) -> Bool {
      var text = text
      return text.withUTF8 { UUIDText.isCanonical($0) }
    }
    for _ in 0..<200 {
      let id = UUID()
      #expect(canonical(UUIDText.format(id)))
      #expect(!canonical(id.uuidString))  // uppercase: parses, but is not what quickdo writes
    }
    for text in ["deadbeef-0000-4000-8000-00000000000g", "deadbeef-0000-4000-8000-00000000000/",
      "deadbeef-0000-4000-8000-00000000000:", "deadbeef-0000-4000-8000-00000000000`",
      "deadbeef-0000-4000-8000-0000000000011", "deadbeef00000-4000-8000-000000000001",
      "0f8fad5b-d9c11111111111111111111111b", "", "deadbeef-0000-4000-8000-00000000000A"]
    {
      #expect(!canonical(text), "\(text)")
    }
  }
}
