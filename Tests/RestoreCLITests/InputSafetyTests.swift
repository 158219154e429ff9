import Foundation
import RestoreTestSupport
import Testing

/// A command never writes onto its own input; `-` is standard input and output; a scenario given
/// to `replay` and a what-if on a path that does not exist are explained.
@Suite(.serialized) struct InputSafetyTests {
    /// Runs the binary with `input` on its standard input.
    static func run(_ arguments: [String], stdin input: Data, in directory: URL) throws -> CLI.Result {
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = arguments
        p.currentDirectoryURL = directory
        return try CLI.collect(p, stdin: input)
    }

    /// A pipe opened by name gives its bytes once: `/dev/stdin` is read as `-` is.
    @Test func standardInputByNameIsReadOnce() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("homepwner.trace.jsonl")))
        let replay = try Self.run(["replay", "/dev/stdin", "--no-report"], stdin: trace, in: dir)
        #expect(replay.code == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("replay matched"), "\(replay.stdout)")
        let archive = try Self.run(["archive", "/dev/fd/0"], stdin: trace, in: dir)
        #expect(archive.code == 0, "\(archive.stderr)")
        #expect(archive.stdout.hasPrefix("Restoration class map is {"))
        let diff = try Self.run(["diff", "/dev/stdin", CLI.sample("homepwner.trace.jsonl")], stdin: trace, in: dir)
        #expect(diff.code == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("The traces agree"))
        // The value of an option that is not an input is left as written.
        let drop = try Self.run(
            ["replay", CLI.sample("homepwner.trace.jsonl"), "--drop-id", "/dev/stdin", "--no-report"], stdin: trace,
            in: dir)
        #expect(drop.code == 2)
        #expect(drop.stderr.contains("'/dev/stdin' is not a restoration path"), "\(drop.stderr)")
    }

    @Test func neverWritesOntoItsInputByAnyName() throws {
        let dir = try CLI.temporaryDirectory()
        let scenario = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("save-declined.yaml")))
        try scenario.write(to: dir.appendingPathComponent("s.yaml"))
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("link.yaml").path, withDestinationPath: "s.yaml")
        try FileManager.default.linkItem(
            atPath: dir.appendingPathComponent("s.yaml").path, toPath: dir.appendingPathComponent("hard.yaml").path)
        for output in ["s.yaml", "./s.yaml", "link.yaml", "hard.yaml", "../\(dir.lastPathComponent)/s.yaml"] {
            let r = try CLI.run(["record", "s.yaml", "-o", output], in: dir)
            #expect(r.code == 2, "\(output): \(r.stderr)")
            #expect(r.stderr.contains("this is the input 's.yaml'"))
        }
        #expect(try Data(contentsOf: dir.appendingPathComponent("s.yaml")) == scenario)

        #expect(try CLI.run(["record", "s.yaml", "-o", "t.jsonl"], in: dir).code == 0)
        let trace = try Data(contentsOf: dir.appendingPathComponent("t.jsonl"))
        let export = try CLI.run(["export", "t.jsonl", "--format", "json", "-o", "t.jsonl"], in: dir)
        #expect(export.code == 2)
        #expect(try Data(contentsOf: dir.appendingPathComponent("t.jsonl")) == trace)
    }

    @Test func dashIsStandardInputAndOutput() throws {
        let dir = try CLI.temporaryDirectory()
        let scenario = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("save-declined.yaml")))
        let record = try Self.run(["record", "-", "-o", "-"], stdin: scenario, in: dir)
        #expect(record.code == 0, "\(record.stderr)")
        #expect(record.stdout.hasPrefix("{\"format\":\"restoretrace-trace/2\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        let trace = Data(record.stdout.utf8)
        let replay = try Self.run(["replay", "-", "--no-report"], stdin: trace, in: dir)
        #expect(replay.code == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("replay matched"))
        let export = try Self.run(["export", "-", "--format", "dot", "-o", "-"], stdin: trace, in: dir)
        #expect(export.stdout.hasPrefix("digraph"))
        let bad = try Self.run(["replay", "-"], stdin: Data("{\"format\":\"restoretrace-trace/2\"".utf8), in: dir)
        #expect(bad.code == 2)
        #expect(bad.stderr.hasPrefix("<stdin>:1:"))
    }

    @Test func replayGivenAScenarioSaysToRecordFirst() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["replay", CLI.sample("save-declined.yaml")], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains(":1:1: error: this is a scenario, not a trace"))
        #expect(r.stderr.contains("record it first"))
    }

    @Test func whatIfOnAPathNotRecordedNamesTheNearest() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = CLI.sample("demo-travel.trace.jsonl")
        let set = try CLI.run(["replay", trace, "--no-report", "--set", "answer:Tabs/tripsNav/tripDetal=nil"], in: dir)
        #expect(set.code == 2)
        #expect(set.stderr.contains("'Tabs/tripsNav/tripDetal'"))
        #expect(set.stderr.contains("nearest: Tabs/tripsNav/tripDetail,"))
        let drop = try CLI.run(["replay", trace, "--no-report", "--drop-id", "Tabs/tripNav"], in: dir)
        #expect(drop.code == 2)
        #expect(drop.stderr.contains("nearest: Tabs/tripsNav,"))
    }

    /// `-` is standard input for `lint` too, as for every command that reads (SPEC §6): it said
    /// "no such file".
    @Test func lintReadsAStoryboardFromStandardInput() throws {
        let storyboard = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("Shelf.storyboard")))
        let r = try Self.run(["lint", "-"], stdin: storyboard, in: try CLI.temporaryDirectory())
        #expect(r.code == 0, "\(r.stderr)")
        #expect(
            r.stdout.hasPrefix(
                "<stdin>:\n  launch tree (3 of 5 controllers preserved):\n    ★ Tabs (UITabBarController)  path Tabs\n")
        )
    }

    /// `-` is standard input for UIKit's archive too: `import` and `record --archive` said "does
    /// not exist", and `archive` read it as a trace ("not valid UTF-8").
    @Test func uikitsArchiveIsReadFromStandardInput() throws {
        let dir = try CLI.temporaryDirectory()
        let archive = try Data(
            contentsOf: URL(fileURLWithPath: UIKitArchiveFixtures.path("state-restoration-demo.data")))
        let listing = try Self.run(["archive", "-"], stdin: archive, in: dir)
        #expect(listing.code == 0, "\(listing.stderr)")
        #expect(listing.stdout.hasPrefix("Restoration class map is {\n"))
        let imported = try Self.run(["import", "-", "-o", "t.jsonl"], stdin: archive, in: dir)
        #expect(imported.code == 0, "\(imported.stderr)")
        #expect(
            try String(contentsOf: dir.appendingPathComponent("t.jsonl"), encoding: .utf8).contains(
                #""scenario":"stdin""#))
        let recorded = try Self.run(
            [
                "record", UIKitArchiveFixtures.path("state-restoration-demo-today.yaml"), "--archive", "-", "-o",
                "r.jsonl",
            ],
            stdin: archive, in: dir)
        #expect(recorded.code == 0, "\(recorded.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.jsonl").path))
    }
}
