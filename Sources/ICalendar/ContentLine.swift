/// One unfolded iCalendar content line (RFC 5545 §3.1): `NAME;PARAM=VALUE:value`. The
/// value stays as written (TEXT escapes and all); parameter values lose their quotes.
public struct ContentLine: Equatable, Sendable {
  public struct Parameter: Equatable, Sendable {
    public var name: String
    public var values: [String]

    public init(name: String, values: [String]) {
      self.name = name
      self.values = values
    }
  }

  /// As written; compare with ``is(_:)``, which ignores case.
  public var name: String
  public var parameters: [Parameter]
  public var value: String

  public init(name: String, parameters: [Parameter] = [], value: String) {
    self.name = name
    self.parameters = parameters
    self.value = value
  }

  /// Whether this is property (or BEGIN/END) `name`, in any case.
  public func `is`(_ name: String) -> Bool {
    self.name.equalsIgnoringCase(name)
  }

  /// The first value of parameter `name`, in any case.
  public func parameter(_ name: String) -> String? {
    parameters.first { $0.name.equalsIgnoringCase(name) }?.values.first
  }

  /// A line quickdo cannot read as a content line (no colon, an unclosed quote): its text
  /// is kept as the value, under an empty name that no lookup asks for, so the object is
  /// still read from its other lines and the line is written back as it came.
  public static func unreadable(_ line: String) -> ContentLine {
    ContentLine(name: "", value: line)
  }

  /// Whether this is a line quickdo could not read (see ``unreadable(_:)``).
  public var isUnreadable: Bool { name.isEmpty }

  /// Parses one unfolded line; nil when it has no name or no colon. Names are read as
  /// liberally as other apps write them: anything up to the first `;` or `:` (an
  /// underscore, a trailing space), so a name outside RFC 5545's characters is read as a
  /// property quickdo does not know and kept as it is.
  public init?(parsing line: String) {
    var scalars = Substring(line).unicodeScalars[...]
    func take(while predicate: (Unicode.Scalar) -> Bool) -> String {
      let end = scalars.firstIndex { !predicate($0) } ?? scalars.endIndex
      let taken = String(scalars[..<end])
      scalars = scalars[end...]
      return taken
    }
    let name = take { $0 != ";" && $0 != ":" }
    guard !name.isEmpty else { return nil }
    var parameters: [Parameter] = []
    while scalars.first == ";" {
      scalars.removeFirst()
      let parameterName = take { $0 != "=" && $0 != ";" && $0 != ":" }
      guard !parameterName.isEmpty, scalars.first == "=" else { return nil }
      scalars.removeFirst()
      var values: [String] = []
      repeat {
        if scalars.first == "," { scalars.removeFirst() }
        if scalars.first == "\"" {
          scalars.removeFirst()
          values.append(take { $0 != "\"" })
          guard scalars.first == "\"" else { return nil }
          scalars.removeFirst()
        } else {
          values.append(take { $0 != ";" && $0 != ":" && $0 != "," })
        }
      } while scalars.first == ","
      parameters.append(Parameter(name: parameterName, values: values))
    }
    guard scalars.first == ":" else { return nil }
    scalars.removeFirst()
    self.init(name: name, parameters: parameters, value: String(scalars))
  }

  /// The unfolded text of the line; a parameter value is quoted when it holds `:`, `;`
  /// or `,`.
  public var text: String {
    var out = name
    for parameter in parameters {
      out += ";" + parameter.name + "="
      out += parameter.values.map { value in
        value.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(value)\"" : value
      }.joined(separator: ",")
    }
    return out + ":" + value
  }
}

extension String {
  /// Compared byte by byte with ASCII case folded (the names quickdo asks for are ASCII
  /// letters, digits and "-"), without making lowercased copies. It serves the first-sync budget: a todo's
  /// properties are looked up by name a dozen times each, 1,000 todos at a time.
  fileprivate func equalsIgnoringCase(_ other: String) -> Bool {
    utf8.elementsEqual(other.utf8) { a, b in
      a == b || (a ^ 0x20 == b && (0x61...0x7A).contains(a | 0x20))
    }
  }
}
