import Foundation
import Testing

/// `--help` is self-contained and its examples work: each `restoretrace …` line of every help text
/// runs, in order, in a folder holding a copy of `Traces/`, and exits 0 or 1 (never bad input).
@Suite struct HelpExamplesTests {
    static let commands = ["", "record", "replay", "report", "diff", "archive", "export", "lint", "schema"]

    static func help(_ command: String) throws -> String {
        try CLI.run((command.isEmpty ? [] : [command]) + ["--help"], in: FileManager.default.temporaryDirectory).stdout
    }

    /// The example command lines of a help text, without their trailing `# comment`; those that
    /// need a simulator are left out.
    static func examples(_ help: String) -> [String] {
        help.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            // A simulator's app container (xcrun, or `$app` set from it) exists only on a Mac
            // with Xcode.
            .filter { $0.hasPrefix("restoretrace ") && !$0.contains("xcrun") && !$0.contains("$app") }
            .map { line in
                guard let hash = line.range(of: "  #") else { return line }
                return String(line[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces)
            }
    }

    @Test(arguments: commands)
    func helpNeverSendsTheUserToADocumentTheyDoNotHave(_ command: String) throws {
        let text = try Self.help(command)
        #expect(!text.contains("SPEC"), "\(command) --help")
        #expect(!text.contains("§"), "\(command) --help")
    }

    @Test(arguments: commands)
    func everyExampleInHelpRuns(_ command: String) throws {
        let examples = Self.examples(try Self.help(command))
        #expect(!examples.isEmpty, "\(command) --help has no example")
        let dir = try CLI.sandbox()
        for example in examples {
            let r = try CLI.shell(example, in: dir)
            #expect(r.code == 0 || r.code == 1, "`\(example)` exited \(r.code): \(r.stderr)")
        }
    }
}
