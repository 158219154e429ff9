import Foundation
import RestoreTestSupport
import Testing

/// `--help` is documentation: golden-tested so a change to it is a reviewed change.
/// Re-record with `RESTORETRACE_RECORD_GOLDENS=1` (that run fails on purpose).
@Suite struct HelpTests {
    @Test(arguments: ["", "record", "replay", "report", "diff", "archive", "export", "lint", "schema"])
    func helpMatchesGolden(_ command: String) throws {
        let args = (command.isEmpty ? [] : [command]) + ["--help"]
        let r = try CLI.run(args, in: FileManager.default.temporaryDirectory)
        #expect(r.code == 0)
        try Golden.check(r.stdout, named: "help-\(command.isEmpty ? "root" : command).txt")
    }

    @Test func helpTeachesExitCodesAndWhatIf() throws {
        // Help wraps at the terminal's width: compare the words, not the line breaks.
        let root = try CLI.run(["--help"], in: FileManager.default.temporaryDirectory).stdout
            .replacingOccurrences(of: "\n", with: " ")
        #expect(
            root.contains(
                "Exit codes: 0 done, 1 replay diverged, diff found a difference or --fail-on matched, 2 bad input (the message names the file and line), 3 the environment failed"
            ))
        for command in ["record", "replay", "report", "diff", "archive", "export", "import", "lint", "schema"] {
            let help = try CLI.run([command, "--help"], in: FileManager.default.temporaryDirectory).stdout
                .replacingOccurrences(of: "\n", with: " ")
            #expect(help.contains("Exit codes: 0 "), "\(command) --help")
            // Every command writes a file or standard output, and says what a refused write exits with.
            #expect(help.contains("; 3 "), "\(command) --help")
        }
        let replay = try CLI.run(["replay", "--help"], in: FileManager.default.temporaryDirectory).stdout
        #expect(replay.contains("--set 'answer:Tabs/home/Detail=nil'"))
        #expect(replay.contains("--drop-id"))
    }

    /// An example wrapped in the middle of its command at 80 columns (help's width off a
    /// terminal) is a broken command when copied: `archive`'s and `import`'s simulator examples
    /// were (r19 CLI hunt).
    @Test(arguments: ["", "record", "replay", "report", "diff", "archive", "export", "import", "lint", "schema"])
    func examplesAreNotWrappedInsideACommand(_ command: String) throws {
        let args = (command.isEmpty ? [] : [command]) + ["--help"]
        let lines = try CLI.run(args, in: FileManager.default.temporaryDirectory).stdout
            .components(separatedBy: "\n")
        for (line, next) in zip(lines, lines.dropFirst())
        where line.hasPrefix("  restoretrace ") || line.hasPrefix("  app=") {
            #expect(next.isEmpty || next.hasPrefix(" "), "\(command) --help wraps '\(line)' onto '\(next)'")
        }
    }

    /// `record --help` teaches a newcomer the scenario for their own storyboard (r19 end-to-end
    /// walk: nothing in it named storyboards:); the three lines it shows record as written.
    @Test func recordHelpsScenarioForAStoryboardRecords() throws {
        let help = try CLI.run(["record", "--help"], in: FileManager.default.temporaryDirectory).stdout
        let lines = help.components(separatedBy: "\n").filter {
            ["  name: ", "  app: ", "  storyboards: "].contains(where: $0.hasPrefix)
        }
        #expect(lines.count == 3, "\(lines)")
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            atPath: CLI.sample("Shelf.storyboard"), toPath: dir.appendingPathComponent("Main.storyboard").path)
        try lines.map { String($0.dropFirst(2)) }.joined(separator: "\n").write(
            to: dir.appendingPathComponent("MyApp.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "MyApp.yaml"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.contains("MyApp: recorded"))
    }
}
