import CalDAVXML
import Foundation
import Testing

/// Multistatus answers in the forms servers write them: any namespace prefixes, several
/// propstats, calendar data in CDATA, a removed resource in a sync report.
struct MultistatusTests {
  @Test func aCalendarHomeListing() throws {
    let body = """
      <?xml version='1.0' encoding='utf-8'?>
      <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
        <response><href>/me/</href>
          <propstat><prop><resourcetype><collection/></resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat>
          <propstat><prop><C:supported-calendar-component-set/><displayname/></prop><status>HTTP/1.1 404 Not Found</status></propstat>
        </response>
        <response><href>/me/tasks/</href>
          <propstat><prop>
            <resourcetype><collection/><C:calendar/></resourcetype>
            <displayname>Tasks &amp; chores</displayname>
            <C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>
            <sync-token>http://radicale.org/ns/sync/4f1a</sync-token>
          </prop><status>HTTP/1.1 200 OK</status></propstat>
        </response>
      </multistatus>
      """
    let status = try Multistatus.parse(Data(body.utf8))
    #expect(status.responses.map(\.href) == ["/me/", "/me/tasks/"])
    #expect(status.responses[0].isCalendar == false)
    #expect(status.responses[0].componentSet == nil)  // 404: not reported
    let tasks = status.responses[1]
    #expect(tasks.isCalendar)
    #expect(tasks.text("displayname") == "Tasks & chores")
    #expect(tasks.componentSet == ["VTODO"])
    #expect(tasks.text("sync-token") == "http://radicale.org/ns/sync/4f1a")
  }

  @Test func aSyncReportWithARemovedObjectAndCalendarDataInCDATA() throws {
    let body = """
      <D:multistatus xmlns:D="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
        <D:response><D:href>/cal/a.ics</D:href>
          <D:propstat><D:prop><D:getetag>"e1"</D:getetag>
            <cal:calendar-data><![CDATA[BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n]]></cal:calendar-data>
          </D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
        </D:response>
        <D:response><D:href>/cal/gone.ics</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>
        <D:sync-token>data:,42</D:sync-token>
      </D:multistatus>
      """
    let status = try Multistatus.parse(Data(body.utf8))
    #expect(status.syncToken == "data:,42")
    #expect(status.responses[0].etag == "\"e1\"")
    #expect(status.responses[0].property("calendar-data", DAVNamespace.caldav)?.text == "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
    #expect(status.responses[0].status == nil)
    #expect(status.responses[1].status == 404)
    #expect(status.responses[1].properties.isEmpty)
  }

  @Test func principalsAndHomeSetsAreHrefs() throws {
    let body = """
      <multistatus xmlns="DAV:"><response><href>/</href><propstat><prop>
        <current-user-principal><href>/principals/me/</href></current-user-principal>
      </prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
      """
    #expect(try Multistatus.parse(Data(body.utf8)).responses.first?.hrefs("current-user-principal") == ["/principals/me/"])
  }

  @Test(arguments: [
    ("", "is not valid XML (line 1)"), ("not xml", "is not valid XML (line 1)"),
    ("<?xml version=\"1.0\"?>\n<multistatus xmlns=\"DAV:\">\n<response><href>/a</href>\n</multistatus>", "is not valid XML (line 4)"),
    ("<html><body>Login</body></html>", "is not a WebDAV multistatus (its root element is \"html\")"),
    ("<multistatus xmlns=\"urn:other\"/>", "is not a WebDAV multistatus (its root element is \"multistatus\")"),
  ])
  func notAMultistatusSaysWhy(_ body: String, _ why: String) {
    #expect(throws: DAVParseError.self) { try Multistatus.parse(Data(body.utf8)) }
    do {
      _ = try Multistatus.parse(Data(body.utf8))
    } catch {
      #expect(error.description == why)
    }
  }

  /// Bytes that are not UTF-8 in a name made FoundationXML trap (found by libFuzzer):
  /// such an answer is refused before it is parsed.
  @Test func anAnswerThatIsNotUTF8IsRefusedBeforeParsing() {
    let body = Data("<multistatus xmlns=\"DAV:\">\n<multist".utf8) + Data([0xCD]) + Data("atus/></multistatus>".utf8)
    #expect(throws: DAVParseError.notUTF8(line: 2)) { try Multistatus.parse(body) }
  }

  /// Inputs libFuzzer found that made FoundationXML's parser trap: a processing
  /// instruction without data, a name that is not UTF-8. libxml2 read through our own SAX
  /// callbacks takes both without a crash.
  @Test func whatCrashedFoundationXMLIsReadOrRefusedInWords() throws {
    #expect(throws: DAVParseError.notXML(line: 2)) { try Multistatus.parse(Data("<?u-?>\n".utf8)) }
    let answer = try Multistatus.parse(Data("<?u-?>\n<multistatus xmlns=\"DAV:\"><?pi?></multistatus>".utf8))
    #expect(answer.responses.isEmpty)
  }

  /// SOGo writes a character outside the BMP as two surrogate references, which XML
  /// forbids: the pair reads as the one character. A lone surrogate, a forbidden reference
  /// and a raw control byte read as U+FFFD, counted; a reference inside CDATA is text.
  @Test func charactersXMLForbidsAreReadAsMeantOrAsReplacement() throws {
    func answer(_ data: String) -> Data {
      Data("""
        <d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response><d:href>/c/a.ics</d:href>
        <d:propstat><d:prop><c:calendar-data>\(data)</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status>
        </d:propstat></d:response></d:multistatus>
        """.utf8)
    }
    func read(_ data: String) throws -> (String?, Int) {
      let parsed = try Multistatus.parse(answer(data))
      return (parsed.responses.first?.text("calendar-data", DAVNamespace.caldav), parsed.replacedCharacters)
    }
    #expect(try read("SUMMARY:Buy &#55356;&#57166;s&#13;end") == ("SUMMARY:Buy 🍎s\rend", 0))
    #expect(try read("SUMMARY:&#xD83C;&#xDF4E; and &#x1F34E;") == ("SUMMARY:🍎 and 🍎", 0))
    #expect(try read("SUMMARY:lone &#55356; high, lone &#57166; low") == ("SUMMARY:lone \u{FFFD} high, lone \u{FFFD} low", 2))
    #expect(try read("SUMMARY:&#0;&#x1B;&#65534;&#99999999999;x") == ("SUMMARY:\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}x", 4))
    #expect(try read("SUMMARY:bell\u{07} and escape\u{1B}[31m") == ("SUMMARY:bell\u{FFFD} and escape\u{FFFD}[31m", 2))
    #expect(try read("<![CDATA[SUMMARY:&#55356; stays text]]>") == ("SUMMARY:&#55356; stays text", 0))
  }

  /// An answer with a DTD (the billion-laughs entities, here) is refused before any entity
  /// is expanded: no WebDAV answer holds one.
  @Test func aDocumentTypeDeclarationIsRefused() {
    let body = """
      <?xml version="1.0"?>
      <!DOCTYPE multistatus [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
      <multistatus xmlns="DAV:"><response><href>&b;</href></response></multistatus>
      """
    #expect(throws: DAVParseError.hasDTD) { try Multistatus.parse(Data(body.utf8)) }
  }

  /// A hostile answer nested 100,000 deep is refused at the depth cap: no stack overflow
  /// while parsing or while freeing what was built.
  @Test func deepNestingIsRefusedNotACrash() {
    let depth = 100_000
    let body = "<multistatus xmlns=\"DAV:\">" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</multistatus>"
    #expect(throws: DAVParseError.tooDeep(line: 1)) { try Multistatus.parse(Data(body.utf8)) }
  }

  /// Past libxml2's limit for a document handed over whole (10,000,000 bytes), as a
  /// calendar of 30,000 todos answers.
  @Test func anAnswerOfTwelveMegabytesIsRead() throws {
    let response = "<response><href>/cal/x.ics</href><propstat><prop><getetag>\"1\"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response>\n"
    let count = 12_000_000 / response.utf8.count + 1
    let body = "<multistatus xmlns=\"DAV:\">" + String(repeating: response, count: count) + "</multistatus>"
    #expect(try Multistatus.parse(Data(body.utf8)).responses.count == count)
  }

  @Test func requestBodiesAreWellFormed() throws {
    for body in [
      DAVRequests.currentUserPrincipal, DAVRequests.calendarHomeSet, DAVRequests.calendars,
      DAVRequests.syncCollection(since: nil), DAVRequests.syncCollection(since: "http://x/?a=1&b=<2>"),
      DAVRequests.calendarMultiget(["/cal/a.ics", "/cal/b&c.ics"]),
    ] {
      #expect(throws: Never.self, "\(body)") { try DAVElement.parse(Data(body.utf8)) }
    }
    let multiget = try DAVElement.parse(Data(DAVRequests.calendarMultiget(["/cal/b&c.ics"]).utf8))
    #expect(multiget.all("href").map(\.text) == ["/cal/b&c.ics"])
  }
}

/// Which reports a collection lists, in both forms servers write.
struct SupportedReportTests {
  @Test func aReportIsFoundInsideReportOrStraightInSupportedReport() throws {
    let body = """
      <d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
        <d:response><d:href>/a/</d:href><d:propstat><d:status>HTTP/1.1 200 OK</d:status><d:prop>
          <d:supported-report-set>
            <d:supported-report><d:report><d:sync-collection/></d:report></d:supported-report>
          </d:supported-report-set></d:prop></d:propstat></d:response>
        <d:response><d:href>/b/</d:href><d:propstat><d:status>HTTP/1.1 200 OK</d:status><d:prop>
          <d:supported-report-set>
            <d:supported-report><c:calendar-multiget/></d:supported-report>
            <d:supported-report><d:sync-collection/></d:supported-report>
          </d:supported-report-set></d:prop></d:propstat></d:response>
        <d:response><d:href>/c/</d:href><d:propstat><d:status>HTTP/1.1 200 OK</d:status><d:prop>
          <d:supported-report-set>
            <d:supported-report><d:report><c:calendar-query/></d:report></d:supported-report>
          </d:supported-report-set></d:prop></d:propstat></d:response>
      </d:multistatus>
      """
    let responses = try Multistatus.parse(Data(body.utf8)).responses
    #expect(responses.map { $0.supportsReport("sync-collection") } == [true, true, false])
    #expect(responses[1].supportsReport("calendar-multiget", DAVNamespace.caldav))
  }
}
