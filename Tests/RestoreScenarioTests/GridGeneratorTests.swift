import RestoreEngine
import RestoreScenario
import Testing

/// The benchmark's N×N app: its shape, and that every node in it comes back, so the benchmark
/// measures a full restoration and not a run that stops early.
@Suite struct GridGeneratorTests {
    @Test func gridHasSizeStacksOfSizeControllersEachWithAScrollView() throws {
        let s = ScenarioGenerator.grid(3)
        let tabs = try #require(s.ui)
        #expect(tabs.children.count == 3)
        #expect(tabs.children.allSatisfy { $0.children.count == 3 })
        #expect(tabs.children.flatMap(\.children).allSatisfy { $0.views.map(\.className) == ["UIScrollView"] })
        // 1 tab bar + 3 stacks + 9 controllers + 9 scroll views.
        #expect(tabs.nodeCount == 22)
    }

    @Test func everyNodeOfTheGridIsPreservedAndRestored() throws {
        let outcome = ScenarioGenerator.grid(4).run()
        let preserved = outcome.preservation?.nodes.filter { $0.status == .preserved }.count
        let restored = try #require(outcome.restoration).nodes.filter { $0.status == .restored }.count
        #expect(preserved == 1 + 4 + 16 + 16)
        #expect(restored == 1 + 4 + 16 + 16)
    }
}
