import AgentConfig
import Localization

/// Loads a config, turning its errors into the CLI's exit codes (66 missing, 74
/// unreadable, 65 invalid) with every issue on its own line.
package func loadConfig(_ source: ConfigSource) throws -> LoadedConfig {
  do {
    return try source.load()
  } catch {
    let code: CLIError.Code =
      switch error.kind {
      case .missing: .noInput
      case .unreadable: .ioError
      case .invalid: .dataError
      }
    let count = error.issues.count
    let heading = error.kind == .invalid ? trn("invalid config (%d error):", "invalid config (%d errors):", count, count) + "\n" : ""
    throw CLIError(heading + error.description, code: code)
  }
}
