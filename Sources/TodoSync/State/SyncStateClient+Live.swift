import Foundation
import GRDB
import ICalendar
import Models
import SyncClient
import TodoStorageClient
import TodoStorageLive
import Localization

extension SyncStateClient {
  /// Sync state in the quickdo database (migration v7). Its commits are not recorded as
  /// this process's own: the agent's commit watcher reads them like another process's, so
  /// what a sync changed reaches the notifications the same way.
  public static func live(_ database: AppDatabase) -> SyncStateClient {
    let writer = database.writer
    return SyncStateClient(
      calendar: { url in
        try await wrap {
          try await writer.read { db in try SyncStateRows.calendar(db, url: url) }
        }
      },
      token: { url in
        try await wrap {
          try await writer.read { db in try SyncStateRows.token(db, url: url) }
        }
      },
      summary: { url in
        try await wrap {
          try await writer.read { db in
            let token = try SyncStateRows.token(db, url: url)
            let queued = try Int.fetchOne(
              db, sql: "SELECT count(*) FROM sync_object o \(SyncStateRows.waiting) AND o.calendar = ? AND NOT \(SyncStateRows.isSetAside)",
              arguments: [url]) ?? 0
            let setAside = try Int.fetchOne(
              db,
              sql: "SELECT count(*) FROM sync_refusal r LEFT JOIN todo t ON t.id = r.todoID WHERE r.calendar = ? AND \(SyncStateRows.isCurrent)",
              arguments: [url]) ?? 0
            let unreadable = try Int.fetchOne(
              db, sql: "SELECT count(*) FROM sync_unreadable WHERE calendar = ?", arguments: [url]) ?? 0
            return CalendarSummary(token: token, queued: queued, setAside: setAside, unreadable: unreadable)
          }
        }
      },
      commit: { commit in
        try await wrap {
          try await writer.write { db in try SyncStateRows.apply(commit, db) }
        }
      },
      unsynced: { list in
        try await wrap {
          try await writer.read { db in
            let statement = try db.makeStatement(
              sql: """
                SELECT revision,
                  EXISTS (SELECT 1 FROM sync_refusal r WHERE r.todoID = todo.id AND r.revision = todo.revision),
                  \(TodoRows.columns) FROM todo
                WHERE list = ? AND id NOT IN (SELECT todoID FROM sync_object) ORDER BY createdAt
                """)
            try statement.setArguments([list])
            let rows = try Row.fetchCursor(statement)
            var found: [LocalTodo] = []
            while let row = try rows.next() {
              found.append(
                LocalTodo(todo: try TodoRows.todo(statement.sqliteStatement, offset: 2), revision: row[0], isSetAside: row[1]))
            }
            return found
          }
        }
      },
      accountsWithNewTodos: {
        try await wrap {
          try await writer.read { db in
            Set(
              try String.fetchAll(
                db,
                sql: """
                  SELECT DISTINCT l.account FROM todo_list l JOIN todo t ON t.list = l.name
                  WHERE t.id NOT IN (SELECT todoID FROM sync_object)
                  """))
          }
        }
      },
      listNames: {
        try await wrap {
          try await writer.read { db in
            Dictionary(
              try Row.fetchAll(db, sql: "SELECT calendar, name FROM todo_list").map { ($0[0], $0[1]) },
              uniquingKeysWith: { first, _ in first })
          }
        }
      },
      relatives: { fill in
        try await wrap {
          if fill {
            try await writer.write { db in try SyncStateRows.relatives(db, fill: true) }
          } else {
            try await writer.read { db in try SyncStateRows.relatives(db, fill: false) }
          }
        }
      },
      status: {
        try await wrap {
          try await writer.read { db in try SyncStateRows.status(db) }
        }
      },
      discovered: { account in
        try await wrap {
          try await writer.read { db in try SyncStateRows.discovered(db, account: account) }
        }
      },
      saveDiscovered: { account, found in
        try await wrap {
          try await writer.write { db in try SyncStateRows.save(found, account: account, db) }
        }
      },
      forgetRefusals: {
        try await wrap {
          try await writer.write { db in
            try db.execute(sql: "DELETE FROM sync_refusal")
            return db.changesCount
          }
        }
      })
  }
}

/// The SQL behind ``SyncStateClient/live(_:)``.
enum SyncStateRows {
  static func calendar(_ db: Database, url: String) throws -> CalendarSyncState {
    let token = try String?.fetchOne(
      db, sql: "SELECT token FROM sync_calendar WHERE url = ?", arguments: [url]) ?? nil
    let statement = try db.makeStatement(
      sql: """
        SELECT o.href, o.todoID, o.etag, o.agreed, o.agreedRevision, t.revision, t.modifiedAt, \(isSetAside),
          \(prefixed)
        FROM sync_object o LEFT JOIN todo t ON t.id = o.todoID
        WHERE o.calendar = ?
        """)
    try statement.setArguments([url])
    let rows = try Row.fetchCursor(statement)
    var objects: [String: SyncedObject] = [:]
    while let row = try rows.next() {
      let href: String = row[0]
      let agreedRevision: Int64 = row[4]
      let revision: Int64? = row[5]
      let local = revision == nil ? nil : try TodoRows.todo(statement.sqliteStatement, offset: 8)
      let todoID: String = row[1]
      guard let id = UUID(uuidString: todoID) else {
        throw StorageError(tr("the synced object %s names a todo whose id is not a UUID: %s", StoredText.quoted(href), StoredText.quoted(todoID)))
      }
      objects[href] = SyncedObject(
        href: href, todoID: id, etag: row[2],
        agreed: Array((row[3] as Data?) ?? Data()), local: local,
        localRevision: revision ?? agreedRevision,
        isChangedLocally: revision.map { $0 > agreedRevision } ?? true,
        localModified: (row[6] as Double?).map(Date.init(timeIntervalSince1970:)), isSetAside: row[7])
    }
    let unreadable = Dictionary(
      try Row.fetchAll(db, sql: "SELECT href, coalesce(etag, '') FROM sync_unreadable WHERE calendar = ?", arguments: [url])
        .map { ($0[0] as String, $0[1] as String) },
      uniquingKeysWith: { first, _ in first })
    return CalendarSyncState(url: url, token: token, objects: objects, unreadable: unreadable)
  }

  /// `TodoRows.columns`, each taken from the joined `todo` table.
  static let prefixed = TodoRows.columns.split(separator: ",")
    .map { "t." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")

  static func apply(_ commit: SyncCommit, _ db: Database) throws {
    if let listName = commit.listName,
      let named = try String.fetchOne(
        db, sql: "SELECT name FROM todo_list WHERE calendar = ?", arguments: [commit.calendar.url.absoluteString]),
      named != listName
    {
      throw SyncListRenamed()
    }
    try db.execute(
      sql: """
        INSERT INTO sync_calendar (url, account, displayName, token, lastSync, outcome)
        VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (url) DO UPDATE SET
          account = excluded.account, displayName = excluded.displayName,
          token = coalesce(excluded.token, token), lastSync = excluded.lastSync,
          outcome = coalesce(excluded.outcome, outcome)
        """,
      arguments: [
        commit.calendar.url.absoluteString, commit.calendar.account, commit.calendar.displayName, commit.token,
        commit.now.timeIntervalSince1970, commit.outcome,
      ])
    let writesTodos = commit.saved.contains { $0.todo != nil } || commit.removed.contains(where: \.deleteTodo)
    let revision = writesTodos ? try nextRevision(db) : try currentRevision(db)
    // Rows go before new ones are saved: a todo may move to another href in one commit.
    for removed in commit.removed {
      try db.execute(
        sql: "DELETE FROM sync_object WHERE calendar = ? AND href = ?",
        arguments: [commit.calendar.url.absoluteString, removed.href])
    }
    for saved in commit.saved {
      let id = UUIDText.format(saved.todoID)
      try db.cachedStatement(sql: "DELETE FROM sync_refusal WHERE todoID = ?").execute(arguments: [id])
      var agreedRevision = saved.expectedRevision ?? revision
      if let todo = saved.todo {
        let current = try Int64.fetchOne(
          db.cachedStatement(sql: "SELECT revision FROM todo WHERE id = ?"), arguments: [id])
        guard current == saved.expectedRevision else { throw SyncCommitConflict(todoID: saved.todoID) }
        try TodoRecord.upsert(todo, revision: revision, db)
        try db.cachedStatement(sql: WriteSQL.forgetDeletion).execute(arguments: [id])
        agreedRevision = revision
      }
      // Cached: a first sync saves every object of the calendar in this loop.
      try db.cachedStatement(
        sql: """
          INSERT INTO sync_object (calendar, href, todoID, etag, agreed, agreedRevision, uid)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (calendar, href) DO UPDATE SET
            todoID = excluded.todoID, etag = excluded.etag, agreed = excluded.agreed,
            agreedRevision = excluded.agreedRevision, uid = coalesce(excluded.uid, uid)
          """
      ).execute(arguments: [
        (saved.calendar ?? commit.calendar.url).absoluteString, saved.href, id, saved.etag, Data(saved.agreed),
        agreedRevision, saved.uid,
      ])
    }
    for removed in commit.removed {
      let id = UUIDText.format(removed.todoID)
      try db.execute(sql: "DELETE FROM sync_refusal WHERE todoID = ?", arguments: [id])
      if removed.deleteTodo {
        try db.execute(sql: WriteSQL.deleteTodo, arguments: [id])
        if db.changesCount > 0 {
          try db.execute(sql: WriteSQL.recordDeletion, arguments: [id, revision])
        }
      }
    }
    for href in commit.readable {
      try db.cachedStatement(sql: "DELETE FROM sync_unreadable WHERE calendar = ? AND href = ?")
        .execute(arguments: [commit.calendar.url.absoluteString, href])
    }
    for object in commit.unreadable {
      try db.execute(
        sql: """
          INSERT INTO sync_unreadable (calendar, href, etag, reason) VALUES (?, ?, ?, ?)
          ON CONFLICT (calendar, href) DO UPDATE SET etag = excluded.etag, reason = excluded.reason
          """,
        arguments: [commit.calendar.url.absoluteString, object.href, object.etag, object.reason])
    }
    for refusal in commit.setAside {
      try db.execute(
        sql: """
          INSERT INTO sync_refusal (todoID, calendar, revision, reason) VALUES (?, ?, ?, ?)
          ON CONFLICT (todoID) DO UPDATE SET
            calendar = excluded.calendar, revision = excluded.revision, reason = excluded.reason
          """,
        arguments: [UUIDText.format(refusal.todoID), commit.calendar.url.absoluteString, refusal.revision, refusal.reason])
    }
  }

  static func discovered(_ db: Database, account: String) throws -> DiscoveredCalendars? {
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT url, displayName, supportsSyncCollection, discoveredFrom, discoveredAt, sendsObjectsWithChanges,
          pushTopic
        FROM sync_calendar WHERE account = ? AND discoveredFrom IS NOT NULL ORDER BY url
        """,
      arguments: [account])
    guard let first = rows.first, let from: String = first[3], let at: Double = first[4] else { return nil }
    return DiscoveredCalendars(
      calendars: try rows.map {
        let text: String = $0[0]
        guard let url = URL(string: text) else {
          throw StorageError(tr("a discovered calendar's URL is not a URL: %s", StoredText.quoted(text)))
        }
        return RemoteCalendar(
          CalendarReference(account: account, url: url, displayName: $0[1]),
          supportsSyncCollection: $0[2], sendsObjectsWithChanges: $0[5], pushTopic: $0[6])
      },
      from: from, at: Date(timeIntervalSince1970: at))
  }

  static func save(_ found: DiscoveredCalendars, account: String, _ db: Database) throws {
    let urls = found.calendars.map(\.url.absoluteString)
    // Calendars the account no longer leads to: forgotten with their objects' state.
    for url in try String.fetchAll(db, sql: "SELECT url FROM sync_calendar WHERE account = ?", arguments: [account])
    where !urls.contains(url) {
      try db.execute(sql: "DELETE FROM sync_object WHERE calendar = ?", arguments: [url])
      try db.execute(sql: "DELETE FROM sync_calendar WHERE url = ?", arguments: [url])
    }
    for calendar in found.calendars {
      try db.execute(
        sql: """
          INSERT INTO sync_calendar (
            url, account, displayName, supportsSyncCollection, discoveredFrom, discoveredAt, sendsObjectsWithChanges,
            pushTopic)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (url) DO UPDATE SET
            account = excluded.account, displayName = excluded.displayName,
            supportsSyncCollection = excluded.supportsSyncCollection,
            sendsObjectsWithChanges = excluded.sendsObjectsWithChanges,
            discoveredFrom = excluded.discoveredFrom, discoveredAt = excluded.discoveredAt,
            pushTopic = excluded.pushTopic
          """,
        arguments: [
          calendar.url.absoluteString, account, calendar.displayName, calendar.supportsSyncCollection, found.from,
          found.at.timeIntervalSince1970, calendar.sendsObjectsWithChanges, calendar.pushTopic,
        ])
    }
    let calendars = try Row.fetchAll(db, sql: "SELECT account, url, displayName FROM sync_calendar").map {
      CalendarLists.Calendar(account: $0[0], url: $0[1], displayName: $0[2])
    }
    try CalendarLists.replace(db, with: calendars)
  }

  /// Every synced object's UID and todo; with `fill`, the objects whose UID is not
  /// recorded yet get it from their agreed text.
  static func relatives(_ db: Database, fill: Bool) throws -> Relatives {
    var pairs: [(uid: String, todoID: UUID)] = []
    for row in try Row.fetchAll(db, sql: "SELECT calendar, href, todoID, uid, agreed FROM sync_object") {
      guard let id = UUID(uuidString: row[2]) else { continue }
      var uid: String? = row[3]
      if uid == nil {
        uid = (try? CalendarObject(parsing: Array((row[4] as Data?) ?? Data())))?.todo?.uid
        if fill, let uid {
          try db.execute(
            sql: "UPDATE sync_object SET uid = ? WHERE calendar = ? AND href = ?", arguments: [uid, row[0], row[1]])
        }
      }
      if let uid { pairs.append((uid, id)) }
    }
    return Relatives(pairs)
  }

  /// Whether the server refused the todo of a `sync_refusal r` row as it is now (its
  /// `todo t`, joined, or none when it was deleted here).
  static let isCurrent = "r.revision = coalesce(t.revision, -1)"

  /// Whether the object `o` (its todo joined as `t`) is set aside: refused as it is now.
  static let isSetAside = """
    EXISTS (SELECT 1 FROM sync_refusal r WHERE r.todoID = o.todoID AND \(isCurrent))
    """

  /// Selects the objects with a local change or deletion not yet on the server.
  static let waiting = """
    LEFT JOIN todo t ON t.id = o.todoID
    WHERE (t.id IS NULL OR t.revision > o.agreedRevision OR o.etag IS NULL)
    """

  static func token(_ db: Database, url: String) throws -> String? {
    try String?.fetchOne(db, sql: "SELECT token FROM sync_calendar WHERE url = ?", arguments: [url]) ?? nil
  }

  static func status(_ db: Database) throws -> [CalendarSyncStatus] {
    var setAside: [String: [SetAside]] = [:]
    for row in try Row.fetchAll(
      db,
      sql: """
        SELECT r.calendar, t.title, r.reason FROM sync_refusal r LEFT JOIN todo t ON t.id = r.todoID
        WHERE \(isCurrent) ORDER BY t.title
        """)
    {
      setAside[row[0], default: []].append(SetAside(title: row[1], reason: row[2]))
    }
    var unreadable: [String: [UnreadableObject]] = [:]
    for row in try Row.fetchAll(db, sql: "SELECT calendar, href, etag, reason FROM sync_unreadable ORDER BY href") {
      unreadable[row[0], default: []].append(UnreadableObject(href: row[1], etag: row[2], reason: row[3]))
    }
    return try Row.fetchAll(
      db,
      sql: """
        SELECT c.url, c.account, c.displayName, c.lastSync, c.outcome,
          (SELECT count(*) FROM sync_object o \(waiting) AND o.calendar = c.url)
        FROM sync_calendar c ORDER BY c.account, c.displayName
        """
    ).map { row in
      let text: String = row[0]
      guard let url = URL(string: text) else {
        throw StorageError(tr("a synced calendar's URL is not a URL: %s", StoredText.quoted(text)))
      }
      return CalendarSyncStatus(
        calendar: CalendarReference(account: row[1], url: url, displayName: row[2]),
        lastSync: (row[3] as Double?).map(Date.init(timeIntervalSince1970:)), outcome: row[4],
        queued: row[5], setAside: setAside[row[0]] ?? [], unreadable: unreadable[row[0]] ?? [])
    }
  }
}
