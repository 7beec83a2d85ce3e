/// Finds the line a key or table is written on, for error messages: TOMLKit reports lines
/// for syntax errors only. Understands `[table]` headers and `key = …` / `a.b = …` lines,
/// which is how config files are written; a key it cannot find gets no line.
///
/// It reads UTF-8 bytes rather than Characters: every TOML delimiter is ASCII, and every
/// config load reads the built-in file too, under the CLI's and the sync's start-up.
struct KeyLocator {
  private var lines: [String: Int] = [:]

  init(text: String) {
    var table = ""
    var arrayTables: [String: Int] = [:]
    var number = 0
    for raw in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      let line = Self.trimmed(Array(raw), of: [UInt8(ascii: " "), UInt8(ascii: "\t")])
      if line.starts(with: "[[".utf8), let close = Self.firstIndex(of: "]]", in: line) {
        // `[[sync.caldav]]`: the n-th table of the array is `sync.caldav[n]`.
        let name = Self.normalize(line[2..<close])
        arrayTables[name, default: 0] += 1
        table = "\(name)[\(arrayTables[name]!)]"
        if lines[table] == nil { lines[table] = number }
        if lines[name] == nil { lines[name] = number }
      } else if line.first == UInt8(ascii: "["), let close = line.firstIndex(of: UInt8(ascii: "]")) {
        table = Self.normalize(line[1..<close])
        if lines[table] == nil { lines[table] = number }
      } else if let equals = line.firstIndex(of: UInt8(ascii: "=")), line.first != UInt8(ascii: "#") {
        let key = Self.normalize(line[..<equals])
        guard !key.isEmpty else { continue }
        let path = table.isEmpty ? key : table + "." + key
        if lines[path] == nil { lines[path] = number }
      }
    }
  }

  func line(of path: String) -> Int? { lines[path] }

  /// The key written on `line`, if one is.
  func key(onLine line: Int) -> String? { lines.first { $0.value == line }?.key }

  /// A dotted key with the spaces around its parts and their quotes taken off.
  private static func normalize(_ key: ArraySlice<UInt8>) -> String {
    key.split(separator: UInt8(ascii: "."))
      .map { part in
        let bare = trimmed(trimmed(Array(part), of: [UInt8(ascii: " "), UInt8(ascii: "\t")]), of: [UInt8(ascii: "\""), UInt8(ascii: "'")])
        return String(decoding: bare, as: UTF8.self)
      }
      .joined(separator: ".")
  }

  private static func trimmed(_ bytes: [UInt8], of trimmed: [UInt8]) -> [UInt8] {
    guard let first = bytes.firstIndex(where: { !trimmed.contains($0) }) else { return [] }
    let last = bytes.lastIndex(where: { !trimmed.contains($0) })!
    return Array(bytes[first...last])
  }

  /// Where `needle` first starts in `bytes`.
  static func firstIndex(of needle: String, in bytes: [UInt8]) -> Int? {
    let needle = Array(needle.utf8)
    guard bytes.count >= needle.count else { return nil }
    return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
  }
}
