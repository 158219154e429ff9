import Foundation
import RestoreEngine
import Testing

@testable import RestoreExport

/// A report past its inline budget keeps `index.html` small: the timeline's lines, its index and
/// the node rows go to `data/*.js`, and every one of them is still there.
@Suite struct BigReportTests {
    static func written(_ fixture: Fixture, budget: Int) throws -> URL {
        let dir = ReportWriterTests.tempDir()
        try ReportWriter(inlineBudget: budget).write(fixture.input(), to: dir)
        return dir
    }

    @Test func pastTheBudgetEveryEventAndRowIsInDataFiles() throws {
        let fixture = Fixture.large(controllers: 700, lostEvery: 7)
        let dir = try Self.written(fixture, budget: 4_096)
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        let data = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("data").path)
        #expect(data.contains("timeline.js") && data.contains("nodes.js"))
        #expect(data.contains("events-0001.js") && data.contains("events-0002.js"))
        #expect(data.contains("nodes-p-0001.js") && data.contains("nodes-r-0001.js"))
        // The page holds no event and no node row, only the tables' empty bodies.
        #expect(try PageData.statements(in: html).isEmpty)
        #expect(!html.contains("<tr id=\"node-"))
        let nodes = try #require(fixture.outcome.preservation?.nodes)
        #expect(html.contains("<tbody class=\"virtual\" data-side=\"p\" data-rows=\"\(nodes.count)\">"))
        #expect(html.contains("\"files\":true"))

        let statements = try PageData.statements(report: dir)
        let events = PageData.items("events", in: statements).compactMap { $0 as? [String: Any] }
        #expect(events.map { $0["seq"] as? Int } == Array(1...fixture.events.count))
        let timeline = try #require(PageData.object("timeline", in: statements))
        #expect((timeline["columns"] as? [Int])?.count == 4 * fixture.events.count)
        #expect(timeline["anchors"] == nil, "a big report's path links come from data/nodes.js")
        // Every row, rendered as the inline table renders it, in order.
        let sections = ReportSections(input: fixture.input())
        let rows = PageData.items("rows-p", in: statements).compactMap { $0 as? String }
        #expect(rows == nodes.map { sections.row($0, side: .preservation) })
        let index = try #require(PageData.object("nodes", in: statements)?["p"] as? [String: Any])
        #expect((index["anchors"] as? [String]) == nodes.map { Anchor.node(.preservation, $0.locator) })
        #expect((index["paths"] as? [Any])?.count == nodes.count)
    }

    @Test func theDefaultBudgetKeepsABigAppsPageUnderFiveMegabytes() throws {
        let fixture = Fixture.large(controllers: 3_000, lostEvery: 5)
        let dir = try Self.written(fixture, budget: ReportWriter().inlineBudget)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("index.html").path)
        let size = try #require(page[.size] as? Int)
        #expect(size < 5_000_000)
        let statements = try PageData.statements(report: dir)
        #expect(PageData.items("events", in: statements).count == fixture.events.count)
        #expect(
            PageData.items("rows-r", in: statements).count == fixture.outcome.restoration?.nodes.count)
    }

    /// Rows that could still fit go through the page's buffer until they do not; those that
    /// surely cannot are written side by side. Both ways give every row of both sides, in order.
    @Test(arguments: [1, 100]) func rowsSpillToFilesWhetherOrNotTheyCouldHaveFit(_ bytesPerRow: Int) throws {
        let fixture = Fixture.large(controllers: 40, lostEvery: 7)
        let input = fixture.input()
        let rows = (input.outcome.preservation?.nodes.count ?? 0) + (input.outcome.restoration?.nodes.count ?? 0)
        // At 100 bytes a row the rows might fit (none is that short), so they are buffered first.
        let dir = try Self.written(fixture, budget: rows * bytesPerRow)
        defer { try? FileManager.default.removeItem(at: dir) }
        let statements = try PageData.statements(report: dir)
        let sections = ReportSections(input: input)
        for side in [Anchor.Side.preservation, .restoration] {
            let nodes = try #require(side == .preservation ? input.outcome.preservation : input.outcome.restoration)
                .nodes
            let written = PageData.items("rows-\(side.rawValue)", in: statements).compactMap { $0 as? String }
            #expect(written == nodes.map { sections.row($0, side: side) })
        }
    }

    @Test func pastTheBudgetTheFirstFindingsAreInlineAndTheRestInDataFiles() throws {
        var fixture = Fixture.tabBarNavigation()
        fixture.outcome.diagnostics = (0..<300).map { i in
            Diagnostic(
                code: .windowNotVisible, severity: .warning, path: nil, locator: nil,
                message: "Finding \(i) <about> the window.", launch: 2)
        }
        let dir = try Self.written(fixture, budget: 1_000)
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        let items = ReportSections(input: fixture.input()).diagnosticItems
        #expect(items.count == 300)
        #expect(html.contains("<ul class=\"diags\" id=\"diags\">" + items.prefix(100).joined() + "</ul>"))
        #expect(html.contains("data-chunks=\"1\">Show the other 200 findings</button>"))
        let rest = PageData.items("diags", in: try PageData.statements(report: dir)).compactMap { $0 as? String }
        #expect(rest == Array(items.dropFirst(100)))
    }

    /// Few findings, each huge (about identifiers of 150 KB): inline only as far as
    /// `DiagnosticItems.inlineBytes`, the rest on demand (all 45 were inline, 6 MB of the page).
    @Test func hugeFindingsAreInlineOnlyAsFarAsTheirBytesAllow() throws {
        var fixture = Fixture.tabBarNavigation()
        let long = String(repeating: "x", count: 150_000)
        fixture.outcome.diagnostics = (0..<45).map { i in
            Diagnostic(
                code: .windowNotVisible, severity: .warning, path: nil, locator: nil, message: "\(i) \(long)",
                launch: 2)
        }
        let dir = try Self.written(fixture, budget: 1 << 20)
        defer { try? FileManager.default.removeItem(at: dir) }
        let html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        let items = ReportSections(input: fixture.input()).diagnosticItems
        let inline = DiagnosticItems.inlineBytes / items[0].utf8.count
        #expect(inline == 3)
        #expect(html.contains("<ul class=\"diags\" id=\"diags\">" + items.prefix(inline).joined() + "</ul>"))
        #expect(html.contains("Show the other 42 findings</button>"))
        #expect(html.utf8.count < 2_000_000)
        let rest = PageData.items("diags", in: try PageData.statements(report: dir)).compactMap { $0 as? String }
        #expect(rest == Array(items.dropFirst(inline)))
    }

    @Test func aChunkStatementCarriesHostileTextWhole() throws {
        let hostile = "</script><!--'\\\"\u{2028}\u{2029}\u{85}\u{7F}&é\n"
        let json = Array(("[" + Escape.jsonString(hostile) + "]").utf8)
        let statement = String(decoding: ChunkedData.statement(kind: "events", chunk: 3, json: json), as: UTF8.self)
        #expect(!statement.contains("</script") && !statement.contains("<!--"))
        #expect(!statement.contains("\u{2028}") && !statement.contains("\u{2029}") && !statement.contains("\u{85}"))
        // The JavaScript string is delimited by its two quotes only.
        let body = statement.drop { $0 != "'" }.dropFirst().dropLast("']);\n".count)
        #expect(
            !body.replacingOccurrences(of: "\\\\", with: "").replacingOccurrences(of: "\\'", with: "").contains("'"))
        let parsed = try #require(try PageData.statements(in: statement).first)
        #expect(parsed.kind == "events" && parsed.chunk == 3)
        #expect((parsed.json as? [String]) == [hostile])
    }

    @Test func chunkFilesAreNumberedInOrder() {
        #expect(ChunkedData.fileName(stem: "events", chunk: 1) == "data/events-0001.js")
        #expect(ChunkedData.fileName(stem: "nodes-p", chunk: 12_345) == "data/nodes-p-12345.js")
    }
}
