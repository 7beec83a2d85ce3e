import Foundation

/// Finds the line a key or table is written on, for error messages: TOMLKit reports lines
/// for syntax errors only. Understands `[table]` headers and `key = …` / `a.b = …` lines,
/// which is how config files are written; a key it cannot find gets no line.
struct KeyLocator {
  private var lines: [String: Int] = [:]

  init(text: String) {
    var table = ""
    var arrayTables: [String: Int] = [:]
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("[["), let close = line.range(of: "]]") {
        // `[[sync.caldav]]`: the n-th table of the array is `sync.caldav[n]`.
        let name = Self.normalize(line[line.index(line.startIndex, offsetBy: 2)..<close.lowerBound])
        arrayTables[name, default: 0] += 1
        table = "\(name)[\(arrayTables[name]!)]"
        if lines[table] == nil { lines[table] = index + 1 }
        if lines[name] == nil { lines[name] = index + 1 }
      } else if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
        table = Self.normalize(line[line.index(after: line.startIndex)..<close])
        if lines[table] == nil { lines[table] = index + 1 }
      } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
        let key = Self.normalize(line[..<equals])
        guard !key.isEmpty else { continue }
        let path = table.isEmpty ? key : table + "." + key
        if lines[path] == nil { lines[path] = index + 1 }
      }
    }
  }

  func line(of path: String) -> Int? { lines[path] }

  /// The key written on `line`, if one is.
  func key(onLine line: Int) -> String? { lines.first { $0.value == line }?.key }

  private static func normalize(_ key: Substring) -> String {
    key.split(separator: ".")
      .map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
      .joined(separator: ".")
  }
}
