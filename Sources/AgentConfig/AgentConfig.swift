import Foundation
import Models
import NotificationLayout
import NotificationClient
import SyncClient

/// What the user configures in config.toml: a typed, validated value. Its defaults are not
/// written here but parsed from data/config.toml, embedded in the binary at build time, so
/// the commented file users read and the behaviour they get cannot drift apart.
public struct AgentConfig: Equatable, Sendable {
  /// One notification per todo, or one summary notification with a button per todo.
  public typealias Layout = QuickActionLayout

  /// What a click on a notification's body does.
  public typealias DefaultAction = BodyClick

  // [notifications]
  public var layout: Layout
  public var max: Int
  public var expireTimeout: Int
  public var appName: String
  public var icon: String
  public var serverTimeout: TimeInterval
  public var urgency: [Priority: QuickAction.Urgency]
  // [actions]
  /// The buttons' labels when the config sets them; nil is the word of the user's language.
  public var doneLabel: String?
  public var snooze: Bool
  public var snoozeLabel: String?
  public var snoozeDuration: TimeInterval
  public var openLink: Bool
  public var openLabel: String?
  public var defaultAction: DefaultAction
  public var dismissSnoozesFor: TimeInterval
  public var undoWindow: TimeInterval
  // [selection]
  public var order: [SelectionCriterion]
  public var minPriority: Priority
  /// Only these lists' todos become notifications (every list's when empty).
  public var selectedLists: [String] = []
  public var excludedLists: [String] = []
  /// Only todos with one of these tags become notifications (any todo's when empty).
  public var selectedTags: [String] = []
  public var excludedTags: [String] = []
  // [todos]
  public var defaultList = ""
  // [reminders]
  public var remindersEnabled: Bool
  /// How long before its due time a todo without reminders of its own is reminded; nil:
  /// not at all ("none").
  public var reminderDefault: TimeInterval?
  // [storage]
  public var database: String
  // [dnd]
  /// Whether the notification server's own Do Not Disturb switch holds new notifications.
  public var followsDoNotDisturb = true
  /// When nothing new is shown, every day.
  public var quietHours: [QuietHours] = []
  public var showEach = 3
  public var quietPass = QuietPass.none
  // [launchers]
  /// The terminal GNOME's "more results" runs `quickdo list WORDS` in, as a command and its
  /// arguments; empty: nothing is run.
  public var launcherTerminal: [String] = []
  // [[sync.caldav]]
  public var syncAccounts: [SyncAccount] = []

  /// The built-in defaults: data/config.toml as embedded in the binary.
  public static let defaults: AgentConfig = {
    do {
      return try ConfigParser.parse(builtInText, file: "(built-in)", base: .empty).config
    } catch {
      fatalError("the built-in data/config.toml is invalid: \(error)")
    }
  }()

  /// The text of data/config.toml, as built in.
  public static var builtInText: String {
    String(decoding: PackageResources.config_toml, as: UTF8.self)
  }

  /// Every field at a placeholder value; the parser fills it from the built-in file.
  static let empty = AgentConfig(
    layout: .perTodo, max: 0, expireTimeout: 0, appName: "", icon: "", serverTimeout: 0, urgency: [:],
    doneLabel: nil, snooze: false, snoozeLabel: nil, snoozeDuration: 0, openLink: false,
    openLabel: nil, defaultAction: .none, dismissSnoozesFor: 0, undoWindow: 0, order: [],
    minPriority: .low, remindersEnabled: false, reminderDefault: nil, database: "")
}

extension AgentConfig {
  /// How notifications are shown, apart from their content.
  public var notificationStyle: NotificationStyle {
    NotificationStyle(
      appName: appName, icon: icon, expireTimeout: Int32(expireTimeout),
      serverTimeout: Int32(serverTimeout * 1000), followsDoNotDisturb: followsDoNotDisturb)
  }

  /// The rules for the notification server on the bus: the `auto` layout settled for it
  /// (per todo until a server appears).
  public func quickActionRules(for server: NotificationServer?) -> QuickActionRules {
    var rules = quickActionRules
    if rules.layout == .auto, let server {
      rules.layout = server.quirks.showsOnePopupAtATime ? .summary : .perTodo
    }
    rules.typedSnooze = server.map { $0.capabilities.contains("inline-reply") && !$0.quirks.keepsRoomOfAnsweredPopups }
      ?? false
    return rules
  }

  /// The rules quick actions are derived with.
  public var quickActionRules: QuickActionRules {
    var rules = QuickActionRules()
    rules.layout = layout
    rules.max = max
    if let doneLabel { rules.doneLabel = doneLabel }
    rules.showSnooze = snooze
    if let snoozeLabel { rules.snoozeLabel = snoozeLabel }
    rules.snoozeDuration = snoozeDuration
    rules.showOpen = openLink
    rules.bodyClick = defaultAction
    if let openLabel { rules.openLabel = openLabel }
    rules.order = order
    rules.minPriority = minPriority
    rules.lists = Set(selectedLists)
    rules.excludedLists = Set(excludedLists)
    rules.tags = Set(selectedTags)
    rules.excludedTags = Set(excludedTags)
    rules.urgency = urgency
    rules.dismissSnoozeDuration = dismissSnoozesFor
    rules.undoWindow = undoWindow
    rules.remindersEnabled = remindersEnabled
    rules.reminderLeadTime = reminderDefault
    rules.quietHours = quietHours
    rules.showEach = showEach
    rules.quietPass = quietPass
    return rules
  }
}
