import Foundation
import Yams

/// What the fuzzers run on a mutant and what they check afterwards. Both the suite's bounded
/// fuzz test (each run a separate process, so a signal is seen) and `restoretrace-fuzz` (in
/// process, for speed) use it, so they hold the tool to the same contract (SPEC §6): every run
/// ends with exit 0, 1, 2 or 3; no partial or temporary file is left; the input is unchanged;
/// a failed run writes no output.
public enum FuzzTarget {
    /// One command line over a mutant in a work folder.
    public struct Run: Sendable {
        /// A short name for counting (`record`, `export svg`, …).
        public var name: String
        public var arguments: [String]
        /// The file or folder the command writes, relative to the work folder.
        public var output: String?
    }

    /// The mutant's file name in the work folder.
    public static let scenarioFile = "mutant.yaml"
    public static let traceFile = "mutant.trace.jsonl"
    public static let storyboardFile = "mutant.storyboard"
    /// An intact trace `diff` compares the mutant with.
    public static let referenceFile = "reference.trace.jsonl"
    public static let jsonScenarioFile = "mutant.json"
    /// A mutated UIKit archive (`data.data`, binary or XML).
    public static let archiveFile = "mutant.data"
    public static let infoPlistFile = "mutant-Info.plist"
    /// The intact scenario `record --archive` relaunches against a mutated archive.
    public static let archiveScenarioFile = "archive-scenario.yaml"

    /// Commands over a mutated scenario.
    public static let scenarioRuns: [Run] = [
        Run(name: "record", arguments: ["record", scenarioFile, "-o", "out.trace.jsonl"], output: "out.trace.jsonl"),
        Run(name: "record --json", arguments: ["record", scenarioFile, "--json", "-o", "o.jsonl"], output: "o.jsonl"),
    ]

    /// Commands over a mutated JSON scenario (the JSON reader's own route, not the YAML library's).
    public static let jsonScenarioRuns: [Run] = [
        Run(
            name: "record json", arguments: ["record", jsonScenarioFile, "-o", "out.trace.jsonl"],
            output: "out.trace.jsonl"),
        Run(
            name: "record json --json", arguments: ["record", jsonScenarioFile, "--json", "-o", "o.jsonl"],
            output: "o.jsonl"),
    ]

    /// Commands over a mutated UIKit archive.
    public static let archiveRuns: [Run] = [
        Run(
            name: "import", arguments: ["import", archiveFile, "-o", "imported.trace.jsonl"],
            output: "imported.trace.jsonl"),
        Run(name: "archive data", arguments: ["archive", archiveFile], output: nil),
        Run(name: "archive data --json", arguments: ["archive", archiveFile, "--json"], output: nil),
        Run(
            name: "record --archive",
            arguments: ["record", archiveScenarioFile, "--archive", archiveFile, "-o", "relaunch.trace.jsonl"],
            output: "relaunch.trace.jsonl"),
    ]

    /// Commands over a mutated Info.plist, linted with the intact storyboards beside it.
    public static func infoPlistRuns(storyboards: [String]) -> [Run] {
        [
            Run(name: "lint Info.plist", arguments: ["lint", infoPlistFile] + storyboards, output: nil),
            Run(name: "lint Info.plist --json", arguments: ["lint", infoPlistFile, "--json"], output: nil),
        ]
    }

    /// A YAML scenario written as JSON (sorted keys), for mutants of the JSON route; nil when it
    /// holds what JSON cannot (a timestamp, a key that is not a string).
    public static func json(fromYAML bytes: [UInt8]) -> [UInt8]? {
        guard let text = String(validating: bytes, as: UTF8.self), let value = try? Yams.load(yaml: text),
            JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        else { return nil }
        return [UInt8](data)
    }

    /// Commands over a mutated storyboard.
    public static let storyboardRuns: [Run] = [
        Run(name: "lint", arguments: ["lint", storyboardFile], output: nil),
        Run(name: "lint --json", arguments: ["lint", storyboardFile, "--json"], output: nil),
    ]

    /// Commands over a mutated trace.
    public static let traceRuns: [Run] = [
        Run(name: "replay", arguments: ["replay", traceFile, "--no-report"], output: nil),
        Run(
            name: "replay --set",
            arguments: ["replay", traceFile, "--set", "shouldRestore=false", "--report-dir", "w"],
            output: "w"),
        Run(name: "report", arguments: ["report", traceFile, "-o", "r"], output: "r"),
        Run(
            name: "export json", arguments: ["export", traceFile, "--format", "json", "-o", "o.json"], output: "o.json"),
        Run(name: "export dot", arguments: ["export", traceFile, "--format", "dot", "-o", "o.dot"], output: "o.dot"),
        Run(name: "export svg", arguments: ["export", traceFile, "--format", "svg", "-o", "o.svg"], output: "o.svg"),
        Run(
            name: "export chrome-trace", arguments: ["export", traceFile, "--format", "chrome-trace", "-o", "o.ct"],
            output: "o.ct"),
        Run(name: "archive", arguments: ["archive", traceFile], output: nil),
        Run(name: "diff", arguments: ["diff", traceFile, referenceFile], output: nil),
    ]

    /// What went wrong in one run (empty when it kept the contract).
    /// - Parameters:
    ///   - code: the exit code; nil when a signal ended the process.
    ///   - inputIntact: whether the mutant's bytes are what they were before the run.
    ///   - entries: the work folder's entries after the run.
    public static func problems(run: Run, code: Int32?, inputIntact: Bool, entries: [String]) -> [String] {
        var found: [String] = []
        guard let code else { return ["\(run.name): ended by a signal (a crash)"] }
        if ![0, 1, 2, 3].contains(code) { found.append("\(run.name): exit code \(code), not 0/1/2/3") }
        if !inputIntact { found.append("\(run.name): the input was changed") }
        for entry in entries where entry.hasSuffix(".partial") || entry.contains("restoretrace-tmp") {
            found.append("\(run.name): left '\(entry)' behind")
        }
        // Exit 1 is a finding (a divergence), not a failure: `replay` still writes its report.
        if code >= 2, let output = run.output, entries.contains(output) {
            found.append("\(run.name): exit \(code) but '\(output)' was written")
        }
        return found
    }
}
