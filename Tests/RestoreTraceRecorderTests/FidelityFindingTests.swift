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
                == #"at event 36: UIKit did `archive-deleted` with reason "deleted by UIKit" where the engine expected reason "discarded after launch (R9)""#
        )
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

    @Test func aCoderKeyUIKitDecodedDifferentlyIsNamedWithBothValues() throws {
        let scenario = try ScenarioLoader.load(path: Samples.path("homepwner.yaml"))
        let path = try EngineCapture.captureToFile(scenario)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let decode = #""callback":"decodeRestorableStateWithCoder:","receiver":"BNRItemsViewController""#
        let changed = lines.map { line in
            line.contains(decode)
                ? line.replacingOccurrences(
                    of: #""TableViewIsEditing":{"bool":false}"#, with: #""TableViewIsEditing":{"bool":true}"#)
                : String(line)
        }.joined(separator: "\n")
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
        let summary = try Replaying.run(Replaying.Request(trace: path, writeReport: false))
        let d = try #require(summary.baseline.divergence)
        #expect(
            d.summary
                == #"at event 24: UIKit did `decodeRestorableStateWithCoder:` on UINavigationController/BNRItemsViewController with coder key `TableViewIsEditing` {"bool":true} where the engine expected coder key `TableViewIsEditing` {"bool":false}"#
        )
    }

    @Test func theFieldThatDiffersIsNamedEvenWhenOneSideLacksIt() throws {
        let node = FieldDifference.between(
            recorded: #"{"seq":3,"event":"snapshot","path":"A"}"#, replayed: #"{"event":"snapshot","path":"B"}"#)
        #expect(node == FieldDifference(label: "path", recorded: #""A""#, replayed: #""B""#))
        let missing = FieldDifference.between(
            recorded: #"{"callback":"encodeRestorableStateWithCoder:","coder":{}}"#,
            replayed: #"{"callback":"encodeRestorableStateWithCoder:","coder":{"k":{"int":1}}}"#)
        #expect(missing == FieldDifference(label: "coder key `k`", recorded: nil, replayed: #"{"int":1}"#))
        #expect(FieldDifference.describe("coder key `k`", nil) == "no coder key `k`")
        let nested = FieldDifference.between(
            recorded: #"{"callback":"c","result":{"restored":true,"class":"X"}}"#,
            replayed: #"{"callback":"c","result":{"restored":true,"class":"Y"}}"#)
        #expect(nested?.label == "result.class")
        let other = FieldDifference.between(recorded: #"{"event":"kill"}"#, replayed: #"{"event":"crash"}"#)
        #expect(other == nil)
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
