import AgentConfig
import CommandSupport
import Foundation
import Localization

/// Reloads the agent's config on SIGHUP and when its file changes (inotify on the file's
/// directory, so editors that replace the file are seen too; no polling). With no file yet,
/// the file that would be read (the XDG one) is awaited: the nearest of its directories
/// that exists is watched, then the next one down as each is made. A valid file is handed
/// to `apply`; an invalid one is logged with every error and the last good configuration
/// stays in force.
@MainActor
final class ConfigReloader {
  private var source: ConfigSource
  private let options: GlobalOptions
  private let log: AgentLog
  private let apply: @MainActor (LoadedConfig) -> Void
  private var sources: [any DispatchSourceProtocol] = []
  private var inotify: Int32 = -1
  private var pending: DispatchWorkItem?
  /// The file watched for, the directory watched (its own, or the nearest that exists),
  /// and the name in it that matters (the file, or the next directory towards it).
  private var target = ""
  private var watch: Int32 = -1
  private var watchedDirectory = ""
  private var awaitedName = ""

  init(
    loaded: LoadedConfig, options: GlobalOptions, log: AgentLog,
    apply: @escaping @MainActor (LoadedConfig) -> Void
  ) {
    self.source = loaded.source
    self.options = options
    self.log = log
    self.apply = apply
  }

  func start() {
    signal(SIGHUP, SIG_IGN)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGHUP)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    let hangup = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .main)
    hangup.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.reload(reason: "SIGHUP") }
    }
    hangup.resume()
    sources.append(hangup)
    watchFile()
  }

  func stop() {
    for source in sources { source.cancel() }
    sources.removeAll()
  }

  private func watchFile() {
    target = source.path ?? ConfigSource.xdgPath()
    inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard inotify >= 0, arm() else {
      log.warning(tr("cannot watch %s for config changes; SIGHUP still reloads", target))
      return
    }
    let fd = inotify
    let reader = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    reader.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self, Self.drainEvents(fd).contains(self.awaitedName) else { return }
        let fileDirectory = (self.target as NSString).deletingLastPathComponent
        if self.watchedDirectory != fileDirectory {
          // A directory on the way was made: watch further down.
          guard self.arm() else { return }
          if FileManager.default.fileExists(atPath: self.target) { self.scheduleReload() }
        } else {
          self.scheduleReload()
        }
      }
    }
    reader.setCancelHandler { close(fd) }
    reader.resume()
    sources.append(reader)
  }

  /// Watches the target file's directory, or the nearest of its parents that exists; again
  /// further down when the next directory was made before the watch was in place.
  private func arm() -> Bool {
    let fileDirectory = (target as NSString).deletingLastPathComponent
    while true {
      var directory = fileDirectory
      var name = (target as NSString).lastPathComponent
      var isDirectory: ObjCBool = false
      while !(FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
        && isDirectory.boolValue)
      {
        let parent = (directory as NSString).deletingLastPathComponent
        guard parent != directory else { return false }
        name = (directory as NSString).lastPathComponent
        directory = parent
      }
      if watch >= 0 { inotify_rm_watch(inotify, watch) }
      watch = inotify_add_watch(
        inotify, directory,
        UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB))
      watchedDirectory = directory
      awaitedName = name
      guard watch >= 0 else { return false }
      let next = (directory as NSString).appendingPathComponent(name)
      if directory == fileDirectory || !FileManager.default.fileExists(atPath: next) { return true }
    }
  }

  /// The file names the pending inotify events are about.
  private static func drainEvents(_ fd: Int32) -> Set<String> {
    var names: Set<String> = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let (length, name) = buffer.withUnsafeBytes { raw -> (Int, String) in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          let start = offset + MemoryLayout<inotify_event>.size
          let bytes = raw[start..<min(start + Int(event.len), count)].prefix { $0 != 0 }
          return (Int(event.len), String(decoding: bytes, as: UTF8.self))
        }
        names.insert(name)
        offset += MemoryLayout<inotify_event>.size + length
      }
    }
    return names
  }

  /// Editors write in several steps: reload once things settle.
  private func scheduleReload() {
    pending?.cancel()
    let work = DispatchWorkItem { [weak self] in
      MainActor.assumeIsolated { self?.reload(reason: tr("file changed")) }
    }
    pending = work
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(150), execute: work)
  }

  private func reload(reason: String) {
    let located = options.configSource
    do {
      let loaded = try located.load()
      source = located
      log.info(tr("config reloaded (%s) from %s", reason, located))
      apply(loaded)
    } catch {
      log.error(tr("config %s is invalid (%s); keeping the last good configuration:\n%s", located, reason, error))
    }
  }
}
