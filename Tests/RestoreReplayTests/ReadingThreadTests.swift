import Foundation
import RestoreEngine
import RestoreScenario
import RestoreTrace
import Testing

@testable import RestoreReplay

/// When a replay reads its steps on a thread of its own, and that the thread is gone when the
/// replay returns, whatever way it returns.
@Suite struct ReadingThreadTests {
    /// The reading threads a replay started, and how many steps had run when each started.
    final class Started: @unchecked Sendable {
        // Unchecked Sendable: every access holds `lock`.
        private let lock = NSLock()
        private var all: [(steps: ReadAhead<Replayer.ReadStep>, afterSteps: Int)] = []
        private var ran = 0
        var threads: [(steps: ReadAhead<Replayer.ReadStep>, afterSteps: Int)] { lock.withLock { all } }
        func stepRan() { lock.withLock { ran += 1 } }
        func add(_ steps: ReadAhead<Replayer.ReadStep>) { lock.withLock { all.append((steps, ran)) } }
    }

    /// Replays `path`, noting the reading threads it starts.
    func replay(_ path: String, whatIf: WhatIf = WhatIf(), keepEvents: Bool = false) -> (Started, TraceError?) {
        let started = Started()
        let note: @Sendable (ReadAhead<Replayer.ReadStep>) -> Void = { started.add($0) }
        let error = Replayer.$startedReadingAhead.withValue(note) { () -> TraceError? in
            do throws(TraceError) {
                _ = try Replayer.replay(
                    path: path, whatIf: whatIf, keepEvents: keepEvents, progress: { _ in started.stepRan() })
                return nil
            } catch { return error }
        }
        return (started, error)
    }

    var manyCores: Bool { ProcessInfo.processInfo.activeProcessorCount > 1 }

    /// The first step (the app at start) is read on the engine's thread, and the thread starts
    /// as it runs: the next step (at 200×200 the preservation step, read in ~0.15 s) is read
    /// while the app's tree is decoded and its UI built, instead of after, with the engine
    /// waiting for it.
    @Test func aFaithfulReplayReadsAheadWhileTheFirstStepRuns() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let (started, error) = replay(path)
        #expect(error == nil)
        #expect(started.threads.map(\.afterSteps) == (manyCores ? [0] : []))
    }

    /// The app's decoded tree at start is let go once its UI is built from it, before the app
    /// runs: with the next step read beside it, that tree (25 MB at 200×200) made the replay's
    /// peak 199 MB.
    @Test func theAppsTreeAtStartIsLetGoOnceItsUIIsBuilt() throws {
        let application = UIApplication()
        let engine = RestorationEngine(
            application: application, boundary: StandInApp(whatIf: WhatIf(), rule: nil))
        var timeline = Replayer.Timeline(path: "t", whatIf: WhatIf(), application: application, engine: engine)
        var start = EngineEvent(launch: 1, phase: .launch, event: .appRunning)
        var root = NodeBlueprint(className: "UINavigationController", restorationIdentifier: "nav")
        root.children = [NodeBlueprint(className: "UIViewController", restorationIdentifier: "list")]
        start.hierarchy = root
        try timeline.run(.appRunning, &start, scenes: [], line: 2)
        #expect(start.hierarchy == nil)
        #expect(application.window.rootViewController?.restorationIdentifier == "nav")
        #expect(application.window.rootViewController?.children.map(\.restorationIdentifier) == ["list"])
    }

    /// A what-if replay keeps every event; reading ahead only raised its peak memory.
    @Test func aWhatIfReplayReadsItsStepsOnTheEnginesThread() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let (started, error) = replay(path, whatIf: WhatIf([.shouldRestore(false)]), keepEvents: true)
        #expect(error == nil)
        #expect(started.threads.isEmpty)
    }

    /// The tab app preserved and relaunched twice: seven steps, so the reading thread is two
    /// steps ahead (and waits) when the engine's thread stops in the first launch.
    func twoRelaunches() throws -> [String] {
        var s = Fixtures.tabApp()
        s.timeline += s.timeline
        let (path, _) = try Fixtures.record(s)
        return try Fixtures.lines(path).filter { !$0.isEmpty }
    }

    /// A replay that stops while the thread waits to read further (a launch UI that does not
    /// decode, found on the engine's thread) stops the thread and waits for it: the reader
    /// and its file are let go before the replay returns, nothing is left running.
    @Test func aReplayThatStopsEarlyJoinsItsReadingThread() throws {
        var lines = try twoRelaunches()
        let built = try #require(lines.firstIndex { $0.contains(#""event":"launch-ui-built""#) })
        lines[built + 1] = lines[built + 1].replacingOccurrences(
            of: #""class":"UITabBarController""#, with: #""class":7"#)
        let path = try Fixtures.temporaryPath("stops-early.trace.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let (started, error) = replay(path)
        #expect(error?.location.line == built + 2)
        #expect(started.threads.count == (manyCores ? 1 : 0))
        for thread in started.threads { #expect(thread.steps.isFinished) }
    }

    /// At most two steps are read ahead: at 200×200 the kill and the launch steps are read
    /// while the app is preserved (one ahead saved nothing), and each step held ahead is
    /// memory (the replay's peak must stay under 200 MB).
    @Test func theReadingThreadReadsAtMostTwoStepsAhead() throws {
        let path = try Fixtures.temporaryPath("two-relaunches.trace.jsonl")
        try (try twoRelaunches().joined(separator: "\n") + "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let (started, error) = replay(path)
        #expect(error == nil)
        #expect(started.threads.map(\.steps.lead) == (manyCores ? [2] : []))
        for thread in started.threads { #expect(thread.steps.isFinished) }
    }
}
