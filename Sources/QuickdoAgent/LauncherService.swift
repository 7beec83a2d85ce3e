import AppFeature
import Composable
import Foundation
import Launchers
import Localization
import Models
import NotificationLayout
import Synchronization

/// The agent's answers to KRunner and GNOME's search. They live in the agent because a
/// todo completed from a launcher gets the same Undo offer as a press on its notification,
/// and that offer is the agent's state; the search reads the pending todos the agent
/// already holds. A todo to add is added by `quickdo add --parse`, the one path a line of
/// words takes into the database, whose commit the agent then sees as any other.
@MainActor
struct LauncherService {
  let store: Store<AppFeature.State, AppFeature.Action>
  /// `quickdo` on the agent's database and config.
  let program: QuickdoProgram
  /// The config's `launchers.terminal`, as now in force.
  let terminal: @MainActor () -> [String]
  let log: AgentLog

  func answer(_ call: LauncherCall) async -> LauncherAnswer {
    switch call {
    case let .match(query):
      return .results(await results(for: query))
    case let .resultSet(terms):
      return .ids(await results(for: terms.joined(separator: " ")).map(\.id.text))
    case let .metas(ids):
      return .results(await metas(ids.compactMap(LauncherResult.ID.init(text:))))
    case let .run(id, action):
      await run(LauncherResult.ID(text: id), action: action)
      return .done
    case let .activate(id):
      await run(LauncherResult.ID(text: id), action: "")
      return .done
    case .actions:
      let rules = store.state.quickActionRules
      return .actions([
        LauncherAction(id: "done", text: rules.doneLabel, icon: "task-complete"),
        // TRANSLATORS: a launcher's button beside a todo; %s is how long, as in "1h".
        LauncherAction(
          id: "snooze", text: tr("Snooze %s", QuickDuration.format(rules.snoozeDuration)), icon: "chronometer"),
      ])
    case let .launchSearch(terms):
      // More results: `quickdo list` with those words, in the terminal the config names;
      // without one there is no window of ours to show them in.
      let terminal = terminal()
      guard !terminal.isEmpty, !terms.isEmpty else { return .done }
      if let failure = await program.start(terminal, ["list", "--"] + terms) {
        log.warning(tr("launchers.terminal could not be started: %s", failure))
      }
      return .done
    }
  }

  private func results(for query: String) async -> [LauncherResult] {
    if let line = LauncherSearch.lineToAdd(query) { return [await preview(line)] }
    return LauncherSearch.matching(query, in: store.state.todos, now: Date())
  }

  /// "Add: …" and what the line says, from `quickdo add --parse --dry-run`, run as its own
  /// process: the parser's dates (ICU's calendars) and the read of every list never load
  /// into the agent, whose budget is 30 MB at 10,000 todos.
  private func preview(_ line: String) async -> LauncherResult {
    let ran = await program.run(["add", "--parse", "--dry-run", "--", line])
    guard ran.succeeded else {
      let said = ran.errors.hasPrefix("quickdo: ") ? String(ran.errors.dropFirst(9)) : ran.errors
      return LauncherSearch.refused(line, because: said)
    }
    let lines = ran.output.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    return LauncherResult(
      id: .add(line: line), text: lines.first.map(String.init) ?? "",
      subtext: lines.dropFirst().first.map { $0.trimmingCharacters(in: .newlines) } ?? "")
  }

  /// What GNOME shows of results it was given: a todo as it is now, a line as it reads
  /// now. A todo gone or done since is left out.
  private func metas(_ ids: [LauncherResult.ID]) async -> [LauncherResult] {
    var results: [LauncherResult] = []
    for id in ids {
      switch id {
      case let .todo(todoID):
        guard let todo = store.state.todos[id: todoID], !todo.isComplete else { continue }
        results.append(LauncherSearch.result(for: todo, now: Date()))
      case let .add(line):
        results.append(await preview(line))
      case .problem:
        continue
      }
    }
    return results
  }

  private func run(_ id: LauncherResult.ID?, action: String) async {
    switch id {
    case let .todo(todoID):
      // A todo done or gone since the search: the press is a logged no-op, as a stale
      // notification press is.
      store.send(.launcherPressed(todoID, action == "snooze" ? .snooze : .done))
    case let .add(line):
      // After `--`, a line that starts with a dash is still the title's.
      let ran = await program.run(["add", "--parse", "--", line])
      if !ran.succeeded { log.warning(tr("a launcher's todo was not added: %s", ran.errors)) }
    case .problem, nil:
      break
    }
  }
}

/// `quickdo` as the agent runs it for a launcher: the agent's binary, database and config.
struct QuickdoProgram: Sendable {
  let binary: String
  let databasePath: String
  let configPath: String?

  /// `command`'s arguments on the agent's database and config (before any `--`).
  func arguments(_ command: [String]) -> [String] {
    let options = ["--db", databasePath] + (configPath.map { ["--config", $0] } ?? [])
    guard let name = command.first else { return options }
    return [name] + options + command.dropFirst()
  }

  /// Runs `command` and waits for it: whether it succeeded, and what it printed on stdout
  /// and stderr (each read to its first 4 KiB: a line and its parse, or an error).
  func run(_ command: [String]) async -> (succeeded: Bool, output: String, errors: String) {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments(command)
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
          try process.run()
        } catch {
          return continuation.resume(returning: (false, "", "\(error)"))
        }
        // stderr is read on its own thread, so that neither pipe fills while the other waits.
        let said = Mutex(Data())
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
          said.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() }
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        reading.wait()
        process.waitUntilExit()
        func text(_ data: Data) -> String {
          String(decoding: data.prefix(4096), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        continuation.resume(returning: (process.terminationStatus == 0, text(printed), said.withLock { text($0) }))
      }
    }
  }

  /// Starts `launcher` (a terminal and its arguments, without a shell) with `command` after
  /// it, and does not wait for the window to close; nil when it started.
  func start(_ launcher: [String], _ command: [String]) async -> String? {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let process = Process()
        let program = launcher[0]
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = (program.hasPrefix("/") ? [] : [program]) + launcher.dropFirst() + [binary] + arguments(command)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
          try process.run()
        } catch {
          return continuation.resume(returning: "\(error)")
        }
        continuation.resume(returning: nil)
        process.waitUntilExit()  // reaped here, off the main thread
      }
    }
  }
}
