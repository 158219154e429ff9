import Foundation
import RestoreTestSupport
import Testing

/// `lint` ends its text with the scenario that records the storyboards it read: saved as it
/// says, it records (r19 end-to-end walk: lint's output had no word of `record`).
@Suite struct LintNextStepTests {
    /// The lines `lint` says to save, without their indent.
    static func scenario(_ stdout: String) throws -> String {
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let next = try #require(lines.firstIndex { $0.hasPrefix("Next: see what comes back") })
        #expect(lines[next - 1].isEmpty)
        let body = lines[(next + 1)...].prefix { $0.hasPrefix("  ") }
        return body.map { String($0.dropFirst(2)) }.joined(separator: "\n") + "\n"
    }

    /// Copies `files` from Traces/ into a folder of their own (names may differ), lints them
    /// there, saves the scenario lint shows as MyApp.yaml and records it.
    static func lintThenRecord(_ files: [(from: String, to: String)]) throws -> (
        lint: CLI.Result, scenario: String, record: CLI.Result
    ) {
        let dir = try CLI.temporaryDirectory()
        for f in files {
            let to = dir.appendingPathComponent(f.to)
            try FileManager.default.createDirectory(
                at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("Traces/\(f.from)"), to: to)
        }
        let lint = try CLI.run(["lint"] + files.map(\.to), in: dir)
        let scenario = try Self.scenario(lint.stdout)
        try scenario.write(to: dir.appendingPathComponent("MyApp.yaml"), atomically: true, encoding: .utf8)
        let record = try CLI.run(["record", "MyApp.yaml"], in: dir)
        return (lint, scenario, record)
    }

    @Test func theScenarioLintShowsRecordsTheStoryboard() throws {
        let r = try Self.lintThenRecord([("Shelf.storyboard", "Shelf.storyboard")])
        #expect(r.lint.code == 0)
        #expect(
            r.scenario == """
                name: MyApp
                app: {mainStoryboard: Shelf}
                storyboards: {Shelf: Shelf.storyboard}

                """)
        #expect(r.record.code == 0)
        // Recorded from the storyboard: Shelf's launch tree, with the nav lint says is skipped.
        #expect(r.record.stdout.contains("MyApp: recorded "))
        #expect(r.record.stdout.contains("Tabs/<UINavigationController>  "))
    }

    /// A name or folder YAML would read otherwise (a space, a leading digit, `yes`) is quoted.
    @Test func oddNamesAreQuotedSoTheScenarioReadsBack() throws {
        let r = try Self.lintThenRecord([("Shelf.storyboard", "My UI/yes.storyboard")])
        #expect(r.scenario.contains(#"app: {mainStoryboard: "yes"}"#))
        #expect(r.scenario.contains(#"storyboards: {"yes": "My UI/yes.storyboard"}"#))
        #expect(r.record.code == 0)
    }

    /// With a scene-based Info.plist, the scenario reads it and starts one session.
    @Test func aSceneBasedAppGetsItsPlistAndASession() throws {
        let r = try Self.lintThenRecord([
            ("Notes-Info.plist", "Info.plist"), ("Shelf.storyboard", "Shelf.storyboard"),
        ])
        #expect(
            r.scenario == """
                name: MyApp
                app: {infoPlist: Info.plist}
                storyboards: {Shelf: Shelf.storyboard}
                scenes:
                  - session: main

                """)
        #expect(r.record.code == 0)
        #expect(r.record.stdout.contains("Scenes: 0 of 1 session restored"))
    }

    /// The launch screen is listed (the app's storyboards may reference it: Delta's Main does, and a
    /// reference into a file not listed is refused) but never taken as the main storyboard.
    @Test func theLaunchScreenIsListedButNotTheMainStoryboard() throws {
        let dir = try CLI.temporaryDirectory()
        let plist: [String: Any] = ["UILaunchStoryboardName": "Launch", "CFBundleVersion": "1"]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            .write(to: dir.appendingPathComponent("Info.plist"))
        for name in ["Launch", "Shelf"] {
            try FileManager.default.copyItem(
                at: CLI.packageRoot.appendingPathComponent("Traces/Shelf.storyboard"),
                to: dir.appendingPathComponent("\(name).storyboard"))
        }
        let lint = try CLI.run(["lint", "Info.plist", "Launch.storyboard", "Shelf.storyboard"], in: dir)
        #expect(
            try Self.scenario(lint.stdout) == """
                name: MyApp
                app: {mainStoryboard: Shelf}
                storyboards: {Launch: Launch.storyboard, Shelf: Shelf.storyboard}

                """)
    }

    /// Lines `record` would refuse are not offered: the findings that stand in the way, or the
    /// scene's storyboard lint was not given, are named instead (r20 review).
    @Test func whatStandsInTheWayIsTheNextStep() throws {
        let dir = try CLI.temporaryDirectory()
        let shelf = try String(
            contentsOf: CLI.packageRoot.appendingPathComponent("Traces/Shelf.storyboard"), encoding: .utf8)
        try shelf.replacingOccurrences(of: #"restorationIdentifier="Notes""#, with: #"restorationIdentifier="No/tes""#)
            .write(to: dir.appendingPathComponent("Slash.storyboard"), atomically: true, encoding: .utf8)
        try shelf.write(to: dir.appendingPathComponent("Other.storyboard"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("Traces/Notes-Info.plist"),
            to: dir.appendingPathComponent("Info.plist"))
        try FileManager.default.copyItem(
            at: LintCommandTests.fixtures.appendingPathComponent("Container.storyboard"),
            to: dir.appendingPathComponent("Container.storyboard"))
        for (files, next) in [
            (
                ["Slash.storyboard"],
                "Next: `restoretrace record` refuses these storyboards while the [identifier-contains-slash] findings above stand; fix them, and lint ends with the scenario to record."
            ),
            (
                ["Container.storyboard"],
                "Next: `restoretrace record` refuses these storyboards while the [unresolved-reference] findings above stand; fix them (or give lint the storyboards they lead into), and lint ends with the scenario to record."
            ),
            (
                ["Info.plist", "Other.storyboard"],
                "Next: give lint the scene's storyboard too (Shelf.storyboard, the UISceneStoryboardFile of its first configuration), and it ends with the scenario to record."
            ),
        ] {
            let r = try CLI.run(["lint"] + files, in: dir)
            #expect(r.stdout.hasSuffix("\n\n" + next + "\n"), "\(files): \(r.stdout.suffix(400))")
        }
    }

    /// Nothing to record: a storyboard read from standard input cannot be named by a scenario, and
    /// `--json` is for tools.
    @Test func noNextStepForStandardInputOrJSON() throws {
        let shelf = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Traces/Shelf.storyboard"))
        let p = Process()
        p.executableURL = CLI.executable("restoretrace")
        p.arguments = ["lint", "-"]
        let piped = try CLI.collect(p, stdin: shelf)
        #expect(piped.code == 0)
        #expect(piped.stdout.contains("1 storyboard: 0 errors"))
        #expect(!piped.stdout.contains("Next:"))
        let json = try CLI.run(
            ["lint", "Shelf.storyboard", "--json"], in: CLI.packageRoot.appendingPathComponent("Traces"))
        #expect(!json.stdout.contains("Next:"))
    }
}
