import Foundation

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

    /// Commands over a mutated scenario.
    public static let scenarioRuns: [Run] = [
        Run(name: "record", arguments: ["record", scenarioFile, "-o", "out.trace.jsonl"], output: "out.trace.jsonl"),
        Run(name: "record --json", arguments: ["record", scenarioFile, "--json", "-o", "o.jsonl"], output: "o.jsonl"),
    ]

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
