import Foundation
import Testing

/// `--fail-on error|warning|lost` turns findings into exit 1 for a CI gate; without it `record`
/// and `replay` exit 0 whatever the scenario earns.
@Suite struct FailOnTests {
    @Test func aCleanScenarioPassesEveryGate() throws {
        let dir = try CLI.temporaryDirectory()
        try """
        name: clean
        app: {delegate: {shouldSaveSecureApplicationState: true, shouldRestoreSecureApplicationState: true}}
        launchUI: {class: UINavigationController, restorationIdentifier: Nav, children: [{class: Feed, restorationIdentifier: Feed}]}
        """.write(to: dir.appendingPathComponent("clean.yaml"), atomically: true, encoding: .utf8)
        for level in ["error", "warning", "lost"] {
            let r = try CLI.run(["record", "clean.yaml", "--fail-on", level], in: dir)
            #expect(r.code == 0, "--fail-on \(level): \(r.stderr)")
            #expect(r.stderr.isEmpty)
            #expect(r.stdout.contains("2 of 2 nodes restored"))
        }
    }

    @Test func recordFailsOnALostNodeAndStillWritesTheTrace() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["record", "-o", "d.jsonl", "--fail-on", "lost"], in: dir)
        #expect(r.code == 1)
        #expect(
            r.stderr == "--fail-on lost: 1 preserved node did not come back: Tabs/tripsNav/tripDetail/photoViewer\n")
        #expect(r.stdout.contains("demo-travel: recorded"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("d.jsonl").path))
        // The same run without the gate is a success: findings are results.
        #expect(try CLI.run(["record", "-o", "d.jsonl"], in: dir).code == 0)
    }

    @Test func warningGateCountsWarningsAndErrorGateOnlyErrors() throws {
        let dir = try CLI.temporaryDirectory()
        let warning = try CLI.run(["record", "-o", "d.jsonl", "--fail-on", "warning"], in: dir)
        #expect(warning.code == 1)
        #expect(warning.stderr.hasPrefix("--fail-on warning: 0 errors, "))
        #expect(warning.stderr.contains(" warnings found: "))
        #expect(warning.stderr.contains("Tabs/<UINavigationController>/explore"))
        #expect(try CLI.run(["record", "-o", "d.jsonl", "--fail-on", "error"], in: dir).code == 0)
        let error = try CLI.run(
            [
                "record", CLI.sample("reserved-key-in-will-encode.yaml"), "-o", "r.jsonl", "--fail-on", "error",
                "--json",
            ],
            in: dir)
        #expect(error.code == 1)
        #expect(error.stderr == "--fail-on error: 2 errors found: the app delegate (reserved-key), Nav/Home\n")
        // --json output is still the whole outcome, so a pipeline can read why.
        #expect(error.stdout.contains("\"format\":\"restoretrace-outcome/1\""))
    }

    /// A scene app's findings are named as what they are about: a session as a session, an
    /// app-wide finding as the app (it listed "legacy-restoration-inert, main" as if both were nodes).
    @Test func aSceneAppsFindingsNameWhatTheyAreAbout() throws {
        let r = try CLI.run(
            [
                "record", CLI.sample("scene-migration-breaks-restoration.yaml"), "-o", "m.jsonl", "--fail-on",
                "warning",
            ], in: try CLI.temporaryDirectory())
        #expect(r.code == 1)
        #expect(
            r.stderr
                == "--fail-on warning: 1 error, 1 warning found: the app (legacy-restoration-inert), scene session notes\n"
        )
    }

    @Test func replayGatesTheRunItShowsTheWhatIfWhenThereIsOne() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = CLI.sample("homepwner.trace.jsonl")
        #expect(try CLI.run(["replay", trace, "--no-report", "--fail-on", "lost"], in: dir).code == 0)
        let whatIf = try CLI.run(
            ["replay", trace, "--no-report", "--fail-on", "lost", "--set", "shouldRestore=false"], in: dir)
        #expect(whatIf.code == 1)
        #expect(whatIf.stderr.hasPrefix("--fail-on lost: "))
        #expect(whatIf.stderr.contains("preserved nodes did not come back"))
        let demo = try CLI.run(
            ["replay", CLI.sample("demo-travel.trace.jsonl"), "--no-report", "--fail-on", "lost"], in: dir)
        #expect(demo.code == 1)
        #expect(demo.stdout.contains("replay matched"))
    }

    @Test func anUnknownLevelIsBadInput() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["record", "-o", "d.jsonl", "--fail-on", "info"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("--fail-on"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("d.jsonl").path))
    }

    @Test func gatesCombine() throws {
        let dir = try CLI.temporaryDirectory()
        let r = try CLI.run(["record", "-o", "d.jsonl", "--fail-on", "error", "--fail-on", "lost"], in: dir)
        #expect(r.code == 1)
        #expect(
            r.stderr == "--fail-on lost: 1 preserved node did not come back: Tabs/tripsNav/tripDetail/photoViewer\n")
    }

    @Test func aWhatIfThatLosesSceneSessionsFailsTheLostGate() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = CLI.sample("restoring-your-apps-state-scenes.trace.jsonl")
        #expect(try CLI.run(["replay", trace, "--no-report", "--fail-on", "lost"], in: dir).code == 0)
        let r = try CLI.run(
            ["replay", trace, "--no-report", "--set", "deviceLocked=true", "--fail-on", "lost"], in: dir)
        #expect(r.code == 1)
        #expect(
            r.stderr
                == "--fail-on lost: 2 saved scene sessions did not come back: scene session main, scene session photo\n"
        )
    }
}
