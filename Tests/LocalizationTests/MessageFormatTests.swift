import Localization
import Testing

/// Placeholders filled and compared as gettext's c-format defines them.
@Suite struct MessageFormatTests {
  @Test func fillsInOrderByNumberAndKeepsPercentSigns() {
    #expect(MessageFormat.fill("Done: %s", ["Buy milk"]) == "Done: Buy milk")
    #expect(MessageFormat.fill("%2$s, %1$s", ["a", "b"]) == "b, a")
    #expect(MessageFormat.fill("%d of %d", ["1", "3"]) == "1 of 3")
    #expect(MessageFormat.fill("100%% of %s", ["it"]) == "100% of it")
    // An argument's own % is text, never a placeholder.
    #expect(MessageFormat.fill("Done: %s", ["50%s off %d"]) == "Done: 50%s off %d")
    // A placeholder with no argument stays as written.
    #expect(MessageFormat.fill("%s and %s", ["one"]) == "one and %s")
  }

  @Test func aTranslationFitsWhenItUsesTheSamePlaceholders() {
    #expect(MessageFormat.fits("Erledigt: %s", "Done: %s"))
    #expect(MessageFormat.fits("%2$s: %1$s", "%s: %s"))
    #expect(!MessageFormat.fits("Erledigt", "Done: %s"), "drops the title")
    #expect(!MessageFormat.fits("%s: %s", "Done: %s"), "adds an argument")
    #expect(!MessageFormat.fits("%d", "%s"), "another conversion")
    #expect(!MessageFormat.fits("%n", "%s"), "not a placeholder quickdo fills")
  }
}
