import CLauncherBus
import Dispatch
#if canImport(Glibc)
  import Glibc
#endif
import Launchers

extension LauncherClient {
  /// The session bus through GDBus (`CLauncherBus`, on the connection libnotify shares). A
  /// call arrives on GDBus's message thread, is answered on the main actor, and its reply
  /// goes out from there.
  public static func live() -> LauncherClient {
    LauncherClient(serve: { answer in
      let outlet = CallOutlet(answer)
      return await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          var reason: UnsafeMutablePointer<CChar>?
          // Kept for the process's life, as the filter is.
          let data = Unmanaged.passRetained(outlet).toOpaque()
          let result = quickdo_launcher_start(
            LauncherClient.busName, LauncherClient.runnerPath, LauncherClient.providerPath, onLauncherCall, data,
            &reason)
          defer { quickdo_launcher_free(reason) }
          continuation.resume(
            returning: result == 0 ? nil
              : result == 1 ? "another program owns the bus name \(LauncherClient.busName)"
              : reason.map { String(cString: $0) } ?? "no session bus")
        }
      }
    })
  }
}

/// Where the C filter hands the calls: kept for the process's life.
private final class CallOutlet: Sendable {
  let answer: @MainActor @Sendable (LauncherCall) async -> LauncherAnswer
  init(_ answer: @escaping @MainActor @Sendable (LauncherCall) async -> LauncherAnswer) { self.answer = answer }
}

/// A call waiting for its reply: the C side's handle, answered exactly once.
private struct PendingCall: @unchecked Sendable {
  let handle: UnsafeMutableRawPointer
}

private let onLauncherCall: QuickdoLauncherCallback = { method, arguments, count, handle, data in
  guard let data, let handle else { return }
  let outlet = Unmanaged<CallOutlet>.fromOpaque(data).takeUnretainedValue()
  let strings = (0..<count).map { arguments?[$0].map { String(cString: $0) } ?? "" }
  let call: LauncherCall? =
    switch method {
    case 0: .match(strings.first ?? "")
    case 1: .run(id: strings.first ?? "", action: strings.dropFirst().first ?? "")
    case 2: .actions
    case 10, 11: .resultSet(terms: strings)
    case 12: .metas(ids: strings)
    case 13: .activate(id: strings.first ?? "")
    case 14: .launchSearch(terms: strings)
    default: nil
    }
  let pending = PendingCall(handle: handle)
  guard let call else { return quickdo_launcher_reply_empty(pending.handle) }
  Task { @MainActor in
    reply(pending, method: method, with: await outlet.answer(call))
  }
}

/// Sends `answer` as `method`'s reply, in the shape that method's signature needs.
private func reply(_ call: PendingCall, method: Int32, with answer: LauncherAnswer) {
  switch (method, answer) {
  case let (0, .results(results)):
    withCStrings(results.map(\.id.text)) { ids in
      withCStrings(results.map(\.text)) { texts in
        withCStrings(results.map(\.subtext)) { subtexts in
          // An added todo's line is an exact match; a pending todo's words a possible one
          // (KRunner's QueryMatch types), with Done and Snooze beside it.
          let types = results.map { result -> Int32 in
            if case .todo = result.id { 30 } else { 100 }
          }
          let relevances = results.enumerated().map { 1.0 - Double($0.offset) * 0.01 }
          let withActions = results.map { result -> Int32 in
            if case .todo = result.id { 1 } else { 0 }
          }
          quickdo_launcher_reply_matches(
            call.handle, results.count, ids, texts, subtexts, types, relevances, withActions, "quickdo")
        }
      }
    }
  case let (12, .results(results)):
    withCStrings(results.map(\.id.text)) { ids in
      withCStrings(results.map(\.text)) { names in
        withCStrings(results.map(\.subtext)) { descriptions in
          quickdo_launcher_reply_metas(call.handle, results.count, ids, names, descriptions, "quickdo")
        }
      }
    }
  case let (2, .actions(actions)):
    withCStrings(actions.map(\.id)) { ids in
      withCStrings(actions.map(\.text)) { texts in
        withCStrings(actions.map(\.icon)) { icons in
          quickdo_launcher_reply_actions(call.handle, actions.count, ids, texts, icons)
        }
      }
    }
  case let (10, .ids(ids)), let (11, .ids(ids)):
    withCStrings(ids) { quickdo_launcher_reply_strings(call.handle, ids.count, $0) }
  // An answer of another shape than asked: nothing matched.
  case (0, _): quickdo_launcher_reply_matches(call.handle, 0, nil, nil, nil, nil, nil, nil, "quickdo")
  case (12, _): quickdo_launcher_reply_metas(call.handle, 0, nil, nil, nil, "quickdo")
  case (2, _): quickdo_launcher_reply_actions(call.handle, 0, nil, nil, nil)
  case (10, _), (11, _): quickdo_launcher_reply_strings(call.handle, 0, nil)
  default:
    quickdo_launcher_reply_empty(call.handle)
  }
}

/// `strings` as C strings for the length of `body`.
private func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
  let copies = strings.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  // One pointer at least: an empty array may have no base address.
  let pointers = copies.isEmpty ? [nil] : copies.map { UnsafePointer($0) }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
