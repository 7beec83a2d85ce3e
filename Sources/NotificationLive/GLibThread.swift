import CLibnotify
import Foundation

/// A thread that owns a GLib main context and runs its loop. libnotify is synchronous and
/// delivers its D-Bus signals on the main context that was the thread default when its
/// proxy was created, so every libnotify call is made here, never on the store's thread.
final class GLibThread: @unchecked Sendable {
  // Written once in init, then only used on the GLib thread (or thread-safe GLib calls).
  let context: OpaquePointer
  private let loop: OpaquePointer
  private let started = DispatchSemaphore(value: 0)

  init(name: String) {
    context = g_main_context_new()
    loop = g_main_loop_new(context, 0)
    let pointers = UncheckedPointers(context: context, loop: loop)
    let started = self.started
    let thread = Thread {
      g_main_context_push_thread_default(pointers.context)
      started.signal()
      g_main_loop_run(pointers.loop)
      g_main_context_pop_thread_default(pointers.context)
    }
    thread.name = name
    thread.start()
    started.wait()
  }

  /// Runs `work` on the GLib thread (FIFO with other calls). Safe from any thread.
  func async(_ work: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
    g_main_context_invoke_full(
      context, G_PRIORITY_DEFAULT,
      { data in
        let box = Unmanaged<WorkBox>.fromOpaque(data!).takeRetainedValue()
        box.work()
        return 0  // G_SOURCE_REMOVE
      }, box, nil)
  }

  /// Runs `work` on the GLib thread and waits for its result.
  func sync<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      async { continuation.resume(returning: work()) }
    }
  }

  /// Runs `work` on the GLib thread once, `seconds` from now, unless the returned timer is
  /// cancelled first. Call on the GLib thread.
  func after(seconds: Double, _ work: @escaping @Sendable () -> Void) -> GLibTimer {
    let source = g_timeout_source_new(UInt32(max(0, seconds * 1000).rounded()))!
    let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
    g_source_set_callback(
      source,
      { data in
        Unmanaged<WorkBox>.fromOpaque(data!).takeUnretainedValue().work()
        return 0  // G_SOURCE_REMOVE
      }, box,
      { data in Unmanaged<WorkBox>.fromOpaque(data!).release() })
    g_source_attach(source, context)
    return GLibTimer(source: source)
  }

  func stop() { g_main_loop_quit(loop) }
}

/// A pending `GLibThread.after` call. Used on the GLib thread only.
final class GLibTimer {
  private let source: UnsafeMutablePointer<GSource>

  fileprivate init(source: UnsafeMutablePointer<GSource>) { self.source = source }

  /// Stops the call from happening, if it has not happened yet.
  func cancel() { g_source_destroy(source) }

  deinit { g_source_unref(source) }
}

/// GLib's context and loop, handed to the thread that runs them (GLib makes both safe to
/// use from that thread; the pointers themselves never change).
private struct UncheckedPointers: @unchecked Sendable {
  let context: OpaquePointer
  let loop: OpaquePointer
}

private final class WorkBox {
  let work: @Sendable () -> Void
  init(_ work: @escaping @Sendable () -> Void) { self.work = work }
}
