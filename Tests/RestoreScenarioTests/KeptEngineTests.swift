import RestoreEngine
import RestoreScenario
import Testing

/// A caller may take the engine a run used, to free its object graph when it chooses (a
/// command-line process leaves it to its exit).
@Suite struct KeptEngineTests {
    @Test func theRunHandsOverTheEngineItRanOnceTheTimelineIsDone() throws {
        let scenario = try sample("homepwner")
        var handed: [RestorationEngine] = []
        let outcome = scenario.run(observer: nil, keepingEngine: { handed.append($0) })
        #expect(handed.count == 1)
        // The engine handed over is the one that ran the whole timeline: its outcome is the run's.
        #expect(handed.first?.outcome == outcome)
        // Keeping the engine changes nothing about the run.
        #expect(scenario.run(observer: nil) == outcome)
    }
}
