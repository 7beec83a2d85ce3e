import ArgumentParser
import Models

/// `--priority low|normal|high`, in any case: ArgumentParser lists the values in help and
/// completions, and refuses another with a usage error (64) that names them.
extension Priority: ExpressibleByArgument {
  public init?(argument: String) {
    self.init(rawValue: argument.lowercased())
  }
}
