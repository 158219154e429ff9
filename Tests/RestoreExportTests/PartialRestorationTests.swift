import RestoreEngine
import Testing

@testable import RestoreExport

/// A table whose selection was dropped or moved came back only in part: the drawing and the
/// page's node rows mark it apart from whole restorations, and the legend says what the mark means.
@Suite struct PartialRestorationTests {
    /// The tab bar fixture, its restored table's selection dropped at the restoration launch.
    static func dropped(_ code: ReasonCode = .selectionDropped) throws -> (Fixture, NodeOutcome) {
        var fixture = Fixture.tabBarNavigation()
        let restoration = try #require(fixture.outcome.restoration)
        let table = try #require(restoration.nodes.first { $0.kind == .view && $0.status == .restored })
        fixture.outcome.diagnostics.append(
            Diagnostic(
                code: code, severity: .warning, path: table.path, locator: table.path,
                message: "The table had 'm2' <selected>: that selection was dropped.", launch: restoration.launch))
        return (fixture, table)
    }

    @Test func theDrawingMarksThePartialNodeAndNamesItInTheLegend() throws {
        let (fixture, table) = try Self.dropped()
        let dot = DotBuilder(outcome: fixture.outcome, events: fixture.events).build()
        let line = try #require(
            dot.split(separator: "\n").first { $0.contains("id=\"\(Anchor.svg(.restoration, table.locator))\"") })
        #expect(line.contains("◐") && line.contains("partly: selection-dropped"))
        #expect(line.contains("color=\"#9a6700\"") && !line.contains("✓"))
        #expect(dot.contains("◐</FONT> partly restored (selection dropped or moved)"))
        // The preservation side drew the same table whole: it was preserved as it was.
        let preserved = try #require(
            dot.split(separator: "\n").first { $0.contains("id=\"\(Anchor.svg(.preservation, table.locator))\"") })
        #expect(!preserved.contains("◐"))
    }

    @Test func thePageRowIsMarkedPartlyRestoredWithTheFinding() throws {
        let (fixture, table) = try Self.dropped(.selectionMoved)
        let html = ReportSections(input: fixture.input()).nodes
        let rowStart = try #require(html.range(of: "<tr id=\"\(Anchor.node(.restoration, table.locator))\""))
        let row = html[rowStart.lowerBound...].prefix { $0 != "\n" }.split(separator: "</tr>").first ?? ""
        #expect(row.contains("class=\"partial\""))
        #expect(row.contains("title=\"partly restored: selection-moved\">◐</td>"))
        #expect(row.contains("partly restored: <code class=\"code\">selection-moved</code> The table had"))
        #expect(row.contains("&lt;selected&gt;"), "the finding is escaped")
    }

    /// The verdict says so: a green "Restored n of n" hid a screen that did not come back as it was.
    @Test func theVerdictCountsAndListsThePartlyRestored() throws {
        let (fixture, table) = try Self.dropped()
        let verdict = ReportSections(input: fixture.input()).verdict
        // The fixture also lost a node: the banner stays red, and says both.
        #expect(verdict.contains("; 1 lost; 1 only in part (a selection dropped or moved)."), "\(verdict)")
        #expect(verdict.contains("<h3>Restored only in part</h3>"))
        #expect(verdict.contains("href=\"#\(Anchor.node(.restoration, table.locator))\""))
        #expect(!Fixture.tabBarNavigation().input().outcome.diagnostics.contains { $0.code == .selectionDropped })
        #expect(!ReportSections(input: Fixture.tabBarNavigation().input()).verdict.contains("only in part"))
    }

    @Test func withoutSuchFindingsNothingChanges() {
        let fixture = Fixture.tabBarNavigation()
        let dot = DotBuilder(outcome: fixture.outcome, events: fixture.events).build()
        #expect(!dot.contains("◐") && !dot.contains("partly"))
        #expect(!ReportSections(input: fixture.input()).nodes.contains("partial"))
    }
}
