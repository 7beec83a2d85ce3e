import CalDAV
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
    let status = try #require(Multistatus.parse(Data(body.utf8)))
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
    let status = try #require(Multistatus.parse(Data(body.utf8)))
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
    #expect(try #require(Multistatus.parse(Data(body.utf8))).responses.first?.hrefs("current-user-principal") == ["/principals/me/"])
  }

  @Test(arguments: ["", "not xml", "<html><body>Login</body></html>", "<multistatus xmlns=\"urn:other\"/>"])
  func notAMultistatus(_ body: String) {
    #expect(Multistatus.parse(Data(body.utf8)) == nil)
  }

  @Test func requestBodiesAreWellFormed() throws {
    for body in [
      DAVRequests.currentUserPrincipal, DAVRequests.calendarHomeSet, DAVRequests.calendars,
      DAVRequests.syncCollection(since: nil), DAVRequests.syncCollection(since: "http://x/?a=1&b=<2>"),
      DAVRequests.calendarMultiget(["/cal/a.ics", "/cal/b&c.ics"]),
    ] {
      #expect(DAVElement.parse(Data(body.utf8)) != nil, "\(body)")
    }
    let multiget = try #require(DAVElement.parse(Data(DAVRequests.calendarMultiget(["/cal/b&c.ics"]).utf8)))
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
    let responses = try #require(Multistatus.parse(Data(body.utf8))).responses
    #expect(responses.map { $0.supportsReport("sync-collection") } == [true, true, false])
    #expect(responses[1].supportsReport("calendar-multiget", DAVNamespace.caldav))
  }
}
