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
    /// So is a byte order mark, which the Swift side shows escaped too (r20 review).
    @Test(arguments: [("\u{202E}", "202E"), ("\u{FEFF}", "FEFF")])
    func theTimelineShowsControlCharactersAsEscapes(character: String, hex: String) throws {
        let chromium = try #require(Browser.path)
        let dir = ReportWriterTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixture = Fixture.tabBarNavigation(cityID: "City\(character)gnp.exe")
        try ReportWriter().write(fixture.input(), to: dir)
        let dom = try Browser.dumpDOM(chromium, dir.appendingPathComponent("index.html"))
        #expect(dom.contains("data-timeline=\"rendered\""))
        // What is shown, not the data the scripts read (JSON) nor a filter option's value.
        let shown = dom.replacing(/<script[^>]*>[\s\S]*?<\/script>/, with: "").replacing(/value="[^"]*"/, with: "")
        #expect(!shown.contains(character), "a raw \(hex) reached the page")
        #expect(shown.contains("City\\u{\(hex)}gnp.exe"))
    }

    /// The fixture's events over and over, `count` of them, each with its own seq (so the page's
    /// rows are the trace's rows).
    static func manyEvents(_ count: Int) -> ReportInput {
        let f = Fixture.tabBarNavigation()
        var input = f.input()
        let lines = f.lines
        input.events = (0..<count).map { f.events[$0 % f.events.count] }
        input.eventLines = (0..<count).map { i in
            lines[i % lines.count].replacingOccurrences(
                of: "{\"seq\":\(i % lines.count + 1),", with: "{\"seq\":\(i + 1),")
        }
        return input
    }

    /// Drives the written page as a user would: `steps` run one after another, each a second
    /// (of the browser's virtual time) after the one before; what the last leaves in
    /// `data-test` on the body is returned.
    static func drive(_ page: URL, _ steps: [String], budget: Int = 8000) throws -> String {
        let chromium = try #require(Browser.path)
        var html = try String(contentsOf: page, encoding: .utf8)
        let chain = steps.reversed().reduce("") { rest, step in
            "setTimeout(function () { \(step); \(rest) }, 1000);"
        }
        html = html.replacingOccurrences(
            of: "</body>", with: "<script>window.addEventListener('load', function () { \(chain) });</script></body>")
        try html.write(to: page, atomically: true, encoding: .utf8)
        let dom = try Browser.dumpDOM(chromium, page, budget: budget)
        guard let start = dom.range(of: "data-test=\""), let end = dom[start.upperBound...].firstIndex(of: "\"") else {
            return ""
        }
        return String(dom[start.upperBound..<end])
    }

    /// A link to an event past the first page ("event #N" beside a lost node, "#N" in the
    /// verdict) shows that event: the form's reset used to filter again a tick later, back to
    /// page 1, and the row never appeared.
    @Test func aLinkToAnEventPastTheFirstPageShowsIt() throws {
        let dir = ReportWriterTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReportWriter().write(Self.manyEvents(1_200), to: dir)
        let result = try Self.drive(
            dir.appendingPathComponent("index.html"),
            [
                "var a = document.createElement('a'); a.id = 'jump'; a.setAttribute('data-seq-link', '1111'); a.textContent = 'event #1111'; document.body.appendChild(a); a.click()",
                "document.body.setAttribute('data-test', document.getElementById('page-info').textContent + '|' + (document.querySelector('tr.ev[data-seq=\"1111\"]') ? 'row' : 'no row'))",
            ])
        #expect(result == "Page 3 of 3|row")
    }

    /// A key inside a dictionary value is shown escaped, as a top-level key is; and what is
    /// shown (`\u{202E}`) finds its event, in Search and in Path.
    @Test func nestedKeysAreShownEscapedAndWhatIsShownIsFound() throws {
        let f = Fixture.tabBarNavigation(cityID: "City\u{202E}gnp.exe")
        var input = f.input()
        let at = try #require(input.eventLines.firstIndex { $0.contains("\"coder\":{") })
        input.eventLines[at] = input.eventLines[at].replacingOccurrences(
            of: "\"coder\":{", with: #""coder":{"prefs":{"dictionary":{"invoice\u202Efdp.exe":{"int":1}}},"#)
        let seq = at + 1
        let dir = ReportWriterTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReportWriter().write(input, to: dir)
        let result = try Self.drive(
            dir.appendingPathComponent("index.html"),
            [
                "document.querySelector('tr.ev[data-seq=\"\(seq)\"]').click()",
                "window.shownCoder = document.querySelector('tr.coder').textContent; var t = document.getElementById('f-text'); t.value = 'invoice\\\\u{202E}fdp'; t.dispatchEvent(new Event('input'))",
                "window.found = document.querySelectorAll('tr.ev').length; var p = document.getElementById('f-text'); p.value = ''; p.dispatchEvent(new Event('input')); var q = document.getElementById('f-path'); q.value = 'City\\\\u{202E}gnp'; q.dispatchEvent(new Event('input'))",
                "document.body.setAttribute('data-test', (window.shownCoder.indexOf('invoice\\\\u{202E}fdp.exe = ') >= 0 ? 'escaped' : 'raw') + (window.shownCoder.indexOf('\\u202E') >= 0 ? '+override' : '') + '|' + window.found + '|' + (document.querySelectorAll('tr.ev').length > 0 ? 'path found' : 'path not found'))",
            ])
        #expect(result == "escaped|1|path found")
    }

    @Test func hundredThousandEventsRenderOnePage() throws {
        let chromium = try #require(Browser.path)
        let dir = ReportWriterTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReportWriter().write(Self.manyEvents(100_000), to: dir)
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
        #expect(try Self.linkToLastNodeMarksItsRow(fixture, page))
    }

    /// Opens `page` at the anchor of the fixture's last preserved node: true when that row is in
    /// the table and marked as the link's target.
    static func linkToLastNodeMarksItsRow(_ fixture: Fixture, _ page: URL) throws -> Bool {
        let chromium = try #require(Browser.path)
        let nodes = try #require(fixture.outcome.preservation?.nodes)
        let anchor = Anchor.node(.preservation, nodes[nodes.count - 1].locator)
        let target = try #require(URL(string: page.absoluteString + "#" + anchor))
        let jumped = try Browser.dumpDOM(chromium, target, budget: 5000)
        guard let row = jumped.range(of: "<tr id=\"\(anchor)\"") else { return false }
        return jumped[row.upperBound...].prefix(40).contains("flash")
    }

    /// The table's first rows arriving after the rows a link revealed do not put the table back
    /// at its top: chunk files finish loading in any order (CI's machine loaded the smaller last
    /// chunk first, and the linked row was gone).
    @Test func aRevealedRowStaysWhenTheFirstRowsArriveLast() throws {
        let fixture = Fixture.large(controllers: 700, lostEvery: 7)
        let dir = try BigReportTests.written(fixture, budget: 4_096)
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = dir.appendingPathComponent("data/nodes-p-0001.js")
        let chunk = try String(contentsOf: first, encoding: .utf8)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("data/nodes-p-0002.js").path))
        try "setTimeout(function () { \(chunk) }, 500);".write(to: first, atomically: true, encoding: .utf8)
        #expect(try Self.linkToLastNodeMarksItsRow(fixture, dir.appendingPathComponent("index.html")))
    }

    /// A link to a row inside a block of skipped rows (taller than the rows the table measured
    /// first) showed the row, then the scroll that centred it re-derived the rows in view from
    /// the average height, past the row, and it was gone (r19 report hunt). The rows a report
    /// exists to explain were the ones a link could not show.
    @Test func aLinkIntoABlockOfTallerRowsKeepsItsRow() throws {
        let chromium = try #require(Browser.path)
        let fixture = Fixture.skippedBlock(preserved: 300, skipped: 900)
        let dir = try BigReportTests.written(fixture, budget: 4_096)
        defer { try? FileManager.default.removeItem(at: dir) }
        let skipped = try #require(fixture.outcome.preservation?.nodes.filter { $0.status == .skipped })
        let index = dir.appendingPathComponent("index.html")
        let page = try String(contentsOf: index, encoding: .utf8)
        for target in [skipped[skipped.count / 2], skipped[skipped.count - 40]] {
            let anchor = Anchor.node(.preservation, target.locator)
            // Followed once the page has loaded, as a click is (a link in the URL at load took
            // another way, and showed the row), in a window the size of a laptop's.
            try page.replacingOccurrences(
                of: "</body>",
                with: "<script>setTimeout(function () { location.hash = '#\(anchor)'; }, 1000);</script></body>"
            ).write(to: index, atomically: true, encoding: .utf8)
            let dom = try Browser.run(
                chromium, ["--window-size=1280,900", "--virtual-time-budget=6000", "--dump-dom", index.absoluteString])
            let row = try #require(dom.range(of: "<tr id=\"\(anchor)\""), "\(target.locator) is not in the table")
            #expect(dom[row.upperBound...].prefix(40).contains("flash"), "\(target.locator)")
        }
    }
}

/// Siblings sharing an identifier (SPEC §2) each have their row; every event and reference about
/// one linked to the first sibling's, by path (r19 report hunt).
@Suite struct SharedIdentifierLinkTests {
    @Test func eachSiblingsEventsLinkToItsOwnRow() throws {
        let chromium = try #require(Browser.path)
        let fixture = Fixture.sharedIdentifiers(count: 3)
        let dir = ReportWriterTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReportWriter().write(fixture.input(), to: dir)
        let dom = try Browser.dumpDOM(chromium, dir.appendingPathComponent("index.html"), budget: 3000)
        for sibling in ["Nav/Page", "Nav/Page#1", "Nav/Page#2"] {
            for side in [Anchor.Side.preservation, .restoration] {
                let anchor = Anchor.node(side, sibling)
                // The timeline's Path cell (its text the event's path), not a "decided" link.
                #expect(
                    dom.contains("<a class=\"mono\" href=\"#\(anchor)\">Nav/Page</a>"),
                    "no Path cell links to \(anchor)")
            }
        }
        // Each sibling's archive key is mapped to its own row.
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains(#""Nav/:[1]:/Page":"node-p-Nav.2FPage.231""#))
        #expect(html.contains(#""Nav/:[2]:/Page":"node-r-Nav.2FPage.232""#))
    }
}

/// One event can decide thousands of nodes (an unidentified container's children): every one was a
/// link in its timeline row, 39,000 px tall; past a few they fold (r19 report hunt).
@Suite struct DecidedLinksFoldTests {
    @Test func manyDecidedNodesFoldIntoOneDetails() throws {
        let chromium = try #require(Browser.path)
        let fixture = Fixture.skippedBlock(preserved: 2, skipped: 40)
        let dir = ReportWriterTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ReportWriter().write(fixture.input(), to: dir)
        let dom = try Browser.dumpDOM(chromium, dir.appendingPathComponent("index.html"), budget: 3000)
        let rows = dom.components(separatedBy: "<tr class=\"ev").dropFirst()
        let most = rows.map { $0.components(separatedBy: "decided-node").count - 1 }.max() ?? 0
        #expect(most == 5, "the most decided links in one row: \(most)")
        #expect(dom.contains("<summary>decided "))
    }

    /// A big report's node tables fill from data/ with JavaScript: without it, they say so.
    @Test func aBigReportsTablesSayTheyNeedJavaScript() throws {
        let dir = try BigReportTests.written(Fixture.large(controllers: 700, lostEvery: 7), budget: 4_096)
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<noscript><p class=\"muted\">These "))
    }
}
