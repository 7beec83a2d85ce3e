import Dependencies

/// A dependency as reducers read it on every action: the value in force where the reducer
/// runs. `Store` and `TestStore` reduce with their dependencies current, so this is the
/// value `@Dependency` gives there too — without what `@Dependency` does on each read:
/// merge the values captured when the reducer was made into the current ones (a new
/// dictionary) and push the result as a task local, about a microsecond and a half a
/// read (measured in `quickdo-bench quickactions`). For reads outside a store (effects
/// running in their own tasks, code that relies on `withDependencies` at creation), use
/// `@Dependency`.
///
/// The value is read through a function, not a `KeyPath`: `@ReducerDependency(\.date)`
/// passes the key path literal as one (`{ $0.date }`), a direct call to the getter. A
/// stored `KeyPath` is projected by the runtime, which looks up `Result` metadata for each
/// component: ~700 instructions a read, three reads a `markDone` (callgrind,
/// `quickdo-bench quickactions`).
@propertyWrapper
public struct ReducerDependency<Value>: Sendable {
  @usableFromInline let read: @Sendable (DependencyValues) -> Value

  public init(_ read: @escaping @Sendable (DependencyValues) -> Value) {
    self.read = read
  }

  @inlinable
  public var wrappedValue: Value { read(DependencyValues._current) }
}
