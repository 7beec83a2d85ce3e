import Foundation
import URLOpenerClient

#if canImport(Glibc)
  import Glibc
#endif

extension URLOpenerClient {
  /// Opens URLs with `xdg-open` (or `program`), spawned directly — no shell: the URL is
  /// one argv element, verbatim, so nothing in it is ever interpreted as a command.
  /// Only http, https and mailto URLs are opened.
  public static func live(program: String = "xdg-open") -> URLOpenerClient {
    URLOpenerClient { url in
      guard let scheme = url.scheme?.lowercased(), ["http", "https", "mailto"].contains(scheme) else {
        return "refusing to open \(url.absoluteString): only http, https and mailto links are opened"
      }
      return await Task.detached { spawnAndWait(program: program, argument: url.absoluteString) }.value
    }
  }
}

/// Runs `program argument` with posix_spawnp and waits for it; a failure as a sentence.
func spawnAndWait(program: String, argument: String) -> String? {
  var pid = pid_t()
  let argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), strdup(argument), nil]
  defer { for pointer in argv { free(pointer) } }
  let status = posix_spawnp(&pid, program, nil, nil, argv, environ)
  guard status == 0 else { return "cannot run \(program): \(String(cString: strerror(status)))" }
  var exit: Int32 = 0
  while waitpid(pid, &exit, 0) == -1 && errno == EINTR {}
  let code = (exit >> 8) & 0xff
  return exit & 0x7f == 0 && code == 0 ? nil : "\(program) failed (status \(code))"
}
