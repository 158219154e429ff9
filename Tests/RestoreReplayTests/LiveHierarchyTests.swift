import Foundation
import RestoreEngine
import RestoreTrace
import Testing

@testable import RestoreReplay

/// A replay with nothing else to hand its events to compares a hierarchy event with the live
/// tree in place, node by node, instead of with a snapshot of it. The verdict is the one the
/// snapshot gives: a replay with an observer (a report's) still takes snapshots, so the two
/// are compared here on the same traces.
@Suite struct LiveHierarchyTests {
    /// Replays `path` twice: compared in place, and (an observer present) with snapshots.
    func bothWays(_ path: String) throws -> (inPlace: ReplayResult, snapshots: ReplayResult) {
        let inPlace = try Replayer.replay(path: path)
        var seen = 0
        let snapshots = try Replayer.replay(path: path, observe: { _ in seen += 1 })
        #expect(seen > 0)
        return (inPlace, snapshots)
    }

    @Test func aFaithfulReplayMatchesEitherWay() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let (inPlace, snapshots) = try bothWays(path)
        #expect(inPlace.matched && snapshots.matched)
        #expect(inPlace.replayedEvents == snapshots.replayedEvents)
        #expect(inPlace.outcome == snapshots.outcome)
    }

    /// One node line of the app's hierarchy at background changed: the same divergence, at that
    /// event, with the same lines and context, either way.
    @Test func aChangedNodeLineDivergesAsWithASnapshot() throws {
        let (recorded, _) = try Fixtures.record(Fixtures.tabApp())
        var lines = try Fixtures.lines(recorded).filter { !$0.isEmpty }
        let background = try #require(lines.firstIndex { $0.contains(#""event":"background""#) })
        let node = try #require(
            lines[(background + 1)...].firstIndex { $0.contains(#""restorationIdentifier":"settings""#) })
        lines[node] = lines[node].replacingOccurrences(of: #""settings""#, with: #""settingz""#)
        let path = try Fixtures.temporaryPath("live-diverges.trace.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let (inPlace, snapshots) = try bothWays(path)
        let divergence = try #require(inPlace.divergence)
        #expect(divergence == snapshots.divergence)
        #expect(divergence.recorded?.contains(#""event":"background""#) == true)
        #expect(divergence.recorded?.contains("settingz") == true)
        #expect(divergence.replayed?.contains(#""settings""#) == true)
        #expect(inPlace.replayedEvents == snapshots.replayedEvents)
        #expect(inPlace.outcome == snapshots.outcome)
    }

    /// Counts the hierarchy events a replay compares in place.
    final class Count: @unchecked Sendable {
        // Unchecked Sendable: every access holds `lock`.
        private let lock = NSLock()
        private var n = 0
        var value: Int { lock.withLock { n } }
        func add() { lock.withLock { n += 1 } }
    }

    /// The tab fixture's three hierarchy events (the app at start, at background, the launch
    /// UI) are compared in place by a plain replay, and none when an observer takes the events.
    @Test func aPlainReplayComparesItsHierarchiesInPlace() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        func counted(_ body: () throws -> ReplayResult) rethrows -> (ReplayResult, Int) {
            let count = Count()
            let result = try Replayer.$comparedInPlace.withValue({ count.add() }, operation: { try body() })
            return (result, count.value)
        }
        let (plain, inPlace) = try counted { try Replayer.replay(path: path) }
        #expect(plain.matched)
        #expect(inPlace == 3)
        let (observed, withObserver) = try counted { try Replayer.replay(path: path, observe: { _ in }) }
        #expect(observed.matched)
        #expect(withObserver == 0)
    }
}
