import Foundation
import RestoreTestSupport
import Testing

/// A timeline step that does nothing — a `background` while the app is not in the foreground, a
/// `kill` of an app that is not running — was accepted, and the recording went on as if the
/// question had been asked (round 15's engine hunt, #6). `record` now refuses it at the step's
/// line, says why, and writes no trace.
@Suite struct IdleStepTests {
    static let app = """
        name: idle
        launchUI:
          class: UINavigationController
          restorationIdentifier: Nav
          children: [{class: UIViewController, restorationIdentifier: A}]

        """

    static func record(_ timeline: String) throws -> CLI.Result {
        let dir = try CLI.temporaryDirectory()
        try (app + "timeline: \(timeline)\n").write(
            to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml", "-o", "s.trace.jsonl"], in: dir)
        // A refused recording leaves no trace behind.
        let written = FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.trace.jsonl").path)
        #expect(written == (r.code == 0))
        return r
    }

    @Test func aBackgroundAfterAKillIsRefusedAtItsStep() throws {
        let r = try Self.record("[background, {kill: user}, background, {kill: system}, launch]")
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "s.yaml:6:38: error: timeline step 3 ('background') does nothing: the app is not running at this step (it was killed, or crashed, and no launch followed). Put a launch before it, or remove it"
            ), "\(r.stderr)")
        // The kill after it kills an app that is already dead: said too, at its own column.
        #expect(r.stderr.contains("s.yaml:6:50: error: timeline step 4 ('kill') does nothing"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func aSecondBackgroundIsRefused() throws {
        let r = try Self.record("[background, background, {kill: system}, launch]")
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "timeline step 2 ('background') does nothing: the app is already in the background at this step"),
            "\(r.stderr)")
    }

    @Test func aBackgroundAfterALockedLaunchSaysWhy() throws {
        let r = try Self.record(
            "[background, {kill: system}, {launch: {deviceLocked: true}}, background, {kill: system}, launch]")
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "timeline step 4 ('background') does nothing: the app is already in the background: a launch while the device is locked stays there (R12)"
            ), "\(r.stderr)")
    }

    @Test func aBackgroundAfterACrashWhileDecodingIsRefused() throws {
        let r = try Self.record(
            "[background, {kill: system}, {launch: {crashWhileDecoding: Nav/A}}, background, launch]")
        #expect(r.code == 2)
        #expect(r.stderr.contains("timeline step 4 ('background') does nothing: the app is not running"), "\(r.stderr)")
    }

    @Test func aCrashKeyOnAnIdleStepIsSaidOnceByItsKey() throws {
        let r = try Self.record("[background, {kill: system}, {background: {crashWhileEncoding: Nav/A}}, launch]")
        #expect(r.code == 2)
        #expect(r.stderr.contains("'crashWhileEncoding: Nav/A' crashes nothing"), "\(r.stderr)")
        #expect(!r.stderr.contains("does nothing"), "\(r.stderr)")
    }

    @Test func everyStepThatActsPasses() throws {
        let r = try Self.record(
            "[background, {kill: system}, {launch: {deviceLocked: true}}, {kill: system}, launch, background, {kill: user}, launch]"
        )
        #expect(r.code == 0, "\(r.stderr)")
    }

    /// A user's kill of an app the system already ended is not idle: swiping its card away
    /// deletes the archive (T2), so the next launch restores nothing.
    @Test func aUsersKillAfterTheSystemsIsKept() throws {
        let r = try Self.record("[background, {kill: system}, {kill: user}, launch]")
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.contains("archive-deleted-user-quit"), "\(r.stdout)")
    }

    /// The scene steps that do nothing are refused as the others are (scene hunt r17, F4): a
    /// second `close` of a session (a typo for another), a `disconnect` of a session that is not
    /// connected or of a dead app, and a `background` with no scene left to send there.
    @Test func sceneStepsThatDoNothingAreRefused() throws {
        let dir = try CLI.temporaryDirectory()
        let yaml = """
            name: idle-scenes
            app: {lifecycle: scenes, userActivityTypes: [t]}
            scenes:
              - {session: a, ui: {class: VC}, activity: {type: t}}
              - {session: b, ui: {class: VC}, activity: {type: t}}
            timeline: [{close: a}, {close: a}, {disconnect: b}, {disconnect: b}, {close: b}, background, {kill: system}, {disconnect: a}, launch]

            """
        try yaml.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml", "-o", "s.trace.jsonl"], in: dir)
        #expect(r.code == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.trace.jsonl").path))
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("does nothing") }
        #expect(
            lines.map { String($0.prefix { $0 != ":" }) + ":" + String($0.split(separator: "'")[1]) } == [
                "s.yaml:close", "s.yaml:disconnect", "s.yaml:background", "s.yaml:disconnect",
            ], "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "timeline step 2 ('close') does nothing: scene session `a` is already gone at this step (its session was discarded before: closed, or the app force-quit). Remove it, or close another session"
            ), "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "timeline step 4 ('disconnect') does nothing: scene session `b` is not connected at this step (it was disconnected before, and no launch followed)"
            ), "\(r.stderr)")
        #expect(r.stderr.contains("timeline step 6 ('background') does nothing: no scene is connected at this step"))
        #expect(r.stderr.contains("timeline step 8 ('disconnect') does nothing: the app is not running at this step"))
    }
}
