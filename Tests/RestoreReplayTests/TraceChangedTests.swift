import Foundation
import RestoreEngine
import RestoreReplay
import RestoreScenario
import RestoreTrace
import Testing

/// A trace rewritten in place while it is replayed: the replay reads each step first, then takes
/// its lines again as the engine runs. A line that is no longer what the reader read stops the
/// replay with a located error; it never reaches an observer as if it were the recorded event.
@Suite struct TraceChangedTests {
    /// Where each line of the file starts, and its bytes.
    static func lines(_ bytes: [UInt8]) -> [(offset: Int, bytes: ArraySlice<UInt8>)] {
        var out: [(offset: Int, bytes: ArraySlice<UInt8>)] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            out.append((start, bytes[start..<i]))
            start = i + 1
        }
        return out
    }

    /// The report's way in (`observeMatched`) compares lines without their seq: a seq changed
    /// after the reader read the step used to reach the page as the recorded event's.
    @Test func aSeqRewrittenDuringTheStepStopsAReportsReplay() throws {
        let (path, _) = try Fixtures.record(ScenarioGenerator.grid(40))
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let lines = Self.lines(bytes)
        func text(_ l: ArraySlice<UInt8>) -> String { String(decoding: l, as: UTF8.self) }
        // The relaunch's step: its marker, then everything up to the end of the file.
        let marker = try #require(lines.firstIndex { text($0.bytes).contains(#""event":"launch","#) })
        // A single-line callback of that step, far past what the replay has taken (the follower
        // reads a megabyte at a time) when the step's first event is offered.
        let far = lines[marker].offset + 2 << 20
        let target = try #require(
            lines[marker...].last {
                $0.offset > far && text($0.bytes).hasPrefix(#"{"seq":"#) && text($0.bytes).contains(#""callback":"#)
            })
        let prefix = Array(#"{"seq":"#.utf8)
        let digits = target.bytes.dropFirst(prefix.count).prefix { (48...57).contains($0) }
        let targetSeq = try #require(Int(text(digits)))
        // The same length, another seq: the line still matches the replayed event but for its seq.
        let lastDigit = target.offset + prefix.count + digits.count - 1
        let changed = UInt8(ascii: "0") + (bytes[lastDigit] - UInt8(ascii: "0") + 1) % 10

        var rewritten = false
        var offeredTarget = false
        var mismatched = 0
        let outcome = Result { () throws(TraceError) -> ReplayResult in
            try Replayer.replay(
                path: path, observe: { _ in },
                observeMatched: { event, line, seq in
                    if !rewritten, event.launch == 2 {
                        rewritten = true
                        guard let h = FileHandle(forUpdatingAtPath: path) else { return true }
                        h.seek(toFileOffset: UInt64(lastDigit))
                        h.write(Data([changed]))
                        h.closeFile()
                    }
                    if seq == targetSeq { offeredTarget = true }
                    if VerbatimLines.seq(Array(line)) != seq { mismatched += 1 }
                    return true
                })
        }
        #expect(rewritten)
        #expect(mismatched == 0)
        #expect(!offeredTarget)
        switch outcome {
        case .success(let result):
            Issue.record("the replay went on over the changed line: matched \(result.matched)")
        case .failure(let error):
            #expect(error.description.contains("the trace changed while it was replayed"))
            #expect(error.location.line == lines.firstIndex { $0.offset == target.offset }.map { $0 + 1 })
        }
    }
}
