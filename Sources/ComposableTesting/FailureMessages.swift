import CustomDump

/// A value as CustomDump prints it, for failure messages.
func customDumpString(_ value: some Any) -> String {
  var out = ""
  customDump(value, to: &out)
  return out
}

extension String {
  func indent(by n: Int) -> String {
    let pad = String(repeating: " ", count: n)
    return split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(
      separator: "\n")
  }
}
