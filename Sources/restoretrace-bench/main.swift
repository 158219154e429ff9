import Foundation
import RestoreScenario

// restoretrace-bench: how record, replay and report scale. Run in release:
//   swift run -c release restoretrace-bench [--sizes 1000,10000,100000] [--runs 3] [--json]
// Each size runs in a child process of its own, so its peak memory is its own.

let args = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    args.firstIndex(of: name).flatMap { args.indices.contains($0 + 1) ? args[$0 + 1] : nil }
}

// Asked by `swift package generate-manual`: describe, never run.
if args.contains("--experimental-dump-help") {
    print(DumpHelp.json)
    exit(0)
}

if args.contains("--help") || args.contains("-h") {
    print(
        """
        USAGE: restoretrace-bench [--sizes 1000,10000,100000] [--runs N] [--json] [--no-dot-cli]

        Generates scenarios of growing size (tab bar → navigation stacks → custom containers → leaf
        screens with a table, a text field and coder state), and measures, as the median of N runs:
        scenario parse, engine preservation + restoration, trace write, trace read, replay, DOT build,
        layout + SVG render, HTML write; peak memory; trace bytes per event. Also renders the same DOT
        with the `dot` command (Debian's graphviz) to compare with in-process rendering.
        """)
    exit(0)
}

if let n = option("--engine-only").flatMap(Int.init) {
    EngineOnly.run(n)
    exit(0)
}
if let n = option("--engine-plain").flatMap(Int.init) {
    EngineOnly.plain(n)
    exit(0)
}
if let dotFile = option("--svg-only") {
    EngineOnly.svg(dotFile)
    exit(0)
}
if let n = option("--write-scenario").flatMap(Int.init) {
    // The generated scenario as a file, to run the real CLI on it.
    print(ScenarioText.json(ScenarioGenerator.generate(controllers: n)))
    exit(0)
}
if let n = option("--write-grid").flatMap(Int.init) {
    // The N×N grid scenario (N tab stacks × N controllers, each with a scroll view) as JSON.
    print(ScenarioText.json(ScenarioGenerator.grid(n)))
    exit(0)
}
if let n = option("--replay-only").flatMap(Int.init) {
    ReplayOnly.run(n)
    exit(0)
}
if let trace = option("--replay-trace") {
    ReplayOnly.run(trace: trace)
    exit(0)
}

if let single = option("--single").flatMap(Int.init) {
    let runs = option("--runs").flatMap(Int.init) ?? 3
    let row = Bench.run(controllers: single, runs: runs, dotCLI: !args.contains("--no-dot-cli"))
    print(row.json)
    exit(0)
}

let sizes = (option("--sizes") ?? "1000,10000,100000").split(separator: ",").compactMap { Int($0) }
let runs = option("--runs")
var rows: [BenchRow] = []
for size in sizes {
    FileHandle.standardError.write(Data("measuring \(size) controllers…\n".utf8))
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    child.arguments =
        ["--single", String(size), "--runs", runs ?? (size >= 100_000 ? "3" : "5")]
        + (args.contains("--no-dot-cli") ? ["--no-dot-cli"] : [])
    let pipe = Pipe()
    child.standardOutput = pipe
    try child.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    guard child.terminationStatus == 0, let row = BenchRow(json: data) else {
        FileHandle.standardError.write(Data("size \(size) failed (exit \(child.terminationStatus))\n".utf8))
        exit(1)
    }
    rows.append(row)
}
let demo = BenchStages.demoProcesses(runs: 5)
if args.contains("--json") {
    print(
        "{\"format\":\"restoretrace-bench/1\",\"demoRecordReplayReportSeconds\":\(demo.map { String($0) } ?? "null"),\"sizes\":["
            + rows.map(\.json).joined(separator: ",") + "]}")
} else {
    print(BenchTable.render(rows))
    if let demo { print("demo, as whole processes (record + replay + report): \(Measure.seconds(demo)) (median of 5)") }
}
