import Foundation
import RestoreTestSupport
import Testing

/// SPEC §4: "a recording cut off by a crash is still readable up to its last whole line". Every
/// command refused such a trace (exit 2) and told the user to delete lines by hand.
@Suite struct CutOffTraceTests {
    @Test func everyCommandReadsACutOffTraceAndSaysWhereItEnds() throws {
        let dir = try CLI.temporaryDirectory()
        let whole = try String(contentsOfFile: Samples.path("demo-travel.trace.jsonl"), encoding: .utf8)
        // Cut in the middle of a line past the middle of the trace, as a killed recorder leaves it.
        let cut = String(decoding: Array(whole.utf8.prefix(whole.utf8.count * 3 / 4)), as: UTF8.self)
        try cut.write(to: dir.appendingPathComponent("cut.jsonl"), atomically: true, encoding: .utf8)
        let replay = try CLI.run(["replay", "cut.jsonl", "--no-report"], in: dir)
        #expect(replay.code == 1)
        #expect(replay.stdout.contains("the recording ends there, cut off (line "), "\(replay.stdout)")
        #expect(replay.stderr.contains("cut.jsonl:"), "\(replay.stderr)")
        #expect(replay.stderr.contains(": warning: the trace is cut off here ("))
        #expect(replay.stderr.components(separatedBy: "warning:").count == 2)  // once
        for arguments in [
            ["archive", "cut.jsonl"], ["export", "cut.jsonl", "--format", "json", "-o", "cut.json"],
            ["report", "cut.jsonl", "-o", "cut-report"],
        ] {
            let r = try CLI.run(arguments, in: dir)
            #expect(r.code == 0, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("warning: the trace is cut off here"), "\(arguments)")
        }
    }
}
