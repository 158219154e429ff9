import RestoreEngine
import RestoreReplay
import Testing

/// A caller may take the engine a replay ran, to free its object graph when it chooses (a
/// command-line process leaves it to its exit).
@Suite struct KeptReplayEngineTests {
    @Test func theReplayHandsOverTheEngineItRanOnceTheTraceIsDone() throws {
        let (path, recorded) = try Fixtures.record(Fixtures.tabApp())
        var handed: [RestorationEngine] = []
        let result = try Replayer.replay(path: path, keepingEngine: { handed.append($0) })
        #expect(handed.count == 1)
        // The engine handed over is the one that ran the whole timeline: its outcome is the replay's.
        #expect(handed.first?.outcome == result.outcome)
        // Keeping the engine changes nothing about the replay.
        #expect(result.matched)
        #expect(result.outcome == recorded)
    }

    @Test func aWhatIfReplayHandsOverItsOwnEngine() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        var handed: [RestorationEngine] = []
        let result = try Replayer.replay(
            path: path, whatIf: WhatIf([.shouldRestore(false)]), keepingEngine: { handed.append($0) })
        #expect(handed.count == 1)
        #expect(handed.first?.outcome == result.outcome)
        // The what-if ran on the engine handed over: the delegate declined, nothing was restored.
        #expect(result.outcome.restoration?.performed == false)
    }
}
