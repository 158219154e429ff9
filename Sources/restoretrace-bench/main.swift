import Foundation
import RestoreScenario

// restoretrace-bench: the real binary, timed as whole processes on apps of growing size.
//   swift build -c release && .build/release/restoretrace-bench [--sizes 25,50,100,200,400] [--runs 3] [--json]
// `--help` teaches the rest; DumpHelp holds the options once for it and for the manual.

let args = Array(CommandLine.arguments.dropFirst())
let known = Set(DumpHelp.options.map { "--" + $0.name } + ["-h", "--experimental-dump-help"])
let takesValue = Set(DumpHelp.options.filter { $0.value != nil }.map { "--" + $0.name })

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("restoretrace-bench: error: \(message)\n".utf8))
    exit(2)
}
func option(_ name: String) -> String? {
    args.firstIndex(of: name).flatMap { args.indices.contains($0 + 1) ? args[$0 + 1] : nil }
}
func number(_ name: String) -> Int? {
    option(name).map { text in
        guard let n = Int(text), n > 0 else { fail("\(name) takes a positive whole number, not '\(text)'") }
        return n
    }
}

// Asked by `swift package generate-manual`: describe, never run.
if args.contains("--experimental-dump-help") {
    print(DumpHelp.json)
    exit(0)
}
if args.contains("--help") || args.contains("-h") {
    print(DumpHelp.help)
    exit(0)
}
var index = 0
while index < args.count {
    let word = args[index]
    guard known.contains(word) || index > 0 && takesValue.contains(args[index - 1]) else {
        fail("unknown argument '\(word)'; see restoretrace-bench --help")
    }
    if takesValue.contains(word), index + 1 >= args.count {
        fail("\(word) needs a value; see restoretrace-bench --help")
    }
    index += 1
}

// One-off modes: print a scenario, or profile one stage in this process.
if let n = number("--write-grid") {
    print(ScenarioText.json(ScenarioGenerator.grid(n)))
    exit(0)
}
if let n = number("--write-grid-nothing-restored") {
    print(ScenarioText.json(ScenarioGenerator.gridNothingRestored(n)))
    exit(0)
}
if let n = number("--write-shared-identifier") {
    print(ScenarioText.json(ScenarioGenerator.gridSharedIdentifier(n)))
    exit(0)
}
if let n = number("--write-grid-yaml") {
    print(ScenarioText.yaml(ScenarioGenerator.grid(n)), terminator: "")
    exit(0)
}
if let n = number("--write-scenario") {
    print(ScenarioText.json(ScenarioGenerator.generate(controllers: n)))
    exit(0)
}
if let n = number("--engine-only") {
    EngineOnly.run(n)
    exit(0)
}
if let n = number("--engine-plain") {
    EngineOnly.plain(n)
    exit(0)
}
if let n = number("--engine-grid") {
    EngineOnly.grid(n)
    exit(0)
}
if let n = number("--replay-only") {
    ReplayOnly.run(n)
    exit(0)
}
if let trace = option("--replay-trace") {
    ReplayOnly.run(trace: trace)
    exit(0)
}
if let dotFile = option("--svg-only") {
    EngineOnly.svg(dotFile)
    exit(0)
}

// The table.
let sizes = (option("--sizes") ?? "25,50,100,200,400").split(separator: ",").map { text in
    guard let n = Int(text), n > 0 else {
        fail("--sizes takes positive whole numbers separated by commas, not '\(text)'")
    }
    return n
}
let runs = number("--runs") ?? 3
let selfPath =
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
let restoretrace =
    option("--restoretrace")
    ?? URL(fileURLWithPath: selfPath).deletingLastPathComponent().appendingPathComponent("restoretrace").path
guard FileManager.default.isExecutableFile(atPath: restoretrace) else {
    fail(
        "\(restoretrace) is not an executable; build it (swift build -c release --product restoretrace) or pass --restoretrace PATH"
    )
}
let kept = option("--keep")
let work =
    kept ?? FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-bench-\(getpid())").path
var notes: [String] = []
let python = Anchors.python()
if python == nil { notes.append("python3 is not on PATH: the Python anchor and ×python are left out") }

do {
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    defer { if kept == nil { try? FileManager.default.removeItem(atPath: work) } }
    if let floor = Anchors.rssFloor(scratch: work) {
        notes.append(
            "peak RSS is each child's own (wait4), counting from its fork of this process: /bin/true shows \(Format.megabytes(floor)) MB"
        )
    }
    // Untimed: the first start of a freshly built binary or interpreter reads it from disk.
    for (program, arguments) in [(restoretrace, ["--version"])] + (python.map { [($0, ["-c", "import json"])] } ?? []) {
        _ = try? ChildProcess(executable: program, arguments: arguments).run(scratch: work)
    }
    var bench = GridBench(restoretrace: restoretrace, bench: selfPath, python: python, runs: runs, work: work)
    bench.keep = kept != nil
    var report = BenchReport(restoretrace: restoretrace, runs: runs, sizes: [], notes: notes)
    for n in sizes { report.sizes.append(try bench.measure(n)) }
    // In this process, and last: a child forked after it would start from the grid's memory.
    if sizes.contains(TargetCheck.targetSize) {
        FileHandle.standardError.write(Data("N=\(TargetCheck.targetSize): the engine alone, in this process …\n".utf8))
        // At least 3 runs: the first one pays for this process's heap growing (page faults).
        report.engine = EnginePhases.measure(grid: TargetCheck.targetSize, runs: max(3, runs))
    }
    report.relate()
    print(args.contains("--json") ? report.json : BenchTable.render(report))
} catch {
    FileHandle.standardError.write(Data("restoretrace-bench: error: \(error)\n".utf8))
    exit(1)
}
