import Foundation
import RestoreReplay
import RestoreReport
import RestoreScenario
import RestoreTestSupport
import RestoreTrace
import Testing

/// Replaying a real app's trace: where UIKit and the engine part is a fidelity finding, worded as
/// such in the text, the JSON and the report; the same departure in a recorded trace is not.
@Suite struct FidelityFindingTests {
    /// A trace where "UIKit" deleted the archive for another reason than the engine's R9.
    private func tampered(fromApp: Bool) throws -> String {
        let scenario = try ScenarioLoader.load(path: Samples.path("homepwner.yaml"))
        let path =
            fromApp ? try EngineCapture.captureToFile(scenario) : try TemporaryTrace.record(scenario).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let changed = text.replacingOccurrences(
            of: #""reason":"discarded after launch (R9)""#, with: #""reason":"deleted by UIKit""#)
        #expect(changed != text)
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func anAppTraceThatPartsFromTheEngineIsAFidelityFinding() throws {
        let path = try tampered(fromApp: true)
        let summary = try Replaying.run(Replaying.Request(trace: path, writeReport: true))
        let d = try #require(summary.baseline.divergence)
        #expect(d.isFidelityFinding)
        #expect(d.kind == "fidelity")
        #expect(
            d.summary
                == "at event 36: UIKit did `archive-deleted` where the engine expected `archive-deleted`")
        let text = summary.text()
        #expect(text.contains("FIDELITY FINDING at event 36: UIKit did"))
        #expect(text.contains("not an error in your app or the trace"))
        #expect(
            text.contains(
                #"UIKit did:           {"launch":2,"phase":"launch","event":"archive-deleted","reason":"deleted by UIKit"}"#
            ))
        #expect(!text.contains("Replay DIVERGED"))
        #expect(summary.json.contains(#""kind":"fidelity""#))
        let report = try String(contentsOfFile: try #require(summary.reportPath), encoding: .utf8)
        #expect(report.contains("Fidelity finding: UIKit and the engine part at event"))
        #expect(report.contains("<h4>UIKit did</h4>"))
    }

    @Test func theSameDepartureInARecordedTraceIsADivergence() throws {
        let path = try tampered(fromApp: false)
        let summary = try Replaying.run(Replaying.Request(trace: path, writeReport: false))
        let d = try #require(summary.baseline.divergence)
        #expect(!d.isFidelityFinding)
        #expect(summary.text().contains("Replay DIVERGED at event 36: recorded `archive-deleted`"))
        #expect(summary.json.contains(#""kind":"divergence""#))
    }
}
