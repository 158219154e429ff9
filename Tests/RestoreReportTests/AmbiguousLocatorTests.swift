import Foundation
import RestoreEngine
import RestoreTestSupport
import Testing

/// R11: siblings sharing a restoration path are told apart by `#i` at preservation; restoration
/// used the bare path for both, so the report's two sides did not meet on the second sibling and
/// its anchors repeated.
@Suite struct AmbiguousLocatorTests {
    @Test func restorationUsesThePreservationsLocators() throws {
        let yaml = try String(contentsOfFile: Samples.path("ambiguous-paths.yaml"), encoding: .utf8)
        let outcome = try LostNodesTests.outcome(yaml)
        let preserved = try #require(outcome.preservation?.nodes)
        let restored = try #require(outcome.restoration?.nodes)
        #expect(preserved.contains { $0.locator == "PagesContainer/Page#1" })
        let byKey = Dictionary(
            preserved.compactMap { n in n.key.map { ($0, n.locator) } }, uniquingKeysWith: { a, _ in a })
        for n in restored where n.kind == .viewController {
            #expect(byKey[n.key ?? ""] == n.locator, "\(n.key ?? "?"): \(n.locator)")
        }
        let controllers = restored.filter { $0.kind == .viewController }.map(\.locator)
        #expect(Set(controllers).count == controllers.count, "\(controllers)")
    }

    /// The same on a launch that restores nothing from the archive it has (a locked device), and
    /// in the findings about the second sibling.
    @Test func aLaunchThatRestoresNothingNamesTheSiblingsTheSameWay() throws {
        var yaml = try String(contentsOfFile: Samples.path("ambiguous-paths.yaml"), encoding: .utf8)
        yaml = yaml.components(separatedBy: "\n").filter { !$0.hasPrefix("timeline") }.joined(separator: "\n")
        yaml += "\ntimeline: [background, {kill: system}, {launch: {deviceLocked: true}}]\n"
        let outcome = try LostNodesTests.outcome(yaml)
        let restored = try #require(outcome.restoration?.nodes)
        #expect(restored.contains { $0.locator == "PagesContainer/Page#1" }, "\(restored.map(\.locator))")
    }
}
