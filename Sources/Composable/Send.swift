/// The way an effect sends actions back into its store. Call it like a function:
/// `await send(.loaded(todos))`. Sends from a cancelled effect are dropped, as in TCA.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void
  package let runtime: EffectRuntime

  nonisolated package init(runtime: EffectRuntime, send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.runtime = runtime
    self.send = send
  }

  /// Sends an action back into the store, unless the effect has been cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    self.send(action)
  }

  /// A `Send` for child actions that embeds them into this one's action type.
  @usableFromInline
  nonisolated func map<Child>(_ embed: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let parent = self.send
    return Send<Child>(runtime: runtime) { parent(embed($0)) }
  }
}
