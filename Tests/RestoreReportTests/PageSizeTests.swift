import Foundation
import RestoreReport
import RestoreScenario
import RestoreTestSupport
import Testing

/// The page stays small whatever the app: the parts written into it inline (the verdict's lists,
/// the scene cards, the app-level keys, the findings) are bounded, and what they leave out is in
/// the tables and files the page loads on demand.
@Suite struct PageSizeTests {
    static func page(_ yaml: String) throws -> (html: String, bytes: Int) {
        let scenario = try ScenarioParser.parse(yaml, file: "big.yaml")
        let (path, _) = try TemporaryTrace.record(scenario)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rt-size-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let index = try Report.write(trace: path, to: dir)
        let html = try String(contentsOfFile: index, encoding: .utf8)
        return (html, html.utf8.count)
    }

    /// A scene window of 5,000 controllers with identifiers: every one was listed in its card and
    /// named again in the inert-legacy finding (a 200×200 window made a 7.9 MB page).
    @Test func aBigSceneWindowIsListedInPart() throws {
        let children = (0..<5_000).map { "{class: C, restorationIdentifier: c\($0)}" }.joined(separator: ", ")
        let (html, bytes) = try Self.page(
            """
            name: big-scene
            app: {lifecycle: scenes, userActivityTypes: [t]}
            scenes:
              - {session: main, ui: {class: UINavigationController, restorationIdentifier: nav, children: [\(children)]}, activity: {type: t}}
            timeline: [background, {kill: system}, launch]
            """)
        #expect(bytes < 1_000_000, "\(bytes) bytes")
        #expect(html.contains("… and 3,001 more controllers, not listed on this page"))
        #expect(html.contains("and 4989 more → write the controller"))
    }

    /// Lost nodes with 40 KB identifiers, and a 1 MB app-level value: each shown shortened in the
    /// verdict and the keys table, their findings inline only as far as the page's budget (they
    /// were written whole: 45 such nodes made a 7 MB page).
    @Test func longNamesAndValuesAreShortenedInline() throws {
        let long = String(repeating: "x", count: 40_000)
        let value = String(repeating: "v", count: 1_000_000)
        let controllers = (0..<45).map { "{class: C, restorationIdentifier: \(long)\($0)}" }.joined(separator: ", ")
        let (html, bytes) = try Self.page(
            """
            name: long-names
            app:
              delegate: {willEncodeRestorableState: {big: \(value)}}
            ui: {class: UINavigationController, restorationIdentifier: nav, children: [\(controllers)]}
            timeline: [background, {kill: system}, launch]
            """)
        #expect(bytes < 2_000_000, "\(bytes) bytes")
        #expect(html.contains("xxx…xxx"))
        #expect(html.contains("vvv…vvv"))
    }
}
