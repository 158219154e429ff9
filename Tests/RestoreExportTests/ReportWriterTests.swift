import Foundation
import RestoreEngine
import Testing

@testable import RestoreExport
@testable import RestoreReplay

@Suite struct ReportWriterTests {
    static func tempDir() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-export-\(UUID().uuidString)")
    }

    /// The JSON inside `<script type="application/json" id="…">`.
    static func script(_ id: String, in html: String) -> String? {
        guard let open = html.range(of: "<script type=\"application/json\" id=\"\(id)\">"),
            let close = html.range(of: "</script>", range: open.upperBound..<html.endIndex)
        else { return nil }
        return String(html[open.upperBound..<close.lowerBound])
    }

    @Test func writesPageAndDrawing() throws {
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixture = Fixture.tabBarNavigation()
        let n = fixture.events.count
        try ReportWriter().write(fixture.input(), to: dir)
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        let svg = try String(contentsOf: dir.appendingPathComponent("hierarchy.svg"), encoding: .utf8)
        #expect(XMLCheck.parse(svg) != nil)
        #expect(html.contains("Restored 7 of 8 nodes at launch 2; 1 lost."))
        #expect(html.contains("Preserved 8 of 10 nodes at launch 1; 2 skipped."))
        #expect(html.contains("Replay matched: all \(n) events reproduced."))
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
        #expect(!html.contains("<?xml") && !html.contains("<!DOCTYPE svg"))
        #expect(html.contains("<svg"))
        #expect(!html.contains("{{"), "every placeholder is filled")
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http"), "no external resources")
        // Diagnostics link to rows that exist, and the drawing links to the same anchors.
        let anchors = html.ranges(of: "href=\"#node-").map { r in
            String(html[r.upperBound...].prefix { $0 != "\"" })
        }
        #expect(!anchors.isEmpty)
        for a in Set(anchors) { #expect(html.contains("id=\"node-\(a)\""), "missing row for node-\(a)") }
        #expect(svg.contains("xlink:href=\"#node-r-TabController.2FNavigationController.2FCity\""))
        // The data the script reads counts every event, and a small page carries them all inline.
        let data = try #require(Self.script("data", in: html))
        let object = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
        #expect((object?["events"] as? Int) == n)
        #expect((object?["files"] as? Bool) == false)
        let statements = try PageData.statements(in: html)
        #expect(PageData.items("events", in: statements).count == n)
        #expect((PageData.object("timeline", in: statements)?["columns"] as? [Int])?.count == 4 * n)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("data").path))
    }

    @Test func hostileTextCannotBreakOutOfThePage() throws {
        let hostile = "</script><script>alert(\"x\")</script>&\u{2028}]]>"
        let f = Fixture.tabBarNavigation(cityID: hostile, extraID: hostile)
        var input = f.input()
        input.scenario = hostile + "{{css}}"
        input.description = hostile
        let html = try ReportWriter().render(input).html
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("</script><script>"))
        #expect(html.contains("{{css}}"), "a placeholder in data is not expanded")
        // Exactly the page's own script elements: its JSON, the timeline index, one chunk of
        // events, the script.
        #expect(html.components(separatedBy: "<script").count - 1 == 4)
        let data = try #require(Self.script("data", in: html))
        #expect(!data.contains("<") && !data.contains("\u{2028}"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        #expect((object["scenario"] as? String) == hostile + "{{css}}")
        // The data statements carry the hostile text escaped, and it reads back whole.
        let statements = try PageData.statements(in: html)
        let events = PageData.items("events", in: statements).compactMap { $0 as? [String: Any] }
        #expect(events.count == f.events.count)
        #expect(events.contains { ($0["path"] as? String)?.hasSuffix(hostile) == true })
        let paths = PageData.object("timeline", in: statements)?["paths"] as? [String] ?? []
        #expect(paths.contains { $0.hasSuffix(hostile) })
    }

    @Test func divergenceIsShownSideBySide() throws {
        let d = Divergence(
            seq: 28, recorded: "{\"callback\":\"viewControllerWithRestorationIdentifierPath:coder:\",\"result\":null}",
            replayed: "{\"result\":{\"class\":\"<Other>\"}}",
            context: ["#27 objectWithRestorationIdentifierPath:coder:"], rule: "R3")
        let html = try ReportWriter().render(
            Fixture.tabBarNavigation().input(replay: ReplayVerdict(matched: false, events: 28, firstDivergence: d))
        ).html
        #expect(html.contains("Replay diverged at event <a href=\"#timeline\" data-seq-link=\"28\">#28</a> (rule R3)."))
        #expect(html.contains("<h4>Recorded</h4><pre>{&quot;callback&quot;"))
        #expect(
            html.contains(
                "<h4>Replayed</h4><pre>{&quot;result&quot;:{&quot;class&quot;:&quot;&lt;Other&gt;&quot;}}</pre>"))
    }

    @Test func failedRenderLeavesEarlierReportAlone() throws {
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = Fixture.tabBarNavigation().input()
        try ReportWriter().write(good, to: dir)
        let before = try Data(contentsOf: dir.appendingPathComponent("index.html"))
        var bad = good
        bad.eventLines[3] = "not json"
        #expect(throws: ExportError.invalidEventLine(seq: 4)) { try ReportWriter().write(bad, to: dir) }
        bad.eventLines.removeLast()
        #expect(throws: ExportError.eventCountMismatch(events: bad.events.count, lines: bad.events.count - 1)) {
            try ReportWriter().write(bad, to: dir)
        }
        #expect(try Data(contentsOf: dir.appendingPathComponent("index.html")) == before)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["hierarchy.svg", "index.html"])
    }

    @Test func unwritableTargetIsAClearErrorAndLeavesNothing() throws {
        let file = Self.tempDir()
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect {
            try ReportWriter().write(Fixture.tabBarNavigation().input(), to: file)
        } throws: { error in
            "\(error)".contains("is not a folder")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "x")
    }

    @Test func replacesAnEarlierReport() throws {
        let dir = Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var input = Fixture.tabBarNavigation().input()
        try ReportWriter().write(input, to: dir)
        input.scenario = "second-run"
        try ReportWriter().write(input, to: dir)
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<h1>second-run</h1>"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["hierarchy.svg", "index.html"])
    }

    @Test func pageDoesNotPrerenderTheTimeline() throws {
        // 100,000 events travel as data; the script renders one page of rows at a time.
        let f = Fixture.tabBarNavigation()
        var input = f.input()
        let lines = f.lines
        input.events = (0..<100_000).map { f.events[$0 % f.events.count] }
        input.eventLines = (0..<100_000).map { lines[$0 % lines.count] }
        let html = try ReportWriter().render(input).html
        #expect(html.contains("<tbody id=\"events\"></tbody>"))
        #expect(!html.contains("<tr class=\"ev"))
        #expect(html.contains("100,000"))
    }

    @Test func templateFillsOncePerPass() throws {
        let t = Template(text: "a {{x}} b {{y}} {{unknown}}")
        #expect(try t.fill(["x": "{{y}}", "y": "2"]) == "a {{y}} b 2 {{unknown}}")
        #expect(throws: ExportError.templateMissing("z")) { try t.fill(["x": "", "y": "", "z": ""]) }
    }

    @Test func scriptJSONEscapesBreakoutCharacters() {
        #expect(
            Escape.scriptJSON("\"</script>&\u{2028}\u{2029}é\"") == "\"\\u003c/script\\u003e\\u0026\\u2028\\u2029é\"")
    }
}
