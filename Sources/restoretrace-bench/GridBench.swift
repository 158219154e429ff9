import Foundation

/// Runs the real `restoretrace` binary as whole processes on the grid app of each size, with the
/// `cat` and Python anchors on the same trace file.
struct GridBench {
    let restoretrace: String
    /// This binary, which writes the scenarios.
    let bench: String
    /// The real interpreter (not a version manager's shim, whose start-up would be timed too).
    let python: String?
    let runs: Int
    /// A scratch folder of this run; each size's files are removed once it is measured.
    let work: String
    var keep = false

    static let pythonScript = "import json, sys\nfor line in open(sys.argv[1], 'rb'):\n    json.loads(line)"

    func measure(_ n: Int) throws -> SizeResult {
        var size = SizeResult(n: n)
        let dir = work + "/grid\(n)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { if !keep { try? FileManager.default.removeItem(atPath: dir) } }
        let json = dir + "/grid\(n).json"
        let yaml = dir + "/grid\(n).yaml"
        let trace = dir + "/grid\(n).trace.jsonl"
        // Written by a child (this binary's --write-grid): the scenario never enters this process,
        // whose memory a forked child starts from, so the children's peak RSS stays their own.
        for (mode, file) in [("--write-grid", json), ("--write-grid-yaml", yaml)] {
            var writer = ChildProcess(executable: bench, arguments: [mode, String(n)])
            writer.output = .file(file)
            let wrote = try writer.run(scratch: dir)
            guard wrote.exitCode == 0 else { throw BenchError("N=\(n): \(mode) failed: \(wrote.stderr)") }
        }
        size.scenarioJSONBytes = FileStats.size(json)
        size.scenarioYAMLBytes = FileStats.size(yaml)
        let run = { (id: String, label: String, arguments: [String], accept: [Int32]) throws -> Measured in
            try self.run(n, id, label, arguments, scratch: dir, accept: accept)
        }

        let record = try run("record-json", "record (JSON)", ["record", json, "-o", trace], [0])
        size.events = try Self.recordedEvents(record, n)
        let lines = try FileStats.lines(trace)
        (size.traceBytes, size.traceLines, size.longestLineBytes) = (FileStats.size(trace), lines.count, lines.longest)
        var rows = [record.row]
        rows[0].outputBytes = size.traceBytes

        // A command that fails (or is killed: out of memory at a large N) becomes a note, and the
        // other rows are still measured; only the recording the others read stops the size.
        var failures: [String] = []
        func attempt(_ body: () throws -> Measured) -> Measured? {
            do { return try body() } catch {
                failures.append("\(error)")
                return nil
            }
        }

        let yamlTrace = dir + "/grid\(n)-yaml.trace.jsonl"
        if var recordYAML = attempt({ try run("record-yaml", "record (YAML)", ["record", yaml, "-o", yamlTrace], [0]) })
        {
            if try Self.recordedEvents(recordYAML, n) != size.events || !(try FileStats.sameBytes(trace, yamlTrace)) {
                size.notes.append("N=\(n): the YAML scenario recorded a different trace from the JSON one")
            }
            recordYAML.row.outputBytes = FileStats.size(yamlTrace)
            rows.append(recordYAML.row)
            // The check a CI job makes after recording again: the two recordings are one trace, so
            // this is diff's whole path (every line read and compared, then one replay).
            let label = "diff TRACE TRACE2 (same app)"
            if let diff = attempt({ try run("diff", label, ["diff", trace, yamlTrace], [0]) }) {
                rows.append(diff.row)
            }
        }
        try? FileManager.default.removeItem(atPath: yamlTrace)

        if let replay = attempt({ try run("replay", "replay --no-report", ["replay", trace, "--no-report"], [0, 1]) }) {
            if replay.exitCodes.contains(1) {
                size.notes.append("N=\(n): replay diverged (exit 1) on its own recording")
            }
            rows.append(replay.row)
        }

        // The outcome on standard output, as a CI gate reads it (44 MB at 200×200), into a file.
        let outcome = dir + "/replay.json"
        let replayJSON = ["replay", trace, "--json", "--no-report"]
        if var replay = attempt({
            try self.run(
                n, "replay-json", "replay --json --no-report", replayJSON, scratch: dir, accept: [0, 1],
                output: .file(outcome))
        }) {
            replay.row.outputBytes = FileStats.size(outcome)
            rows.append(replay.row)
        }
        try? FileManager.default.removeItem(atPath: outcome)

        if let report = attempt({
            try self.report(n, "report", "report -o DIR", trace, into: dir + "/report", scratch: dir)
        }) {
            rows.append(report.row)
        }

        let listing = dir + "/archive.txt"
        if var archive = attempt({
            try self.run(
                n, "archive", "archive", ["archive", trace], scratch: dir, accept: [0], output: .file(listing))
        }) {
            archive.row.outputBytes = FileStats.size(listing)
            rows.append(archive.row)
        }
        try? FileManager.default.removeItem(atPath: listing)

        for format in ["chrome-trace", "json"] {
            let file = dir + "/export.\(format).json"
            let arguments = ["export", trace, "--format", format, "-o", file]
            if var export = attempt({ try run("export-\(format)", "export --format \(format)", arguments, [0]) }) {
                export.row.outputBytes = FileStats.size(file)
                rows.append(export.row)
            }
            try? FileManager.default.removeItem(atPath: file)
        }

        rows += try variant(.nothingRestored, n, dir: dir, attempt: attempt, notes: &size.notes)
        rows += try variant(.sharedIdentifier, n, dir: dir, attempt: attempt, notes: &size.notes)

        // The anchors last, on the same file, once the commands have had the page cache warm too.
        var anchors: [Measured] = []
        for (id, label, argv) in [("cat", "cat FILE > /dev/null", ["/bin/cat", trace])]
            + (python.map { [("python-json", "python3: json.loads each line", [$0, "-c", Self.pythonScript, trace])] }
                ?? [])
        {
            if let a = attempt({ try self.run(n, id, label, argv, scratch: dir, accept: [0], executable: argv[0]) }) {
                anchors.append(a)
            }
        }
        size.notes += failures
        size.rows = (anchors.map(\.row) + rows).map { row in
            var row = row
            row.isAnchor = anchors.contains { $0.row.id == row.id }
            if !row.ownTrace { row.events = size.events }
            return row
        }
        return size
    }

    /// An app other than the grid, on a trace of its own: record, replay and (for some) report.
    struct Variant {
        /// This binary's option that prints the scenario.
        var writer: String
        /// Appended to the row ids (`record-nothing-restored`…).
        var id: String
        /// Appended to the row labels.
        var label: String
        var withReport: Bool

        /// The grid relaunched with nothing restored: every node preserved and lost, each with a
        /// finding, so findings are the bulk of the work.
        static let nothingRestored = Variant(
            writer: "--write-grid-nothing-restored", id: "nothing-restored", label: "nothing restored",
            withReport: true)
        /// N² siblings in one stack sharing one identifier, each made by its restoration class.
        static let sharedIdentifier = Variant(
            writer: "--write-shared-identifier", id: "shared-identifier", label: "N² siblings, one identifier",
            withReport: false)
    }

    private func variant(
        _ v: Variant, _ n: Int, dir: String, attempt: (() throws -> Measured) -> Measured?, notes: inout [String]
    ) throws -> [CommandRow] {
        let json = dir + "/\(v.id)\(n).json"
        let trace = dir + "/\(v.id)\(n).trace.jsonl"
        var writer = ChildProcess(executable: bench, arguments: [v.writer, String(n)])
        writer.output = .file(json)
        guard try writer.run(scratch: dir).exitCode == 0 else { throw BenchError("N=\(n): \(v.writer) failed") }
        let run = { (id: String, label: String, arguments: [String], accept: [Int32]) throws -> Measured in
            try self.run(n, id, label, arguments, scratch: dir, accept: accept)
        }
        let suffix = ", " + v.label
        guard
            var record = attempt({
                try run("record-" + v.id, "record (JSON)" + suffix, ["record", json, "-o", trace], [0])
            })
        else { return [] }
        let events = try Self.recordedEvents(record, n)
        record.row.outputBytes = FileStats.size(trace)
        var rows = [record.row]
        if let replay = attempt({
            try run("replay-" + v.id, "replay --no-report" + suffix, ["replay", trace, "--no-report"], [0, 1])
        }) {
            if replay.exitCodes.contains(1) {
                notes.append("N=\(n): replay diverged (exit 1) on its own recording (\(v.label))")
            }
            rows.append(replay.row)
        }
        if v.withReport {
            let reportDir = dir + "/report-" + v.id
            if let report = attempt({
                try self.report(n, "report-" + v.id, "report -o DIR" + suffix, trace, into: reportDir, scratch: dir)
            }) {
                rows.append(report.row)
            }
        }
        return rows.map { row in
            var row = row
            row.ownTrace = true
            row.events = events
            return row
        }
    }

    /// `report TRACE -o FOLDER`, the folder removed before each run and after the last, with the
    /// folder's size and its page's.
    private func report(_ n: Int, _ id: String, _ label: String, _ trace: String, into folder: String, scratch: String)
        throws -> Measured
    {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var report = try run(n, id, label, ["report", trace, "-o", folder], scratch: scratch, accept: [0]) {
            try? FileManager.default.removeItem(atPath: folder)
        }
        report.row.outputBytes = FileStats.folderSize(folder)
        report.row.indexHTMLBytes = FileStats.size(folder + "/index.html")
        return report
    }

    /// A command's runs: its row, and the exit code and standard output of each run.
    struct Measured {
        var row: CommandRow
        var exitCodes: [Int32] = []
        var stdout = ""
    }

    /// Runs `restoretrace ARGUMENTS` (or `executable`) `runs` times; `before` runs ahead of each.
    /// - Parameter output: where the child's standard output goes, when not captured (a big one
    ///   goes to a file: read into this process, it would be in every later child's fork).
    private func run(
        _ n: Int, _ id: String, _ label: String, _ arguments: [String], scratch: String, accept: [Int32],
        executable: String? = nil, output: ChildProcess.Output? = nil, before: () -> Void = {}
    ) throws -> Measured {
        let (program, rest) = executable.map { ($0, Array(arguments.dropFirst())) } ?? (restoretrace, arguments)
        var measured = Measured(row: CommandRow(id: id, label: label, commandLine: [program] + rest))
        for i in 1...max(1, runs) {
            before()
            var process = ChildProcess(executable: program, arguments: rest)
            process.output = output ?? (executable == nil ? .captured : .discarded)
            let child = try process.run(scratch: scratch)
            guard accept.contains(child.exitCode) else {
                let shown = ([program] + rest).map { $0.contains("\n") ? "'…'" : $0 }.joined(separator: " ")
                throw BenchError("N=\(n): `\(shown)` exited with \(child.exitCode):\n\(child.stderr)")
            }
            Progress.say(
                "N=\(n): \(label), run \(i) of \(max(1, runs)): \(Format.seconds(child.seconds)) s, \(Format.megabytes(child.peakRSSBytes)) MB"
            )
            measured.row.runSeconds.append(child.seconds)
            measured.row.peakRSSBytes = max(measured.row.peakRSSBytes, child.peakRSSBytes)
            measured.exitCodes.append(child.exitCode)
            measured.stdout = child.stdout
        }
        return measured
    }

    /// The event count `record` reports ("…: recorded N events to PATH").
    static func recordedEvents(_ record: Measured, _ n: Int) throws -> Int {
        let words = record.stdout.split(whereSeparator: \.isWhitespace)
        guard let i = words.firstIndex(of: "recorded"), i + 1 < words.count, let events = Int(words[i + 1]) else {
            throw BenchError("N=\(n): record did not say how many events it recorded:\n\(record.stdout)")
        }
        return events
    }
}

/// Progress for the person waiting: on standard error, never on standard output.
enum Progress {
    static func say(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
