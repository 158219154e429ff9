import Foundation
import RestoreEngine
import RestoreTestSupport
import Testing

@testable import RestoreExport

/// Opens the written report in headless Chromium and checks that its script ran and rendered.
@Suite(.serialized, .enabled(if: Browser.shouldRun, "RESTORETRACE_SKIP_BROWSER=1"))
struct BrowserTests {
    @Test func reportRendersInABrowser() throws {
        let chromium = try #require(
            Browser.path,
            "chromium is not on PATH: install it (apt-get install --no-install-recommends chromium) or set RESTORETRACE_SKIP_BROWSER=1"
        )
        let dir = ReportWriterTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixture = Fixture.tabBarNavigation()
        let n = fixture.events.count
        try ReportWriter().write(fixture.input(), to: dir)
        let dom = try Browser.dumpDOM(chromium, dir.appendingPathComponent("index.html"))
        #expect(dom.contains("data-timeline=\"rendered\""), "the page script did not finish")
        #expect(dom.contains("Restored 7 of 8 nodes at launch 2; 1 lost."))
        #expect(dom.contains("Showing 1–\(n) of \(n) matching events"))
        #expect(dom.components(separatedBy: "<tr class=\"ev").count - 1 == n)
        #expect(dom.contains("data-seq=\"28\""))
        #expect(dom.contains("<svg"))
        #expect(dom.contains("id=\"gnode-r-TabController.2FNavigationController.2FCity\""))
        #expect(dom.contains("data-code=\"restoration-class-returned-nil\""))
        // Filter options come from the data: every callback name is offered.
        #expect(dom.contains("<option value=\"decodeRestorableStateWithCoder:\">"))
    }

    @Test func hostileIdentifiersDoNotRunAndStillRender() throws {
        let chromium = try #require(Browser.path)
        let hostile = "</script><img src=x onerror=\"document.title='pwned'\"><script>document.title='pwned'</script>"
        let dir = ReportWriterTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixture = Fixture.tabBarNavigation(cityID: hostile, extraID: hostile)
        var input = fixture.input()
        input.scenario = hostile
        try ReportWriter().write(input, to: dir)
        let dom = try Browser.dumpDOM(chromium, dir.appendingPathComponent("index.html"))
        #expect(dom.contains("data-timeline=\"rendered\""))
        #expect(!dom.contains("<title>pwned</title>"))
        #expect(!dom.contains("<img src=\"x\""))
        #expect(dom.components(separatedBy: "<tr class=\"ev").count - 1 == fixture.events.count)
    }

    /// A bidirectional override in a name is shown as \u{202E} in the script-drawn timeline, as
    /// it is in the server-drawn parts: raw, it reversed the text after it ("exe.png").
    @Test func theTimelineShowsControlCharactersAsEscapes() throws {
        let chromium = try #require(Browser.path)
        let dir = ReportWriterTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixture = Fixture.tabBarNavigation(cityID: "City\u{202E}gnp.exe")
        try ReportWriter().write(fixture.input(), to: dir)
        let dom = try Browser.dumpDOM(chromium, dir.appendingPathComponent("index.html"))
        #expect(dom.contains("data-timeline=\"rendered\""))
        // What is shown, not the data the scripts read (JSON) nor a filter option's value.
        let shown = dom.replacing(/<script[^>]*>[\s\S]*?<\/script>/, with: "").replacing(/value="[^"]*"/, with: "")
        #expect(!shown.contains("\u{202E}"), "a raw override reached the page")
        #expect(shown.contains("City\\u{202E}gnp.exe"))
    }

    @Test func hundredThousandEventsRenderOnePage() throws {
        let chromium = try #require(Browser.path)
        let f = Fixture.tabBarNavigation()
        var input = f.input()
        let lines = f.lines
        input.events = (0..<100_000).map { f.events[$0 % f.events.count] }
        input.eventLines = (0..<100_000).map { i in
            // Keep seq unique so the page's rows are the trace's rows.
            lines[i % lines.count].replacingOccurrences(
                of: "{\"seq\":\(i % lines.count + 1),", with: "{\"seq\":\(i + 1),")
        }
        let dir = ReportWriterTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReportWriter().write(input, to: dir)
        let dom = try Browser.dumpDOM(chromium, dir.appendingPathComponent("index.html"), budget: 8000)
        #expect(dom.contains("Showing 1–500 of 100,000 matching events"))
        #expect(dom.components(separatedBy: "<tr class=\"ev").count - 1 == 500)
        #expect(dom.contains("Page 1 of 200"))
    }

    @Test func aBigReportLoadsItsDataFromFilesAndScrollsToAnyNode() throws {
        let chromium = try #require(Browser.path)
        let fixture = Fixture.large(controllers: 700, lostEvery: 7)
        let dir = try BigReportTests.written(fixture, budget: 4_096)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("index.html")
        let dom = try Browser.dumpDOM(chromium, page, budget: 5000)
        #expect(dom.contains("data-timeline=\"rendered\""), "the page script did not finish")
        let n = DotBuilder.grouped(fixture.events.count)
        #expect(dom.contains("Showing 1–500 of \(n) matching events (\(n) in the trace)."))
        #expect(dom.components(separatedBy: "<tr class=\"ev").count - 1 == 500)
        // Path cells link to node rows through data/nodes.js.
        #expect(dom.contains("<a class=\"mono\" href=\"#node-p-"))
        // The node tables hold the rows in view, not all of them.
        let nodes = try #require(fixture.outcome.preservation?.nodes)
        let rendered = dom.components(separatedBy: "<tr id=\"node-p-").count - 1
        #expect(rendered > 0 && rendered < nodes.count / 2)
        // A link to the last node brings its row into the table and marks it.
        let anchor = Anchor.node(.preservation, nodes[nodes.count - 1].locator)
        let target = try #require(URL(string: page.absoluteString + "#" + anchor))
        let jumped = try Browser.dumpDOM(chromium, target, budget: 5000)
        let row = try #require(jumped.range(of: "<tr id=\"\(anchor)\""))
        #expect(jumped[row.upperBound...].prefix(40).contains("flash"))
    }
}
