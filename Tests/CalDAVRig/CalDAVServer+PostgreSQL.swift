import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension CalDAVServer {
  /// A private PostgreSQL cluster in `folder/pg`, listening on a socket in `folder` and,
  /// with `tcp`, on 127.0.0.1 (SOGo connects by address); its port. Its superuser is
  /// "postgres", and every local user is trusted.
  static func startPostgreSQL(in folder: URL, tcp: Bool = false) throws -> Int {
    let port = try freePort()
    let data = folder.appendingPathComponent("pg").path
    if getuid() == 0 {
      // PostgreSQL does not run as root: the cluster is its user's.
      let (status, output) = try run("/bin/chown", ["postgres", folder.path])
      guard status == 0 else { throw ServerError("chown: \(output)") }
    }
    let bin = "/usr/lib/postgresql/15/bin"
    let (status, output) = try asPostgres(["\(bin)/initdb", "-D", data, "-A", "trust", "-U", "postgres"])
    guard status == 0 else { throw ServerError("initdb: \(output)") }
    // The server runs in the foreground, so no daemon outlives a process here (pg_ctl's
    // would), and the wait is for its socket.
    let server = Process()
    server.executableURL = URL(fileURLWithPath: getuid() == 0 ? "/usr/sbin/runuser" : "\(bin)/postgres")
    server.arguments = (getuid() == 0 ? ["-u", "postgres", "--", "\(bin)/postgres"] : []) + [
      "-D", data, "-k", folder.path, "-p", "\(port)", "-c", "listen_addresses=\(tcp ? "127.0.0.1" : "")",
    ]
    server.standardOutput = FileHandle.nullDevice
    server.standardError = try FileHandle(forWritingTo: folder.appendingPathComponent("pg.log").touched())
    try server.run()
    let socket = folder.appendingPathComponent(".s.PGSQL.\(port)").path
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: socket) { usleep(50_000) }
    guard FileManager.default.fileExists(atPath: socket) else {
      let log = (try? String(contentsOf: folder.appendingPathComponent("pg.log"), encoding: .utf8)) ?? ""
      throw ServerError("postgres did not start: \(log)")
    }
    return port
  }

  /// DAViCal's database, made by the package's own script; its administrator "admin" gets
  /// `password`.
  static func createDAViCalDatabase(in folder: URL, port: Int, password: String) throws {
    let (status, output) = try run(
      "/usr/bin/env",
      [
        "PGHOST=\(folder.path)", "PGPORT=\(port)", "PGUSER=postgres", "USER=postgres", "/bin/bash",
        "/usr/share/davical/dba/create-database.sh", "davical", password,
      ])
    guard status == 0, output.contains("has been set to") else { throw ServerError("create-database.sh: \(output)") }
  }

  /// Runs `sql` in `database` as the superuser.
  static func psql(_ folder: URL, port: Int, database: String = "postgres", _ sql: String) throws {
    let (status, output) = try asPostgres([
      "/usr/bin/psql", "-h", folder.path, "-p", "\(port)", "-d", database, "-v", "ON_ERROR_STOP=1", "-q", "-c", sql,
    ])
    guard status == 0 else { throw ServerError("psql: \(output)") }
  }

  /// Stops the cluster in `folder/pg` at once (SIGQUIT to the postmaster its pid file names).
  static func stopPostgreSQL(in folder: URL) {
    guard let pid = try? String(contentsOf: folder.appendingPathComponent("pg/postmaster.pid"), encoding: .utf8)
      .split(separator: "\n").first.flatMap({ pid_t($0) })
    else { return }
    kill(pid, SIGQUIT)
    for _ in 0..<100 where kill(pid, 0) == 0 { usleep(50_000) }
  }

  /// Runs a PostgreSQL program as the postgres user when this process is root.
  static func asPostgres(_ command: [String]) throws -> (status: Int32, output: String) {
    getuid() == 0
      ? try run("/usr/sbin/runuser", ["-u", "postgres", "--"] + command)
      : try run(command[0], Array(command.dropFirst()))
  }
}
