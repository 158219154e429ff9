import Foundation
import RestoreTestSupport
import Testing

/// Every way a person writes an output path works, for the trace and for exports.
@Suite(.serialized) struct OutputPathTests {
    static let forms = ["a", "./b", "../c", "sub/d", "é ü 名前.jsonl", "with space"]

    @Test(arguments: forms) func recordWritesToEveryPathForm(path: String) throws {
        let parent = try CLI.temporaryDirectory()
        let dir = parent.appendingPathComponent("work")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let r = try CLI.run(["record", CLI.sample("save-declined.yaml"), "-o", path], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        let written = dir.appendingPathComponent(path).standardizedFileURL
        let text = try String(contentsOf: written, encoding: .utf8)
        #expect(text.hasPrefix("{\"format\":\"restoretrace-trace/2\""))
        #expect(!FileManager.default.fileExists(atPath: written.path + ".partial"))
    }

    @Test func recordAndExportWriteToAnAbsolutePath() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = dir.appendingPathComponent("t").path
        #expect(try CLI.run(["record", CLI.sample("save-declined.yaml"), "-o", trace], in: dir).code == 0)
        let r = try CLI.run(["export", trace, "--format", "dot", "-o", "x"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("x"), encoding: .utf8).hasPrefix("digraph"))
    }

    @Test func aMissingFolderIsNamed() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["record", CLI.sample("save-declined.yaml"), "-o", "nowhere/t.jsonl"], in: dir)
        #expect(r.code != 0)
        #expect(r.stderr.contains("nowhere/t.jsonl: error: the folder 'nowhere' does not exist"))
    }

    /// `-o` naming a named pipe (as `-o /dev/stdout` names the terminal or the pipe the output goes
    /// down) writes into it: the pipe stays a pipe and gets what a file would have got.
    @Test func recordAndExportWriteIntoANamedPipe() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = dir.appendingPathComponent("t.jsonl").path
        #expect(try CLI.run(["record", CLI.sample("save-declined.yaml"), "-o", trace], in: dir).code == 0)
        let dot = dir.appendingPathComponent("t.dot").path
        #expect(try CLI.run(["export", trace, "--format", "dot", "-o", dot], in: dir).code == 0)

        let recorded = try FIFOReader()
        let r = try CLI.run(["record", CLI.sample("save-declined.yaml"), "-o", recorded.path], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(recorded.received() == FileManager.default.contents(atPath: trace))
        #expect(recorded.isStillAFIFO)

        let exported = try FIFOReader()
        let e = try CLI.run(["export", trace, "--format", "dot", "-o", exported.path], in: dir)
        #expect(e.code == 0, "\(e.stderr)")
        #expect(exported.received() == FileManager.default.contents(atPath: dot))
        #expect(exported.isStillAFIFO)
    }

    /// Only a file can be replayed later: recording to /dev/null suggested replaying /dev/null.
    @Test func recordingToADeviceSuggestsNoReplay() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["record", CLI.sample("homepwner.yaml"), "-o", "/dev/null"], in: dir)
        #expect(r.code == 0)
        #expect(!r.stdout.contains("Next:"), "\(r.stdout)")
        let file = try CLI.run(["record", CLI.sample("homepwner.yaml"), "-o", "t.jsonl"], in: dir)
        #expect(file.stdout.hasSuffix("Next: restoretrace replay t.jsonl\n"), "\(file.stdout)")
    }
}
