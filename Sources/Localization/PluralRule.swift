/// Which of a language's plural forms a number takes: a catalog's `Plural-Forms` header,
/// `nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : …);`, the C expression gettext defines.
/// Read with a small parser so a translator adds a language with no code; an expression
/// that does not parse, or a form out of range, is the catalog's fault and reads as
/// English's rule.
public struct PluralRule: Sendable {
  /// How many plural forms the language has.
  public let count: Int
  let expression: Expression

  /// English's and German's: one for 1, the other form otherwise.
  public static let germanic = PluralRule(count: 2, expression: .binary(.notEqual, .n, .number(1)))

  init(count: Int, expression: Expression) {
    self.count = count
    self.expression = expression
  }

  /// Reads `nplurals=…; plural=…;`; nil when it is not such a line.
  public init?(_ text: String) {
    var count: Int?
    var expression: Expression?
    for part in text.split(separator: ";") {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { continue }
      switch Self.trimmed(pair[0]) {
      case "nplurals": count = Int(Self.trimmed(pair[1]))
      case "plural":
        var parser = Parser(Array(pair[1].utf8))
        expression = parser.parse()
      default: continue
      }
    }
    guard let count, (1...6).contains(count), let expression else { return nil }
    self.init(count: count, expression: expression)
  }

  /// `text` without the spaces at either end. Foundation's `trimmingCharacters` would do,
  /// but its first call goes through `NSString` and the runtime's type lookups, a large
  /// part of the 1 ms a command in a translated language may cost over the same in C.
  static func trimmed(_ text: Substring) -> Substring {
    guard let first = text.firstIndex(where: { !$0.isWhitespace }),
      let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return text[first...last]
  }

  /// The form `n` takes, from 0 to `count - 1`.
  public func form(_ n: Int) -> Int {
    let form = expression.value(n: n)
    return (0..<count).contains(form) ? form : (n == 1 ? 0 : count - 1)
  }

  indirect enum Expression: Sendable {
    case n
    case number(Int)
    case not(Expression)
    case binary(Operator, Expression, Expression)
    case conditional(Expression, Expression, Expression)

    func value(n: Int) -> Int {
      switch self {
      case .n: return n
      case let .number(value): return value
      case let .not(operand): return operand.value(n: n) == 0 ? 1 : 0
      case let .conditional(test, yes, no): return test.value(n: n) != 0 ? yes.value(n: n) : no.value(n: n)
      case let .binary(op, left, right):
        let a = left.value(n: n), b = right.value(n: n)
        switch op {
        case .or: return a != 0 || b != 0 ? 1 : 0
        case .and: return a != 0 && b != 0 ? 1 : 0
        case .equal: return a == b ? 1 : 0
        case .notEqual: return a != b ? 1 : 0
        case .less: return a < b ? 1 : 0
        case .lessOrEqual: return a <= b ? 1 : 0
        case .greater: return a > b ? 1 : 0
        case .greaterOrEqual: return a >= b ? 1 : 0
        case .plus: return a &+ b
        case .minus: return a &- b
        case .times: return a &* b
        case .divide: return b == 0 || (a == .min && b == -1) ? 0 : a / b
        case .remainder: return b == 0 || (a == .min && b == -1) ? 0 : a % b
        }
      }
    }
  }

  enum Operator: Sendable {
    case or, and, equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
    case plus, minus, times, divide, remainder
  }

  /// Precedence climbing over C's operators, as far as gettext's expressions use them.
  /// Nesting is capped, so no header can exhaust the stack.
  struct Parser {
    var bytes: [UInt8]
    var position = 0
    var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parse() -> Expression? {
      guard let expression = conditional() else { return nil }
      skipSpaces()
      return position == bytes.count ? expression : nil
    }

    static let levels: [[(String, Operator)]] = [
      [("||", .or)], [("&&", .and)], [("==", .equal), ("!=", .notEqual)],
      [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater)],
      [("+", .plus), ("-", .minus)], [("*", .times), ("/", .divide), ("%", .remainder)],
    ]

    mutating func conditional() -> Expression? {
      depth += 1
      defer { depth -= 1 }
      guard depth < 64, let test = binary(level: 0) else { return nil }
      guard take("?") else { return test }
      guard let yes = conditional(), take(":"), let no = conditional() else { return nil }
      return .conditional(test, yes, no)
    }

    mutating func binary(level: Int) -> Expression? {
      guard level < Self.levels.count else { return unary() }
      guard var left = binary(level: level + 1) else { return nil }
      // Each level lists a two-character operator before its one-character prefix.
      while let op = Self.levels[level].first(where: { peek($0.0) }) {
        _ = take(op.0)
        guard let right = binary(level: level + 1) else { return nil }
        left = .binary(op.1, left, right)
      }
      return left
    }

    mutating func unary() -> Expression? {
      depth += 1
      defer { depth -= 1 }
      guard depth < 64 else { return nil }
      skipSpaces()
      if take("!") {
        return unary().map { .not($0) }
      }
      if take("(") {
        guard let inner = conditional(), take(")") else { return nil }
        return inner
      }
      if take("n") { return .n }
      var value = 0
      var digits = 0
      while position < bytes.count, (0x30...0x39).contains(bytes[position]), digits < 9 {
        value = value * 10 + Int(bytes[position] - 0x30)
        position += 1
        digits += 1
      }
      return digits > 0 ? .number(value) : nil
    }

    mutating func skipSpaces() {
      while position < bytes.count, [0x20, 0x09, 0x0a, 0x0d].contains(bytes[position]) { position += 1 }
    }

    mutating func peek(_ token: String) -> Bool {
      skipSpaces()
      let token = Array(token.utf8)
      return bytes.count - position >= token.count && Array(bytes[position..<position + token.count]) == token
    }

    mutating func take(_ token: String) -> Bool {
      guard peek(token) else { return false }
      position += token.utf8.count
      return true
    }
  }
}
