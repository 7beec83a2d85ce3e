import Foundation

/// A CalDAV server as sync sees it: the calendars of an account and their objects, read
/// and written by href with ETag preconditions. The live client (`SyncClientLive`) speaks
/// HTTP; tests override these closures. A struct of closures, isowords style.
public struct SyncClient: Sendable {
  /// The calendars of the account that hold todos (RFC 6764 discovery from the account's
  /// URL, or the one collection it names), and those it skipped.
  public var calendars: @Sendable (_ account: SyncAccount) async throws -> CalendarList
  /// What changed in `calendar` since `token` (every object when nil): sync-collection
  /// where the server has it, else every href with its ETag (`isComplete`).
  public var changes:
    @Sendable (_ account: SyncAccount, _ calendar: RemoteCalendar, _ token: String?) async throws ->
      RemoteChanges
  /// The objects at `hrefs` with their ETags; an href missing from the answer is gone.
  public var fetch:
    @Sendable (_ account: SyncAccount, _ calendar: RemoteCalendar, _ hrefs: [String]) async throws ->
      [RemoteObject]
  /// Stores `data` at `href`, a member of `calendar`: over the version `etag` names, or
  /// only if nothing is there when `etag` is nil.
  public var put:
    @Sendable (
      _ account: SyncAccount, _ calendar: RemoteCalendar, _ href: String, _ data: [UInt8], _ etag: String?
    ) async throws -> WriteOutcome
  /// Deletes the object at `href`, a member of `calendar`, if it is still the version
  /// `etag` names.
  public var delete:
    @Sendable (_ account: SyncAccount, _ calendar: RemoteCalendar, _ href: String, _ etag: String) async throws ->
      WriteOutcome

  /// Asks the server to push content changes of `calendar` (WebDAV-Push `push-register`);
  /// asked again with the same endpoint, it renews the subscription.
  public var registerPush:
    @Sendable (_ account: SyncAccount, _ calendar: RemoteCalendar, _ request: PushRequest) async throws ->
      PushRegisterOutcome
  /// Removes a subscription `registerPush` made; one already gone is no error.
  public var unregisterPush: @Sendable (_ account: SyncAccount, _ registration: URL) async throws -> Void

  public init(
    calendars: @escaping @Sendable (SyncAccount) async throws -> CalendarList,
    changes: @escaping @Sendable (SyncAccount, RemoteCalendar, String?) async throws -> RemoteChanges,
    fetch: @escaping @Sendable (SyncAccount, RemoteCalendar, [String]) async throws -> [RemoteObject],
    put: @escaping @Sendable (SyncAccount, RemoteCalendar, String, [UInt8], String?) async throws -> WriteOutcome,
    delete: @escaping @Sendable (SyncAccount, RemoteCalendar, String, String) async throws -> WriteOutcome,
    registerPush: @escaping @Sendable (SyncAccount, RemoteCalendar, PushRequest) async throws -> PushRegisterOutcome,
    unregisterPush: @escaping @Sendable (SyncAccount, URL) async throws -> Void
  ) {
    self.registerPush = registerPush
    self.unregisterPush = unregisterPush
    self.calendars = calendars
    self.changes = changes
    self.fetch = fetch
    self.put = put
    self.delete = delete
  }
}
