import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where quickdo reads environment variables from: the process's own (`getenv`), or a fixed
/// set. A lookup, not a dictionary: building `ProcessInfo.processInfo.environment` (every
/// variable, and the dictionary type's first use) cost each CLI command ~0.8 million
/// instructions to read the two or three variables it needs.
public struct EnvironmentVariables: Sendable {
  private let lookup: @Sendable (String) -> String?

  public init(_ lookup: @escaping @Sendable (String) -> String?) { self.lookup = lookup }

  /// A fixed set of variables, nothing else.
  public init(_ values: [String: String]) { self.init { values[$0] } }

  /// The process's environment, read at each lookup.
  public static let process = EnvironmentVariables { name in
    getenv(name).map { String(cString: $0) }
  }

  public subscript(name: String) -> String? { lookup(name) }
}
