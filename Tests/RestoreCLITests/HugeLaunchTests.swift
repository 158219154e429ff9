import Foundation
import RestoreTestSupport
import Testing

/// A trace whose launch numbers were edited past any real timeline is bad input, located, in every
/// command: the Chrome trace's track (launch × 10) trapped on it and left its `.partial` file.
@Suite struct HugeLaunchTests {
    @Test func aLaunchPastTheLimitIsLocatedAndLeavesNothing() throws {
        let dir = try CLI.temporaryDirectory()
        let text = try String(contentsOfFile: CLI.sample("homepwner.trace.jsonl"), encoding: .utf8)
        let edited = text.replacingOccurrences(of: #""launch":1,"#, with: #""launch":9223372036854775807,"#)
        #expect(edited != text)
        try edited.write(to: dir.appendingPathComponent("t.jsonl"), atomically: true, encoding: .utf8)
        for arguments in [
            ["export", "t.jsonl", "--format", "chrome-trace", "-o", "out"],
            ["export", "t.jsonl", "--format", "json", "-o", "out"],
            ["replay", "t.jsonl", "--no-report"], ["archive", "t.jsonl"], ["report", "t.jsonl", "-o", "out"],
        ] {
            let r = try CLI.run(arguments, in: dir)
            #expect(r.code == 2, "\(arguments): \(r.code) \(r.stderr)")
            #expect(
                r.stderr.hasPrefix(
                    "t.jsonl:2:1: error: launch 9223372036854775807 is past the 1000000 launches a trace may have"),
                "\(arguments): \(r.stderr)")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "t.jsonl" }
            #expect(left.isEmpty, "\(arguments): \(left)")
        }
    }
}
