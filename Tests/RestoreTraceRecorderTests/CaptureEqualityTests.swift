import Foundation
import RestoreEngine
import RestoreReplay
import RestoreReport
import RestoreScenario
import RestoreTestSupport
import RestoreTrace
import RestoreTraceRecorder
import Testing

/// The capture core driven by the engine standing in for UIKit: for every sample in `Traces/`,
/// what it writes must be what `record` writes (but for the header's `source`), and replay matched.
@Suite struct CaptureEqualityTests {
    /// Every sample, app-based and scene-based (SPEC §8) alike.
    @Test func sceneSamplesAreCoveredToo() {
        let lifecycles = Set(
            Samples.scenarioNames.compactMap { try? ScenarioLoader.load(path: Samples.path($0)).app.lifecycle })
        #expect(lifecycles == [.app, .scenes])
    }

    @Test(arguments: Samples.scenarioNames)
    func captureEqualsRecordAndReplaysMatched(_ sample: String) throws {
        try Self.expectCaptureEqualsRecord(try ScenarioLoader.load(path: Samples.path(sample)), sample)
    }

    /// Crashes no sample has: a scene's save and restore (the crash event names its session,
    /// which the capture core dropped, so the captured trace diverged).
    @Test func sceneCrashesAreCapturedAsRecorded() throws {
        let app = """
            name: crash
            app: {lifecycle: scenes, userActivityTypes: [t]}
            scenes:
              - {session: main, ui: {class: A}, activity: {type: t, userInfo: {item: "1"}}}
              - {session: side, ui: {class: B}, activity: {type: t, userInfo: {item: "2"}}}

            """
        for timeline in [
            "timeline: [background, {kill: system}, launch, {background: {crashWhileEncoding: side}}, {kill: system}, launch]",
            "timeline: [background, {kill: system}, {launch: {crashWhileDecoding: main}}, launch]",
        ] {
            try Self.expectCaptureEqualsRecord(try ScenarioParser.parse(app + timeline, file: "crash.yaml"), timeline)
        }
    }

    static func expectCaptureEqualsRecord(_ scenario: Scenario, _ sample: String) throws {
        let recorded = try TemporaryTrace.record(scenario).path
        let captured = try EngineCapture.captureToFile(scenario)

        let recordedLines = try String(contentsOfFile: recorded, encoding: .utf8).split(separator: "\n")
        let capturedLines = try String(contentsOfFile: captured, encoding: .utf8).split(separator: "\n")
        #expect(capturedLines.count == recordedLines.count)
        let header = try #require(capturedLines.first)
        #expect(header.contains(#""source":"app""#))
        #expect(header.replacingOccurrences(of: #""source":"app","#, with: "") == String(recordedLines[0]))
        for (i, (a, b)) in zip(capturedLines, recordedLines).enumerated().dropFirst() where a != b {
            Issue.record("\(sample): line \(i + 1) differs\n  captured: \(a.prefix(300))\n  recorded: \(b.prefix(300))")
            break
        }

        let replay = try Replayer.replay(path: captured)
        #expect(replay.matched, "\(sample): \(replay.divergence.map { "\($0)" } ?? "")")
        #expect(replay.header.isFromApp)
    }
}

/// Runs a scenario with the capture core between the engine and the scenario app, the way
/// `Scenario.run` does without it.
enum EngineCapture {
    static func run(_ scenario: Scenario, sink: TraceSink) -> AppCapture {
        let app = ScenarioApp(scenario: scenario)
        let application = UIApplication(configuration: scenario.app.configuration)
        app.declareClasses(in: &application.classes)
        let standIn = EngineStandIn(forwardingTo: ScenarioBoundary(app: app))
        let capture = AppCapture(
            header: Recording.header(for: scenario), application: EngineApplication(application), sink: sink)
        standIn.attach(capture)
        let engine = RestorationEngine(application: application, boundary: standIn)
        engine.observer = standIn
        if scenario.app.lifecycle == .scenes {
            engine.startScenes(
                scenario.scenes.map {
                    SceneSetup(
                        session: $0.session, configuration: $0.configuration,
                        root: $0.ui?.instantiateViewController(classes: application.classes))
                })
        } else {
            engine.start(with: scenario.ui.map { $0.instantiateViewController(classes: application.classes) })
        }
        engine.run(scenario.timeline)
        return capture
    }

    /// Captures into a file in a fresh folder and returns its path.
    static func captureToFile(_ scenario: Scenario) throws -> String {
        let path = try Samples.temporaryDirectory().appendingPathComponent("\(scenario.name).app.trace.jsonl").path
        let capture = run(scenario, sink: try FileTraceSink(path: path))
        if let failure = capture.output.drain() { throw failure }
        return path
    }
}
