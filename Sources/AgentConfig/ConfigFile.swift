import Foundation
import Localization

/// Reads a config file defensively: a config can change what the agent does with the
/// user's todos, so one that others can write is refused, and anything that is not a
/// small UTF-8 text file is an error that says so.
enum ConfigFile {
  static func read(_ path: String) throws(ConfigErrors) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT {
        throw ConfigErrors(.missing, [ConfigIssue(file: path, message: tr("no such file"))])
      }
      throw ConfigErrors(.unreadable, [ConfigIssue(file: path, message: String(cString: strerror(errno)))])
    }
    if info.st_mode & S_IFMT == S_IFDIR {
      throw ConfigErrors(.unreadable, [ConfigIssue(file: path, message: tr("is a directory, not a file"))])
    }
    if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
      throw ConfigErrors(.unreadable, [
        ConfigIssue(
          file: path,
          message: tr("is writable by group or others (mode %s); refusing it. Fix with: chmod go-w %s", String(info.st_mode & 0o777, radix: 8), path))
      ])
    }
    if info.st_size > ConfigParser.maxBytes {
      throw ConfigErrors(.invalid, [ConfigIssue(file: path, message: tr("is larger than %s KB; not a config file?", ConfigParser.maxBytes / 1024))])
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigErrors(.unreadable, [ConfigIssue(file: path, message: tr("cannot be read"))])
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw ConfigErrors(.invalid, [ConfigIssue(file: path, message: tr("is not UTF-8 text"))])
    }
    return text
  }

  /// Whether only the owner may read or write the file (mode 0600 or stricter), as
  /// `.netrc` must be to hold a password.
  static func isPrivate(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & 0o077 == 0
  }
}
