import Foundation
import NotificationClient
import Testing

@testable import NotificationLive

/// A press is read on GDBus's thread from these routes alone: only the server's own presses
/// on buttons shown now count.
struct PressRoutesTests {
  let todo = UUID()
  var done: [String: NotificationEvent] { ["done:\(todo)": .buttonPressed(todo, .done)] }

  @Test func aPressOnAShownButtonFromTheServerIsReported() {
    let routes = PressRoutes()
    routes.serverIs(":1.7")
    routes.set(done, for: 3)
    #expect(routes.event(sender: ":1.7", id: 3, key: "done:\(todo)") == .buttonPressed(todo, .done))
  }

  @Test func anotherSenderAKeyNotShownOrAnotherNotificationIsNoPress() {
    let routes = PressRoutes()
    routes.serverIs(":1.7")
    routes.set(done, for: 3)
    #expect(routes.event(sender: ":1.9", id: 3, key: "done:\(todo)") == nil)
    #expect(routes.event(sender: ":1.7", id: 3, key: "snooze:\(todo)") == nil)
    #expect(routes.event(sender: ":1.7", id: 4, key: "done:\(todo)") == nil)
  }

  @Test func aForgottenNotificationOrAGoneServerLeavesNoButtons() {
    let routes = PressRoutes()
    routes.serverIs(":1.7")
    routes.set(done, for: 3)
    routes.remove(3)
    #expect(routes.event(sender: ":1.7", id: 3, key: "done:\(todo)") == nil)
    routes.set(done, for: 3)
    routes.serverIs(":1.8")  // a restarted server: its ids start again
    #expect(routes.event(sender: ":1.8", id: 3, key: "done:\(todo)") == nil)
    routes.set(done, for: 0)  // libnotify's id before a show
    #expect(routes.event(sender: ":1.8", id: 0, key: "done:\(todo)") == nil)
  }
}
