import Foundation
import RestoreReplay
import RestoreTestSupport
import Testing

@testable import RestoreReport

/// `report` tells its progress: the replay is most of a big report's time, so the counts are the
/// recorded events replayed, after each step, up to every event of the trace.
@Suite struct ReportProgressTests {
    @Test func reportTellsTheEventsReplayedUpToTheWholeTrace() throws {
        let dir = try Samples.temporaryDirectory()
        let trace = Samples.path("demo-travel.trace.jsonl")
        let counts = Counts()
        _ = try Report.write(trace: trace, to: dir.appendingPathComponent("r").path, progress: counts.add)
        let recorded = try Replayer.replay(path: trace).recordedEvents
        // One call per step of the timeline (app running, background, kill, launch), rising.
        #expect(counts.values.count >= 3)
        #expect(counts.values == counts.values.sorted())
        #expect(counts.values.last == recorded)
    }

    final class Counts: @unchecked Sendable {
        var values: [Int] = []
        func add(_ n: Int) { values.append(n) }
    }
}
