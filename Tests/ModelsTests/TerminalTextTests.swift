import Models
import Testing

struct TerminalTextTests {
  @Test(arguments: [
    ("plain, ünïcödé and 👩‍💻 stay", "plain, ünïcödé and 👩‍💻 stay"),
    ("esc \u{1B}[2J", "esc \\u{1B}[2J"),
    ("osc \u{1B}]52;c;eA==\u{7}", "osc \\u{1B}]52;c;eA==\\u{7}"),
    ("a\nb\tc\rd", "a\\nb\\tc\\rd"),
    ("c1 \u{9B}31m del \u{7F}", "c1 \\u{9B}31m del \\u{7F}"),
    ("bidi \u{202E}x\u{2066}y", "bidi \\u{202E}x\\u{2066}y"),
    ("zero-width \u{200B} and \u{FEFF}", "zero-width \\u{200B} and \\u{FEFF}"),
    ("separators \u{2028}\u{2029}", "separators \\u{2028}\\u{2029}"),
    ("NUL \u{0}", "NUL \\u{0}"),
  ])
  func invisiblesAreWrittenAsEscapes(_ text: String, _ shown: String) {
    #expect(TerminalText.visible(text) == shown)
    #expect(TerminalText.hasInvisibles(text) == (text != shown))
  }

  @Test func linesKeepTheirBreaks() {
    #expect(TerminalText.visibleLines("heading:\n  bad \u{1B}[2J value") == "heading:\n  bad \\u{1B}[2J value")
  }
}
