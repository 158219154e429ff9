import Foundation
import RestoreTestSupport
import Testing

@testable import RestoreReport

/// A recording's result holds the engine that ran, so its holder decides when that graph is freed.
@Suite struct RecordingResultTests {
    @Test func theResultHoldsTheEngineThatProducedItsOutcome() throws {
        let dir = NSTemporaryDirectory() + "restoretrace-result-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recorded = try Recording.record(scenarioAt: Samples.path("homepwner.yaml"), to: dir + "/h.trace.jsonl")
        let engine = try #require(recorded.engine?.engine)
        #expect(engine.outcome == recorded.outcome)
    }
}
