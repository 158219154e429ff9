import Foundation
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

    /// The first step (the app at start, the replay's largest) runs before the thread starts:
    /// reading the next step beside it made a 200×200 replay's peak memory.
    @Test func aFaithfulReplayReadsAheadOnceTheFirstStepRan() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let (started, error) = replay(path)
        #expect(error == nil)
        #expect(started.threads.map(\.afterSteps) == (manyCores ? [1] : []))
    }

    /// A what-if replay keeps every event; reading ahead only raised its peak memory.
    @Test func aWhatIfReplayReadsItsStepsOnTheEnginesThread() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let (started, error) = replay(path, whatIf: WhatIf([.shouldRestore(false)]), keepEvents: true)
        #expect(error == nil)
        #expect(started.threads.isEmpty)
    }
}
