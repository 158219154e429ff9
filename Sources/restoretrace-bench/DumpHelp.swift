import Foundation

/// The benchmark's options, once: `--help` prints them for people, `--experimental-dump-help`
/// as swift-argument-parser's ToolInfo (version 0), so `swift package generate-manual`
/// documents the benchmark instead of running it.
enum DumpHelp {
    static let abstract = "Time the real restoretrace binary on apps of growing size, next to cat and Python."
    static let discussion = """
        For each N it writes the grid app (N tab stacks × N controllers, each with a scroll view) as a \
        JSON and as a YAML scenario, then runs the restoretrace binary beside this one as whole child \
        processes: record (from the JSON, and from the YAML as a row of its own), diff of the two \
        recordings (one trace, as a CI job's check after recording again), replay --no-report, \
        report -o DIR, archive, export --format chrome-trace and export --format json; then record, \
        replay and report of the same grid relaunched with nothing restored (every node a finding: \
        the case of an app whose restoration is broken), on its own trace; then record and replay of \
        one navigation stack of N² controllers sharing one restoration identifier, each made by its \
        restoration class (the ambiguous-paths bug at scale), on its own trace. Each row gives events, \
        wall seconds (the minimum of --runs runs), events per second, the child's own peak resident \
        memory (wait4; the maximum of the runs), the bytes written (the report's folder and its \
        index.html apart), and the ratio to two anchors run on the same trace in the same run: \
        `cat FILE > /dev/null` and Python's json.loads of every line (left out, with a note, without \
        python3; the nothing-restored and shared-identifier rows have none, their traces are others). growth is the seconds \
        per event over the previous size's: 1.00 is linear. Below the \
        table: each trace's lines and longest line; when --sizes has 200, the engine alone at 200 in this \
        process after every child, phase by phase (nodes/s through preservation and restoration); and \
        issue 17's targets, met or not. Progress goes to \
        standard error, the table to standard output. Build both binaries in release first: \
        swift build -c release, then .build/release/restoretrace-bench. Generated files go to a temporary folder, removed at the end.
        """

    /// One option: its name, its value's name (nil for a flag) and what it does.
    struct Option {
        var name: String
        var value: String?
        var help: String
        init(_ name: String, _ value: String?, _ help: String) {
            (self.name, self.value, self.help) = (name, value, help)
        }
    }

    static let options: [Option] = [
        Option("sizes", "n,n,…", "The grid sizes N to measure (default: 25,50,100,200,400)."),
        Option("runs", "n", "Runs of each command per size; the table shows the fastest (default: 3)."),
        Option("json", nil, "Print the results as JSON (format restoretrace-bench/2) instead of the table."),
        Option("restoretrace", "path", "The restoretrace binary to time (default: the one beside this binary)."),
        Option("keep", "dir", "Write the generated scenarios, traces and outputs under this folder and keep them."),
        Option("write-grid", "n", "Print the N×N grid scenario as JSON and stop."),
        Option("write-grid-yaml", "n", "Print the same scenario as block-style YAML and stop."),
        Option(
            "write-grid-nothing-restored", "n",
            "Print the N×N grid relaunched with an empty tab bar (every node preserved, none restored, each a finding) as JSON and stop."
        ),
        Option(
            "write-shared-identifier", "n",
            "Print one navigation stack of N² controllers sharing one restoration identifier, each made by its restoration class, as JSON and stop."
        ),
        Option(
            "write-scenario", "n",
            "Print the older generated app of N controllers (tab bar, stacks, containers) and stop."),
        Option(
            "engine-only", "n",
            "Profiling, in this process: run the engine alone on the older generated app of N controllers."),
        Option(
            "engine-plain", "n",
            "Profiling: the engine on a plain hierarchy of about N nodes, with build, preserve and restore apart."),
        Option(
            "engine-grid", "n",
            "Profiling: the engine alone on the N×N grid app, without an observer and with one that drops events, as nodes/s; then each phase apart (make, build UI, preserve, kill, relaunch + restore, free) and nodes/s through preservation and restoration, the measure of issue 17's engine target (also in the table's targets when --sizes has 200)."
        ),
        Option(
            "replay-only", "n",
            "Profiling: record the older generated app of N controllers once, then time its replay only."),
        Option("replay-trace", "path", "Profiling: replay an existing trace once, with this process's peak memory."),
        Option("svg-only", "file", "Profiling: lay out and render a DOT file in-process (median of 5)."),
        Option("help", nil, "Show help information."),
    ]

    static var help: String {
        let width = options.map { $0.name.count + ($0.value.map { $0.count + 3 } ?? 0) }.max() ?? 0
        let lines = options.map { o in
            let flag = "--\(o.name)" + (o.value.map { " <\($0)>" } ?? "")
            return "  " + flag.padding(toLength: width + 2, withPad: " ", startingAt: 0) + "  " + o.help
        }
        return """
            OVERVIEW: \(abstract)

            \(discussion)

            USAGE: restoretrace-bench [--sizes <n,n,…>] [--runs <n>] [--json] [--restoretrace <path>] [--keep <dir>]

            OPTIONS:
            \(lines.joined(separator: "\n"))

            EXAMPLES:
              swift build -c release
              .build/release/restoretrace-bench --sizes 25,50,100,200 --runs 3
              .build/release/restoretrace-bench --sizes 200 --runs 1 --json > bench.json
              .build/release/restoretrace-bench --write-grid 200 > g200.json
            """
    }

    static var json: String {
        let arguments: [[String: Any]] = options.map { o in
            var a: [String: Any] = [
                "kind": o.value == nil ? "flag" : "option", "shouldDisplay": true, "isOptional": true,
                "isRepeating": false, "parsingStrategy": "default", "abstract": o.help,
                "names": [["kind": "long", "name": o.name]], "preferredName": ["kind": "long", "name": o.name],
            ]
            if let value = o.value { a["valueName"] = value }
            return a
        }
        let tool: [String: Any] = [
            "serializationVersion": 0,
            "command": [
                "commandName": "restoretrace-bench", "abstract": abstract, "discussion": discussion,
                "shouldDisplay": true, "arguments": arguments,
            ],
        ]
        let data = try! JSONSerialization.data(withJSONObject: tool, options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self)
    }
}
