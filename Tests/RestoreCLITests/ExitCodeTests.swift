import Foundation
import Testing

/// SPEC §6: 2 is the input's fault (located), 3 the machine's (the path and the system's reason).
/// The refusals here hold even for root, which the suite runs as: a folder under a regular file,
/// and sysfs.
@Suite struct ExitCodeTests {
    /// A regular file in a fresh folder: anything "under" it fails with ENOTDIR.
    static func blocker() throws -> (dir: URL, file: String) {
        let dir = try CLI.temporaryDirectory()
        try Data("a file, not a folder".utf8).write(to: dir.appendingPathComponent("blocker"))
        return (dir, "blocker")
    }

    @Test func recordIntoAFolderUnderAFileExitsThreeWithThePathAndTheReason() throws {
        let (dir, blocker) = try Self.blocker()
        let r = try CLI.run(["record", "-o", "\(blocker)/demo.trace.jsonl"], in: dir)
        #expect(r.code == 3)
        #expect(r.stderr.hasPrefix("\(blocker)/demo.trace.jsonl: error: cannot write: Not a directory"))
        #expect(r.stdout.isEmpty)
    }

    @Test func reportIntoAFolderUnderAFileExitsThree() throws {
        let (dir, blocker) = try Self.blocker()
        let r = try CLI.run(["report", CLI.sample("demo-travel.trace.jsonl"), "-o", "\(blocker)/r"], in: dir)
        #expect(r.code == 3)
        // The report's folder is named absolutely (the writer resolves it against the current folder).
        #expect(
            r.stderr.hasPrefix(
                dir.appendingPathComponent("\(blocker)/r").path + ": error: cannot write: Not a directory"))
        #expect(r.stderr.contains("hint: "))
    }

    @Test func replayWhoseReportCannotBeWrittenExitsThree() throws {
        let (dir, blocker) = try Self.blocker()
        let r = try CLI.run(
            ["replay", CLI.sample("demo-travel.trace.jsonl"), "--report-dir", "\(blocker)/nested/r"], in: dir)
        #expect(r.code == 3)
        #expect(
            r.stderr.hasPrefix(
                dir.appendingPathComponent("\(blocker)/nested").path + ": error: cannot write: Not a directory"))
    }

    @Test func exportIntoSysfsExitsThree() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(
            ["export", CLI.sample("demo-travel.trace.jsonl"), "--format", "dot", "-o", "/sys/restoretrace.dot"], in: dir
        )
        #expect(r.code == 3)
        // sysfs refuses new files: "Permission denied", or "Read-only file system" where it is mounted so.
        #expect(r.stderr.hasPrefix("/sys/restoretrace.dot: error: cannot write: "))
        #expect(r.stderr.contains("Permission denied") || r.stderr.contains("Read-only file system"))
    }

    @Test func reportOntoAFileIsBadInputNotTheEnvironment() throws {
        let (dir, blocker) = try Self.blocker()
        let r = try CLI.run(["report", CLI.sample("demo-travel.trace.jsonl"), "-o", blocker], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("a file with that name exists and is not a folder"))
        #expect(try String(contentsOf: dir.appendingPathComponent(blocker), encoding: .utf8) == "a file, not a folder")
    }

    @Test func badInputStaysTwoAndLocated() throws {
        let dir = try CLI.temporaryDirectory()
        try "{\"format\":\"restoretrace-trace/1\"\n".write(
            to: dir.appendingPathComponent("cut.jsonl"), atomically: true, encoding: .utf8)
        for command in [["replay"], ["report"], ["archive"], ["export", "--format", "json"]] {
            let r = try CLI.run([command[0], "cut.jsonl"] + command.dropFirst(), in: dir)
            #expect(r.code == 2, "\(command)")
            #expect(r.stderr.hasPrefix("cut.jsonl:1:"), "\(command): \(r.stderr)")
        }
    }
}
