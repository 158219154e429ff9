import Foundation
import RestoreReport
import RestoreScenario
import RestoreTestSupport
import Testing

/// The README's examples are run, so they cannot rot: console sessions print what they show,
/// shell blocks run, scenario blocks are samples or restore everything they preserve.
@Suite struct ReadmeTests {
    struct Block: CustomStringConvertible {
        var language: String
        var line: Int
        var lines: [String]
        var description: String { "README.md:\(line) (\(language.isEmpty ? "console" : language))" }
    }

    static let blocks: [Block] = {
        let text =
            (try? String(contentsOf: Samples.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var blocks: [Block] = []
        var current: Block?
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                if let b = current {
                    blocks.append(b)
                    current = nil
                } else {
                    current = Block(language: String(line.dropFirst(3)), line: i + 1, lines: [])
                }
            } else {
                current?.lines.append(line)
            }
        }
        return blocks
    }()

    static func trimmed(_ s: String) -> String {
        var s = s
        while s.last == " " { s.removeLast() }
        return s
    }

    @Test(arguments: blocks.filter { $0.language.isEmpty && $0.lines.contains { $0.hasPrefix("$ restoretrace") } })
    func consoleSessionsPrintWhatTheyShow(_ block: Block) throws {
        let dir = try CLI.sandbox()
        var last: CLI.Result?
        var i = 0
        while i < block.lines.count {
            let line = block.lines[i]
            i += 1
            guard line.hasPrefix("$ ") else { continue }
            var shown: [String] = []
            while i < block.lines.count, !block.lines[i].hasPrefix("$ ") {
                shown.append(block.lines[i])
                i += 1
            }
            let command = String(line.dropFirst(2))
            if command == "echo $?" {
                #expect("\(last?.code ?? -1)" == shown.first, "\(block): `echo $?`")
                continue
            }
            let r = try CLI.shell(command, in: dir)
            last = r
            let printed = Set((r.stdout + r.stderr).components(separatedBy: "\n").map(Self.trimmed))
            for expected in shown.map(Self.trimmed)
            where !expected.isEmpty && expected.trimmingCharacters(in: .whitespaces) != "…" {
                #expect(printed.contains(expected), "\(block): `\(command)` does not print:\n\(expected)")
            }
        }
    }

    /// Shell blocks made only of restoretrace and plain shell plumbing; the others need a machine
    /// this suite does not have (a simulator through xcrun, apt, a fresh checkout) or write into
    /// the user's home.
    static let runnableShellBlocks = blocks.filter { block in
        let plumbing: Set<Substring> = ["restoretrace", "set", "mkdir", "for", "do", "done"]
        return block.language == "sh"
            && block.lines.allSatisfy { line in
                let words = line.split(separator: " ")
                return words.isEmpty || words[0].hasPrefix("#")
                    || (plumbing.contains(words[0]) && !line.contains("~") && !line.contains("xcrun"))
            }
    }

    @Test func theRunnableShellBlocksAreTheOnesThatUseOnlyRestoretrace() {
        #expect(Self.runnableShellBlocks.count >= 3)
    }

    @Test(arguments: runnableShellBlocks)
    func shellBlocksRun(_ block: Block) throws {
        let r = try CLI.shell(block.lines.joined(separator: "\n"), in: try CLI.sandbox())
        #expect(r.code == 0, "\(block): \(r.stderr)")
    }

    @Test(arguments: blocks.filter { $0.language == "yaml" })
    func yamlBlocksAreValidScenariosOrWorkflowsThatRun(_ block: Block) throws {
        let text = block.lines.joined(separator: "\n")
        guard case .map(let top) = try ScenarioDocument.read(text, file: block.description) else {
            Issue.record("\(block) is not a mapping")
            return
        }
        let dir = try CLI.sandbox()
        if top.contains(where: { $0.0 == "jobs" }) {
            // A CI workflow: its restoretrace steps run (building and installing are the runner's job).
            let steps = block.lines.map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("restoretrace ") || $0.hasPrefix("mkdir ") }
            #expect(!steps.isEmpty)
            let r = try CLI.shell(steps.joined(separator: "\n"), in: dir)
            #expect(r.code == 0, "\(block): \(r.stderr)")
            return
        }
        // A block without `name:` sketches the format's shape (`ui: NODE`); it is not a scenario.
        guard top.contains(where: { $0.0 == "name" }) else { return }
        #expect(SchemaValidator(schema: ScenarioSchema.json).problems(.map(top)) == [], "\(block)")
        let name = top.first { $0.0 == "name" }.map { "\($0.1)" } ?? ""
        if case .string(let sample)? = top.first(where: { $0.0 == "name" })?.1,
            FileManager.default.fileExists(atPath: Samples.path(sample + ".yaml"))
        {
            // An excerpt of a sample: every line of it is in the sample (comments aside).
            let file = try String(contentsOfFile: Samples.path(sample + ".yaml"), encoding: .utf8)
            let fileLines = Set(file.components(separatedBy: "\n").map(Self.code))
            for line in block.lines.map(Self.code) where !line.isEmpty {
                #expect(fileLines.contains(line), "\(block): not in Traces/\(sample).yaml: \(line)")
            }
            return
        }
        try text.write(to: dir.appendingPathComponent("example.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "example.yaml", "--fail-on", "lost", "--fail-on", "error"], in: dir)
        #expect(r.code == 0, "\(block) \(name): \(r.stdout)\(r.stderr)")
    }

    /// A YAML line without its comment or trailing spaces.
    static func code(_ line: String) -> String {
        guard let hash = line.range(of: " #") else { return trimmed(line) }
        return trimmed(String(line[..<hash.lowerBound]))
    }
}
