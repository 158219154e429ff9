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

/// What a cut-off trace may and may not be used for, and the ways a file can be cut.
@Suite struct CutOffTraceUseTests {
    /// A recording killed before it finished leaves `NAME.partial`, often cut between two lines:
    /// replayed, it read as an ordinary divergence ("the replay made …, which the recording does
    /// not have"), as if the app had changed. It now says the recording ends there, cut off.
    @Test func anUnfinishedRecordingCutBetweenLinesSaysItIsCutOff() throws {
        let dir = try cut(lines: 30, name: "d.jsonl.partial")
        let r = try CLI.run(["replay", "d.jsonl.partial", "--no-report"], in: dir)
        #expect(r.code == 1)
        #expect(
            r.stdout.contains(
                "after event 5: the recording ends there, cut off (line 31: the file is a recording that did not finish"
            ),
            "\(r.stdout)")
        // The same lines under a finished recording's name are an ordinary divergence.
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent("d.jsonl.partial"), to: dir.appendingPathComponent("d.jsonl"))
        let plain = try CLI.run(["replay", "d.jsonl", "--no-report"], in: dir)
        #expect(plain.stdout.contains("which the recording does not have"), "\(plain.stdout)")
    }

    /// The demo trace's first `lines` lines, written as `name` in a new folder.
    func cut(lines: Int, name: String = "cut.jsonl") throws -> URL {
        let dir = try CLI.temporaryDirectory()
        let whole = try String(contentsOfFile: Samples.path("demo-travel.trace.jsonl"), encoding: .utf8)
        let kept = whole.split(separator: "\n", omittingEmptySubsequences: false).prefix(lines)
        try (kept.joined(separator: "\n") + "\n").write(
            to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return dir
    }

    /// Cut inside the relaunch's first group: the replay's outcome is the phases the trace holds
    /// whole, not a restoration the stand-in guessed ("0 of 9 restored, not-found").
    @Test func theOutcomeStopsAtTheCut() throws {
        let dir = try cut(lines: 54)
        let r = try CLI.run(["replay", "cut.jsonl", "--no-report", "--json"], in: dir)
        #expect(r.code == 1)
        #expect(r.stdout.contains(#""restoration":{"performed":false,"reason":null,"nodes":[]}"#), "\(r.stdout)")
        #expect(!r.stdout.contains("not-found"))
        let report = try CLI.run(["report", "cut.jsonl", "-o", "rep"], in: dir)
        #expect(report.code == 0)
        let page = try String(contentsOf: dir.appendingPathComponent("rep/index.html"), encoding: .utf8)
        #expect(page.contains("The trace is cut off after event"))
    }

    @Test func whatIfsAndDiffsNeedWholeTraces() throws {
        let dir = try cut(lines: 54)
        let whatIf = try CLI.run(["replay", "cut.jsonl", "--no-report", "--set", "shouldRestore=false"], in: dir)
        #expect(whatIf.code == 2)
        #expect(whatIf.stderr.contains("a what-if needs the whole trace, and this one is cut off"))
        let diff = try CLI.run(["diff", Samples.path("demo-travel.trace.jsonl"), "cut.jsonl"], in: dir)
        #expect(diff.code == 2)
        #expect(diff.stderr.contains("diff compares whole traces, and this one is cut off"))
    }

    @Test func archiveSaysTheArchiveWasCutNotNeverWritten() throws {
        let dir = try cut(lines: 45)
        let r = try CLI.run(["archive", "cut.jsonl"], in: dir)
        #expect(r.code == 0)
        #expect(r.stdout.hasPrefix("No whole archive in cut.jsonl: the trace is cut off at line "), "\(r.stdout)")
    }

    @Test func aHeaderCutOffSaysSo() throws {
        let dir = try CLI.temporaryDirectory()
        let whole = try Data(contentsOf: URL(fileURLWithPath: Samples.path("demo-travel.trace.jsonl")))
        try whole.prefix(300).write(to: dir.appendingPathComponent("h.jsonl"))
        let r = try CLI.run(["archive", "h.jsonl"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("error: the trace is cut off inside its header"), "\(r.stderr)")
    }

    /// Only a last line that ends before its value does is a cut: a mistake inside a line saved
    /// without its newline is an error, as with one.
    @Test func anEditedLastLineIsAnErrorNotACut() throws {
        let dir = try cut(lines: 90)
        let handle = try FileHandle(forWritingTo: dir.appendingPathComponent("cut.jsonl"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"seq":48 "launch":2,"phase":"launch","event":"archive-deleted"}"#.utf8))
        try handle.close()
        let r = try CLI.run(["export", "cut.jsonl", "--format", "json", "-o", "out.json"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("malformed JSON: expected ',' or '}' in an object"), "\(r.stderr)")
    }

    /// UTF-8 writes é as two bytes: a file cut between them is cut, not "not valid UTF-8".
    @Test func aCutInsideACharacterIsACut() throws {
        let dir = try CLI.temporaryDirectory()
        try "name: s8\nui: {class: Home, restorationIdentifier: Home, state: {city: Zürich}}\n".write(
            to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["record", "s.yaml", "-o", "s.jsonl"], in: dir).code == 0)
        let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent("s.jsonl")))
        let u = try #require(bytes.lastIndex(of: 0xC3))  // the first byte of the last ü
        try Data(bytes[...u]).write(to: dir.appendingPathComponent("c.jsonl"))
        let r = try CLI.run(["export", "c.jsonl", "--format", "json", "-o", "out.json"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stderr.contains("the last line is cut off (inside a character)"))
    }

    /// A run that fails says its error, not also a warning about a cut it read: the warning was
    /// said as a reader met the cut, so whether a failed replay said it depended on how far its
    /// second thread had read ahead. A what-if refused on a cut trace has read the cut for sure.
    @Test func aFailedRunSaysNoCutWarning() throws {
        let dir = try cut(lines: 54)
        let r = try CLI.run(["replay", "cut.jsonl", "--no-report", "--set", "shouldRestore=false"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("a what-if needs the whole trace"))
        #expect(!r.stderr.contains("warning:"), "\(r.stderr)")
    }

    /// With SIGPIPE ignored, a message to a closed standard error trapped (exit 132).
    @Test func aClosedStandardErrorIsNotACrash() throws {
        let dir = try cut(lines: 54)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "exec '\(CLI.binary.path)' archive cut.jsonl 2>&-"]
        p.currentDirectoryURL = dir
        let r = try CLI.collect(p)
        #expect(r.code == 0)
    }

    @Test func theOutcomeAndTheTraceCannotBothGoToStandardOutputUnderAnotherName() throws {
        let dir = try CLI.temporaryDirectory()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "exec '\(CLI.binary.path)' record -o /dev/stdout --json > out.txt"]
        p.currentDirectoryURL = dir
        let r = try CLI.collect(p)
        #expect(r.code == 2)
        #expect(
            r.stderr.contains("--json prints the outcome on standard output, where '-o /dev/stdout' sends the trace"))
    }
}
