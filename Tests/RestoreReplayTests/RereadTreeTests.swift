import Foundation
import RestoreEngine
import RestoreTrace
import Testing

@testable import RestoreReplay

/// A tree left by the reading thread is read again from the file on the engine's thread (up
/// to two steps later): it must still be the record that was read, else the trace changed.
@Suite struct RereadTreeTests {
    /// The tab fixture read step by step up to its launch step, whose launch UI (in the
    /// writer's shape) is left to be read again; and the file's path and lines.
    func launchStep() throws -> (Replayer.Step, RestoreReplay.Comparator, String, [String]) {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let reader = try TraceReader(path: path)
        let comparator = try RestoreReplay.Comparator(path: path, following: reader)
        let reading = Replayer.StepReading(reader, first: try Replayer.nextRecord(reader))
        var launch: Replayer.ReadStep?
        while let read = reading.next() {
            if read.step.marker.event == .launch { launch = read }
        }
        let step = try #require(launch).step
        #expect(step.trees.map(\.event) == [.launchUIBuilt])
        #expect(step.trees.first?.record == nil)
        return (step, comparator, path, try Fixtures.lines(path))
    }

    /// Overwrites line `index` (0-based) in place, same length: the follower's open file sees it.
    func overwrite(_ path: String, line index: Int, with text: String, lines: [String]) throws {
        #expect(text.utf8.count == lines[index].utf8.count)
        let offset = lines[..<index].reduce(0) { $0 + $1.utf8.count + 1 }
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    @Test func aTreeReadAgainIsDecodedWhenTheFileIsAsRead() throws {
        var (step, comparator, _, _) = try launchStep()
        try step.decodeMarker()
        try step.decodeTrees(rereading: comparator)
        #expect(step.trees.isEmpty)
    }

    @Test func aTreeWhoseSeqChangedInPlaceIsATraceThatChanged() throws {
        var (step, comparator, path, lines) = try launchStep()
        let built = try #require(lines.firstIndex { $0.contains(#""event":"launch-ui-built""#) })
        let seq = try #require(step.trees.first?.span.seq)
        let other = seq < 9 ? seq + 1 : seq - 1
        #expect(String(seq).count == String(other).count)
        try overwrite(
            path, line: built,
            with: lines[built].replacingOccurrences(of: #"{"seq":\#(seq),"#, with: #"{"seq":\#(other),"#),
            lines: lines)
        try step.decodeMarker()
        let error = #expect(throws: TraceError.self) { try step.decodeTrees(rereading: comparator) }
        #expect(error?.diagnostic.message == "the trace changed while it was replayed")
        #expect(error?.location.line == built + 1)
    }
}
