import Foundation
import RestoreEngine
import RestoreReplay
import RestoreScenario
import RestoreTrace

/// `--replay-only N`: records a generated scenario once, then only replays it, for profiling
/// the replay without the other stages in the profile.
enum ReplayOnly {
    static func run(_ n: Int) {
        let s = ScenarioGenerator.generate(controllers: n)
        // RESTORETRACE_KEEP_TRACE=PATH keeps the recorded trace there, to look at.
        let kept = ProcessInfo.processInfo.environment["RESTORETRACE_KEEP_TRACE"]
        let path =
            kept
            ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                "restoretrace-replay-\(getpid()).trace.jsonl"
            ).path
        defer { if kept == nil { try? FileManager.default.removeItem(atPath: path) } }
        let header = TraceHeader(
            scenario: s.name, app: s.app.configuration,
            classes: {
                var c = ClassHierarchy()
                ScenarioApp(scenario: s).declareClasses(in: &c)
                return c.declared
            }())
        let events = try! TraceRecorder.record(header: header, to: path) { s.run(observer: $0) }.events
        let t = Measure.median(3) { try! Replayer.replay(path: path) }
        print("replay \(n): \(events) events, \(Measure.seconds(t.seconds)), matched: \(t.result.matched)")
    }

    /// `--replay-trace PATH`: replays an existing trace once, in a process of its own, so the
    /// peak memory printed is the replay's alone.
    static func run(trace path: String) {
        let t = Measure.median(1) { try! Replayer.replay(path: path) }
        print(
            "replay \(path): \(t.result.recordedEvents) events, \(Measure.seconds(t.seconds)), matched: \(t.result.matched), peak \(Measure.bytes(Measure.peakMemory()))"
        )
    }
}
