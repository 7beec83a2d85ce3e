import Foundation

/// Who is whose subtask among a set of todos. Parents come from outside (a server's
/// RELATED-TO), so the walks here never trust them: a chain that comes back to itself
/// ends where it meets a todo already seen, and nothing recurses, so a chain 10,000 deep
/// costs a loop, not a stack.
public struct TodoFamily: Sendable {
  /// Each parent's subtasks, in the order of the todos given.
  public private(set) var children: [Todo.ID: [Todo.ID]] = [:]
  private var parents: [Todo.ID: Todo.ID] = [:]

  public init(_ todos: some Sequence<Todo>) {
    self.init(links: todos.lazy.compactMap { todo in todo.parent.map { (todo.id, $0) } })
  }

  /// The family of these (subtask, parent) links, in order.
  public init(links: some Sequence<(child: Todo.ID, parent: Todo.ID)>) {
    for (child, parent) in links where parent != child {
      children[parent, default: []].append(child)
      parents[child] = parent
    }
  }

  /// Makes `child` a subtask of `parent` (nil: of none), after the subtasks it has.
  public mutating func link(_ child: Todo.ID, to parent: Todo.ID?) {
    if let old = parents.removeValue(forKey: child) {
      children[old]?.removeAll { $0 == child }
      if children[old]?.isEmpty == true { children[old] = nil }
    }
    guard let parent, parent != child else { return }
    children[parent, default: []].append(child)
    parents[child] = parent
  }

  /// Every subtask of `id`, theirs and so on, each once, nearest first; never `id` itself.
  public func descendants(of id: Todo.ID) -> [Todo.ID] {
    var seen: Set<Todo.ID> = [id]
    var found: [Todo.ID] = []
    var next = 0
    var queue = [id]
    while next < queue.count {
      for child in children[queue[next]] ?? [] where seen.insert(child).inserted {
        found.append(child)
        queue.append(child)
      }
      next += 1
    }
    return found
  }

  /// The parent of `id`, its parent and so on, each once, nearest first; never `id` itself.
  public func ancestors(of id: Todo.ID) -> [Todo.ID] {
    var seen: Set<Todo.ID> = [id]
    var found: [Todo.ID] = []
    var current = id
    while let parent = parents[current], seen.insert(parent).inserted {
      found.append(parent)
      current = parent
    }
    return found
  }

  /// `todos` as an outline: each todo once, a subtask right under its parent (when the
  /// parent is among them) with its depth. A todo whose parent is missing, or whose chain of
  /// parents is a cycle, starts a branch of its own, so nothing is left out.
  public static func outline(_ todos: [Todo]) -> [(todo: Todo, depth: Int)] {
    let present = Set(todos.map(\.id))
    let family = TodoFamily(todos.filter { $0.parent.map(present.contains) ?? false })
    let byID = Dictionary(todos.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var placed: Set<Todo.ID> = []
    var out: [(todo: Todo, depth: Int)] = []
    func place(_ root: Todo) {
      // Depth first without recursion: a stack of (todo, depth), children pushed in reverse.
      var stack = [(root.id, 0)]
      while let (id, depth) = stack.popLast() {
        guard let todo = byID[id], placed.insert(id).inserted else { continue }
        out.append((todo, depth))
        for child in (family.children[id] ?? []).reversed() where !placed.contains(child) {
          stack.append((child, depth + 1))
        }
      }
    }
    for todo in todos where todo.parent.map({ !present.contains($0) }) ?? true { place(todo) }
    // What is left sits in a cycle: each cycle starts where the given order first meets it.
    for todo in todos where !placed.contains(todo.id) { place(todo) }
    return out
  }
}
