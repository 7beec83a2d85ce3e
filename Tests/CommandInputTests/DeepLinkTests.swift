import CommandInput
import Foundation
import Models
import Testing

/// The deep-link parser: every accepted form, and malformed links refused with a sentence.
struct DeepLinkTests {
  static let id = UUID(uuidString: "0f8fad5b-d9cb-469f-a165-70867728950e")!
  static let idText = "0f8fad5b-d9cb-469f-a165-70867728950e"

  @Test func acceptsEveryForm() throws {
    let id = Self.id, t = Self.idText
    #expect(try DeepLink.parse("quickdo://todo/\(t)/done") == .done(id))
    #expect(try DeepLink.parse("quickdo://todo/\(t)/undo") == .undo(id))
    #expect(try DeepLink.parse("quickdo://todo/\(t)/snooze") == .snooze(id, for: nil))
    #expect(try DeepLink.parse("quickdo://todo/\(t)/snooze?for=1h30m") == .snooze(id, for: 5400))
    #expect(try DeepLink.parse("QUICKDO://todo/\(t.uppercased())/DONE") == .done(id))
    #expect(try DeepLink.parse("quickdo://todo/\(t)/done?") == .done(id))
    #expect(
      try DeepLink.parse("quickdo://add?title=Buy%20milk%20%26%20eggs")
        == .add(.init(title: "Buy milk & eggs")))
    #expect(try DeepLink.parse("quickdo://add?title=a+b%2Bc") == .add(.init(title: "a b+c")))
    #expect(
      try DeepLink.parse(
        "quickdo://add?title=%E2%9C%93%20Caf%C3%A9&notes=n&priority=HIGH&due=tomorrow&url=https%3A%2F%2Fx.org%2F%3Fa%3D1")
        == .add(.init(title: "✓ Café", notes: "n", priority: .high, due: "tomorrow", url: "https://x.org/?a=1")))
    #expect(
      try DeepLink.parse("quickdo://add?title=%3Cb%3Ex%3C%2Fb%3E%20%24(rm%20-rf)")
        == .add(.init(title: "<b>x</b> $(rm -rf)")))
  }

  @Test func urlIsTheInverseOfParse() throws {
    let links: [DeepLink] = [
      .done(Self.id), .undo(Self.id), .snooze(Self.id, for: nil), .snooze(Self.id, for: 900),
      .add(.init(title: "a & b = c? #1 / 100% + ✓", notes: "x\ny", priority: .low, due: "in 2h", url: "https://e.org/?q=1&r=2")),
      .add(DeepLink.AddRequest.withReminders(["15m", "tomorrow 9:00"])),
    ]
    for link in links {
      #expect(try DeepLink.parse(link.url) == link, "\(link.url)")
    }
  }

  @Test func textIsALineInPlaceOfTheFieldsItGives() throws {
    var request = DeepLink.AddRequest(title: "")
    request.text = "Buy milk tomorrow #Home"
    request.notes = "2 litres"
    let link = "quickdo://add?text=Buy%20milk%20tomorrow%20%23Home&notes=2%20litres"
    #expect(try DeepLink.parse(link) == .add(request))
    #expect(DeepLink.add(request).url == link)
    for clash in ["title=x", "due=tomorrow", "list=Home", "tag=a", "priority=high", "remind=15m"] {
      #expect(throws: DeepLink.ParseError.self, "\(clash)") { try DeepLink.parse("quickdo://add?text=Buy%20milk&\(clash)") }
    }
    #expect(throws: DeepLink.ParseError("the text is empty")) { try DeepLink.parse("quickdo://add?text=%20") }
  }

  @Test func remindersAreRepeatableParameters() throws {
    #expect(try DeepLink.parse("quickdo://add?title=x&remind=15m&remind=tomorrow%209%3A00") == .add(DeepLink.AddRequest.withReminders(["15m", "tomorrow 9:00"])))
  }

  /// Each malformed link and a fragment of the sentence it must produce.
  static let malformed: [(link: String, fragment: String)] = {
    let t = idText
    return [
      ("", "not a quickdo link"),
      ("https://example.com", "not a quickdo link"),
      ("quickdo-x://todo/\(t)/done", "not a quickdo link"),
      ("quickdo:todo/\(t)/done", "starts with 'quickdo://'"),
      ("quickdo:/todo/\(t)/done", "starts with 'quickdo://'"),
      ("quickdo://", "names no action"),
      ("quickdo:///todo/\(t)/done", "names no action"),
      ("quickdo://task/\(t)/done", "unknown link action 'task'"),
      ("quickdo://todo", "names no todo id"),
      ("quickdo://todo/", "names no todo id"),
      ("quickdo://todo//done", "names no todo id"),
      ("quickdo://todo/0f8fad5b/done", "not a full todo id"),
      ("quickdo://todo/0f8fad5b-d9cb-469f-a165-70867728950/done", "not a full todo id"),
      ("quickdo://todo/0f8fad5b-d9cb-469f-a165-70867728950e0/done", "is not a todo id"),
      ("quickdo://todo/0f8fad5bd9cb469fa16570867728950e/done", "not a full todo id"),
      // Found by libFuzzer: 35 hex digits and one dash in the first 36 characters crashed
      // the id parser.
      ("quickDo://todo/0f8fad5b-d9c11111111111111111111111b-469f-a165-70867728950e/done", "is not a todo id"),
      ("quickdo://todo/0f8fad5bd-9cb-469f-a165-70867728950e/done", "is not a todo id"),
      ("quickdo://todo/zzzzzzzz-d9cb-469f-a165-70867728950e/done", "is not a todo id"),
      ("quickdo://todo/%30f8fad5b-d9cb-469f-a165-70867728950e/done", "is not a todo id"),
      ("quickdo://todo/\(t)", "names no verb"),
      ("quickdo://todo/\(t)/", "names no verb"),
      ("quickdo://todo/\(t)/finish", "unknown verb 'finish'"),
      ("quickdo://todo/\(t)/delete", "unknown verb 'delete'"),
      ("quickdo://todo/\(t)/done/now", "extra path segments"),
      ("quickdo://todo/\(t)/done/", "extra path segments"),
      ("quickdo://todo/\(t)/done?force=1", "takes no parameters"),
      ("quickdo://todo/\(t)/undo?for=1h", "takes no parameters"),
      ("quickdo://todo/\(t)/snooze?for=soon", "'soon' is not a duration"),
      ("quickdo://todo/\(t)/snooze?for=", "'' is not a duration"),
      ("quickdo://todo/\(t)/snooze?for=0s", "'0s' is not a duration"),
      ("quickdo://todo/\(t)/snooze?for=-1h", "'-1h' is not a duration"),
      ("quickdo://todo/\(t)/snooze?for=1h&for=2h", "given twice"),
      ("quickdo://todo/\(t)/snooze?until=1h", "unknown parameter 'until'"),
      ("quickdo://todo/\(t)/snooze?for", "has no '=value'"),
      ("quickdo://todo/\(t)/done#x", "no '#' fragment"),
      ("quickdo://add", "needs a title"),
      ("quickdo://add?", "needs a title"),
      ("quickdo://add?title=", "title is empty"),
      ("quickdo://add?title=%20%20", "title is empty"),
      ("quickdo://add/x?title=a", "takes no path"),
      ("quickdo://add?title=a&title=b", "given twice"),
      ("quickdo://add?title=a&colour=red", "unknown parameter 'colour'"),
      ("quickdo://add?title=a&priority=urgent", "'urgent' is not a priority"),
      ("quickdo://add?title=100%", "bad percent-escape"),
      ("quickdo://add?title=%4", "bad percent-escape"),
      ("quickdo://add?title=%G1", "bad percent-escape"),
      ("quickdo://add?title=%FF%FE", "bad percent-escape"),
      ("quickdo://add?title=%C3", "bad percent-escape"),
      ("quickdo://add?title=a%00b", "NUL"),
      ("quickdo://add?=x&title=a", "has no name"),
      // Found by libFuzzer: decoded control characters were quoted back into the message.
      ("quickdo://add?title=a&priority=high%0A%1B%5B2J", "'high\\u{A}\\u{1B}[2J' is not a priority"),
      ("quickdo://add?title=a&priority=%E2%80%AEhgih", "'\\u{202E}hgih' is not a priority"),
      ("quickdo://add?title=a&&notes=b", "has no '=value'"),
      ("quickdo://add?title=buy milk", "space or control character"),
      ("quickdo://add?title=a\nb", "space or control character"),
      ("quickdo://add?title=a\u{7F}", "space or control character"),
      (" quickdo://todo/\(t)/done", "space or control character"),
      ("quickdo://add?title=" + String(repeating: "a", count: 70_000), "longer than 64 KB"),
    ]
  }()

  @Test(arguments: malformed)
  func refusesMalformedLinksWithASentence(link: String, fragment: String) {
    #expect(throws: DeepLink.ParseError.self) { try DeepLink.parse(link) }
    do {
      _ = try DeepLink.parse(link)
    } catch {
      #expect(error.message.contains(fragment), "\(link.prefix(80)): \(error.message)")
    }
  }

  /// At least thirty different malformed links, each refused by the parser.
  @Test func thereAreAtLeastThirtyMalformedCases() {
    let refused = Set(Self.malformed.map(\.link).filter { (try? DeepLink.parse($0)) == nil })
    #expect(refused.count >= 30, "\(refused.count) distinct links refused")
  }
}

extension DeepLink.AddRequest {
  static func withReminders(_ reminders: [String]) -> Self {
    var request = Self(title: "x")
    request.reminders = reminders
    return request
  }
}
