import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension CalDAVServer {
  /// The IMAP port of a Cyrus server, read back from its config.
  var cyrusIMAPPort: Int? {
    guard kind == .cyrus,
      let config = try? String(contentsOf: folder.appendingPathComponent("cyrus.conf"), encoding: .utf8),
      let range = config.range(of: #"imap cmd="[^"]*" listen="127\.0\.0\.1:(\d+)""#, options: .regularExpression)
    else { return nil }
    return Int(config[range].split(separator: ":").last?.dropLast() ?? "")
  }

  /// A private Cyrus: its own config, spool and sockets in `folder`, CalDAV on `httpPort`,
  /// IMAP on `imapPort`, `user` in a sasldb with `password` (Basic authentication over
  /// SASL PLAIN). No default calendar: the phone makes the calendars a test needs. Run as
  /// root, `master` gives up root for the cyrus user, who must own the folder.
  static func configureCyrus(in folder: URL, httpPort: Int, imapPort: Int, user: String, password: String) throws {
    for name in ["config", "spool", "sieve", "run"] {
      try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
    }
    let root = folder.path
    try """
      configdirectory: \(root)/config
      partition-default: \(root)/spool
      sievedir: \(root)/sieve
      servername: 127.0.0.1
      admins: cyrus
      allowplaintext: yes
      sasl_pwcheck_method: auxprop
      sasl_auxprop_plugin: sasldb
      sasl_sasldb_path: \(root)/sasldb2
      sasl_mech_list: PLAIN LOGIN
      httpmodules: caldav
      unixhierarchysep: yes
      autocreate_quota: 0
      autocreate_post: 1
      caldav_create_default: 0
      lmtpsocket: \(root)/run/lmtp
      idlesocket: \(root)/run/idle
      notifysocket: \(root)/run/notify
      mboxname_lockpath: \(root)/run/lock
      proc_path: \(root)/run/proc
      syslog_prefix: quickdo-test-cyrus
      """.write(to: folder.appendingPathComponent("imapd.conf"), atomically: true, encoding: .utf8)
    try """
      START {
        recover cmd="ctl_cyrusdb -r -C \(root)/imapd.conf"
      }
      SERVICES {
        imap cmd="imapd -C \(root)/imapd.conf" listen="127.0.0.1:\(imapPort)" prefork=0
        http cmd="httpd -C \(root)/imapd.conf" listen="127.0.0.1:\(httpPort)" prefork=0
      }
      EVENTS {
      }
      """.write(to: folder.appendingPathComponent("cyrus.conf"), atomically: true, encoding: .utf8)
    let sasl = Process()
    sasl.executableURL = URL(fileURLWithPath: "/usr/sbin/saslpasswd2")
    sasl.arguments = ["-f", "\(root)/sasldb2", "-p", "-c", "-u", "127.0.0.1", user]
    let input = Pipe()
    sasl.standardInput = input
    try sasl.run()
    input.fileHandleForWriting.write(Data(password.utf8))
    try input.fileHandleForWriting.close()
    sasl.waitUntilExit()
    guard sasl.terminationStatus == 0 else { throw ServerError("saslpasswd2 exited \(sasl.terminationStatus)") }
    if getuid() == 0 {
      let (status, output) = try run("/bin/chown", ["-R", "cyrus:mail", root])
      guard status == 0 else { throw ServerError("chown: \(output)") }
    }
  }
}
