import Foundation
import Testing

/// A smoke run of the benchmark on a tiny grid (N = 5, one run): the table's rows are there and
/// every figure parses. Timings are not checked: CI machines differ.
@Suite struct BenchSmokeTests {
    static let commands = [
        "record (JSON)", "record (YAML)", "diff TRACE TRACE2 (same app)", "replay --no-report",
        "replay --json --no-report",
        "report -o DIR",
        "archive", "export --format chrome-trace", "export --format json", "record (JSON), nothing restored",
        "replay --no-report, nothing restored", "report -o DIR, nothing restored",
        "record (JSON), N² siblings, one identifier", "replay --no-report, N² siblings, one identifier",
    ]
    static var pythonPresent: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/python3")
        }
    }

    /// A table line's cells: columns are two or more spaces apart; no cell holds two spaces.
    static func cells(_ line: String) -> [String] {
        line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func bench(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(arguments, in: try CLI.temporaryDirectory(), executable: "restoretrace-bench")
    }

    @Test func theTableHasARowPerCommandAndAnchorAndEveryFigureParses() throws {
        let r = try Self.bench(["--sizes", "5", "--runs", "1"])
        #expect(r.code == 0, "\(r.stderr)")
        // The command table: its header, a rule, then rows up to the first empty line.
        let lines = r.stdout.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("N  command") })
        let rows = lines[(start + 2)...].prefix { !$0.isEmpty }.map(Self.cells)
        let labels = rows.map { $0[1] }
        var expected = ["cat FILE > /dev/null (anchor)"]
        if Self.pythonPresent { expected.append("python3: json.loads each line (anchor)") }
        #expect(labels == expected + Self.commands)
        #expect(Self.cells(lines[start]).count == 11)
        #expect(rows.allSatisfy { $0[0] == "5" })
        for row in rows {
            #expect(row.count == 11, "\(row)")
            // events, wall, events/s, RSS, output, page, ×cat, ×python, growth: numbers or "–".
            for cell in row.dropFirst(2) where cell != "–" {
                #expect(Double(cell.replacingOccurrences(of: ",", with: "")) != nil, "\(row[1]): '\(cell)'")
            }
            #expect(Int(row[2].replacingOccurrences(of: ",", with: ""))! > 0, "\(row[1]) has no events")
            #expect(Double(row[3])! > 0, "\(row[1]) has no wall time")
        }
        let page = try #require(rows.first { $0[1] == "report -o DIR" })
        #expect(Double(page[7]) != nil, "the report row gives index.html's size")
        // Progress goes to standard error, one line per run, never to the table.
        for command in Self.commands { #expect(r.stderr.contains("N=5: \(command), run 1 of 1")) }
        #expect(!r.stdout.contains("run 1 of 1"))
        for target in ["replay at 200: events/s", "index.html at every size", "longest trace line at every size"] {
            #expect(r.stdout.contains(target))
        }
    }

    /// Rows measured on a trace other than the grid's.
    static func hasOwnTrace(_ id: String) -> Bool {
        id.hasSuffix("-nothing-restored") || id.hasSuffix("-shared-identifier")
    }

    @Test func jsonCarriesItsFormatAndTheSameRows() throws {
        let r = try Self.bench(["--sizes", "5", "--runs", "1", "--json"])
        #expect(r.code == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "restoretrace-bench/2")
        #expect(json["statistic"] as? String == "min")
        let size = try #require((json["sizes"] as? [[String: Any]])?.first)
        #expect(size["n"] as? Int == 5)
        // The YAML scenario records the same trace as the JSON one, and the replay matches.
        #expect((size["notes"] as? [String]) == [])
        let rows = try #require(size["rows"] as? [[String: Any]])
        let ids = rows.compactMap { $0["id"] as? String }
        #expect(
            ids == ["cat"] + (Self.pythonPresent ? ["python-json"] : [])
                + [
                    "record-json", "record-yaml", "diff", "replay", "replay-json", "report", "archive",
                    "export-chrome-trace",
                    "export-json", "record-nothing-restored", "replay-nothing-restored", "report-nothing-restored",
                    "record-shared-identifier", "replay-shared-identifier",
                ])
        let events = try #require(size["events"] as? Int)
        #expect(events > 0)
        let ownTrace = rows.filter { ($0["id"] as? String).map(Self.hasOwnTrace) ?? false }
        for row in rows where !ownTrace.contains(where: { $0["id"] as? String == row["id"] as? String }) {
            #expect(row["events"] as? Int == events)
            #expect((row["peakRSSBytes"] as? Int ?? 0) > 0)
            #expect((row["ratioToCat"] as? Double ?? 0) > 0)
        }
        // The nothing-restored grid has a trace of its own: fewer events (nothing is decoded),
        // and no ratio to anchors run on another file.
        let lost = rows.filter { ($0["id"] as? String ?? "").hasSuffix("-nothing-restored") }
        #expect(lost.count == 3)
        for row in lost {
            let own = try #require(row["events"] as? Int)
            #expect(own > 0 && own < events)
            #expect(row["ratioToCat"] is NSNull)
            #expect((row["peakRSSBytes"] as? Int ?? 0) > 0)
        }
        // N² = 25 siblings sharing one identifier: each encoded and decoded, plus the stack.
        let shared = rows.filter { ($0["id"] as? String ?? "").hasSuffix("-shared-identifier") }
        #expect(shared.count == 2)
        for row in shared {
            #expect((row["events"] as? Int ?? 0) > 2 * 25)
            #expect(row["ratioToCat"] is NSNull)
        }
        #expect(ownTrace.count == 5)
        #expect((size["longestLineBytes"] as? Int ?? 0) > 0)
        #expect(
            (size["traceBytes"] as? Int) == rows.first { $0["id"] as? String == "record-json" }?["outputBytes"] as? Int)
        let targets = try #require(json["targets"] as? [[String: Any]])
        // N = 200 was not run: its targets say so rather than pass or fail.
        #expect(targets.first { $0["name"] as? String == "replay at 200: events/s" }?["met"] is NSNull)
    }

    @Test func aCommandThatFailsBecomesANoteAndTheOtherRowsStay() throws {
        // A stand-in for restoretrace whose export fails, as one killed for memory at a large N would.
        let dir = try CLI.temporaryDirectory()
        let script = dir.appendingPathComponent("restoretrace")
        let real = CLI.binary.path
        try "#!/bin/sh\nif [ \"$1\" = export ]; then echo 'out of luck' >&2; exit 3; fi\nexec '\(real)' \"$@\"\n"
            .write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let r = try Self.bench(["--sizes", "5", "--runs", "1", "--json", "--restoretrace", script.path])
        #expect(r.code == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let size = try #require((json["sizes"] as? [[String: Any]])?.first)
        let ids = (size["rows"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(ids.contains("report") && ids.contains("replay"))
        #expect(!ids.contains { $0.hasPrefix("export") })
        let notes = size["notes"] as? [String] ?? []
        #expect(notes.count == 2)
        #expect(notes.allSatisfy { $0.contains("exited with 3") && $0.contains("out of luck") })
    }

    @Test func helpListsEveryOptionTheManualDoes() throws {
        let help = try Self.bench(["--help"])
        let dump = try Self.bench(["--experimental-dump-help"])
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let arguments = try #require((tool["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        #expect(arguments.count > 5)
        for argument in arguments {
            let name = try #require((argument["preferredName"] as? [String: Any])?["name"] as? String)
            #expect(help.stdout.contains("--\(name)"), "--help lacks --\(name)")
        }
    }

    @Test func anUnknownArgumentIsABadInvocationNotABenchmark() throws {
        let r = try Self.bench(["--sizez", "5"])
        #expect(r.code == 2)
        #expect(r.stderr.contains("unknown argument '--sizez'"))
        #expect(r.stdout.isEmpty)
    }

    @Test func theEngineIsTimedPhaseByPhase() throws {
        let r = try Self.bench(["--engine-grid", "3"])
        #expect(r.code == 0, "\(r.stderr)")
        // 1 tab bar + 3 stacks + 9 controllers with a scroll view each.
        let line = try #require(r.stdout.components(separatedBy: "\n").first { $0.contains("engine at 3×3, 22 nodes") })
        for phase in [
            "make the engine ", "build UI ", "preserve ", "kill (frees the app) ", "relaunch + restore ", "free ",
        ] {
            #expect(line.contains(phase), "no '\(phase)' in: \(line)")
        }
        let rate = try #require(
            line.components(separatedBy: "preservation and restoration ").last?.components(separatedBy: " nodes/s")
                .first)
        #expect((Double(rate.replacingOccurrences(of: ",", with: "")) ?? 0) > 0, "\(line)")
        // The table's targets carry the engine's, unmeasured without N = 200.
        let table = try Self.bench(["--sizes", "2", "--runs", "1", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(table.stdout.utf8)) as? [String: Any])
        #expect(json["engine"] is NSNull)
        let targets = try #require(json["targets"] as? [[String: Any]])
        let engine = try #require(
            targets.first { $0["name"] as? String == "engine at 200: nodes/s through preservation and restoration" })
        #expect(engine["met"] is NSNull)
    }

    @Test func theYAMLGridIsBlockStyle() throws {
        let r = try Self.bench(["--write-grid-yaml", "2"])
        #expect(r.code == 0)
        #expect(r.stdout.hasPrefix("format: \"restoretrace-scenario/1\"\nname: \"grid-2x2\"\n"))
        #expect(r.stdout.contains("\n    - class: \"UINavigationController\"\n"))
    }

    @Test func theNothingRestoredGridPreservesEveryNodeAndRestoresOnlyTheTabBar() throws {
        let dir = try CLI.temporaryDirectory()
        let scenario = try CLI.run(["--write-grid-nothing-restored", "3"], in: dir, executable: "restoretrace-bench")
        #expect(scenario.code == 0)
        try scenario.stdout.write(to: dir.appendingPathComponent("lost.json"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "lost.json", "-o", "lost.trace.jsonl"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        // 1 tab bar + 3 stacks + 9 controllers, each with a scroll view.
        #expect(r.stdout.contains("Preservation (launch 1): 22 of 22 nodes preserved"), "\(r.stdout)")
        #expect(r.stdout.contains("Restoration (launch 2): 1 of 22 nodes restored"), "\(r.stdout)")
    }
}
