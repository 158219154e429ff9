import Foundation

/// One command (or anchor) measured at one size: the fastest of its runs.
struct CommandRow {
    /// Stable name for machines: `record-json`, `record-yaml`, `diff`, `replay`, `report`,
    /// `archive`, `export-chrome-trace`, `export-json`, `record-nothing-restored`,
    /// `replay-nothing-restored`, `report-nothing-restored`, `record-shared-identifier`,
    /// `replay-shared-identifier`, and the anchors `cat`, `python-json`.
    var id: String
    /// What a person reads in the table.
    var label: String
    var isAnchor = false
    /// Run on another trace than the anchors' (the nothing-restored grid, the shared identifier):
    /// no ratio to them.
    var ownTrace = false
    /// The child's command line, as run.
    var commandLine: [String]
    var events = 0
    /// Wall seconds of every run, in run order.
    var runSeconds: [Double] = []
    /// The largest peak resident memory of any run: a memory target must hold in every run.
    var peakRSSBytes = 0
    /// What the command wrote: the trace, the export file, or the report folder's total.
    var outputBytes: Int?
    /// The report's page alone.
    var indexHTMLBytes: Int?
    var ratioToCat: Double?
    var ratioToPython: Double?
    /// Seconds per event divided by the previous size's (1.0: the command grows linearly).
    var growth: Double?

    /// The statistic the table reports: the minimum, the run least disturbed by the machine.
    var seconds: Double { runSeconds.min() ?? .nan }
    var eventsPerSecond: Double { Double(events) / seconds }

    var json: [String: Any] {
        var o: [String: Any] = [
            "id": id, "label": label, "anchor": isAnchor, "commandLine": commandLine, "events": events,
            "seconds": seconds, "runSeconds": runSeconds, "eventsPerSecond": eventsPerSecond,
            "peakRSSBytes": peakRSSBytes,
        ]
        o["outputBytes"] = outputBytes ?? NSNull()
        o["indexHTMLBytes"] = indexHTMLBytes ?? NSNull()
        o["ratioToCat"] = ratioToCat ?? NSNull()
        o["ratioToPython"] = ratioToPython ?? NSNull()
        o["growth"] = growth ?? NSNull()
        return o
    }
}

/// Everything measured on the grid app of one size.
struct SizeResult {
    var n: Int
    var events = 0
    var scenarioJSONBytes = 0
    var scenarioYAMLBytes = 0
    var traceBytes = 0
    var traceLines = 0
    var longestLineBytes = 0
    var rows: [CommandRow] = []
    var notes: [String] = []

    func row(_ id: String) -> CommandRow? { rows.first { $0.id == id } }

    var json: [String: Any] {
        [
            "n": n, "controllers": n * n, "events": events, "scenarioJSONBytes": scenarioJSONBytes,
            "scenarioYAMLBytes": scenarioYAMLBytes, "traceBytes": traceBytes, "traceLines": traceLines,
            "longestLineBytes": longestLineBytes, "rows": rows.map(\.json), "notes": notes,
        ]
    }
}

/// The whole run: what `--json` prints (format `restoretrace-bench/2`).
struct BenchReport {
    var restoretrace: String
    var runs: Int
    var sizes: [SizeResult]
    var notes: [String]
    /// The engine alone at N = 200, measured in this process once every child has run.
    var engine: EnginePhases?

    var targets: [TargetCheck] { TargetCheck.evaluate(sizes, engine: engine) }

    /// Fills in what compares rows: ratios to the anchors and growth against the previous size.
    mutating func relate() {
        for s in sizes.indices {
            let cat = sizes[s].row("cat")?.seconds
            let python = sizes[s].row("python-json")?.seconds
            let previous = s > 0 ? sizes[s - 1] : nil
            for r in sizes[s].rows.indices {
                let row = sizes[s].rows[r]
                if !row.ownTrace {
                    sizes[s].rows[r].ratioToCat = cat.map { row.seconds / $0 }
                    sizes[s].rows[r].ratioToPython = python.map { row.seconds / $0 }
                }
                if let before = previous?.row(row.id), before.events > 0, row.events > 0 {
                    sizes[s].rows[r].growth =
                        (row.seconds / Double(row.events)) / (before.seconds / Double(before.events))
                }
            }
        }
    }

    var json: String {
        let object: [String: Any] = [
            "format": "restoretrace-bench/2", "app": "ScenarioGenerator.grid(N)", "restoretrace": restoretrace,
            "runs": runs, "statistic": "min", "sizes": sizes.map(\.json), "notes": notes,
            "targets": targets.map(\.json), "engine": engine?.json ?? NSNull(),
        ]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
