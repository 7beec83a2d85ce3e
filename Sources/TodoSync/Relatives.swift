import Foundation
import Models

/// How a server's RELATED-TO and a todo's parent name each other: a server names a parent
/// by its UID, a todo here by its id. An object made here has its todo's id as its UID; one
/// from a server keeps the UID it came with (kept with its synced object). A UID no
/// calendar holds names no todo here, and its RELATED-TO is left as it is.
public struct Relatives: Sendable {
  private var ids: [String: UUID] = [:]
  private var uids: [UUID: String] = [:]

  /// No object known: every UID is a stranger, and every todo's UID is its id.
  public static let none = Relatives()

  public init(_ pairs: [(uid: String, todoID: UUID)] = []) {
    for (uid, id) in pairs { add(uid: uid, todoID: id) }
  }

  public mutating func add(uid: String, todoID: UUID) {
    ids[uid] = todoID
    uids[todoID] = uid
  }

  /// The todo a UID names, if it is one here.
  public func todoID(ofUID uid: String) -> UUID? { ids[uid] }

  /// The UID by which a server knows `todoID`'s todo.
  public func uid(of todoID: UUID) -> String { uids[todoID] ?? UUIDText.format(todoID) }
}
