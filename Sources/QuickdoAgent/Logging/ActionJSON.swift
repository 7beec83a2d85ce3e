import Foundation
import Models

/// Any value (an action) as JSON, through reflection: an enum case becomes
/// `{"case": payload}` (a case without payload its name as a string), a struct an object of
/// its fields, a collection an array (at most `maxElements`, then `"… N more"`), ids,
/// dates and URLs strings. For `--log-actions`, where any action of any feature must be
/// written without each one declaring an encoding.
enum ActionJSON {
  static let maxElements = 20

  static func encode(_ value: Any) -> String {
    switch value {
    case let text as String: return string(text)
    case let flag as Bool: return flag ? "true" : "false"
    case let number as any BinaryInteger: return "\(number)"
    case let number as Double: return number.isFinite ? "\(number)" : "null"
    case let id as UUID: return string(id.uuidString.lowercased())
    case let date as Date: return string(JSONCoding.string(from: date))
    case let url as URL: return string(url.absoluteString)
    case let indexes as IndexSet: return "[" + indexes.map(String.init).joined(separator: ",") + "]"
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.map { encode($0.value) } ?? "null"
    case .enum:
      guard let payload = mirror.children.first else { return string("\(value)") }
      return "{" + string(payload.label ?? "\(value)") + ":" + encode(payload.value) + "}"
    case .tuple:
      let children = Array(mirror.children)
      if children.count == 1 { return encode(children[0].value) }
      if children.allSatisfy({ $0.label.map { !$0.hasPrefix(".") } ?? false }) {
        return object(children)
      }
      return array(children.map(\.value), count: children.count)
    case .collection, .set:
      return array(mirror.children.map(\.value), count: Int(mirror.children.count))
    case .dictionary:
      return array(mirror.children.map(\.value), count: Int(mirror.children.count))
    case .struct, .class:
      return mirror.children.isEmpty ? string("\(value)") : object(Array(mirror.children))
    default:
      return string("\(value)")
    }
  }

  static func string(_ text: String) -> String { JSONBytes.quoted(text) }

  private static func object(_ children: [Mirror.Child]) -> String {
    let fields = children.enumerated().map { index, child in
      string(child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? "\(index)")
        + ":" + encode(child.value)
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  private static func array(_ values: [Any], count: Int) -> String {
    var items = values.prefix(maxElements).map(encode)
    if count > maxElements { items.append(string("… \(count - maxElements) more")) }
    return "[" + items.joined(separator: ",") + "]"
  }
}
