import Foundation
import GRDB

extension AppDatabase {
  /// Every migration, each module's tables among them, in the order they shipped: the one
  /// history every process (the CLI, the agent, sync) migrates by, and knows a database by.
  /// Shipped migrations are never edited; a new schema change is a new one at the end.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: todos") { db in
      try db.execute(
        sql: """
          CREATE TABLE todo (
            id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36 AND id = lower(id)),
            title TEXT NOT NULL CHECK (length(title) > 0),
            notes TEXT NOT NULL DEFAULT '',
            priority INTEGER NOT NULL CHECK (priority IN (0, 1, 2)),
            isComplete INTEGER NOT NULL CHECK (isComplete IN (0, 1)),
            createdAt REAL NOT NULL,
            completedAt REAL,
            due REAL,
            url TEXT,
            snoozedUntil REAL,
            revision INTEGER NOT NULL,
            CHECK (isComplete = (completedAt IS NOT NULL))
          );
          -- Serves "pending todos in order" (TodoOrdering): no sort step for the list.
          CREATE INDEX todo_in_order
            ON todo (isComplete, priority DESC, due IS NULL, due, createdAt, id);
          -- Serves "what changed since revision N" for the agent.
          CREATE INDEX todo_by_revision ON todo (revision);
          CREATE TABLE deletion (
            id TEXT PRIMARY KEY NOT NULL,
            revision INTEGER NOT NULL
          );
          CREATE INDEX deletion_by_revision ON deletion (revision);
          CREATE TABLE counter (
            name TEXT PRIMARY KEY NOT NULL,
            value INTEGER NOT NULL
          );
          INSERT INTO counter (name, value) VALUES ('revision', 0);
          """)
    }
    migrator.registerMigration("v2: reminder shown for") { db in
      // The due time a reminder was last shown for (reminders.lead_time before it).
      try db.execute(sql: "ALTER TABLE todo ADD COLUMN reminderShownFor REAL")
    }
    migrator.registerMigration("v3: the list order covers the exported columns") { db in
      // `todo_in_order` with every other column `list --json` writes appended: the export
      // reads each row from the index, in order, instead of looking it up in the table,
      // for the `list --json` budget. The price is those columns stored twice; a write
      // touches the same pages as before.
      try db.execute(
        sql: """
          CREATE INDEX todo_in_order_covering
            ON todo (isComplete, priority DESC, due IS NULL, due, createdAt, id,
                     title, notes, completedAt, url, snoozedUntil);
          DROP INDEX todo_in_order;
          """)
    }
    migrator.registerMigration("v4: checks without IN lists") { db in
      // `priority IN (0, 1, 2)` made SQLite build a temporary b-tree for the list each
      // time it checked a row: a new page cache and freshly faulted pages, on every
      // insert and update of a todo (an agent's press paid it twice). The same rules as
      // comparisons. A CHECK cannot be altered, so the table is rebuilt, its
      // columns in the same order (rows are read with `SELECT *`), and its indexes made
      // again.
      try db.execute(
        sql: """
          CREATE TABLE todo_v4 (
            id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36 AND id = lower(id)),
            title TEXT NOT NULL CHECK (length(title) > 0),
            notes TEXT NOT NULL DEFAULT '',
            priority INTEGER NOT NULL CHECK (priority = 0 OR priority = 1 OR priority = 2),
            isComplete INTEGER NOT NULL CHECK (isComplete = 0 OR isComplete = 1),
            createdAt REAL NOT NULL,
            completedAt REAL,
            due REAL,
            url TEXT,
            snoozedUntil REAL,
            revision INTEGER NOT NULL,
            reminderShownFor REAL,
            CHECK (isComplete = (completedAt IS NOT NULL))
          );
          INSERT INTO todo_v4 SELECT * FROM todo;
          DROP TABLE todo;
          ALTER TABLE todo_v4 RENAME TO todo;
          CREATE INDEX todo_in_order_covering
            ON todo (isComplete, priority DESC, due IS NULL, due, createdAt, id,
                     title, notes, completedAt, url, snoozedUntil);
          CREATE INDEX todo_by_revision ON todo (revision);
          """)
    }
    migrator.registerMigration("v5: marked as quickdo's") { db in
      // Recognised on every open before anything is written (`DatabaseIdentity`).
      try db.execute(sql: "PRAGMA application_id = \(DatabaseIdentity.applicationID)")
    }
    migrator.registerMigration("v6: the list order covers every column a read names") { db in
      // Reads name `revision` and `reminderShownFor` too (`TodoRows.columns`), which v3's
      // index lacked: `list` looked each row up in the table. The same order with every
      // column, so the list is read from the index alone.
      try db.execute(
        sql: """
          CREATE INDEX todo_in_order_all_columns
            ON todo (isComplete, priority DESC, due IS NULL, due, createdAt, id,
                     title, notes, completedAt, url, snoozedUntil, revision, reminderShownFor);
          DROP INDEX todo_in_order_covering;
          """)
    }
    migrator.registerMigration("v7: sync state") { db in
      // What CalDAV sync remembers (`SyncStateClient`): each calendar's token and last
      // outcome, and for each synced todo its object's href, ETag, the text both sides
      // last agreed on, and the todo's revision at that moment (a greater one is a local
      // change waiting to be sent). A row whose todo is gone is a deletion to send.
      // Calendars found by discovery are kept with what found them.
      // `todo.modifiedAt` is when a row was last written, for the merge's "later side".
      try db.execute(
        sql: """
          ALTER TABLE todo ADD COLUMN modifiedAt REAL;
          -- When each account first synced: todos created here from then on go to its
          -- default calendar; older ones stay local.
          CREATE TABLE sync_account (
            name TEXT PRIMARY KEY NOT NULL,
            since REAL NOT NULL
          );
          CREATE TABLE sync_calendar (
            url TEXT PRIMARY KEY NOT NULL,
            account TEXT NOT NULL,
            displayName TEXT NOT NULL,
            token TEXT,
            lastSync REAL,
            outcome TEXT,
            -- Discovery, kept so a sync without changes is one request per calendar:
            -- whether the server has sync-collection, which settings found the calendar
            -- (`discoveredFrom`; a changed account discovers again), and when.
            supportsSyncCollection INTEGER NOT NULL DEFAULT 0,
            discoveredFrom TEXT,
            discoveredAt REAL
          );
          CREATE TABLE sync_object (
            calendar TEXT NOT NULL REFERENCES sync_calendar (url) ON DELETE CASCADE,
            href TEXT NOT NULL,
            todoID TEXT NOT NULL UNIQUE,
            etag TEXT,
            agreed BLOB NOT NULL,
            agreedRevision INTEGER NOT NULL,
            PRIMARY KEY (calendar, href)
          );
          """)
    }
    migrator.registerMigration("v8: objects written outside their calendar") { db in
      // Older builds created a todo at `<calendar path without its slash><uid>.ics`, which
      // is no member of the calendar (and on some servers a calendar of its own). Such rows
      // are marked as waiting, so the next sync of their calendar reads them, creates the
      // todo inside the calendar, and names the stray copy once.
      let rows = try Row.fetchAll(db, sql: "SELECT calendar, href FROM sync_object")
      for row in rows {
        let calendar: String = row[0]
        let href: String = row[1]
        guard var path = URL(string: calendar)?.path(percentEncoded: true) else { continue }
        if !path.hasSuffix("/") { path += "/" }
        let relative = URL(string: href)?.path(percentEncoded: true) ?? href
        if !relative.hasPrefix(path) {
          try db.execute(
            sql: "UPDATE sync_object SET agreedRevision = -1 WHERE calendar = ? AND href = ?",
            arguments: [calendar, href])
        }
      }
    }
    migrator.registerMigration("v9: refusals") { db in
      // A todo whose change (or creation, or deletion: revision -1) a server refused, as
      // it was then: sync sets it aside until its revision moves on or the user asks for
      // another try, and `sync --status` lists it with the server's words.
      try db.execute(
        sql: """
          CREATE TABLE sync_refusal (
            todoID TEXT PRIMARY KEY NOT NULL,
            calendar TEXT NOT NULL REFERENCES sync_calendar (url) ON DELETE CASCADE,
            revision INTEGER NOT NULL,
            reason TEXT NOT NULL
          );
          """)
    }
    migrator.registerMigration("v10: calendars whose changes come without objects") { db in
      // Whether a calendar's sync-collection answers carry the objects (DAViCal's do not):
      // discovery finds it out and sync reads it with the calendar.
      try db.execute(sql: "ALTER TABLE sync_calendar ADD COLUMN sendsObjectsWithChanges INTEGER NOT NULL DEFAULT 1")
    }
    migrator.registerMigration("v11: repeating todos") { db in
      // A repeating todo's rule as RRULE text and what its next time counts from; one that
      // repeats always has a due time. The list order's index covers the new columns too.
      try db.execute(
        sql: """
          ALTER TABLE todo ADD COLUMN "repeat" TEXT CHECK ("repeat" IS NULL OR due IS NOT NULL);
          ALTER TABLE todo ADD COLUMN repeatFrom TEXT NOT NULL DEFAULT 'due'
            CHECK (repeatFrom = 'due' OR repeatFrom = 'completion');
          CREATE INDEX todo_in_order_with_repeat
            ON todo (isComplete, priority DESC, due IS NULL, due, createdAt, id,
                     title, notes, completedAt, url, snoozedUntil, revision, reminderShownFor,
                     "repeat", repeatFrom);
          DROP INDEX todo_in_order_all_columns;
          """)
    }
    migrator.registerMigration("v12: the occurrence undo puts back") { db in
      // The due time a repeating todo had before Done moved it on. The list order's index
      // covers the new column too.
      try db.execute(
        sql: """
          ALTER TABLE todo ADD COLUMN doneOccurrence REAL;
          CREATE INDEX todo_in_order_with_done_occurrence
            ON todo (isComplete, priority DESC, due IS NULL, due, createdAt, id,
                     title, notes, completedAt, url, snoozedUntil, revision, reminderShownFor,
                     "repeat", repeatFrom, doneOccurrence);
          DROP INDEX todo_in_order_with_repeat;
          """)
    }
    migrator.registerMigration("v13: the zone a synced series runs in") { db in
      // A repeating todo's zone as an IANA name, '' for this computer's. The list order's
      // index covers the new column too.
      try db.execute(
        sql: """
          ALTER TABLE todo ADD COLUMN repeatZone TEXT NOT NULL DEFAULT '';
          CREATE INDEX todo_in_order_with_repeat_zone
            ON todo (isComplete, priority DESC, due IS NULL, due, createdAt, id,
                     title, notes, completedAt, url, snoozedUntil, revision, reminderShownFor,
                     "repeat", repeatFrom, doneOccurrence, repeatZone);
          DROP INDEX todo_in_order_with_done_occurrence;
          """)
    }
    migrator.registerMigration("v14: the list order's index follows the fields") { db in
      // The same columns as v13's, made from `Todo.fields`: a new field's migration adds
      // its column and calls `ListOrderIndex.replace` instead of listing them again.
      try ListOrderIndex.replace(db)
    }
    migrator.registerMigration("v15: lists, tags and subtasks") { db in
      // Each todo's list by name ('Todos', the default local list, for every todo that
      // lives only here), its tags as a JSON array, and its parent's id. The lists that are
      // calendars are named from the calendars sync knows (`CalendarLists`), and each synced
      // todo goes to its calendar's. A synced object keeps its UID, by which a server's
      // RELATED-TO names a parent (filled in as sync reads the objects).
      try db.execute(
        sql: """
          ALTER TABLE todo ADD COLUMN list TEXT NOT NULL DEFAULT 'Todos';
          ALTER TABLE todo ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
          ALTER TABLE todo ADD COLUMN parent TEXT;
          CREATE INDEX todo_by_parent ON todo (parent) WHERE parent IS NOT NULL;
          ALTER TABLE sync_object ADD COLUMN uid TEXT;
          CREATE INDEX sync_object_by_uid ON sync_object (uid);
          CREATE TABLE todo_list (
            name TEXT PRIMARY KEY NOT NULL,
            account TEXT NOT NULL,
            calendar TEXT NOT NULL UNIQUE
          );
          """)
      let calendars = try Row.fetchAll(db, sql: "SELECT account, url, displayName FROM sync_calendar").map {
        CalendarLists.Calendar(account: $0[0], url: $0[1], displayName: $0[2])
      }
      try CalendarLists.replace(db, with: calendars)
      try db.execute(
        sql: """
          UPDATE todo SET list = (
            SELECT l.name FROM sync_object o JOIN todo_list l ON l.calendar = o.calendar WHERE o.todoID = todo.id)
          WHERE id IN (SELECT o.todoID FROM sync_object o JOIN todo_list l ON l.calendar = o.calendar)
          """)
      try ListOrderIndex.replace(db)
    }
    migrator.registerMigration("v16: instant sync (WebDAV-Push)") { db in
      // A calendar's WebDAV-Push topic, when its server offers Web Push for it. Then one
      // subscription per calendar: the UnifiedPush token the agent registered with the
      // distributor, its P-256 key and auth secret (secrets: this file is 0600), the
      // endpoint the distributor gave, and the subscription the server made for it. Not
      // tied to `sync_calendar`: a calendar that goes keeps its row until sync has
      // removed the server's subscription.
      try db.execute(
        sql: """
          ALTER TABLE sync_calendar ADD COLUMN pushTopic TEXT;
          CREATE TABLE push_subscription (
            calendar TEXT PRIMARY KEY NOT NULL,
            account TEXT NOT NULL,
            token TEXT NOT NULL UNIQUE,
            privateKey BLOB NOT NULL,
            authSecret BLOB NOT NULL,
            endpoint TEXT,
            registration TEXT,
            registeredEndpoint TEXT,
            expires REAL,
            renewAt REAL,
            lastPush REAL
          );
          """)
    }
    migrator.registerMigration("v17: a series anchored at its start") { db in
      // A todo's start (another app's DTSTART when it has no DUE), and a repeating todo may
      // have either: Thunderbird anchors a series at its start. A CHECK cannot be altered,
      // so the table is rebuilt with the same columns and the new one, and its indexes
      // made again.
      try db.execute(
        sql: """
          CREATE TABLE todo_v17 (
            id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36 AND id = lower(id)),
            title TEXT NOT NULL CHECK (length(title) > 0),
            notes TEXT NOT NULL DEFAULT '',
            priority INTEGER NOT NULL CHECK (priority = 0 OR priority = 1 OR priority = 2),
            isComplete INTEGER NOT NULL CHECK (isComplete = 0 OR isComplete = 1),
            createdAt REAL NOT NULL,
            completedAt REAL,
            due REAL,
            url TEXT,
            snoozedUntil REAL,
            revision INTEGER NOT NULL,
            reminderShownFor REAL,
            modifiedAt REAL,
            "repeat" TEXT,
            repeatFrom TEXT NOT NULL DEFAULT 'due' CHECK (repeatFrom = 'due' OR repeatFrom = 'completion'),
            doneOccurrence REAL,
            repeatZone TEXT NOT NULL DEFAULT '',
            list TEXT NOT NULL DEFAULT 'Todos',
            tags TEXT NOT NULL DEFAULT '[]',
            parent TEXT,
            start REAL,
            CHECK (isComplete = (completedAt IS NOT NULL)),
            CHECK ("repeat" IS NULL OR due IS NOT NULL OR start IS NOT NULL)
          );
          INSERT INTO todo_v17 (id, title, notes, priority, isComplete, createdAt, completedAt, due, url, snoozedUntil, revision, reminderShownFor, modifiedAt, "repeat", repeatFrom, doneOccurrence, repeatZone, list, tags, parent) SELECT id, title, notes, priority, isComplete, createdAt, completedAt, due, url, snoozedUntil, revision, reminderShownFor, modifiedAt, "repeat", repeatFrom, doneOccurrence, repeatZone, list, tags, parent FROM todo;
          DROP TABLE todo;
          ALTER TABLE todo_v17 RENAME TO todo;
          CREATE INDEX todo_by_revision ON todo (revision);
          CREATE INDEX todo_by_parent ON todo (parent) WHERE parent IS NOT NULL;
          """)
      try ListOrderIndex.replace(db)
    }
    migrator.registerMigration("v18: objects sync could not read") { db in
      // A server's object that is not a todo quickdo can read (no VCALENDAR, an unclosed
      // component, no VTODO): named in `sync --status` until it changes or goes, and not
      // fetched again while its ETag stays.
      try db.execute(
        sql: """
          CREATE TABLE sync_unreadable (
            calendar TEXT NOT NULL REFERENCES sync_calendar (url) ON DELETE CASCADE,
            href TEXT NOT NULL,
            etag TEXT,
            reason TEXT NOT NULL,
            PRIMARY KEY (calendar, href)
          );
          """)
    }
    migrator.registerMigration("v19: reminders") { db in
      // A todo's reminders (its alarms), as a JSON array (`RemindersCodec`); NULL: none,
      // and the config's `reminders.default` applies.
      try db.execute(sql: "ALTER TABLE todo ADD COLUMN reminders TEXT")
      try ListOrderIndex.replace(db)
    }
    migrator.registerMigration("v20: reminders acknowledged elsewhere") { db in
      // Until when another device dealt with a synced todo's reminders; NULL: never.
      try db.execute(sql: "ALTER TABLE todo ADD COLUMN acknowledgedUntil REAL")
      try ListOrderIndex.replace(db)
    }
    return migrator
  }
}
