import Foundation
import RestoreEngine
import RestoreReplay
import RestoreTrace
import Testing

/// A what-if run after a faithful replay of the same trace (`linesProved`) takes the lines it
/// does not match without decoding them again: the faithful replay proved every one of them.
@Suite struct ProvedLinesTests {
    /// The tab fixture declined at the relaunch: the engine makes none of the recorded decode
    /// calls, so the replay takes their lines without matching them. The first decode's coder
    /// holds `{"int":"three"}`, which the envelope allows and decoding the coder does not.
    func declinedOverABadCoder() throws -> (path: String, line: Int, whatIf: WhatIf) {
        let (recorded, _) = try Fixtures.record(Fixtures.tabApp())
        var lines = try Fixtures.lines(recorded).filter { !$0.isEmpty }
        let decode = try #require(
            lines.firstIndex {
                $0.contains(#""callback":"decodeRestorableStateWithCoder:""#) && $0.contains(#"{"int":3}"#)
            })
        lines[decode] = lines[decode].replacingOccurrences(of: #"{"int":3}"#, with: #"{"int":"three"}"#)
        let path = try Fixtures.temporaryPath("proved.trace.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (path, decode + 1, WhatIf([.shouldRestore(false)]))
    }

    @Test func aWhatIfChecksTheLinesItDoesNotMatch() throws {
        let (path, line, whatIf) = try declinedOverABadCoder()
        #expect(throws: TraceError.self) { try Replayer.replay(path: path) }
        do {
            _ = try Replayer.replay(path: path, whatIf: whatIf)
            Issue.record("a line that does not decode was taken as it is")
        } catch {
            #expect(error.location.line == line)
        }
    }

    @Test func aWhatIfAfterItsBaselineTakesThemAsProved() throws {
        let (path, _, whatIf) = try declinedOverABadCoder()
        let result = try Replayer.replay(path: path, whatIf: whatIf, linesProved: true)
        #expect(result.outcome.restoration?.reason == .restoreDeclined)
        #expect(result.divergence != nil, "a what-if departs from the recording")
    }
}
