import Dependencies

/// A dependency as reducers read it on every action: the value in force where the reducer
/// runs. `Store` and `TestStore` reduce with their dependencies current, so this is the
/// value `@Dependency` gives there too — without what `@Dependency` does on each read:
/// merge the values captured when the reducer was made into the current ones (a new
/// dictionary) and push the result as a task local, about a microsecond and a half a
/// read (measured in `quickdo-bench quickactions`). For reads outside a store (effects
/// running in their own tasks, code that relies on `withDependencies` at creation), use
/// `@Dependency`.
@propertyWrapper
public struct ReducerDependency<Value>: Sendable {
  @usableFromInline let keyPath: KeyPath<DependencyValues, Value> & Sendable

  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  @inlinable
  public var wrappedValue: Value { DependencyValues._current[keyPath: keyPath] }
}
