import CDoNotDisturb
import Foundation
import Logging
import NotificationClient
import Localization

/// The server's own Do Not Disturb switch (`DoNotDisturbSwitch`), on the GLib thread: read
/// when the server appears, and again on each change it signals; a switch that signals
/// nothing (mako's modes) is read each minute (every two seconds while on) and before a new
/// notification goes out. The
/// store hears of each change (`.doNotDisturbChanged`) and holds new notifications while
/// it is on. A switch that cannot be read counts as off; one whose answer is not a switch
/// is logged once.
extension LibnotifyPresenter {
  /// How long a read of the switch may wait for the server.
  static let doNotDisturbTimeoutMilliseconds: Int32 = 1000

  /// Starts following the switch of `server` (stops following the one before), if
  /// `dnd.follow` is on.
  func followDoNotDisturb(of server: NotificationServer?) {
    stopFollowingDoNotDisturb(reportingOff: false)
    guard style.followsDoNotDisturb, let server, let doNotDisturb = DoNotDisturbSwitch.of(server) else {
      setDoNotDisturb(false)
      return
    }
    let kind: QuickdoDndKind
    var fields: [String] = []
    var onWhen = true
    switch doNotDisturb {
    case let .property(service, path, interface, name):
      kind = QUICKDO_DND_PROPERTY
      fields = [service, path, interface, name]
    case let .method(service, path, interface, name, signal):
      kind = QUICKDO_DND_METHOD
      fields = [service, path, interface, name, signal]
    case let .makoMode(mode):
      kind = QUICKDO_DND_MAKO_MODE
      fields = [mode]
    case let .setting(schema, key, on):
      kind = QUICKDO_DND_SETTING
      fields = [schema, key]
      onWhen = on
    case let .xfconf(channel, property):
      kind = QUICKDO_DND_XFCONF
      fields = [channel, property]
    }
    while fields.count < 5 { fields.append("") }
    doNotDisturbSwitch = doNotDisturb
    doNotDisturbWarned = false
    doNotDisturbWatch = quickdo_dnd_watch_new(
      kind, fields[0], fields[1], fields[2], fields[3], fields[4], onWhen ? 1 : 0,
      { data in
        Unmanaged<LibnotifyPresenter>.fromOpaque(data!).takeUnretainedValue().doNotDisturbMayHaveChanged()
      }, callbackData)
    _ = readDoNotDisturb()
    if !doNotDisturb.signalsChanges { pollDoNotDisturb() }
  }

  /// Stops following the switch; the store hears it is off, unless `reportingOff` is false.
  func stopFollowingDoNotDisturb(reportingOff: Bool = true) {
    doNotDisturbCheck?.cancel()
    doNotDisturbCheck = nil
    doNotDisturbPoll?.cancel()
    doNotDisturbPoll = nil
    if let watch = doNotDisturbWatch { quickdo_dnd_watch_free(watch) }
    doNotDisturbWatch = nil
    doNotDisturbSwitch = nil
    if reportingOff { setDoNotDisturb(false) }
  }

  /// A signal said the switch may have changed: it is read once, a moment later, however
  /// many signals come meanwhile (a server that flips it all the time costs one read per
  /// moment, not one per signal).
  func doNotDisturbMayHaveChanged() {
    guard !isShutDown, doNotDisturbWatch != nil, doNotDisturbCheck == nil else { return }
    doNotDisturbCheck = glib.after(seconds: 0.05) { [self] in
      doNotDisturbCheck = nil
      guard !isShutDown else { return }
      _ = readDoNotDisturb()
    }
  }

  /// Reads the switch of a server that signals nothing each minute, and every two seconds
  /// while it is on, so that what it holds comes back within seconds of its end.
  private func pollDoNotDisturb() {
    doNotDisturbPoll?.cancel()
    doNotDisturbPoll = glib.after(seconds: doNotDisturbIsOn ? 2 : 60) { [self] in
      doNotDisturbPoll = nil
      guard !isShutDown, doNotDisturbWatch != nil else { return }
      _ = readDoNotDisturb()
      if doNotDisturbPoll == nil { pollDoNotDisturb() }
    }
  }

  /// Before `unsent`, new notifications, go out to a server whose switch signals nothing:
  /// whether the switch has just turned on (the store is told, with them, and holds them).
  func doNotDisturbTurnedOnUnheard(unsent: [UUID]) -> Bool {
    guard let doNotDisturb = doNotDisturbSwitch, !doNotDisturb.signalsChanges, !doNotDisturbIsOn else { return false }
    return readDoNotDisturb(unsent: unsent)
  }

  /// Reads the switch and tells the store if it changed; whether it turned on.
  private func readDoNotDisturb(unsent: [UUID] = []) -> Bool {
    guard let watch = doNotDisturbWatch else { return false }
    var problem: UnsafeMutablePointer<CChar>?
    let state = quickdo_dnd_watch_read(watch, Self.doNotDisturbTimeoutMilliseconds, &problem)
    if let problem {
      if !doNotDisturbWarned {
        doNotDisturbWarned = true
        log.warning(Logger.Message(stringLiteral: tr("cannot read the server's Do Not Disturb switch (%s); taking it as off", String(cString: problem))))
      }
      quickdo_dnd_free(problem)
    }
    let wasOn = doNotDisturbIsOn
    setDoNotDisturb(state == 1, unsent: unsent)
    return !wasOn && doNotDisturbIsOn
  }

  private func setDoNotDisturb(_ on: Bool, unsent: [UUID] = []) {
    guard on != doNotDisturbIsOn else { return }
    doNotDisturbIsOn = on
    if let doNotDisturb = doNotDisturbSwitch, !doNotDisturb.signalsChanges { pollDoNotDisturb() }
    log.info(Logger.Message(stringLiteral: on
      ? tr("the server's Do Not Disturb is on: new notifications wait until it is off")
      : tr("the server's Do Not Disturb is off")))
    report(.doNotDisturbChanged(on, unsent: on ? unsent : []))
  }
}
