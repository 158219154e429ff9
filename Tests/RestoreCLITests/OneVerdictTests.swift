import Foundation
import Testing

/// One reader, one verdict: a bad trace is bad input (exit 2, `file:line:column: error:`, the same
/// line) for every command that reads it.
@Suite(.serialized) struct OneVerdictTests {
    /// A broken copy of the demo trace, and the line every command must blame.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var line: Int
        var breakIt: @Sendable ([String]) -> [String]
        var description: String { name }
    }

    static let cases: [Case] = [
        // A coder value of the wrong type in a decode callback: replay compared it as bytes only.
        // (Line numbers are trace format 2's: the hierarchies before it take a line per node.)
        Case(name: "wrong type in a coder", line: 73) { lines in
            var l = lines
            l[72] = l[72].replacingOccurrences(
                of: #""kViewControllerViewWasLoadedKey":{"bool":true"#,
                with: #""kViewControllerViewWasLoadedKey":{"bool":7"#)
            return l
        },
        // The timestamp is first on line 28 (a callback's coder), then in the archive.
        Case(name: "wrong type in the app-level keys", line: 28) { lines in
            lines.map { $0.replacingOccurrences(of: #""date":788922000.0"#, with: #""date":"x""#) }
        },
        Case(name: "header only", line: 1) { lines in [lines[0]] },
        // `:[01]:` names the same child as `:[1]:` to a person, but no node to a replay: the
        // archive's entry line that has it first is blamed.
        Case(name: "child key with a leading zero", line: 46) { lines in
            lines.map { $0.replacingOccurrences(of: ":[1]:", with: ":[01]:") }
        },
        Case(name: "events before the app runs", line: 2) { lines in
            [lines[0]]
                + lines[2...].enumerated().map { i, line in
                    line.replacingOccurrences(of: #"{"seq":\#(i + 2),"#, with: #"{"seq":\#(i + 1),"#)
                }
        },
    ]

    static let commands: [[String]] = [
        ["replay", "bad.jsonl", "--no-report"], ["report", "bad.jsonl", "-o", "r"],
        ["export", "bad.jsonl", "--format", "dot"], ["export", "bad.jsonl", "--format", "json"],
        ["export", "bad.jsonl", "--format", "svg"], ["export", "bad.jsonl", "--format", "chrome-trace"],
        ["archive", "bad.jsonl"], ["diff", "bad.jsonl", CLI.sample("demo-travel.trace.jsonl")],
    ]

    @Test(arguments: cases) func everyCommandRefusesWithTheSameLocation(_ c: Case) throws {
        let dir = try CLI.temporaryDirectory()
        let good = try String(contentsOfFile: CLI.sample("demo-travel.trace.jsonl"), encoding: .utf8)
        let lines = good.split(separator: "\n").map(String.init)
        let bad = c.breakIt(lines)
        #expect(bad != lines || bad.count == 1)
        try (bad.joined(separator: "\n") + "\n").write(
            to: dir.appendingPathComponent("bad.jsonl"), atomically: true, encoding: .utf8)
        for command in Self.commands {
            let r = try CLI.run(command, in: dir)
            #expect(r.code == 2, "\(command): \(r.code) \(r.stderr)")
            let location = r.stderr.prefix { $0 != " " }
            #expect(location.hasPrefix("bad.jsonl:\(c.line):"), "\(command): \(r.stderr)")
            #expect(location.hasSuffix(":") && location.split(separator: ":").count == 3, "\(command): \(r.stderr)")
            #expect(r.stderr.contains(": error: "))
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r").path))
    }
}
