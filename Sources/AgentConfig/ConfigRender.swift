import Foundation

extension LoadedConfig {
  /// The effective configuration as TOML, in the built-in file's order, each value with
  /// where it came from (`quickdo config show`).
  public var rendered: String {
    let locator = KeyLocator(text: AgentConfig.builtInText)
    let paths = ConfigSchema.fields.keys.sorted { (locator.line(of: $0) ?? .max) < (locator.line(of: $1) ?? .max) }
    var out = "# effective configuration; file: \(source)\n"
    var section = ""
    for path in paths {
      let parts = path.split(separator: ".")
      let table = parts.dropLast().joined(separator: ".")
      if table != section {
        out += "\n[\(table)]\n"
        section = table
      }
      let line = "\(parts.last!) = \(ConfigSchema.fields[path]!.render(config))"
      let origin = setKeys.contains(path) ? (source.path ?? "built-in default") : "built-in default"
      out += line.padding(toLength: max(line.count, 40), withPad: " ", startingAt: 0) + "  # \(origin)\n"
    }
    return out
  }
}
