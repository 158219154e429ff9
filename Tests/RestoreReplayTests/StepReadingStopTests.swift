import Foundation
import RestoreScenario
import RestoreTrace
import Testing

@testable import RestoreReplay

/// A replay that stops early stops its reading thread mid-step: the step being read is dropped
/// anyway, and reading the rest of it (up to ~0.3 s at 200×200) only delayed the replay's error.
@Suite struct StepReadingStopTests {
    func reading(_ path: String) throws -> Replayer.StepReading {
        let reader = try TraceReader(path: path)
        return Replayer.StepReading(reader, first: try Replayer.nextRecord(reader))
    }

    @Test func aStoppedReadingEndsTheStepItReadsAndReadsNoFurther() throws {
        let (path, _) = try Fixtures.record(ScenarioGenerator.grid(30))
        let whole = try reading(path)
        _ = whole.next()
        let preservation = try #require(whole.next()).step.count
        #expect(preservation > 1024 + 1)

        let stopped = try reading(path)
        _ = stopped.next()
        stopped.stop()
        let cut = try #require(stopped.next())
        #expect(cut.failure == nil)
        #expect(cut.step.count <= 1024 + 1)
        #expect(stopped.next() == nil)
    }
}
