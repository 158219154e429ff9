import Foundation
import RestoreTestSupport
import Testing

@testable import RestoreCLI
@testable import RestoreReport

/// The long commands leave their results for the process's exit instead of freeing them object
/// by object; a process that runs many commands (the tests) still holds only the latest one.
@Suite struct LeftForExitTests {
    final class Tracked {}

    @Test func parkingKeepsOnlyTheLatestValueAlive() {
        // A slot of its own: tests running commands in parallel park in the shared one.
        let slot = LeftForExit()
        weak var first: Tracked?
        weak var second: Tracked?
        do {
            let a = Tracked()
            let b = Tracked()
            first = a
            second = b
            slot.park(a)
            slot.park(b)
        }
        #expect(first == nil)
        #expect(second != nil)
        #expect((slot.parked as? Tracked) === second)
    }

    /// Runs the command line in-process with a slot of its own, so commands other tests run at
    /// the same time park elsewhere.
    static func run(_ arguments: [String]) -> (code: Int32, parked: Any?) {
        let slot = LeftForExit()
        let code = LeftForExit.$current.withValue(slot) { RestoreTraceMain.run(arguments) }
        return (code, slot.parked)
    }

    @Test func recordParksItsResultForTheExit() throws {
        let dir = try Samples.temporaryDirectory("restoretrace-exit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("demo.trace.jsonl").path
        let (code, parked) = Self.run(["record", "-o", trace, "--json"])
        #expect(code == 0)
        #expect(parked is Recording.Result)
        #expect(FileManager.default.fileExists(atPath: trace))
    }

    @Test func replayParksItsSummaryAndEngineWhetherOrNotItWritesAReport() throws {
        let dir = try Samples.temporaryDirectory("restoretrace-exit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = Samples.path("homepwner.trace.jsonl")
        let quiet = Self.run(["replay", trace, "--no-report", "--json"])
        #expect(quiet.code == 0)
        let (summary, leftovers) = try #require(quiet.parked as? (ReplaySummary, Leftovers))
        #expect(summary.matched)
        #expect(!leftovers.values.isEmpty)

        let report = dir.appendingPathComponent("report").path
        let reported = Self.run(["replay", trace, "--report-dir", report])
        #expect(reported.code == 0)
        #expect(reported.parked is (ReplaySummary, Leftovers))
        #expect(FileManager.default.fileExists(atPath: report + "/index.html"))
    }

    @Test func reportAndExportParkWhatTheyBuilt() throws {
        let dir = try Samples.temporaryDirectory("restoretrace-exit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = Samples.path("homepwner.trace.jsonl")
        let report = dir.appendingPathComponent("report").path
        let reported = Self.run(["report", trace, "-o", report])
        #expect(reported.code == 0)
        #expect((reported.parked as? Leftovers)?.values.isEmpty == false)
        #expect(FileManager.default.fileExists(atPath: report + "/index.html"))

        let json = dir.appendingPathComponent("outcome.json").path
        let exported = Self.run(["export", trace, "--format", "json", "-o", json])
        #expect(exported.code == 0)
        #expect((exported.parked as? Leftovers)?.values.isEmpty == false)
        #expect(FileManager.default.fileExists(atPath: json))
    }
}
