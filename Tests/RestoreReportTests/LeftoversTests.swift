import Foundation
import RestoreEngine
import RestoreReplay
import RestoreTestSupport
import Testing

@testable import RestoreReport

/// Library calls hand what they are done with (the replay's engine, a finished report's feed) to
/// a caller that asks, instead of freeing it on return; what they compute and write is unchanged.
@Suite struct LeftoversTests {
    static let trace = Samples.path("homepwner.trace.jsonl")

    static func engines(_ leftovers: Leftovers) -> [RestorationEngine] {
        leftovers.values.compactMap { $0 as? RestorationEngine }
    }

    @Test func aReplayLeavesTheEngineThatProducedItsOutcome() throws {
        let leftovers = Leftovers()
        let summary = try Replaying.run(.init(trace: Self.trace, writeReport: false), leaving: leftovers)
        let engines = Self.engines(leftovers)
        #expect(engines.count == 1)
        #expect(engines.first?.outcome == summary.baseline.outcome)
        #expect(summary.matched)
        #expect(
            try Replaying.run(.init(trace: Self.trace, writeReport: false)).baseline.outcome == summary.baseline.outcome
        )
    }

    /// The baseline's engine is freed before the what-if run, not kept beside it (both were a
    /// 200×200 what-if's peak); the what-if's is left.
    @Test func aWhatIfReplayLeavesItsWhatIfEngineAndItsReportsFeed() throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let leftovers = Leftovers()
        let summary = try Replaying.run(
            .init(
                trace: Self.trace, settings: ["shouldRestore=false"],
                reportDirectory: dir.appendingPathComponent("w").path),
            leaving: leftovers)
        #expect(Self.engines(leftovers).map(\.outcome) == [summary.shown.outcome])
        #expect(summary.shown.outcome != summary.baseline.outcome)
        #expect(leftovers.values.contains { $0 is ReportFeed })
        #expect(FileManager.default.fileExists(atPath: try #require(summary.reportPath)))
    }

    @Test func aReportLeavesItsEngineAndFeedOnlyOnceTheFolderIsInPlace() throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let leftovers = Leftovers()
        let index = try Report.write(trace: Self.trace, to: dir.appendingPathComponent("r").path, leaving: leftovers)
        #expect(FileManager.default.fileExists(atPath: index))
        #expect(Self.engines(leftovers).count == 1)
        let kept = try #require(leftovers.values.lazy.compactMap { $0 as? (ReportFeed, ReplayResult) }.first)
        #expect(kept.1.outcome == Self.engines(leftovers).first?.outcome)

        // A bad trace: the half-written folder is removed as before, and no feed is left.
        let bad = dir.appendingPathComponent("bad.trace.jsonl")
        try Data("{\"not\":\"a trace\"}\n".utf8).write(to: bad)
        let failed = Leftovers()
        #expect(throws: RestoreFailure.self) {
            try Report.write(trace: bad.path, to: dir.appendingPathComponent("bad").path, leaving: failed)
        }
        #expect(!failed.values.contains { $0 is (ReportFeed, ReplayResult) })
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad").path))
    }

    @Test(arguments: Exporting.Format.allCases) func anExportLeavesWhatItBuiltAndWritesTheSameBytes(
        _ format: Exporting.Format
    ) throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let leftovers = Leftovers()
        let kept = dir.appendingPathComponent("kept").path
        let freed = dir.appendingPathComponent("freed").path
        try Exporting.write(trace: Self.trace, as: format, to: kept, leaving: leftovers)
        try Exporting.write(trace: Self.trace, as: format, to: freed)
        #expect(!leftovers.values.isEmpty)
        // The formats that replay leave the replay's engine; the timeline replays nothing.
        #expect(Self.engines(leftovers).count == (format == .chromeTrace ? 0 : 1))
        if format != .svg {  // Graphviz orders clusters by address within one process (GRAPHVIZ.md).
            #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == Data(contentsOf: URL(fileURLWithPath: freed)))
        }
    }
}
