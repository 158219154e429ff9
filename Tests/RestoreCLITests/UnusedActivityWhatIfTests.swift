import Foundation
import Testing

/// `--set activity:SESSION.type=…` on a session whose save never used an activity answered "the
/// outcome does not change", as if the new type had been tried and made no difference. It now
/// says why the type never reached a save.
@Suite struct UnusedActivityWhatIfTests {
    static let scenario = """
        name: unused
        app: {lifecycle: scenes, userActivityTypes: [com.example.browse, com.example.other]}
        scenes:
          - {session: main, ui: {class: UIViewController}, activity: {type: com.example.browse, userInfo: {item: "1"}}}
          - {session: side, ui: {class: UIViewController}, activity: {type: com.example.browse, userInfo: {item: "2"}}}
          - {session: bare, ui: {class: UIViewController}}
        timeline:
          - background: {crashWhileEncoding: main}
          - launch

        """

    func whatIf(_ setting: String) throws -> String {
        let dir = try CLI.temporaryDirectory()
        try Self.scenario.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let recorded = try CLI.run(["record", "s.yaml", "-o", "s.jsonl"], in: dir)
        #expect(recorded.code == 0, "\(recorded.stderr)")
        let r = try CLI.run(["replay", "s.jsonl", "--no-report", "--set", setting], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        return r.stdout.components(separatedBy: "\n").dropFirst().first ?? ""
    }

    @Test func aSessionTheCrashLeftUnaskedSaysSo() throws {
        #expect(
            try whatIf("activity:side.type=com.example.other")
                == "  the outcome does not change: scene session `side` is never asked for its activity in this trace (it is not connected when the app goes to the background, or the app ended before)"
        )
    }

    @Test func theSessionWhoseSaveCrashedSaysSo() throws {
        #expect(
            try whatIf("activity:main.type=com.example.other")
                == "  the outcome does not change: the app crashes in stateRestorationActivity(for:) for scene session `main`, so no activity is saved to change"
        )
    }

    @Test func aSessionWithoutAnActivitySaysSo() throws {
        let dir = try CLI.temporaryDirectory()
        try Self.scenario.replacingOccurrences(of: "  - background: {crashWhileEncoding: main}", with: "  - background")
            .write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["record", "s.yaml", "-o", "s.jsonl"], in: dir).code == 0)
        let r = try CLI.run(
            ["replay", "s.jsonl", "--no-report", "--set", "activity:bare.type=com.example.other"], in: dir)
        #expect(
            r.stdout.hasPrefix(
                "What if activity:bare.type=com.example.other:\n  the outcome does not change: scene session `bare` returns no activity from stateRestorationActivity(for:), so there is no type to change\n"
            ), "\(r.stdout)")
        // A type that reached a save changes what comes back: no explanation is owed.
        let used = try CLI.run(
            ["replay", "s.jsonl", "--no-report", "--set", "activity:side.type=com.example.other"], in: dir)
        #expect(
            used.stdout.hasPrefix(
                "What if activity:side.type=com.example.other:\n  0 gained, 0 lost; scene sessions: 0 gained, 0 lost\n  scene `side`: saved com.example.browse"
            ), "\(used.stdout)")
    }
}
