import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real CalDAV server for one test, from Debian's packages, on 127.0.0.1 at a free port,
/// over a temporary folder: Radicale (Basic auth, htpasswd), Xandikos (no auth of its own),
/// sabre/dav 1.8 under `php -S` (Digest auth, no WebDAV-Sync; sabredav.php), sabre/dav 4.7
/// (sabredav4/, vendored) set up as Nextcloud sets it (Basic) and as Baikal does (Digest),
/// Cyrus IMAP 3.6's CalDAV (`master` with `httpd` and `imapd`, a sasldb user; Fastmail's
/// engine), or DAViCal 1.1 under `php -S` over a private PostgreSQL cluster. Stopped, and its folder removed, by `stop()`. Requests go through curl, so
/// checks do not depend on sync's own HTTP client. For the sync tests and the agent's.
public final class CalDAVServer: @unchecked Sendable {
  public enum Kind: String, CaseIterable, Sendable {
    case radicale, xandikos, sabredav, nextcloud, baikal, cyrus, davical, sogo

    /// The servers the sync tests and the benchmark run: those QUICKDO_SERVERS names (raw
    /// kinds, separated by commas), or all.
    public static var tested: [Kind] {
      guard let names = ProcessInfo.processInfo.environment["QUICKDO_SERVERS"], !names.isEmpty else { return allCases }
      return allCases.filter { names.split(separator: ",").contains(Substring($0.rawValue)) }
    }

    /// Whether it has WebDAV-Sync (sync-collection); without it, a sync lists the
    /// calendar's ETags (PROPFIND) every time.
    public var hasWebDAVSync: Bool { self != .sabredav }
    /// Whether its sync-collection answers carry the objects' text when asked, so nothing
    /// is fetched after.
    public var sendsObjectsWithChanges: Bool { [.radicale, .nextcloud, .baikal, .cyrus, .sogo].contains(self) }
    /// The server and version, as a table names it.
    public var title: String {
      switch self {
      case .radicale: "Radicale 3.1"
      case .xandikos: "Xandikos 0.2"
      case .sabredav: "sabre/dav 1.8"
      case .nextcloud: "sabre/dav 4.7, as Nextcloud (Basic)"
      case .baikal: "sabre/dav 4.7, as Baikal (Digest)"
      case .cyrus: "Cyrus IMAP 3.6"
      case .davical: "DAViCal 1.1"
      case .sogo: "SOGo 5.8"
      }
    }
    /// Whether it asks for Digest rather than Basic.
    public var usesDigest: Bool { self == .sabredav || self == .baikal }
  }

  public let kind: Kind
  public let url: String
  /// The account (DAViCal's is the administrator its database script makes).
  public var user: String { kind == .davical ? "admin" : "phone-owner" }
  public let password = "correct horse battery staple"
  let folder: URL
  private var process: Process
  /// SOGo's cache.
  private var memcached: Process?
  private let port: Int

  /// Whether it serves HTTPS, with a self-signed certificate no system trusts (Radicale).
  public let tls: Bool

  /// `maxContentLength`: Radicale's limit on a request's body, past which it answers 413.
  /// `rights`: Radicale reads who may write what from a file (``readOnly(_:)``), on every
  /// request.
  /// `push`: Xandikos 0.4.10 from PyPI with WebDAV-Push (``pushEnvironment``), in place of
  /// Debian's.
  public init(
    _ kind: Kind, tls: Bool = false, maxContentLength: Int? = nil, rights: Bool = false, push: Bool = false
  ) throws {
    self.kind = kind
    self.tls = tls
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("quickdo-caldav-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let port = try Self.freePort()
    self.port = port
    url = "\(tls ? "https" : "http")://127.0.0.1:\(port)/" + (kind == .davical ? "caldav.php/" : kind == .sogo ? "SOGo/dav/" : "")
    process = Process()
    switch kind {
    case .radicale:
      try "\(user):\(password)\n".write(to: folder.appendingPathComponent("users"), atomically: true, encoding: .utf8)
      var ssl = ""
      if tls {
        let (status, output) = try Self.run(
          "/usr/bin/openssl",
          [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder.appendingPathComponent("key.pem").path,
            "-out", folder.appendingPathComponent("cert.pem").path,
          ])
        guard status == 0 else { throw ServerError("openssl: \(output)") }
        ssl = "ssl = True\ncertificate = \(folder.path)/cert.pem\nkey = \(folder.path)/key.pem\n"
      }
      try """
        [server]
        hosts = 127.0.0.1:\(port)
        \(maxContentLength.map { "max_content_length = \($0)" } ?? "")
        \(ssl)
        \(rights ? "[rights]\ntype = from_file\nfile = \(folder.path)/rights\n" : "")
        [auth]
        type = htpasswd
        htpasswd_filename = \(folder.path)/users
        htpasswd_encryption = plain
        [storage]
        filesystem_folder = \(folder.path)/collections
        [logging]
        level = warning
        """.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
      if rights { try Self.rights([]).write(to: folder.appendingPathComponent("rights"), atomically: true, encoding: .utf8) }
      // Without fsync (eatmydata, which execs Radicale in its place): the data goes with the
      // test, and an fsync for each item Radicale caches is most of a large collection's
      // first listing.
      process.executableURL = URL(fileURLWithPath: "/usr/bin/eatmydata")
      process.arguments = ["/usr/bin/radicale", "--config", folder.appendingPathComponent("config").path]
    case .xandikos where push:
      let venv = try Self.pushEnvironment()
      process.executableURL = venv.appendingPathComponent("bin/xandikos")
      process.arguments = [
        "serve", "-d", folder.appendingPathComponent("data").path, "-p", "\(port)", "-l", "127.0.0.1", "--autocreate",
        "--webdav-push", "--state-dir", folder.appendingPathComponent("state").path,
      ]
      // Its push service is the test distributor's, on 127.0.0.1.
      process.environment = ["XANDIKOS_ALLOW_INTERNAL_PUSH_RESOURCE": "1", "PATH": "/usr/bin:/bin"]
    case .xandikos:
      process.executableURL = URL(fileURLWithPath: "/usr/bin/xandikos")
      process.arguments = ["-d", folder.appendingPathComponent("data").path, "-p", "\(port)", "-l", "127.0.0.1", "--autocreate"]
    case .cyrus:
      try Self.configureCyrus(in: folder, httpPort: port, imapPort: try Self.freePort(), user: user, password: password)
      process.executableURL = URL(fileURLWithPath: "/usr/lib/cyrus/bin/master")
      process.arguments = [
        "-C", folder.appendingPathComponent("imapd.conf").path, "-M", folder.appendingPathComponent("cyrus.conf").path,
        "-p", folder.appendingPathComponent("run/master.pid").path, "-D",
      ]
    case .davical:
      let database = try Self.startPostgreSQL(in: folder)
      try Self.createDAViCalDatabase(in: folder, port: database, password: password)
      process.executableURL = URL(fileURLWithPath: "/usr/bin/php")
      process.arguments = [
        "-S", "127.0.0.1:\(port)", "-t", "/usr/share/davical/htdocs",
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("davical-router.php").path,
      ]
      process.environment = ["PGHOST": folder.path, "PGPORT": "\(database)", "PATH": "/usr/bin:/bin"]
    case .sogo:
      memcached = try Self.configureSOGo(in: folder, httpPort: port, user: user, password: password, process: process)
    case .sabredav, .nextcloud, .baikal:
      let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent(kind == .sabredav ? "sabredav.php" : "sabredav4/server.php")
      process.executableURL = URL(fileURLWithPath: "/usr/bin/php")
      process.arguments = ["-S", "127.0.0.1:\(port)", script.path]
      process.environment = [
        "SABRE_DB": folder.appendingPathComponent("db.sqlite").path, "SABRE_USER": user, "SABRE_PASSWORD": password,
        "SABRE_AUTH": kind.usesDigest ? "digest" : "basic", "PATH": "/usr/bin:/bin",
      ]
    }
    try start()
  }

  /// Radicale's rights: the user reads and writes every calendar of theirs but those
  /// whose collection paths (`/user/name/`) are given, which it may only read (a DELETE
  /// there is refused with 403).
  public func readOnly(_ collections: [String]) throws {
    try Self.rights(collections).write(to: folder.appendingPathComponent("rights"), atomically: true, encoding: .utf8)
  }

  static func rights(_ collections: [String]) -> String {
    var text = "[root]\nuser: .+\ncollection:\npermissions: R\n\n[principal]\nuser: .+\ncollection: {user}\npermissions: RW\n\n"
    for (index, path) in collections.enumerated() {
      let collection = path.split(separator: "/").joined(separator: "/")
      text += "[read-only-\(index)]\nuser: .+\ncollection: \(NSRegularExpression.escapedPattern(for: collection))\npermissions: r\n\n"
    }
    return text + "[calendars]\nuser: .+\ncollection: {user}/[^/]+\npermissions: rw\n"
  }

  private func start() throws {
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("log").touched())
    try process.run()
  }

  /// A server of `kind`, started and answering.
  public static func started(_ kind: Kind, push: Bool = false) async throws -> CalDAVServer {
    let server = try CalDAVServer(kind, push: push)
    do {
      try await server.ready()
    } catch {
      server.stop()
      throw error
    }
    return server
  }

  /// Fills Radicale's calendar `name` with `count` todos written straight into its
  /// storage folder, which it reads as it would its own (PUTting 30,000 takes minutes), and
  /// has Radicale read them once; the calendar's path.
  public func seedTodos(_ count: Int, calendar name: String = "tasks") throws -> String {
    precondition(kind == .radicale, "only Radicale's storage is a folder of .ics files")
    let calendar = folder.appendingPathComponent("collections/collection-root/\(user)/\(name)")
    try FileManager.default.createDirectory(at: calendar, withIntermediateDirectories: true)
    try #"{"C:supported-calendar-component-set": "VTODO", "D:displayname": "Tasks", "tag": "VCALENDAR"}"#
      .write(to: calendar.appendingPathComponent(".Radicale.props"), atomically: true, encoding: .utf8)
    for number in 0..<count {
      let todo =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//rig//EN\r\nBEGIN:VTODO\r\nUID:seed-\(number)\r\n"
        + "DTSTAMP:20261120T090000Z\r\nSUMMARY:Todo number \(number)\r\nPRIORITY:\(1 + number % 9)\r\n"
        + "CATEGORIES:Seed\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
      try Data(todo.utf8).write(to: calendar.appendingPathComponent("seed-\(number).ics"))
    }
    // Radicale caches each item when it is PUT; files written behind its back are read and
    // cached on the first listing, which is done here, as a server in use has it done. The
    // listing is a sync-collection REPORT: Radicale answers it reading the folder once, where
    // a Depth 1 PROPFIND reads the whole folder again for each item.
    let listing = #"<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>"#
    let (status, output) = try Self.run(
      "/usr/bin/curl",
      [
        "--silent", "--output", "/dev/null", "--max-time", "600", "--user", "\(user):\(password)",
        "--request", "REPORT", "--header", "Depth: 0", "--data", listing,
        URL(string: "/\(user)/\(name)/", relativeTo: URL(string: url))!.absoluteString,
      ])
    guard status == 0 else { throw ServerError("listing the seeded calendar: \(status) \(output)") }
    return "/\(user)/\(name)/"
  }

  /// Stops the server and keeps its data, as a server going down does.
  public func pause() { stopServer() }

  /// Stops the server process: Cyrus's master takes its services down with it on SIGTERM;
  /// the others stop at once (Radicale's server loop does not stop on SIGTERM).
  private func stopServer() {
    if kind == .sogo { Self.stopSOGo(port: port) }
    guard process.isRunning else { return }
    kill(process.processIdentifier, kind == .cyrus ? SIGTERM : SIGKILL)
    process.waitUntilExit()
  }

  /// Starts it again on the same port and data, and waits until it answers.
  public func resume() async throws {
    let next = Process()
    next.executableURL = process.executableURL
    next.arguments = process.arguments
    next.environment = process.environment
    process = next
    try start()
    try await ready()
  }

  /// Waits until the server answers HTTP, for up to 20 s. Cyrus makes a user's mailbox,
  /// and with it the calendar home, at their first IMAP login, which is done here.
  public func ready() async throws {
    for _ in 0..<200 {
      if (try? await request("GET", url)) != nil {
        if kind == .cyrus, let imap = cyrusIMAPPort {
          let login = "import imaplib; m = imaplib.IMAP4('127.0.0.1', \(imap)); m.login(*__import__('sys').argv[1:3]); m.logout()"
          let (status, output) = try Self.run("/usr/bin/python3", ["-c", login, user, password])
          guard status == 0 else { throw ServerError("cyrus IMAP login: \(output)") }
        }
        return
      }
      try await Task.sleep(nanoseconds: 100_000_000)
    }
    let log = (try? String(contentsOf: folder.appendingPathComponent("log"), encoding: .utf8)) ?? ""
    throw ServerError("\(kind) did not start: \(log)")
  }

  public func stop() {
    stopServer()
    if let memcached, memcached.isRunning {
      kill(memcached.processIdentifier, SIGKILL)
      memcached.waitUntilExit()
    }
    if kind == .davical || kind == .sogo { Self.stopPostgreSQL(in: folder) }
    try? FileManager.default.removeItem(at: folder)
  }

  /// The virtual environment with Xandikos 0.4.10 and its WebDAV-Push dependencies from
  /// PyPI, and the test push service's certificate (`push-cert.pem`, `push-key.pem`), made
  /// once by scripts/push-venv.sh in .build/push-venv (checked once per test process).
  public static func pushEnvironment() throws -> URL { try madePushEnvironment.get() }

  private static let madePushEnvironment = Result<URL, any Error>(catching: {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let venv = root.appendingPathComponent(".build/push-venv")
    let (status, output) = try CalDAVServer.run(
      "/bin/bash", [root.appendingPathComponent("scripts/push-venv.sh").path, venv.path])
    guard status == 0 else { throw ServerError("scripts/push-venv.sh: \(output)") }
    return venv
  })

  /// A path for a test's file in this server's folder, which ``stop()`` removes.
  public func scratchPath(_ name: String) -> String {
    folder.appendingPathComponent("\(UUID())-\(name)").path
  }

  /// One request with the owner's password, made with curl; the status, body and ETag.
  public func request(_ method: String, _ target: String, body: [UInt8]? = nil, headers: [String: String] = [:])
    async throws -> (status: Int, body: [UInt8], etag: String?)
  {
    let exchange = folder.appendingPathComponent("exchange-\(UUID())")
    try FileManager.default.createDirectory(at: exchange, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: exchange) }
    var arguments = [
      "--silent", "--max-time", "10", kind.usesDigest ? "--digest" : "--basic", "--user", "\(user):\(password)", "--request", method,
      "--dump-header", exchange.appendingPathComponent("headers").path,
      "--output", exchange.appendingPathComponent("body").path, "--write-out", "%{http_code}",
    ]
    // The rig's own checks trust its certificate; quickdo must not.
    if tls { arguments.append("--insecure") }
    for (name, value) in headers { arguments += ["--header", "\(name): \(value)"] }
    if let body {
      try Data(body).write(to: exchange.appendingPathComponent("request"))
      if headers["Content-Type"] == nil {
        arguments += ["--header", "Content-Type: text/calendar; charset=utf-8"]
      }
      arguments += ["--data-binary", "@" + exchange.appendingPathComponent("request").path]
    }
    arguments.append(URL(string: target, relativeTo: URL(string: url))!.absoluteString)
    let (status, output) = try Self.run("/usr/bin/curl", arguments)
    guard status == 0, let code = Int(output) else { throw ServerError("curl \(method) \(target): \(status) \(output)") }
    let received = (try? Data(contentsOf: exchange.appendingPathComponent("body"))).map(Array.init) ?? []
    let head = (try? String(contentsOf: exchange.appendingPathComponent("headers"), encoding: .utf8)) ?? ""
    let etag = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("etag:") }
      .map { $0.dropFirst(5).trimmingCharacters(in: .whitespaces) }
    return (code, received, etag)
  }

  /// Runs a program to its end; its exit status and what it printed.
  public static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  /// Runs phone.py, beside this file, against this server; its exit status and output.
  public func phone(_ command: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("phone.py")
    let auth = kind == .cyrus ? "basic" : "ask"
    return try Self.run("/usr/bin/env", ["PHONE_AUTH=\(auth)", "/usr/bin/python3", script.path, command, url, user, password] + arguments)
  }

  /// A port nothing listens on now: bound to port 0, read back, released.
  public static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ServerError("socket: \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw ServerError("bind: \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

public struct ServerError: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}

extension URL {
  /// Creates the file if it is missing, and returns it.
  func touched() throws -> URL {
    if !FileManager.default.fileExists(atPath: path) {
      _ = FileManager.default.createFile(atPath: path, contents: nil)
    }
    return self
  }
}
