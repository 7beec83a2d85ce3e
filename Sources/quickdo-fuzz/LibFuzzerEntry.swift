import AgentConfig
import CalDAVXML
import CommandInput
import Foundation
import ICalendar
import Localization
import Models

// libFuzzer's entry point for the parsers that take text from outside: config.toml,
// `quickdo://` links, iCalendar objects, WebDAV multistatus answers, repeat rules, quick-add
// lines, and the translation catalogs (`.mo` files and their plural expressions). Built only by
// scripts/libfuzz.sh (`swift build --sanitize fuzzer -Xswiftc -DLIBFUZZER`), which links
// libFuzzer's own `main`; a plain build gets a `main` that says so. `$QUICKDO_FUZZ_TARGET`
// picks the parser: `config`, `deeplink`, `icalendar`, `multistatus`, `rrule`, `quickadd` or
// `catalog`.
//
// Besides "never crashes", each target checks what the mutation tests in ParserFuzzTests
// check, and traps when it does not hold, so libFuzzer keeps the input:
// - config: a refusal names at least one problem, each with a message;
// - deeplink: a refusal is one sentence; an accepted link means what its `url` means;
// - icalendar: an object read is written back byte for byte, and a todo's summary set
//   anew reads back as set;
// - multistatus: an answer is read or refused with a reason in words, never a crash,
//   however deep or large;
// - rrule: a refusal is one sentence; an accepted rule reads back from its own text as
//   the same rule, its first occurrences come in order, and Done on a long overdue todo
//   of it moves the todo past now or ends its series; `--repeat`'s words never trap;
// - quickadd: a line makes a todo with a title and at most the tags a line may give, or is
//   refused with one sentence;
// - catalog: bytes read as a `.mo` file are refused or looked up without trapping, and
//   every plural form a rule picks, the catalog's or one read from text, is one it has.

#if LIBFUZZER
  /// Which parser this process fuzzes, from `$QUICKDO_FUZZ_TARGET`.
  enum FuzzedParser: String {
    case config, deeplink, icalendar, multistatus, rrule, quickadd, catalog

    static let chosen: FuzzedParser = {
      let name = ProcessInfo.processInfo.environment["QUICKDO_FUZZ_TARGET"] ?? ""
      guard let parser = FuzzedParser(rawValue: name) else {
        fatalError(
          "set QUICKDO_FUZZ_TARGET to config, deeplink, icalendar, multistatus, rrule, quickadd or catalog (not \"\(name)\")")
      }
      return parser
    }()
  }

  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: count)
    if FuzzedParser.chosen == .icalendar {
      // Servers send bytes; the codec takes them as they come.
      fuzzCalendarObject(Array(bytes))
      return 0
    }
    if FuzzedParser.chosen == .catalog {
      fuzzCatalog(Array(bytes))
      return 0
    }
    if FuzzedParser.chosen == .multistatus {
      do throws(DAVParseError) {
        _ = try Multistatus.parse(Data(bytes))
      } catch {
        precondition(!error.description.isEmpty)
      }
      return 0
    }
    // The other parsers get text only after UTF-8 validation (ConfigFile, URL arguments).
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    switch FuzzedParser.chosen {
    case .config:
      do throws(ConfigErrors) {
        _ = try ConfigParser.parse(text, file: "fuzz.toml")
      } catch {
        precondition(!error.issues.isEmpty && error.issues.allSatisfy { !$0.message.isEmpty })
      }
    case .deeplink:
      do throws(DeepLink.ParseError) {
        let link = try DeepLink.parse(text)
        precondition((try? DeepLink.parse(link.url)) == link, "\(text) → \(link.url)")
      } catch {
        precondition(!error.message.isEmpty && !error.message.contains("\n"), error.message)
      }
    case .rrule:
      fuzzRepeatRule(text)
    case .quickadd:
      do throws(QuickAddError) {
        let line = try QuickAddLine.parse(
          text, now: Date(timeIntervalSince1970: 1_795_338_000), calendar: Calendar(identifier: .gregorian),
          words: .english)
        precondition(!line.title.isEmpty && line.tags.count <= QuickAddLine.maxTags, "\(text) → \(line)")
      } catch {
        precondition(!error.message.isEmpty && !error.message.contains("\n"), error.message)
      }
    case .icalendar, .multistatus, .catalog:
      break
    }
    return 0
  }

  func fuzzRepeatRule(_ text: String) {
    if let rule = try? RepeatWords.parse(text) { _ = rule.rruleText }
    do throws(RepeatRuleError) {
      let utc = TimeZone(identifier: "UTC")!
      let rule = try RepeatRule(rrule: text, timeZone: utc)
      precondition((try? RepeatRule(rrule: rule.rruleText, timeZone: utc)) == rule, "\(text) → \(rule.rruleText)")
      let times = Array(rule.occurrences(from: LocalDateTime(2024, 2, 29, 9, 30)).prefix(20))
      precondition(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(text): out of order")
      _ = rule.words(at: "09:30")
      // Done on a todo of this rule, long overdue: it moves ahead of now, or its series ends.
      let due = LocalDateTime(2024, 2, 29, 9, 30).date(in: utc)
      let now = due.addingTimeInterval(3 * 365 * 86_400)
      let todo = Todo(id: UUID(), title: "t", createdAt: due, due: due, repeatRule: rule)
      let done = todo.done(at: now, in: utc)
      precondition(done.isComplete || done.due.map { $0 > now } == true, "\(text): done did not move ahead")
    } catch {
      precondition(!error.message.isEmpty && !error.message.contains("\n"), error.message)
    }
  }

  /// A catalog from disk, and a plural expression as a catalog's header gives it.
  func fuzzCatalog(_ bytes: [UInt8]) {
    let counts = [0, 1, 2, 5, 11, 21, 101, 1_000_000, Int.max, Int.min]
    if let catalog = MessageCatalog(bytes: bytes) {
      for key in ["", "up to date", "Done", "%d todo", "button\u{4}Done"] {
        _ = catalog.lookup(key)
      }
      for n in counts { precondition((0..<catalog.plural.count).contains(catalog.plural.form(n))) }
      _ = Translation(catalogs: [catalog]).plural("one", "many", count: 3)
    }
    if let text = String(validating: bytes, as: UTF8.self), let rule = PluralRule(text) {
      for n in counts { precondition((0..<rule.count).contains(rule.form(n)), "\(text): form out of range") }
    }
  }

  func fuzzCalendarObject(_ bytes: [UInt8]) {
    do throws(ICalendarError) {
      var object = try CalendarObject(parsing: bytes)
      precondition(object.bytes == bytes, "not written back as read")
      guard var todo = object.todo else { return }
      todo.summary = "set, by; the fuzzer\\ \u{1F331}"
      object.update(todo)
      let reread = try CalendarObject(parsing: object.bytes)
      precondition(reread.todo?.summary == todo.summary, "summary not read back")
    } catch {
      precondition(!error.message.isEmpty)
    }
  }
#else
  @main
  enum LibFuzzerEntry {
    static func main() {
      FileHandle.standardError.write(Data("quickdo-fuzz is built for libFuzzer by scripts/libfuzz.sh\n".utf8))
      exit(64)
    }
  }
#endif
