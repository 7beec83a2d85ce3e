import ConcurrencyExtras

/// Work a reducer asks for after changing state: actions to send at once, asynchronous work
/// that may send actions back, and cancellations. The same names as TCA's `Effect`:
/// ``none``, ``send(_:)``, ``run(priority:operation:catch:fileID:filePath:line:column:)``,
/// ``merge(_:)-swift.type.method``, ``concatenate(_:)-swift.type.method``, ``map(_:)``,
/// ``cancellable(id:cancelInFlight:)`` and ``cancel(id:)``; and ``queued(id:)``, for work
/// that must happen in the order its actions were reduced.
public struct Effect<Action> {
  @usableFromInline
  let operations: [Operation]

  @usableFromInline
  init(operations: [Operation]) { self.operations = operations }

  @usableFromInline
  enum Operation {
    /// Sent back into the store synchronously, right after the reducer returns.
    case send(Action)
    /// Started as a task of its own.
    case run(Run)
    /// Cancels the in-flight effects registered under this id.
    case cancel(AnyHashableSendable)
  }

  @usableFromInline
  struct Run {
    @usableFromInline var priority: TaskPriority?
    @usableFromInline var cancelIDs: [AnyHashableSendable]
    /// The queue it runs in, after the runs started in it before (``queued(id:)``).
    @usableFromInline var queueID: AnyHashableSendable?
    @usableFromInline var body: @Sendable (Send<Action>) async -> Void

    @usableFromInline
    init(
      priority: TaskPriority?, cancelIDs: [AnyHashableSendable],
      queueID: AnyHashableSendable? = nil,
      body: @escaping @Sendable (Send<Action>) async -> Void
    ) {
      self.priority = priority
      self.cancelIDs = cancelIDs
      self.queueID = queueID
      self.body = body
    }
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}
extension Effect.Run: Sendable {}

extension Effect {
  /// An effect that does nothing.
  @inlinable
  public static var none: Self { Self(operations: []) }

  // The constructors and combinators are inlinable, so they are specialized in the feature
  // that uses them: unspecialized, each instantiates `Effect<Action>.Operation` (and
  // friends) through the runtime's metadata cache on every call, many calls per action in
  // the agent's reducer, which the press budget covers (quickdo-bench quickactions).

  /// An effect that sends `action` back into the store at once.
  @inlinable
  public static func send(_ action: Action) -> Self { Self(operations: [.send(action)]) }

  /// An effect that runs asynchronous work, which may send any number of actions.
  ///
  /// An error thrown by `operation` goes to `handler`; without one, it is reported as an issue
  /// (a test failure under test, a runtime warning otherwise). Cancellation is not an error.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    Self(operations: [
      .run(
        Run(priority: priority, cancelIDs: []) { send in
          do {
            try await operation(send)
          } catch is CancellationError where Task.isCancelled {
            return
          } catch {
            guard let handler else {
              reportUnhandledError(
                error, fileID: fileID, filePath: filePath, line: line, column: column)
              return
            }
            await handler(error, send)
          }
        })
    ])
  }

  /// Whether the effect does nothing.
  @inlinable
  public var isNone: Bool { operations.isEmpty }
}
