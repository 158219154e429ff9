import Foundation
import RestoreReplay
import RestoreReport
import RestoreScenario
import RestoreTestSupport
import Testing

/// The samples in Traces/ are golden fixtures: each scenario re-records its committed trace byte
/// for byte, and each committed trace replays with zero divergences.
/// Re-record them with `RESTORETRACE_RECORD_GOLDENS=1 swift test --filter SampleTraceTests`
/// (that run fails on purpose, so a missing golden can never pass).
@Suite struct SampleTraceTests {
    static let scenarios = Samples.scenarioNames

    static func tracePath(_ scenario: String) -> String {
        Samples.path(String(scenario.dropLast(".yaml".count)) + ".trace.jsonl")
    }

    @Test func thereAreSamples() {
        #expect(Self.scenarios.count >= 20)
        #expect(Self.scenarios.contains("demo-travel.yaml"))
    }

    @Test(arguments: scenarios)
    func reRecordingReproducesTheCommittedTrace(_ name: String) throws {
        let scenario = try ScenarioLoader.load(path: Samples.path(name))
        let golden = Self.tracePath(name)
        if Golden.recording {
            _ = try Recording.record(scenario, to: golden)
            Issue.record("re-recorded \(golden); run again without RESTORETRACE_RECORD_GOLDENS")
            return
        }
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(UUID().uuidString)-\(name).trace.jsonl"
        ).path
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        _ = try Recording.record(scenario, to: fresh)
        let committed = try #require(
            FileManager.default.contents(atPath: golden),
            "no committed trace for \(name): re-record with RESTORETRACE_RECORD_GOLDENS=1")
        let now = try #require(FileManager.default.contents(atPath: fresh))
        #expect(
            now == committed,
            "\(golden) is stale: the engine or the format changed; re-record with RESTORETRACE_RECORD_GOLDENS=1 and review the diff"
        )
    }

    @Test(arguments: scenarios)
    func committedTraceReplaysWithZeroDivergence(_ name: String) throws {
        let result = try Replayer.replay(path: Self.tracePath(name))
        #expect(result.divergence == nil, "\(name): \(result.divergence?.summary ?? "")")
        #expect(result.recordedEvents == result.replayedEvents)
    }

    @Test func demoFileIsTheEmbeddedDemo() throws {
        let file = try String(contentsOfFile: Samples.path("demo-travel.yaml"), encoding: .utf8)
        #expect(file == DemoScenario.yaml + "\n")
    }
}
