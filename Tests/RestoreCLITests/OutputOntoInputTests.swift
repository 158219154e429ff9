import Foundation
import RestoreTestSupport
import Testing

/// Ways an output still landed on an input (r19 CLI hunt): through the file written first
/// (`OUTPUT.partial`), and through standard input redirected from the output's file.
@Suite struct OutputOntoInputTests {
    /// A crashed recording is `X.partial`; exporting it to `X` wrote through `X.partial` first,
    /// truncating the only copy, and exited 0.
    @Test func theFileWrittenFirstIsNeverAnInput() throws {
        let dir = try CLI.temporaryDirectory()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("homepwner.trace.jsonl")))
        let crashed = dir.appendingPathComponent("crash.trace.jsonl.partial")
        try bytes.prefix(9000).write(to: crashed)
        let r = try CLI.run(
            ["export", "crash.trace.jsonl.partial", "--format", "dot", "-o", "crash.trace.jsonl"], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "crash.trace.jsonl: error: is written through 'crash.trace.jsonl.partial' first, which is the input"))
        #expect(try Data(contentsOf: crashed) == bytes.prefix(9000))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("crash.trace.jsonl").path))
    }

    /// `export - -o t.jsonl < t.jsonl` replaced the trace with its drawing, exit 0.
    @Test func standardInputRedirectedFromTheOutputIsRefused() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = dir.appendingPathComponent("t.jsonl")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: CLI.sample("homepwner.trace.jsonl")), to: trace)
        let before = try Data(contentsOf: trace)
        for arguments in [
            ["export", "-", "--format", "dot", "-o", "t.jsonl"],
            ["export", "-", "--format", "json", "-o", "/dev/stdin"],
        ] {
            let p = Process()
            p.executableURL = CLI.binary
            p.arguments = arguments
            p.currentDirectoryURL = dir
            p.standardInput = try FileHandle(forReadingFrom: trace)
            let r = try CLI.collect(p)
            #expect(r.code == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("this is the file standard input reads ('-')"), "\(r.stderr)")
            #expect(try Data(contentsOf: trace) == before)
        }
    }

    /// `record` checked only named inputs: a scenario or a device's archive read from standard
    /// input was replaced by the trace when the output was its file, exit 0 (r20 fuzz).
    @Test func recordNeverWritesOntoWhatStandardInputReads() throws {
        let dir = try CLI.temporaryDirectory()
        let scenario = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("homepwner.yaml")))
        let archive = try Data(
            contentsOf: URL(fileURLWithPath: UIKitArchiveFixtures.path("state-restoration-demo.data")))
        try scenario.write(to: dir.appendingPathComponent("s.yaml"))
        // `record -` writes `stdin.trace.jsonl` by default.
        try scenario.write(to: dir.appendingPathComponent("stdin.trace.jsonl"))
        try archive.write(to: dir.appendingPathComponent("a.data"))
        for (arguments, input, bytes) in [
            (["record", "-", "-o", "s.yaml"], "s.yaml", scenario),
            (["record", "-"], "stdin.trace.jsonl", scenario),
            (
                [
                    "record", UIKitArchiveFixtures.path("state-restoration-demo-today.yaml"), "--archive", "-", "-o",
                    "a.data",
                ], "a.data", archive
            ),
        ] {
            let p = Process()
            p.executableURL = CLI.binary
            p.arguments = arguments
            p.currentDirectoryURL = dir
            p.standardInput = try FileHandle(forReadingFrom: dir.appendingPathComponent(input))
            let r = try CLI.collect(p)
            #expect(r.code == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("this is the file standard input reads ('-')"), "\(r.stderr)")
            #expect(try Data(contentsOf: dir.appendingPathComponent(input)) == bytes, "\(arguments)")
        }
    }

    /// The "Next:" command is pasted into a shell: a path with a space was two words, and one
    /// holding `$(…)` ran it (r20 fuzz).
    @Test func theNextCommandQuotesItsPath() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: CLI.sample("homepwner.yaml")), to: dir.appendingPathComponent("my $(app).yaml"))
        let r = try CLI.run(["record", "my $(app).yaml"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("Next: restoretrace replay 'my $(app).trace.jsonl'\n"), "\(r.stdout)")
    }

    /// A Latin-1 file name reached the command repaired to U+FFFD: "no such file" for a file that
    /// exists, and `-o` wrote another name than the one given (r20 fuzz). Refused by its bytes.
    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: CLI.sample("homepwner.trace.jsonl")), to: dir.appendingPathComponent("t.jsonl"))
        for script in [
            #"cp t.jsonl "$(printf 'caf\351.jsonl')" && restoretrace replay "$(printf 'caf\351.jsonl')" --no-report"#,
            #"restoretrace export t.jsonl --format dot -o "$(printf 'out\351.dot')""#,
        ] {
            let r = try CLI.shell(script, in: dir)
            #expect(r.code == 2, "\(script): \(r.stderr)")
            #expect(r.stderr.contains("is not UTF-8, and restoretrace names files in UTF-8"), "\(r.stderr)")
        }
        // Nothing written under the repaired name.
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out\u{FFFD}.dot").path))
    }

    /// Replacing an existing output keeps its permissions (600 became 644).
    @Test func aReplacedOutputKeepsItsPermissions() throws {
        let dir = try CLI.temporaryDirectory()
        let out = dir.appendingPathComponent("private.dot")
        try Data("old".utf8).write(to: out)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: out.path)
        let r = try CLI.run(
            ["export", CLI.sample("homepwner.trace.jsonl"), "--format", "dot", "-o", "private.dot"], in: dir)
        #expect(r.code == 0)
        #expect(try String(contentsOf: out, encoding: .utf8).hasPrefix("digraph"))
        let mode = try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// A folder named where a file goes is the user's mistake (exit 2), as a file named where a
    /// folder goes is; it was exit 3, "the environment failed".
    @Test func aFolderWhereAFileGoesIsBadInput() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("adir"), withIntermediateDirectories: true)
        let r = try CLI.run(["export", CLI.sample("homepwner.trace.jsonl"), "--format", "dot", "-o", "adir"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.hasPrefix("adir: error: cannot write: Is a directory"))
    }
}

/// A trace an editor saved with a byte order mark was refused as "unexpected character '�'".
@Suite struct TraceByteOrderMarkTests {
    @Test func theMarkIsNamed() throws {
        let dir = try CLI.temporaryDirectory()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("homepwner.trace.jsonl")))
        try (Data([0xEF, 0xBB, 0xBF]) + bytes).write(to: dir.appendingPathComponent("bom.jsonl"))
        let r = try CLI.run(["replay", "bom.jsonl", "--no-report"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.hasPrefix("bom.jsonl:1:1: error: the trace starts with a UTF-8 byte order mark (EF BB BF)"))
        #expect(!r.stderr.contains("\u{FFFD}"))
    }
}
