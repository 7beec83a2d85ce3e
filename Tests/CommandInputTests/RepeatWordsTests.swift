@testable import CommandInput
import Models
import Testing

/// `--repeat`'s words and rules, and the sentence each wrong one gets.
struct RepeatWordsTests {
  @Test(arguments: [
    ("daily", "FREQ=DAILY"), ("weekly", "FREQ=WEEKLY"), ("monthly", "FREQ=MONTHLY"), ("yearly", "FREQ=YEARLY"),
    ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("Every Weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
    ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"), ("every 3 days", "FREQ=DAILY;INTERVAL=3"),
    ("every monday,thursday", "FREQ=WEEKLY;BYDAY=MO,TH"), ("every thu and mon", "FREQ=WEEKLY;BYDAY=MO,TH"),
    ("every saturday", "FREQ=WEEKLY;BYDAY=SA"),
    ("every month on the last friday", "FREQ=MONTHLY;BYDAY=-1FR"),
    ("every month on the 2nd tuesday", "FREQ=MONTHLY;BYDAY=2TU"),
    ("every month on the 1st", "FREQ=MONTHLY;BYMONTHDAY=1"), ("every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1"),
    ("every 2 weeks on friday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR"),
    ("FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=MONTHLY;BYMONTHDAY=1"), ("RRULE:FREQ=DAILY;COUNT=5", "FREQ=DAILY;COUNT=5"),
  ])
  func readsEachForm(_ text: String, _ rrule: String) throws {
    #expect(try RepeatWords.parse(text).rruleText == rrule)
  }

  @Test(arguments: [
    ("every blursday", "'blursday' is not a weekday"),
    ("sometimes", "'sometimes' is not a repeat"),
    ("every 0 days", "'every 0' is not between 1 and 10000"),
    ("every month on the 32nd", "'on 32nd' is not a day of the month"),
    ("every day on monday", "'on …' goes with weeks or months"),
    ("FREQ=HOURLY", "FREQ=HOURLY is not supported"),
    ("FREQ=MONTHLY;BYSETPOS=1", "BYSETPOS is not supported"),
  ])
  func namesWhatIsWrong(_ text: String, _ message: String) {
    #expect {
      try RepeatWords.parse(text)
    } throws: { ($0 as? RepeatRuleError)?.message.contains(message) == true }
  }
}
