import Localization
import Testing

/// gettext's plural expressions, as the catalogs of the shipped languages write them.
@Suite struct PluralRuleTests {
  static let polish = "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
  static let russian =
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"

  @Test(arguments: [
    (polish, [1: 0, 2: 1, 5: 2, 22: 1, 12: 2, 21: 2, 0: 2, 104: 1, 111: 2]),
    (russian, [1: 0, 2: 1, 5: 2, 22: 1, 11: 2, 21: 0, 0: 2, 101: 0, 112: 2]),
    ("nplurals=2; plural=(n != 1);", [1: 0, 0: 1, 2: 1, 22: 1]),
    ("nplurals=2; plural=(n > 1);", [0: 0, 1: 0, 2: 1]),
    ("nplurals=1; plural=0;", [1: 0, 5: 0]),
  ])
  func formsFollowTheLanguage(header: String, forms: [Int: Int]) throws {
    let rule = try #require(PluralRule(header))
    for (n, form) in forms { #expect(rule.form(n) == form, "n = \(n)") }
  }

  @Test(arguments: [
    "nplurals=2; plural=(n % 0);", "nplurals=2; plural=n / 0;", "nplurals=2; plural=7;",
  ])
  func aFormOutOfRangeOrADivisionByZeroIsStillAForm(header: String) throws {
    let rule = try #require(PluralRule(header))
    for n in [0, 1, 2, 5, Int.max, Int.min] { #expect((0..<rule.count).contains(rule.form(n))) }
  }

  @Test(arguments: [
    "", "nplurals=2;", "plural=(n != 1);", "nplurals=9; plural=n;", "nplurals=2; plural=(n != 1;",
    "nplurals=2; plural=n +;", "nplurals=2; plural=-1 ? 5 : 9;",
    "nplurals=2; plural=" + String(repeating: "(", count: 10_000) + "n"
      + String(repeating: ")", count: 10_000) + ";",
    "nplurals=2; plural=" + String(repeating: "!", count: 10_000) + "n;",
  ])
  func anExpressionThatDoesNotParseIsRefused(header: String) {
    #expect(PluralRule(header) == nil)
  }
}
