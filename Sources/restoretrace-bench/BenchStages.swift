import Foundation
import RestoreEngine
import RestoreExport
import RestoreReplay
import RestoreReport
import RestoreScenario
import RestoreTrace

/// Stages that need the parser and the exporter.
enum BenchStages {
    static func parse(_ scenario: Scenario, runs: Int, into row: inout BenchRow) {
        let text = ScenarioText.json(scenario)
        let parsed = Measure.median(runs) { try? ScenarioParser.parse(text, file: "generated.json") }
        if parsed.result == nil { row.notes.append("the generated scenario did not parse") }
        row.stages.append(("scenario parse (JSON text)", parsed.seconds))
    }

    static func export(trace: String, replay: ReplayResult, dir: URL, runs: Int, dotCLI: Bool, into row: inout BenchRow)
    {
        let events = (try? TraceReader(path: trace).readAll().map(\.event)) ?? []
        let dot = Measure.median(runs) { DotBuilder(outcome: replay.outcome, events: events).build() }
        row.stages.append(("DOT build", dot.seconds))
        // Both renders run in a fresh process: inside this one, after gigabytes of trace work, the
        // heap itself slows Graphviz's mallocs down and the comparison would be unfair to it.
        let dotFile = dir.appendingPathComponent("h.dot")
        try? dot.result.write(to: dotFile, atomically: true, encoding: .utf8)
        if let inProcess = freshProcessRender(dotFile) {
            row.stages.append(("layout + SVG render (in-process)", inProcess))
        } else {
            row.notes.append("in-process SVG render failed")
        }
        if dotCLI, let cli = commandLineDot(dot.result, dir: dir, runs: runs) {
            row.stages.append(("layout + SVG render (dot CLI)", cli))
        }
        guard row.controllers <= 20_000 else {
            row.notes.append(
                "report end to end not measured: an HTML page inlining \(row.events) events is not something to open; use export --format chrome-trace"
            )
            return
        }
        let html = Measure.median(runs) { () -> Bool in
            (try? Report.write(
                trace: trace, replay: replay, baseline: nil, to: dir.appendingPathComponent("report").path)) != nil
        }
        if !html.result { row.notes.append("the report could not be written") }
        row.stages.append(("report end to end (read, DOT, SVG, HTML)", html.seconds))
    }

    /// `restoretrace-bench --svg-only FILE` in a child process: the median in-process render time.
    static func freshProcessRender(_ file: URL) -> Double? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        p.arguments = ["--svg-only", file.path, "--seconds"]
        let pipe = Pipe()
        p.standardOutput = pipe
        try? p.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Double(String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The same DOT through Debian's `dot` command, for comparison (nil when it is not installed).
    static func commandLineDot(_ dot: String, dir: URL, runs: Int) -> Double? {
        guard let dotPath = ["/usr/bin/dot", "/usr/local/bin/dot"].first(where: FileManager.default.isExecutableFile)
        else { return nil }
        let input = dir.appendingPathComponent("h.dot")
        try? dot.write(to: input, atomically: true, encoding: .utf8)
        return Measure.median(runs) { () -> Int32 in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: dotPath)
            p.arguments = ["-Tsvg", input.path, "-o", dir.appendingPathComponent("h.svg").path]
            try? p.run()
            p.waitUntilExit()
            return p.terminationStatus
        }.seconds
    }

    /// The demo as a user runs it: `record` then `replay` (which writes the report), as processes.
    static func demoProcesses(runs: Int) -> Double? {
        let bin = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent()
            .appendingPathComponent("restoretrace")
        guard FileManager.default.isExecutableFile(atPath: bin.path) else { return nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-bench-demo-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func run(_ args: [String]) {
            let p = Process()
            p.executableURL = bin
            p.arguments = args
            p.currentDirectoryURL = dir
            p.standardOutput = FileHandle.nullDevice
            try? p.run()
            p.waitUntilExit()
        }
        return Measure.median(runs) {
            run(["record"])
            run(["replay", "restoretrace-demo.trace.jsonl"])
        }.seconds
    }
}
