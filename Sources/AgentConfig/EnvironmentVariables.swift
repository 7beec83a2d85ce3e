import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where quickdo reads environment variables from: the process's own (`getenv`), or any
/// other lookup. A lookup, not a dictionary: building `ProcessInfo.processInfo.environment` (every
/// variable, and the dictionary type's first use) is a cost every CLI command would pay,
/// under the CLI's budget, to read the two or three variables it needs.
public struct EnvironmentVariables: Sendable {
  private let lookup: @Sendable (String) -> String?

  public init(_ lookup: @escaping @Sendable (String) -> String?) { self.lookup = lookup }

  /// The process's environment, read at each lookup.
  public static let process = EnvironmentVariables { name in
    getenv(name).map { String(cString: $0) }
  }

  public subscript(name: String) -> String? { lookup(name) }
}
