import Foundation
import RestoreTestSupport
import Testing

/// Combinations of flags and inputs that one of them silently lost, and a reader that stops early.
@Suite struct CommandConflictTests {
    @Test func recordRefusesTheTraceAndTheOutcomeBothOnStandardOutput() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["record", "-o", "-", "--json"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("--json prints the outcome on standard output, where '-o -' sends the trace"))
        #expect(r.stdout.isEmpty)
    }

    @Test func replayRefusesAReportFolderItWouldNotWriteOrCouldNot() throws {
        let dir = try CLI.temporaryDirectory()
        #expect(try CLI.run(["record", "-o", "d.jsonl"], in: dir).code == 0)
        let both = try CLI.run(["replay", "d.jsonl", "--no-report", "--report-dir", "r"], in: dir)
        #expect(both.code == 2)
        #expect(both.stderr.contains("--no-report writes no report, so --report-dir has nowhere to be used"))
        let dash = try CLI.run(["replay", "d.jsonl", "--report-dir", "-"], in: dir)
        #expect(dash.code == 2)
        #expect(dash.stderr.contains("a report is a folder and cannot go to standard output"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("-").path))
    }

    @Test func diffAndLintReadStandardInputOnce() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = try Data(contentsOf: URL(fileURLWithPath: Samples.path("homepwner.trace.jsonl")))
        let diff = Process()
        diff.executableURL = CLI.binary
        diff.arguments = ["diff", "-", "-"]
        let d = try CLI.collect(diff, stdin: trace)
        // It said "The traces agree", comparing standard input with what was left of it.
        #expect(d.code == 2)
        #expect(d.stderr.contains("the two traces cannot both come from standard input ('-')"))
        let lint = Process()
        lint.executableURL = CLI.binary
        lint.arguments = ["lint", "-", "-"]
        lint.currentDirectoryURL = dir
        let storyboard = try Data(contentsOf: URL(fileURLWithPath: Samples.path("Shelf.storyboard")))
        let l = try CLI.collect(lint, stdin: storyboard)
        #expect(l.code == 2)
        #expect(l.stderr.contains("standard input ('-') can be given once"))
    }

    /// `| head` closes the pipe early: the write fails, and the exit is 3 naming standard output,
    /// not death by SIGPIPE (141 under pipefail), outside SPEC §6's codes.
    @Test func aReaderThatStopsEarlyIsExitThreeNotASignal() throws {
        let p = Process()
        // Through env: the child must not inherit an ignored SIGPIPE from the test process, as
        // it does not from a shell.
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [
            "--default-signal=PIPE", CLI.binary.path, "export", Samples.path("demo-travel.trace.jsonl"), "--format",
            "chrome-trace",
        ]
        let (out, err) = (Pipe(), Pipe())
        p.standardOutput = out
        p.standardError = err
        try out.fileHandleForReading.close()
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit)
        #expect(p.terminationStatus == 3)
        #expect(String(decoding: e, as: UTF8.self).contains("standard output: error: cannot write: Broken pipe"))
    }
}

/// SPEC §6: a command never writes onto one of its inputs. `record` guarded the scenario and an
/// archive named as a file, and wrote its trace over the storyboard, the Info.plist or the
/// data.data inside an archive folder, exit 0.
@Suite struct RecordInputGuardTests {
    func refused(_ arguments: [String], in dir: URL, keeps file: String) throws {
        let before = try Data(contentsOf: dir.appendingPathComponent(file))
        let r = try CLI.run(arguments, in: dir)
        #expect(r.code == 2, "\(arguments)")
        #expect(r.stderr.contains("writing here would destroy it"), "\(r.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent(file)) == before, "\(file)")
    }

    @Test func theScenariosStoryboardAndInfoPlistAreInputs() throws {
        let dir = try CLI.temporaryDirectory()
        for name in ["storyboard-library.yaml", "Library.storyboard", "Notes-Info.plist"] {
            try FileManager.default.copyItem(
                atPath: Samples.path(name), toPath: dir.appendingPathComponent(name).path)
        }
        try refused(
            ["record", "storyboard-library.yaml", "-o", "Library.storyboard"], in: dir, keeps: "Library.storyboard")
        try """
        name: plist
        app: {infoPlist: Notes-Info.plist}
        scenes: [{session: main, ui: {class: UIViewController}}]
        """.write(to: dir.appendingPathComponent("plist.yaml"), atomically: true, encoding: .utf8)
        try refused(["record", "plist.yaml", "-o", "./Notes-Info.plist"], in: dir, keeps: "Notes-Info.plist")
    }

    @Test func theArchiveInsideTheSavedStateFolderIsAnInput() throws {
        let dir = try CLI.temporaryDirectory()
        let saved = dir.appendingPathComponent("com.example.demo.savedState")
        try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: UIKitArchiveFixtures.path("state-restoration-demo.data"),
            toPath: saved.appendingPathComponent("data.data").path)
        try refused(
            [
                "record", UIKitArchiveFixtures.path("state-restoration-demo-today.yaml"), "--archive",
                "com.example.demo.savedState", "-o", "com.example.demo.savedState/data.data",
            ], in: dir, keeps: "com.example.demo.savedState/data.data")
    }
}
