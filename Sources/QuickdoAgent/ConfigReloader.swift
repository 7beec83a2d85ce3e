import AgentConfig
import Foundation
import QuickdoCLI

/// Reloads the agent's config on SIGHUP and when its file changes (inotify on the file's
/// directory, so editors that replace the file are seen too; no polling). A valid file is
/// handed to `apply`; an invalid one is logged with every error and the last good
/// configuration stays in force.
@MainActor
final class ConfigReloader {
  private var source: ConfigSource
  private let options: GlobalOptions
  private let log: AgentLog
  private let apply: @MainActor (LoadedConfig) -> Void
  private var sources: [any DispatchSourceProtocol] = []
  private var inotify: Int32 = -1
  private var pending: DispatchWorkItem?

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
    guard let path = source.path else { return }
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard inotify >= 0,
      inotify_add_watch(
        inotify, directory,
        UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB)) >= 0
    else {
      log.warning("cannot watch \(directory) for config changes; SIGHUP still reloads")
      return
    }
    let fd = inotify
    let reader = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    reader.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        if Self.drainEvents(fd).contains(name) { self.scheduleReload() }
      }
    }
    reader.setCancelHandler { close(fd) }
    reader.resume()
    sources.append(reader)
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
      MainActor.assumeIsolated { self?.reload(reason: "file changed") }
    }
    pending = work
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(150), execute: work)
  }

  private func reload(reason: String) {
    let located = options.configSource
    do {
      let loaded = try located.load()
      source = located
      log.info("config reloaded (\(reason)) from \(located)")
      apply(loaded)
    } catch {
      log.error("config \(located) is invalid (\(reason)); keeping the last good configuration:\n\(error)")
    }
  }
}
