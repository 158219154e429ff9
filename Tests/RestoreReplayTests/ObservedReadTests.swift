import Foundation
import RestoreEngine
import RestoreReplay
import RestoreTestSupport
import RestoreTrace
import Testing

/// A replay hands every line it reads to its observer, so a report can take them from the same
/// pass over the trace: each event once, in file order, and only events the replay has proved.
@Suite struct ObservedReadTests {
    /// Every record the observer is handed, with the replay's result.
    func observed(_ path: String) throws -> (ReplayResult, [RecordedEvent]) {
        var seen: [RecordedEvent] = []
        let result = try Replayer.replay(path: path, observe: { seen.append($0) })
        return (result, seen)
    }

    /// The records a whole read gives, for comparison.
    func read(_ path: String) throws -> [RecordedEvent] {
        let reader = try TraceReader(path: path)
        var out: [RecordedEvent] = []
        while let r = try reader.nextRecord() { out.append(r) }
        return out
    }

    static let formatOne = ["demo-travel", "restoring-your-apps-state-scenes", "homepwner-pushed-detail"]

    @Test func theObserverSeesEveryRecordOnceInOrder() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let (result, seen) = try observed(path)
        #expect(result.matched)
        #expect(seen.map(\.seq) == Array(1...result.recordedEvents))
        // Format 2: an event with a hierarchy or an archive comes with its node and entry lines.
        let whole = try read(path)
        #expect(seen.map(\.bytes) == whole.map(\.bytes))
        #expect(seen.contains { $0.bytes.contains(0x0A) })
    }

    @Test(arguments: formatOne) func formatOneTracesAreObservedLineByLine(_ name: String) throws {
        let path = Samples.packageRoot.appendingPathComponent("Tests/Fixtures/v1/\(name).trace.jsonl").path
        let (result, seen) = try observed(path)
        #expect(result.matched)
        #expect(seen.map(\.seq) == Array(1...result.recordedEvents))
        #expect(seen.map(\.bytes) == (try read(path)).map(\.bytes))
        #expect(!seen.contains { $0.bytes.contains(0x0A) })
    }

    /// A line whose payload does not decode (the replay reads payloads lazily): the observer is
    /// handed every event before it and none from it on, and the replay throws its located error.
    @Test func aBadLineIsNeverHandedToTheObserver() throws {
        let lines = try Fixtures.lines(Samples.path("demo-travel.trace.jsonl")).filter { !$0.isEmpty }
        // As OneVerdictTests breaks it: a decode callback's coder, compared as bytes only.
        let bad = 72
        #expect(lines[bad].contains(#""kViewControllerViewWasLoadedKey":{"bool":true"#))
        var broken = lines
        broken[bad] = broken[bad].replacingOccurrences(
            of: #""kViewControllerViewWasLoadedKey":{"bool":true"#,
            with: #""kViewControllerViewWasLoadedKey":{"bool":7"#)
        let path = try Fixtures.temporaryPath("bad.trace.jsonl")
        try (broken.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let badSeq = try #require(Int(broken[bad].dropFirst(#"{"seq":"#.count).prefix { $0.isNumber }))
        var seen: [RecordedEvent] = []
        var observed: TraceError?
        do { _ = try Replayer.replay(path: path, observe: { seen.append($0) }) } catch { observed = error }
        var plain: TraceError?
        do { _ = try Replayer.replay(path: path) } catch { plain = error }
        #expect(observed?.location.line == bad + 1)
        #expect(observed?.description == plain?.description)
        #expect(seen.map(\.seq) == Array(1..<badSeq))
        #expect(seen.allSatisfy { (try? $0.check()) != nil })
    }
}
