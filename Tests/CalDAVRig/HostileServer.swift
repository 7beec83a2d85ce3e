import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A CalDAV server that misbehaves one way per scenario (hostile.py beside this file), on
/// 127.0.0.1 with listeners for "another host" (127.0.0.2) and "another port", recording
/// every request it receives. For the sync tests that check what quickdo does with a
/// server it cannot trust.
public final class HostileServer: @unchecked Sendable {
  /// One request as a listener received it.
  public struct Request: Decodable, Sendable {
    public var listener: String
    public var method: String
    public var path: String
    public var headers: [String: String]
    public var body: String
  }

  public let folder: URL
  public let port: Int
  public let ports: [String: Int]
  public let tls: Bool
  private let process: Process

  /// The account URL of the scenario's calendar (`/cal/`) or server root (`/`).
  public func url(_ path: String = "/cal/") -> String {
    "\(tls ? "https" : "http")://127.0.0.1:\(port)\(path)"
  }

  /// Starts `scenario`; with `tls`, over HTTPS with a certificate signed by the
  /// ``TestCertificateAuthority`` made in the server's folder.
  public init(_ scenario: String, tls: Bool = false) throws {
    self.tls = tls
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-hostile-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("hostile.py")
    var arguments = [script.path, scenario, folder.path]
    if tls {
      let authority = try TestCertificateAuthority(in: folder)
      arguments += ["--tls", authority.serverCertificate, authority.serverKey]
    }
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = arguments
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    try process.run()
    let portsFile = folder.appendingPathComponent("ports.json")
    for _ in 0..<600 where !FileManager.default.fileExists(atPath: portsFile.path) {
      usleep(20_000)
    }
    guard let data = try? Data(contentsOf: portsFile),
      let ports = try? JSONDecoder().decode([String: Int].self, from: data), let main = ports["main"]
    else {
      process.terminate()
      throw ServerError("hostile.py \(scenario) did not start")
    }
    self.ports = ports
    port = main
  }

  /// The test CA's certificate, for `ca_file`.
  public var caFile: String { folder.appendingPathComponent("ca.pem").path }

  /// Every request received so far.
  public func requests() -> [Request] {
    guard let text = try? String(contentsOf: folder.appendingPathComponent("requests.jsonl"), encoding: .utf8) else {
      return []
    }
    return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
  }

  /// One request to the main listener, made with curl, as another app makes it (the
  /// byte-store scenario keeps what it is sent); the status and body.
  public func request(_ method: String, _ path: String, body: [UInt8]? = nil) throws -> (status: Int, body: [UInt8]) {
    let exchange = folder.appendingPathComponent("exchange-\(UUID())")
    try FileManager.default.createDirectory(at: exchange, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: exchange) }
    var arguments = [
      "--silent", "--max-time", "10", "--insecure", "--request", method, "--output",
      exchange.appendingPathComponent("body").path, "--write-out", "%{http_code}",
    ]
    if let body {
      try Data(body).write(to: exchange.appendingPathComponent("request"))
      arguments += [
        "--header", "Content-Type: text/calendar; charset=utf-8", "--data-binary",
        "@" + exchange.appendingPathComponent("request").path,
      ]
    }
    arguments.append(url(path))
    let (status, output) = try CalDAVServer.run("/usr/bin/curl", arguments)
    guard status == 0, let code = Int(output) else { throw ServerError("curl \(method) \(path): \(status) \(output)") }
    return (code, (try? Data(contentsOf: exchange.appendingPathComponent("body"))).map(Array.init) ?? [])
  }

  public func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }
}

/// A certificate authority made for one test with openssl, and a certificate it signed
/// for 127.0.0.1, which no system trusts.
public struct TestCertificateAuthority {
  public let serverCertificate: String
  public let serverKey: String

  public init(in folder: URL) throws {
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    serverCertificate = path("server.pem")
    serverKey = path("server-key.pem")
    try "subjectAltName=IP:127.0.0.1\n".write(toFile: path("san.ext"), atomically: true, encoding: .utf8)
    let steps: [[String]] = [
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=quickdo test CA",
       "-keyout", path("ca-key.pem"), "-out", path("ca.pem")],
      ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", serverKey, "-out", path("server.csr")],
      ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca-key.pem"),
       "-CAcreateserial", "-days", "1", "-extfile", path("san.ext"), "-out", serverCertificate],
    ]
    for step in steps {
      let (status, output) = try CalDAVServer.run("/usr/bin/openssl", step)
      guard status == 0 else { throw ServerError("openssl \(step[0]): \(output)") }
    }
  }
}
