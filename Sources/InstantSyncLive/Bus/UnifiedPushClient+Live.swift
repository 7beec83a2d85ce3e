import CUnifiedPush
import Dispatch
import InstantSyncClient

extension UnifiedPushClient {
  /// The session bus through GDBus (`CUnifiedPush`, on the connection libnotify shares). Each call blocks
  /// for at most its D-Bus deadline, on Dispatch's pool rather than a task's thread.
  public static func live() -> UnifiedPushClient {
    UnifiedPushClient(
      start: { busName in
        let (events, continuation) = AsyncStream.makeStream(of: UnifiedPushEvent.self)
        let outlet = EventOutlet(continuation)
        let owned = await blocking {
          var reason: UnsafeMutablePointer<CChar>?
          // Kept for the process's life, as the filter is.
          let data = Unmanaged.passRetained(outlet).toOpaque()
          let result = quickdo_up_start(busName, onPushEvent, data, &reason)
          quickdo_up_free(reason)
          return result == 0
        }
        return (owned, events)
      },
      distributors: {
        await blocking {
          guard let lines = quickdo_up_distributors() else { return [] }
          defer { quickdo_up_free(lines) }
          return String(cString: lines).split(separator: "\n").map(String.init)
        }
      },
      owner: { name in
        await blocking {
          guard let owner = quickdo_up_owner(name) else { return nil }
          defer { quickdo_up_free(owner) }
          return String(cString: owner)
        }
      },
      register: { distributor, service, token, description in
        await blocking {
          var reason: UnsafeMutablePointer<CChar>?
          guard quickdo_up_register(distributor, service, token, description, &reason) != 0 else { return nil }
          defer { quickdo_up_free(reason) }
          return reason.map { String(cString: $0) } ?? "failed"
        }
      },
      unregister: { distributor, token in
        await blocking { quickdo_up_unregister(distributor, token) }
      })
  }
}

/// Where the C filter hands its events: kept for the process's life.
private final class EventOutlet: Sendable {
  let continuation: AsyncStream<UnifiedPushEvent>.Continuation
  init(_ continuation: AsyncStream<UnifiedPushEvent>.Continuation) { self.continuation = continuation }
}

private let onPushEvent: QuickdoPushCallback = { kind, sender, token, text, bytes, length, data in
  guard let data else { return }
  let outlet = Unmanaged<EventOutlet>.fromOpaque(data).takeUnretainedValue()
  let sender = sender.map { String(cString: $0) } ?? ""
  let token = token.map { String(cString: $0) } ?? ""
  let text = text.map { String(cString: $0) }
  let event: UnifiedPushEvent?
  switch kind {
  case 0: event = text.map { .newEndpoint(sender: sender, token: token, endpoint: $0) }
  case 1:
    let size = Int(length)
    let body = size <= UnifiedPushEvent.maxCopied && bytes != nil
      ? Array(UnsafeBufferPointer(start: bytes, count: size)) : []
    event = .message(sender: sender, token: token, body: body, size: size)
  case 2: event = .unregistered(sender: sender, token: token)
  case 3: event = text.map(UnifiedPushEvent.distributorAppeared)
  case 4: event = text.map(UnifiedPushEvent.distributorVanished)
  default: event = nil
  }
  if let event { outlet.continuation.yield(event) }
}

/// `work` on Dispatch's pool: a D-Bus call that waits, kept off the tasks' threads.
private func blocking<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: work()) }
  }
}
