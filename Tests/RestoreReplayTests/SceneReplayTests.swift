import Foundation
import RestoreEngine
import RestoreReplay
import RestoreScenario
import RestoreTestSupport
import RestoreTrace
import Testing

/// Scene traces (SPEC §8) replay from the trace alone, answer what-ifs and diff.
@Suite("scenes: replay, what-if, diff")
struct SceneReplayTests {
    static let yaml = """
        name: scene-replay
        app:
          lifecycle: scenes
          userActivityTypes: [com.example.browse]
        scenes:
          - session: main
            ui: {class: UINavigationController, children: [{class: Detail}]}
            activity:
              type: com.example.browse
              userInfo: {item: "42"}
              responders: {Detail: {tab: 1}}
          - session: side
            activity: {type: com.example.browse, userInfo: {item: "7"}}
        timeline: [background, {kill: system}, launch, {close: side}, {disconnect: main}, {kill: system}, launch]
        """

    /// One scene, force-quit after saving: the next launch makes a new session (S3), which saves
    /// and is restored at the launch after.
    static let forceQuitYAML = """
        name: new-session
        app: {lifecycle: scenes, userActivityTypes: [com.example.browse]}
        scenes:
          - session: main
            ui: {class: BrowserController}
            activity: {type: com.example.browse, userInfo: {item: "42"}}
        timeline: [background, {kill: user}, launch, background, {kill: system}, launch]
        """

    func recorded(_ yaml: String = Self.yaml) throws -> (path: String, outcome: Outcome) {
        try TemporaryTrace.record(ScenarioParser.parse(yaml, file: "test.yaml"))
    }

    @Test func aSceneTraceReplaysWithItsOwnOutcome() throws {
        let (path, outcome) = try recorded()
        let result = try Replayer.replay(path: path)
        #expect(result.divergence == nil)
        #expect(result.recordedEvents == result.replayedEvents)
        #expect(result.outcome.scenes == outcome.scenes)
        #expect(result.outcome.scenes?.map(\.session) == ["main", "side"])
        #expect(result.outcome.scenes?.first?.restored?.value("tab") == .int(1))
        #expect(result.outcome.scenes?.last?.reason == .sessionDiscarded)
    }

    /// A crash while saving replays from the recorded answer, as a crash while encoding does.
    @Test func aCrashWhileSavingReplaysExactly() throws {
        let (path, outcome) = try recorded(
            Self.yaml.replacingOccurrences(
                of:
                    "timeline: [background, {kill: system}, launch, {close: side}, {disconnect: main}, {kill: system}, launch]",
                with:
                    "timeline: [background, {kill: system}, launch, {background: {crashWhileEncoding: main}}, {kill: system}, launch]"
            ))
        #expect(outcome.diagnostics.contains { $0.message.contains("crashed in stateRestorationActivity(for:)") })
        let result = try Replayer.replay(path: path)
        #expect(result.divergence == nil)
        #expect(result.outcome.scenes == outcome.scenes)
    }

    @Test func whatIfTheActivityTypeChanges() throws {
        let (path, _) = try recorded()
        let result = try Replayer.replay(
            path: path, whatIf: WhatIf([try WhatIfEdit.parseSet("activity:main.type=com.example.other")]))
        #expect(result.divergence != nil)
        #expect(result.outcome.scenes?.first?.reason == .activityTypeNotDeclared)
        #expect(result.outcome.scenes?.first?.restored == nil)
    }

    /// After a force quit the next launch makes a new session from the first scene (S3): a
    /// what-if on that scene's activity type reaches the new session, as recording the changed
    /// scenario does. It changed `main` only, and the replay said the new session restored
    /// where the recording of the change said `activity-type-not-declared`.
    @Test func anActivityWhatIfReachesTheNewSessionMadeFromItsScene() throws {
        let yaml = Self.forceQuitYAML
        let (path, _) = try recorded(yaml)
        let result = try Replayer.replay(
            path: path, whatIf: WhatIf([try WhatIfEdit.parseSet("activity:main.type=com.example.other")]))
        let changed = try recorded(
            yaml.replacingOccurrences(
                of: "activity: {type: com.example.browse", with: "activity: {type: com.example.other"))
        #expect(changed.outcome.scenes?.last?.reason == .activityTypeNotDeclared)
        #expect(result.outcome.scenes == changed.outcome.scenes)
        #expect(result.activityTypeUses["main"] == .applied)
    }

    /// A real app's new session (S3) is named by UIKit with a UUID, and the in-app recorder
    /// writes that name; the replay takes it from the trace. It named the session
    /// `new-session-2` and diverged at the first call about it.
    @Test func aNewSessionKeepsTheNameTheTraceGaveIt() throws {
        let yaml = Self.forceQuitYAML
        let (path, outcome) = try recorded(yaml)
        let uuid = "9F3C1E2A-4B5D-4E6F-8A7B-1C2D3E4F5A6B"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"new-session-2\""))
        try text.replacingOccurrences(of: "new-session-2", with: uuid)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Replayer.replay(path: path)
        #expect(result.divergence == nil)
        #expect(result.outcome.scenes?.map(\.session) == ["main", uuid])
        #expect(result.outcome.scenes?.last?.restored == outcome.scenes?.last?.restored)
        #expect(result.outcome.scenes?.last?.restored != nil)
    }

    /// UIKit sends a scene delegate's optional methods only when it implements them, and the
    /// in-app recorder hooks only those: a real app's trace has no `sceneWillResignActive:` from
    /// a delegate without one. The replay asks the recording, as UIKit asks the delegate. It
    /// made every call and reported the first missing one as a fidelity finding.
    @Test func anAppTraceOmitsTheCallsItsDelegatesDoNotImplement() throws {
        let (path, outcome) = try recorded(Self.forceQuitYAML)
        // As the in-app recorder writes it: no configurationForConnecting (it does not hook it),
        // and the new session named by UIKit with a UUID. The name came only from that call.
        let uuid = "9F3C1E2A-4B5D-4E6F-8A7B-1C2D3E4F5A6B"
        let events = try Self.asAppTrace(
            path,
            dropping: [
                "sceneWillEnterForeground:", "sceneDidBecomeActive:", "sceneWillResignActive:",
                "sceneDidEnterBackground:", "application:configurationForConnectingSceneSession:options:",
                "application:didDiscardSceneSessions:",
            ], renaming: ["new-session-2": uuid])
        let result = try Replayer.replay(path: path)
        #expect(result.header.isFromApp)
        #expect(result.divergence == nil)
        #expect(result.recordedEvents == events)
        #expect(result.outcome.scenes?.map(\.session) == ["main", uuid])
        #expect(result.outcome.scenes?.last?.restored == outcome.scenes?.last?.restored)
    }

    /// Whether a delegate implements an optional method is told per session: two configurations
    /// may have two delegate classes, and an activity's delegate is set on some activities only.
    /// Told per kind of call, one session's calls made the replay expect them of every session,
    /// and the first missing one was a fidelity finding (r17 review).
    @Test func anAppTraceTellsPerSessionWhichMethodsItsDelegatesHave() throws {
        let (path, outcome) = try recorded()
        let events = try Self.asAppTrace(
            path,
            droppingAt: [
                ("scene:restoreInteractionStateWithUserActivity:", "side"), ("userActivityWillSave:", "side"),
            ])
        let result = try Replayer.replay(path: path)
        #expect(result.divergence == nil, "\(String(describing: result.divergence?.summary))")
        #expect(result.recordedEvents == events)
        #expect(result.outcome.scenes == outcome.scenes)
    }

    /// The trace at `path` as the in-app recorder would write it (`source: app`): without the
    /// calls in `dropping` (`callback` names), with sessions renamed, events numbered again.
    /// - Returns: the number of events left.
    static func asAppTrace(
        _ path: String, dropping: [String] = [], droppingAt: [(callback: String, session: String)] = [],
        renaming: [String: String] = [:]
    ) throws -> Int {
        var text = try String(contentsOfFile: path, encoding: .utf8)
        for (old, new) in renaming { text = text.replacingOccurrences(of: #""\#(old)""#, with: #""\#(new)""#) }
        var lines = text.split(separator: "\n").map(String.init)
        lines[0] = lines[0].replacingOccurrences(of: #"{"format""#, with: #"{"source":"app","format""#)
        var seq = 0
        lines = try lines.filter { line in
            !dropping.contains { line.contains(#""callback":"\#($0)""#) }
                && !droppingAt.contains {
                    line.contains(#""callback":"\#($0.callback)""#) && line.contains(#""session":"\#($0.session)""#)
                }
        }.map { line in
            guard line.hasPrefix(#"{"seq":"#) else { return line }
            seq += 1
            let number = try #require(line.firstMatch(of: /^\{"seq":\d+/))
            return line.replacingCharacters(in: number.range, with: #"{"seq":\#(seq)"#)
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return seq
    }

    /// A trace cut off inside a backgrounding keeps the saves made before the cut (`main`'s
    /// here, cut in `side`'s): the sessions were published only at the end of the step, and a
    /// cut replay said neither saved anything (scene hunt r17, F9).
    @Test func aTraceCutInsideABackgroundingKeepsTheSavesBeforeTheCut() throws {
        let (path, _) = try recorded()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = try #require(
            lines.firstIndex {
                $0.contains(#""callback":"stateRestorationActivityForScene:""#) && $0.contains(#""session":"side""#)
            })
        let kept = lines[..<cut].joined(separator: "\n") + "\n" + lines[cut].prefix(40)
        try kept.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Replayer.replay(path: path)
        #expect(result.cutOff != nil)
        #expect(result.outcome.scenes?.first?.saved?.type == "com.example.browse")
        #expect(result.outcome.scenes?.last?.saved == nil)
    }

    @Test func whatIfTheDeclaredTypesChange() throws {
        let (path, _) = try recorded()
        let none = try Replayer.replay(path: path, whatIf: WhatIf([try WhatIfEdit.parseSet("userActivityTypes=")]))
        #expect(none.outcome.scenes?.allSatisfy { $0.saved == nil } == true)
        let diff = OutcomeDiff(before: try Replayer.replay(path: path).outcome, after: none.outcome)
        // `side` was closed by the user in both runs: only `main` was lost; `side` differs only in
        // what its last preservation saved (nothing, once its type is undeclared).
        #expect(diff.sceneChanges.filter(\.lost).map(\.session) == ["main"])
        #expect(diff.sceneChanges.first?.lost == true)
        #expect(diff.sceneChanges.last.map { !$0.lost && !$0.gained && $0.after?.saved == nil } == true)
        #expect(diff.lines.contains { $0.hasPrefix("scene `main`") })
    }

    @Test func badActivitySettingsAreRefused() {
        #expect(throws: WhatIfError.self) { try WhatIfEdit.parseSet("activity:main.title=x") }
        #expect(throws: WhatIfError.self) { try WhatIfEdit.parseSet("activity:.type=x") }
        #expect(throws: WhatIfError.self) { try WhatIfEdit.parseSet("activity:main.type=") }
    }

    @Test func diffFindsTheChangedActivity() throws {
        let (a, _) = try recorded()
        let (b, _) = try recorded(Self.yaml.replacingOccurrences(of: "{tab: 1}", with: "{tab: 2}"))
        let result = try TraceDiff.diff(a, b)
        #expect(result.firstDifference?.recorded?.contains("updateUserActivityState:") == true)
        #expect(result.firstDifference?.rule == "S2 saving a scene's activity")
        #expect(result.outcome.sceneChanges.map(\.session) == ["main"])
    }

    @Test func theSceneHeaderRoundTripsAndLegacyHeadersKeepTheirShape() throws {
        let (path, _) = try recorded()
        let header = try TraceReader(path: path).header
        #expect(header.app.lifecycle == .scenes)
        #expect(header.app.userActivityTypes == ["com.example.browse"])
        #expect(header.shouldRestoreRule == nil)
        let legacy = TraceHeader(scenario: "x", app: AppConfiguration())
        #expect(!legacy.json.serialized.contains("lifecycle"))
    }
}

/// The README's "Migrating to scenes" walk-through, on the committed sample.
@Suite("scenes: the migration sample")
struct SceneMigrationSampleTests {
    static let trace = Samples.path("scene-migration-breaks-restoration.trace.jsonl")

    @Test func theMigrationRestoresNothingAndSaysWhy() throws {
        let outcome = try Replayer.replay(path: Self.trace).outcome
        #expect(outcome.scenes?.map(\.restored) == [nil])
        #expect(outcome.scenes?.first?.reason == .activityTypeNotDeclared)
        #expect(outcome.diagnostics.map(\.code) == [.legacyRestorationInert, .activityTypeNotDeclared])
        let inert = try #require(outcome.diagnostics.first?.message)
        #expect(inert.contains("7 pieces"))
        #expect(inert.contains("restoration class NoteViewController"))
    }

    @Test func declaringTheTypeBringsTheSceneBack() throws {
        let fixed = try Replayer.replay(
            path: Self.trace,
            whatIf: WhatIf([
                try WhatIfEdit.parseSet("userActivityTypes=com.example.notes.compose,com.example.notes.browse")
            ]))
        let restored = try #require(fixed.outcome.scenes?.first?.restored)
        #expect(restored.type == "com.example.notes.browse")
        #expect(restored.userInfo.map(\.key) == ["noteID", "scrollOffset", "editing"])
        #expect(fixed.outcome.diagnostics(.legacyRestorationInert).count == 1)
    }
}

extension Outcome {
    fileprivate func diagnostics(_ code: ReasonCode) -> [Diagnostic] { diagnostics.filter { $0.code == code } }
}
