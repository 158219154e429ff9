import Foundation
import RestoreReport
import RestoreTestSupport
import Testing

@testable import RestoreReplay

/// A what-if keeps no events, with a report or without (the report takes the what-if run's as
/// they are made, and of the faithful run only what it draws), so both of its runs read ahead
/// on a second core as a faithful replay does.
@Suite struct WhatIfReadAheadTests {
    final class Started: @unchecked Sendable {
        // Unchecked Sendable: every access holds `lock`.
        private let lock = NSLock()
        private var n = 0
        var count: Int { lock.withLock { n } }
        func add() { lock.withLock { n += 1 } }
    }

    func readingThreads(writeReport: Bool) throws -> Int {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let request = Replaying.Request(
            trace: Samples.path("demo-travel.trace.jsonl"), droppedIdentifiers: ["Tabs/tripsNav/trips"],
            writeReport: writeReport, reportDirectory: dir.appendingPathComponent("r").path)
        let started = Started()
        try Replayer.$startedReadingAhead.withValue(
            { _ in started.add() }, operation: { _ = try Replaying.run(request) })
        return started.count
    }

    var manyCores: Bool { ProcessInfo.processInfo.activeProcessorCount > 1 }

    @Test func withoutAReportBothRunsReadAhead() throws {
        #expect(try readingThreads(writeReport: false) == (manyCores ? 2 : 0))
    }

    @Test func withAReportBothRunsReadAheadToo() throws {
        #expect(try readingThreads(writeReport: true) == (manyCores ? 2 : 0))
    }
}
