import Foundation
import RestoreEngine
import RestoreReplay
import RestoreScenario
import RestoreTrace

/// One size's measurements.
struct BenchRow {
    var controllers = 0
    var nodes = 0
    var events = 0
    var traceBytes = 0
    /// Stage name → median seconds, in table order.
    var stages: [(String, Double)] = []
    var peakMemory = 0
    var notes: [String] = []

    func stage(_ name: String) -> Double? { stages.first { $0.0 == name }?.1 }

    var json: String {
        let object: [String: Any] = [
            "controllers": controllers, "nodes": nodes, "events": events, "traceBytes": traceBytes,
            "peakMemoryBytes": peakMemory, "notes": notes,
            "stages": stages.map { ["name": $0.0, "seconds": $0.1] },
        ]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    init() {}

    init?(json: Data) {
        guard let o = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return nil }
        controllers = o["controllers"] as? Int ?? 0
        nodes = o["nodes"] as? Int ?? 0
        events = o["events"] as? Int ?? 0
        traceBytes = o["traceBytes"] as? Int ?? 0
        peakMemory = o["peakMemoryBytes"] as? Int ?? 0
        notes = o["notes"] as? [String] ?? []
        stages = (o["stages"] as? [[String: Any]] ?? []).compactMap { s in
            guard let n = s["name"] as? String, let v = s["seconds"] as? Double else { return nil }
            return (n, v)
        }
    }
}

enum Bench {
    static func run(controllers: Int, runs: Int, dotCLI: Bool) -> BenchRow {
        var row = BenchRow()
        let scenario = ScenarioGenerator.generate(controllers: controllers)
        row.controllers = controllers
        row.nodes = scenario.ui!.nodeCount
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("bench.trace.jsonl").path

        BenchStages.parse(scenario, runs: runs, into: &row)

        let engine = Measure.median(runs) { scenario.run() }
        row.stages.append(("engine preserve+restore", engine.seconds))

        let header = TraceHeader(
            scenario: scenario.name, app: scenario.app.configuration,
            classes: {
                var c = ClassHierarchy()
                ScenarioApp(scenario: scenario).declareClasses(in: &c)
                return c.declared
            }())
        let record = Measure.median(runs) {
            try! TraceRecorder.record(header: header, to: trace) { scenario.run(observer: $0) }
        }
        row.stages.append(("record (engine + trace write)", record.seconds))
        row.stages.append(("trace write", max(0, record.seconds - engine.seconds)))
        row.events = record.result.events
        row.traceBytes = (try? FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int) ?? 0

        let read = Measure.median(runs) { () -> Int in
            let reader = try! TraceReader(path: trace)
            var n = 0
            while (try! reader.next()) != nil { n += 1 }
            return n
        }
        row.stages.append(("trace read", read.seconds))

        let replay = Measure.median(runs) { try! Replayer.replay(path: trace) }
        if !replay.result.matched { row.notes.append("replay diverged: \(replay.result.divergence!.summary)") }
        row.stages.append(("replay (read + re-run + compare)", replay.seconds))

        BenchStages.export(trace: trace, replay: replay.result, dir: dir, runs: runs, dotCLI: dotCLI, into: &row)
        row.peakMemory = Measure.peakMemory()
        return row
    }
}

/// The results as one table, with growth factors between sizes so a quadratic regression shows.
enum BenchTable {
    static func render(_ rows: [BenchRow]) -> String {
        guard let first = rows.first else { return "no results" }
        var lines: [String] = []
        let header = ["stage"] + rows.map { "\($0.controllers) VCs" } + (rows.count > 1 ? ["growth"] : [])
        var table: [[String]] = [header]
        table.append(
            ["nodes (VCs + views + objects)"] + rows.map { "\($0.nodes)" } + growth(rows.map { Double($0.nodes) }))
        table.append(["trace events"] + rows.map { "\($0.events)" } + growth(rows.map { Double($0.events) }))
        table.append(
            ["trace size"] + rows.map { Measure.bytes($0.traceBytes) } + growth(rows.map { Double($0.traceBytes) }))
        table.append(
            ["trace bytes / event"]
                + rows.map { String(format: "%.0f", Double($0.traceBytes) / Double(max(1, $0.events))) }
                + (rows.count > 1 ? [""] : []))
        for (name, _) in first.stages {
            let values = rows.map { $0.stage(name) ?? .nan }
            table.append([name] + values.map { $0.isNaN ? "–" : Measure.seconds($0) } + growth(values))
        }
        if let replay = first.stage("replay (read + re-run + compare)") {
            _ = replay
            table.append(
                ["replay throughput (events/s)"]
                    + rows.map { r in
                        r.stage("replay (read + re-run + compare)").map {
                            String(format: "%.0f", Double(r.events) / $0)
                        } ?? "–"
                    } + (rows.count > 1 ? [""] : []))
        }
        table.append(
            ["peak memory"] + rows.map { Measure.bytes($0.peakMemory) } + growth(rows.map { Double($0.peakMemory) }))
        let widths = (0..<header.count).map { c in table.map { $0.indices.contains(c) ? $0[c].count : 0 }.max() ?? 0 }
        for (i, r) in table.enumerated() {
            lines.append(
                r.enumerated().map { c, cell in
                    c == 0
                        ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[c] - cell.count) + cell
                }.joined(separator: "  "))
            if i == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        lines.append("")
        lines.append(
            "growth: the last size's figure divided by the previous size's, per 10× more controllers (≈10 is linear).")
        for r in rows { for n in r.notes { lines.append("\(r.controllers): \(n)") } }
        return lines.joined(separator: "\n")
    }

    static func growth(_ values: [Double]) -> [String] {
        guard values.count > 1 else { return [] }
        let a = values[values.count - 2]
        let b = values[values.count - 1]
        guard a > 0, !a.isNaN, !b.isNaN else { return ["–"] }
        return [String(format: "×%.1f", b / a)]
    }
}
