import Foundation
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
}
