import RestoreEngine
import Testing

@testable import RestoreExport

/// The page's Diagnostics section folds findings that differ only in their node.
@Suite struct FindingGroupsPageTests {
    /// The tab bar fixture, with one identical warning about each of its restored nodes.
    static func repeated() -> (Fixture, [String]) {
        var fixture = Fixture.tabBarNavigation()
        let nodes = fixture.outcome.restoration?.nodes ?? []
        fixture.outcome.diagnostics = nodes.map { n in
            let name = n.locator.split(separator: "/").last.map(String.init) ?? n.locator
            return Diagnostic(
                code: .windowNotVisible, severity: .warning, path: n.locator, locator: n.locator,
                message: "`\(name)` (\(n.locator)) <needs> the window.", launch: 2)
        }
        return (fixture, nodes.map(\.locator))
    }

    @Test func identicalWarningsAreOneEntryWithCountAndLinkedFirstNodes() throws {
        let (fixture, locators) = Self.repeated()
        #expect(locators.count > ReportSections.pathsPerGroup)
        let html = ReportSections(input: fixture.input()).diagnostics
        #expect(html.ranges(of: "<li ").count == 1)
        #expect(html.contains("data-count=\"\(locators.count)\""))
        #expect(html.contains("×\(locators.count)</strong>"))
        #expect(html.contains("<p>‹node› &lt;needs&gt; the window.</p>"), "the cause, escaped, once")
        for l in locators.prefix(ReportSections.pathsPerGroup) {
            #expect(html.contains("<a href=\"#\(Anchor.node(.restoration, l))\">\(Escape.html(l))</a>"))
        }
        #expect(!html.contains(">\(Escape.html(locators.last!))</a>"))
        #expect(html.contains(" and \(locators.count - ReportSections.pathsPerGroup) more."))
    }

    @Test func aFindingSaidOnceKeepsItsOwnEntry() throws {
        var (fixture, _) = Self.repeated()
        fixture.outcome.diagnostics = Array(fixture.outcome.diagnostics.prefix(1))
        let html = ReportSections(input: fixture.input()).diagnostics
        #expect(!html.contains("data-count"))
        #expect(html.contains("<p>\(Escape.html(fixture.outcome.diagnostics[0].message))</p>"))
    }
}
