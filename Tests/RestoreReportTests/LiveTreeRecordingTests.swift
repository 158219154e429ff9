import Foundation
import RestoreEngine
import RestoreReport
import RestoreScenario
import RestoreTestSupport
import RestoreTrace
import Testing

/// The recorder writes a hierarchy event from the live tree, node by node, instead of from a
/// snapshot of it: the trace is the same bytes as one recorded through an observer that takes
/// snapshots, for every sample scenario and a grid.
@Suite struct LiveTreeRecordingTests {
    /// Hands the recorder every event as any other observer gets it: with the tree's snapshot.
    final class Snapshots: EngineObserver {
        let recorder: EngineObserver
        init(_ recorder: EngineObserver) { self.recorder = recorder }
        func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) {
            recorder.engine(engine, didEmit: event)
        }
    }

    func bothWays(_ scenario: Scenario) throws -> (live: Data, snapshots: Data) {
        let dir = try Samples.temporaryDirectory()
        let live = dir.appendingPathComponent("live.trace.jsonl").path
        let snapshots = dir.appendingPathComponent("snapshots.trace.jsonl").path
        _ = try Recording.record(scenario, to: live)
        _ = try TraceRecorder.record(header: Recording.header(for: scenario), to: snapshots) { recorder in
            scenario.run(observer: Snapshots(recorder))
        }
        return (try Data(contentsOf: URL(fileURLWithPath: live)), try Data(contentsOf: URL(fileURLWithPath: snapshots)))
    }

    @Test(arguments: Samples.scenarioNames) func aSampleRecordsTheSameBytesEitherWay(_ name: String) throws {
        let scenario = try ScenarioLoader.load(path: Samples.path(name))
        let (live, snapshots) = try bothWays(scenario)
        #expect(!live.isEmpty)
        #expect(live == snapshots)
    }

    @Test func aGridRecordsTheSameBytesEitherWay() throws {
        let (live, snapshots) = try bothWays(ScenarioGenerator.grid(6))
        #expect(live.count > 10_000)
        #expect(live == snapshots)
    }
}
