import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension CalDAVServer {
  /// A private SOGo: a PostgreSQL cluster on 127.0.0.1 with SOGo's database and a table of
  /// users it reads (the owner, its password in plain text), a memcached on its own port,
  /// and the `sogod` arguments that serve them on `httpPort` in the foreground. GNUstep
  /// reads `-Key value` arguments before /etc/sogo/sogo.conf, so nothing outside the
  /// folder is read or written. Four workers: with one, a second client's connection is
  /// reset while another holds the worker. Run as root, `sogod` runs as the sogo user and memcached
  /// as memcache, as they insist. The memcached, started.
  static func configureSOGo(in folder: URL, httpPort: Int, user: String, password: String, process: Process)
    throws -> Process
  {
    let database = try startPostgreSQL(in: folder, tcp: true)
    try psql(folder, port: database, "CREATE USER sogo")
    try psql(folder, port: database, "CREATE DATABASE sogo OWNER sogo")
    try psql(
      folder, port: database, database: "sogo",
      """
      CREATE TABLE sogo_users (c_uid varchar(64) PRIMARY KEY, c_name varchar(64), c_password varchar(255),
        c_cn varchar(128), mail varchar(128));
      INSERT INTO sogo_users VALUES ('\(user)', '\(user)', '\(password)', 'Phone Owner', '\(user)@example.org');
      ALTER TABLE sogo_users OWNER TO sogo;
      """)

    let cache = try freePort()
    let memcached = Process()
    memcached.executableURL = URL(fileURLWithPath: "/usr/bin/memcached")
    memcached.arguments = (getuid() == 0 ? ["-u", "memcache"] : []) + ["-l", "127.0.0.1", "-p", "\(cache)", "-U", "0"]
    memcached.standardOutput = FileHandle.nullDevice
    memcached.standardError = FileHandle.nullDevice
    try memcached.run()

    let home = folder.appendingPathComponent("sogo")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    if getuid() == 0 {
      let (status, output) = try run("/bin/chown", ["sogo", home.path])
      guard status == 0 else { throw ServerError("chown: \(output)") }
    }
    let url = "postgresql://sogo@127.0.0.1:\(database)/sogo"
    let settings = [
      "-WONoDetach", "YES", "-WOPort", "127.0.0.1:\(httpPort)", "-WOWorkersCount", "4", "-WOLogFile", "-",
      "-WOPidFile", home.appendingPathComponent("sogo.pid").path,
      "-SOGoProfileURL", "\(url)/sogo_user_profile", "-OCSFolderInfoURL", "\(url)/sogo_folder_info",
      "-OCSSessionsFolderURL", "\(url)/sogo_sessions_folder", "-OCSEMailAlarmsFolderURL", "\(url)/sogo_alarms_folder",
      "-SOGoMemcachedHost", "127.0.0.1:\(cache)", "-SOGoTimeZone", "UTC",
      "-SOGoUserSources",
      "({type = sql; id = users; viewURL = \"\(url)/sogo_users\"; canAuthenticate = YES; isAddressBook = NO; userPasswordAlgorithm = plain;})",
    ]
    process.executableURL = URL(fileURLWithPath: getuid() == 0 ? "/usr/sbin/runuser" : "/usr/sbin/sogod")
    // runuser sets HOME to the user's own; GNUstep keeps its defaults there.
    process.arguments =
      (getuid() == 0 ? ["-u", "sogo", "--", "/usr/bin/env", "HOME=\(home.path)", "/usr/sbin/sogod"] : []) + settings
    process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin"]
    return memcached
  }

  /// Stops `sogod` and its worker, which run under runuser, by the port only they listen on.
  static func stopSOGo(port: Int) {
    _ = try? run("/usr/bin/pkill", ["-KILL", "-f", "--", "-WOPort 127.0.0.1:\(port) "])
  }
}
