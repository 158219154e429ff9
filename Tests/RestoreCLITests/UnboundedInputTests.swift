import Foundation
import Testing

/// An input without end (`/dev/zero`) or far too big is refused after a bounded read, located:
/// `replay` grew to 5 GB in 8 s, `archive` aborted on a 34 GB allocation, and a 300 MB `data.data`
/// was read whole before its 64 MB limit refused it.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
struct UnboundedInputTests {
    @Test func devZeroIsRefusedByEveryReader() throws {
        let dir = try CLI.temporaryDirectory()
        let notATrace =
            "/dev/zero:1:1: error: this is not a restoretrace trace: a line that does not start with '{' runs past 1 MB without a line break\n"
        for arguments in [
            ["replay", "/dev/zero", "--no-report"], ["archive", "/dev/zero"],
            ["export", "/dev/zero", "--format", "json"],
        ] {
            let r = try CLI.run(arguments, in: dir)
            #expect(r.code == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.hasPrefix(notATrace), "\(arguments): \(r.stderr)")
        }
        let record = try CLI.run(["record", "/dev/zero", "-o", "t.jsonl"], in: dir)
        #expect(record.code == 2)
        #expect(record.stderr.hasPrefix("/dev/zero: error: the scenario runs past the 128 MB a scenario may have"))
    }

    /// Standard input (`-`) was read to its end before any limit: under a memory limit Foundation
    /// trapped (SIGILL), without one it took the machine's memory. Each reader now stops at its
    /// own limit, and a trace's first line is judged before the rest is read.
    @Test func standardInputIsReadOnlyToEachReadersLimit() throws {
        let dir = try CLI.temporaryDirectory()
        for (command, expected) in [
            ("lint -", "<stdin>: error: runs past the 128 MB a storyboard may have"),
            ("record -", "<stdin>: error: standard input runs past the 128 MB a scenario may have"),
            ("import - -o t.jsonl", "<stdin>: error: is over 67108864 bytes; an archive larger"),
            ("replay - --no-report", "<stdin>:1:1: error: this is not a restoretrace trace"),
            ("archive -", "<stdin>:1:1: error: this is not a restoretrace trace"),
        ] {
            // `ulimit -v`: past 1 GB of address space the unbounded read trapped at once.
            let r = try CLI.shell("ulimit -v 1000000; head -c 140000000 /dev/zero | restoretrace \(command)", in: dir)
            #expect(r.code == 2, "\(command): \(r.stderr)")
            #expect(r.stderr.hasPrefix(expected), "\(command): \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.jsonl").path))
        let lint = try CLI.run(["lint", "/dev/zero"], in: dir)
        #expect(lint.code == 2)
        #expect(lint.stderr.hasPrefix("/dev/zero: error: runs past the 128 MB a storyboard may have"), "\(lint.stderr)")
    }

    /// The first-line check on standard input judges only a line that is not JSON: a header past
    /// 1 MB (a long description) was refused as "cut off" when piped, and read fine from a file.
    @Test func aLongHeaderStillReadsFromStandardInput() throws {
        let dir = try CLI.temporaryDirectory()
        let description = String(repeating: "a long description ", count: 70_000)  // 1.3 MB
        try "name: long\ndescription: \"\(description)\"\nui: {class: Home, restorationIdentifier: Home}\n".write(
            to: dir.appendingPathComponent("long.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["record", "long.yaml", "-o", "long.trace.jsonl"], in: dir).code == 0)
        let piped = try CLI.shell("restoretrace replay - --no-report < long.trace.jsonl", in: dir)
        #expect(piped.code == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasPrefix("long: replay matched"), "\(piped.stdout)")
    }

    @Test func anArchiveOverTheLimitIsRefusedBeforeItIsRead() throws {
        let dir = try CLI.temporaryDirectory()
        let file = dir.appendingPathComponent("data.data")
        FileManager.default.createFile(atPath: file.path, contents: Data("bplist00".utf8))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 300_000_000)  // sparse: no 300 MB written
        try handle.close()
        let r = try CLI.run(["archive", "data.data"], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.hasPrefix("data.data: error: is 300000000 bytes; an archive larger than 67108864 bytes is refused")
        )
    }
}
