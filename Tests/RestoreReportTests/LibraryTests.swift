import Foundation
import RestoreEngine
import RestoreReport
import RestoreTestSupport
import Testing

/// Everything the commands compute is a library call: a Swift user gets the report, the summary
/// and the replay JSON without the command line.
@Suite struct LibraryTests {
    static func sample(_ name: String) -> String { Samples.path(name) }
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("restoretrace-report-\(UUID().uuidString)").path
    }

    @Test func writesTheReportOfATrace() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let index = try Report.write(trace: Self.sample("demo-travel.trace.jsonl"), to: dir)
        #expect(index == dir + "/index.html")
        let html = try String(contentsOfFile: index, encoding: .utf8)
        #expect(html.contains("<svg"))
        #expect(html.contains("Replay matched"))
        #expect(FileManager.default.fileExists(atPath: dir + "/hierarchy.svg"))
    }

    @Test func replayGivesTheVerdictJSONAndTheSummary() throws {
        let summary = try Replaying.run(.init(trace: Self.sample("demo-travel.trace.jsonl"), writeReport: false))
        #expect(summary.matched)
        #expect(summary.reportPath == nil)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.json.utf8)) as? [String: Any])
        #expect(json["format"] as? String == "restoretrace-outcome/1")
        #expect((json["replay"] as? [String: Any])?["matched"] as? Bool == true)
        #expect(summary.text().hasPrefix("demo-travel: replay matched — all "))
        let lines = OutcomeSummary.lines(for: summary.baseline.outcome)
        #expect(lines.first?.hasPrefix("Preservation (launch 1): ") == true)
        #expect(lines.contains { $0.contains("restoration-class-returned-nil") })
    }

    @Test func whatIfMovesTheOutcome() throws {
        let request = Replaying.Request(
            trace: Self.sample("demo-travel.trace.jsonl"), settings: ["shouldRestore=false"], writeReport: false)
        let summary = try Replaying.run(request)
        #expect(summary.matched)
        #expect((summary.diff?.lost.count ?? 0) > 3)
        #expect(summary.shown.outcome.restoration?.reason == .restoreDeclined)
    }

    /// A what-if keeps none of its run's events, with a report or without: the report takes
    /// them as they are made, and of the faithful run only what its drawing reads (kept, they
    /// were most of a 200×200 what-if report's 738 MB peak). It says the same either way.
    @Test func aWhatIfWithoutAReportKeepsNoEventsAndSaysTheSame() throws {
        let trace = Self.sample("demo-travel.trace.jsonl")
        let bare = try Replaying.run(
            .init(trace: trace, droppedIdentifiers: ["Tabs/tripsNav/trips"], writeReport: false))
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var reported = try Replaying.run(
            .init(trace: trace, droppedIdentifiers: ["Tabs/tripsNav/trips"], reportDirectory: dir))
        #expect(bare.modified?.events.isEmpty == true)
        #expect(bare.baseline.events.isEmpty)
        #expect(reported.modified?.events.isEmpty == true, "the report took them as they were made")
        #expect(reported.baseline.events.map(\.event) == [.background], "the drawing's hierarchy only")
        #expect(reported.baseline.events.first?.hierarchy != nil)
        #expect(reported.reportPath != nil)
        reported.reportPath = nil
        #expect((bare.diff?.lost.count ?? 0) > 0)
        #expect(bare.json == reported.json)
        #expect(bare.text(verbose: true) == reported.text(verbose: true))
    }

    /// A what-if takes the lines its baseline proved without checking them again, unless the file
    /// changed between the two runs: then a line that does not decode is still its located error.
    @Test func aWhatIfChecksTheLinesAgainWhenTheTraceChangedAfterItsBaseline() throws {
        let dir = Self.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let trace = dir + "/t.trace.jsonl"
        let original = try String(contentsOfFile: Self.sample("demo-travel.trace.jsonl"), encoding: .utf8)
        try original.write(toFile: trace, atomically: true, encoding: .utf8)
        // Declined at the relaunch, the what-if matches none of the recorded decode calls.
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let decode = try #require(
            lines.firstIndex {
                $0.contains(#""callback":"decodeRestorableStateWithCoder:""#) && $0.contains(#"{"int":"#)
            })
        lines[decode] = lines[decode].replacingOccurrences(of: #"{"int":"#, with: #"{"int":"x","was":"#)
        let broken = lines.joined(separator: "\n")
        let request = Replaying.Request(trace: trace, settings: ["shouldRestore=false"], writeReport: false)
        // Unchanged: proved by the baseline, and taken as it is.
        #expect(throws: Never.self) { try Replaying.run(request) }
        // Rewritten as the baseline ends (its last step's progress): checked again.
        var baselineSteps = 0
        _ = try Replaying.run(.init(trace: trace, writeReport: false), progress: { _ in baselineSteps += 1 })
        var steps = 0
        do {
            _ = try Replaying.run(
                request,
                progress: { _ in
                    steps += 1
                    if steps == baselineSteps { try? broken.write(toFile: trace, atomically: false, encoding: .utf8) }
                })
            Issue.record("a line changed after the baseline was taken as proved")
        } catch {
            #expect(error.description.contains("t.trace.jsonl:\(decode + 1)"), "\(error)")
        }
    }

    @Test func badInputIsTypedAsBadInput() {
        do {
            _ = try Replaying.run(.init(trace: Self.sample("demo-travel.trace.jsonl"), settings: ["nonsense"]))
            Issue.record("a --set without NAME=VALUE was accepted")
        } catch {
            #expect(error.cause == .badInput)
            #expect(error.message.hasPrefix("error: '--set nonsense' needs NAME=VALUE"))
        }
        do {
            _ = try ArchiveListing(trace: Self.temporaryDirectory() + "/missing.jsonl")
            Issue.record("a missing trace was read")
        } catch {
            #expect(error.cause == .badInput)
        }
    }

    @Test func recordsAScenarioAndExportsIt() throws {
        let dir = Self.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recorded = try Recording.record(scenarioAt: Self.sample("homepwner.yaml"), to: dir + "/h.trace.jsonl")
        #expect(recorded.events > 10)
        #expect(recorded.text().hasPrefix("homepwner: recorded \(recorded.events) events to \(dir)/h.trace.jsonl ("))
        let committed = try Data(contentsOf: URL(fileURLWithPath: Self.sample("homepwner.trace.jsonl")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: recorded.path)) == committed)
        #expect(try Exporting.render(trace: recorded.path, as: .dot).hasPrefix("digraph"))
        #expect(try TraceComparison(recorded.path, Self.sample("homepwner.trace.jsonl")).identical)
    }
}
