import Foundation

/// The run as tables a person reads: one row per size and command, the traces, the targets.
enum BenchTable {
    static let commandColumns = [
        "N", "command", "events", "wall s", "events/s", "peak RSS MB", "output MB", "index.html MB", "×cat",
        "×python", "growth",
    ]

    static func render(_ report: BenchReport) -> String {
        var out: [String] = []
        out.append(
            "restoretrace-bench: the grid app (N tab stacks × N controllers, each with a scroll view), "
                + "whole processes of \(report.restoretrace); wall: min of \(report.runs) run(s), peak RSS: max.")
        out.append("")
        var rows: [[String]] = [commandColumns]
        for size in report.sizes {
            for r in size.rows {
                rows.append([
                    String(size.n), r.isAnchor ? "\(r.label) (anchor)" : r.label, Format.count(r.events),
                    Format.seconds(r.seconds), Format.perSecond(r.eventsPerSecond), Format.megabytes(r.peakRSSBytes),
                    r.outputBytes.map(Format.megabytes) ?? "–", r.indexHTMLBytes.map(Format.megabytes) ?? "–",
                    Format.ratio(r.ratioToCat), Format.ratio(r.ratioToPython), Format.ratio(r.growth),
                ])
            }
        }
        out += grid(rows)
        out.append("")
        out.append(
            "×cat, ×python: wall time over the anchor's on the same trace in the same run. growth: seconds per event "
                + "over the previous size's (1.00 is linear). MB = 1,000,000 bytes.")
        out.append("")
        var traces: [[String]] = [
            [
                "N", "controllers", "events", "trace MB", "trace lines", "longest line KiB", "scenario JSON MB",
                "YAML MB",
            ]
        ]
        for s in report.sizes {
            traces.append([
                String(s.n), Format.count(s.n * s.n), Format.count(s.events), Format.megabytes(s.traceBytes),
                Format.count(s.traceLines), Format.kibibytes(s.longestLineBytes), Format.megabytes(s.scenarioJSONBytes),
                Format.megabytes(s.scenarioYAMLBytes),
            ])
        }
        out += grid(traces)
        out.append("")
        if let engine = report.engine {
            out.append(engine.summary)
            out.append("")
        }
        var targets: [[String]] = [["target (issue 17)", "limit", "measured", "status"]]
        for t in report.targets {
            let status = t.met.map { $0 ? "met" : "NOT MET" } ?? "not measured (N=\(TargetCheck.targetSize) not run)"
            targets.append([t.name, t.limit, t.measured ?? "–", status])
        }
        out += grid(targets)
        let notes = report.notes + report.sizes.flatMap(\.notes)
        if !notes.isEmpty {
            out.append("")
            out += notes.map { "note: " + $0 }
        }
        return out.joined(separator: "\n")
    }

    /// Columns padded to their widest cell: numbers to the right, text to the left; a rule under the header.
    static func grid(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let cell = { (row: [String], c: Int) in row.indices.contains(c) ? row[c] : "" }
        let widths = (0..<columns).map { c in rows.map { cell($0, c).count }.max() ?? 0 }
        let numeric = (0..<columns).map { c in rows.dropFirst().allSatisfy { isNumber(cell($0, c)) } }
        var lines: [String] = []
        for (i, row) in rows.enumerated() {
            let cells = (0..<columns).map { c in
                let text = cell(row, c)
                let pad = String(repeating: " ", count: widths[c] - text.count)
                return numeric[c] ? pad + text : text + pad
            }
            lines.append(cells.joined(separator: "  ").trimmingTrailingSpaces())
            if i == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        return lines
    }

    /// A figure the table prints: digits with separators, or "–" for none.
    static func isNumber(_ cell: String) -> Bool {
        cell == "–" || Double(cell.replacingOccurrences(of: ",", with: "")) != nil
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
