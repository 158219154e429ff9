import Foundation
import RestoreTestSupport
import Testing

/// What a what-if answers, from a hunt of the what-if replays (round 18): it counted a node's
/// preservation and restoration both, compared the last launch only, said "does not change"
/// when only findings moved, ignored `answer:` on a registered object, and took paths no
/// callback reads.
@Suite struct WhatIfAnswerTests {
    static let delegate = """
        app:
          delegate:
            shouldSaveSecureApplicationState: true
            shouldRestoreSecureApplicationState: true
        """

    /// Records `yaml` in a fresh folder; returns the folder and the trace's name.
    static func record(_ yaml: String) throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try yaml.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml", "-o", "t.jsonl"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        return dir
    }

    static func whatIf(_ dir: URL, _ arguments: [String]) throws -> (code: Int32, stdout: String, stderr: String) {
        let r = try CLI.run(["replay", "t.jsonl", "--no-report"] + arguments, in: dir)
        return (r.code, r.stdout, r.stderr)
    }

    @Test func aChangeThatMovesOnlyAFindingSaysSo() throws {
        let dir = try Self.record(
            """
            name: dup
            \(Self.delegate)
            launchUI:
              class: UINavigationController
              restorationIdentifier: Nav
              children: [{class: HomeController, restorationIdentifier: Home, restorationClass: HomeController}]
            classes:
              HomeController: {answer: existing}
            """)
        let r = try Self.whatIf(dir, ["--set", "answer:Nav/Home=new"])
        #expect(r.code == 0)
        #expect(!r.stdout.contains("does not change"), "\(r.stdout)")
        #expect(r.stdout.contains("\n  0 gained, 0 lost; 1 new finding, 0 gone\n"), "\(r.stdout)")
        #expect(r.stdout.contains("\n  new finding: warning [duplicate-instance] `Home` (Nav/Home) exists twice"))
        let json = try Self.whatIf(dir, ["--set", "answer:Nav/Home=new", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require((object["whatIf"] as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["change"] as? String == "new")
        #expect(findings.first?["code"] as? String == "duplicate-instance")
    }

    @Test func anAnswerForARegisteredObjectIsTheObjectsRestorationClasss() throws {
        let dir = try Self.record(
            """
            name: obj
            \(Self.delegate)
            classes:
              StoreRestorer: {answer: new}
            launchUI:
              class: UINavigationController
              restorationIdentifier: Nav
              children: [{class: ListController, restorationIdentifier: List}]
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - class: ListController
                  restorationIdentifier: List
                  objects:
                    - {restorationIdentifier: Store, class: Store, objectRestorationClass: StoreRestorer, restorationParent: Nav/List}
            """)
        let r = try Self.whatIf(dir, ["--set", "answer:Nav/List/Store=nil"])
        #expect(r.stdout.contains("\n  0 gained, 1 lost (restored 3 of 3 → 2 of 3)"), "\(r.stdout)")
        #expect(
            r.stdout.contains("restoration: `Nav/List/Store` is now not-restored (restoration-class-returned-nil)"),
            "\(r.stdout)")
        // A storyboard holds no objects: refused, not answered "does not change".
        let storyboard = try Self.whatIf(dir, ["--set", "answer:Nav/List/Store=storyboard"])
        #expect(storyboard.code == 2)
        #expect(storyboard.stderr.contains("'Nav/List/Store' is a registered object"), "\(storyboard.stderr)")
        // Its identifier is the app's code's to drop, not --drop-id's.
        let drop = try Self.whatIf(dir, ["--drop-id", "Nav/List/Store"])
        #expect(drop.code == 2)
        #expect(drop.stderr.contains("this is a registered object"), "\(drop.stderr)")
        #expect(!drop.stderr.contains("UIKit's"), "\(drop.stderr)")
    }

    @Test func aViewsPathIsRefusedForAnAnswer() throws {
        let r = try CLI.run(
            [
                "replay", CLI.sample("demo-travel.trace.jsonl"), "--no-report", "--set",
                "answer:Tabs/tripsNav/trips/tripsTable=nil",
            ], in: try CLI.temporaryDirectory())
        #expect(r.code == 2)
        #expect(r.stderr.contains("'Tabs/tripsNav/trips/tripsTable' is a view"), "\(r.stderr)")
    }

    /// Launch 2 of crash-during-restoration restores nothing (the app crashes decoding Post);
    /// answering nil for Post, it restores two. The answer named only launch 3.
    @Test func everyLaunchIsCompared() throws {
        let r = try CLI.run(
            [
                "replay", CLI.sample("crash-during-restoration.trace.jsonl"), "--no-report", "--set",
                "answer:Nav/Post=nil",
            ], in: try CLI.temporaryDirectory())
        #expect(r.code == 0)
        #expect(r.stdout.contains("\n  2 gained, 0 lost (launch 2: restored 0 of 3 → 2 of 3); "), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "\n  restoration (launch 2): `Nav/Feed` is now restored via existing (was not-restored (archive-deleted-crash))"
            ), "\(r.stdout)")
        #expect(r.stdout.contains("\n  restoration (launch 3) reason: archive-deleted-crash → no-archive"))
    }

    @Test func dropsAreOrderFreeAndASharedPathIsRefused() throws {
        let trace = CLI.sample("demo-travel.trace.jsonl")
        let dir = try CLI.temporaryDirectory()
        let one = try CLI.run(
            [
                "replay", trace, "--no-report", "--json", "--drop-id", "Tabs/tripsNav", "--drop-id",
                "Tabs/tripsNav/trips",
            ],
            in: dir)
        let other = try CLI.run(
            [
                "replay", trace, "--no-report", "--json", "--drop-id", "Tabs/tripsNav/trips", "--drop-id",
                "Tabs/tripsNav",
            ],
            in: dir)
        #expect(one.code == 0, "\(one.stderr)")
        #expect(other.code == 0, "\(other.stderr)")
        // The same answer either way (the edits are echoed in the order given).
        func answer(_ text: String) throws -> [String: Any] {
            var o = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var w = try #require(o["whatIf"] as? [String: Any])
            w["edits"] = nil
            o["whatIf"] = w
            return o
        }
        #expect(NSDictionary(dictionary: try answer(one.stdout)).isEqual(to: try answer(other.stdout)))

        let shared = try Self.record(
            """
            name: shared
            \(Self.delegate)
            classes:
              PageController: {answer: new}
            launchUI:
              class: UINavigationController
              restorationIdentifier: Nav
              children: [{class: HomeController, restorationIdentifier: Home}]
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: HomeController, restorationIdentifier: Home}
                - {class: PageController, restorationIdentifier: page, restorationClass: PageController}
                - {class: PageController, restorationIdentifier: page, restorationClass: PageController}
            """)
        let r = try Self.whatIf(shared, ["--drop-id", "Nav/page"])
        #expect(r.code == 2)
        #expect(r.stderr.contains("two or more siblings have this restoration path"), "\(r.stderr)")
    }

    @Test func countsAreOncePerNodeAtTheRestoration() throws {
        let r = try CLI.run(
            ["replay", CLI.sample("demo-travel.trace.jsonl"), "--no-report", "--drop-id", "Tabs"],
            in: try CLI.temporaryDirectory())
        // 9 preserved and 8 restored before: 8 nodes no longer come back (was "17 lost").
        #expect(r.stdout.contains("\n  0 gained, 8 lost (restored 8 of 9 → 0 of 0); "), "\(r.stdout)")
    }

    @Test func settingsAreReadAsTyped() throws {
        let trace = CLI.sample("restoring-your-apps-state-scenes.trace.jsonl")
        let dir = try CLI.temporaryDirectory()
        let a = "com.example.apple-samplecode.staterestore.mainActivity"
        let b = "com.example.apple-samplecode.staterestore.photoActivity"
        // The app's own two types, with a space after the comma: nothing changes.
        let spaced = try CLI.run(["replay", trace, "--no-report", "--set", "userActivityTypes=\(a), \(b)"], in: dir)
        #expect(
            spaced.stdout.contains(
                "\n  the outcome does not change: no node's fate, no finding and no scene session of this recording depends on it\n"
            ), "\(spaced.stdout)")
        let demo = CLI.sample("demo-travel.trace.jsonl")
        let bare = try CLI.run(["replay", demo, "--no-report", "--set", "answer:Tabs/tripsNav/tripDetail"], in: dir)
        #expect(bare.code == 2)
        #expect(bare.stderr.contains("e.g. --set 'answer:Tabs/tripsNav/tripDetail=nil'"), "\(bare.stderr)")
        // A line break would print a line of its own (a forged `error:` in a CI log).
        let broken = try CLI.run(
            ["replay", demo, "--no-report", "--drop-id", "Tabs\nt.yaml:1:1: error: fake"], in: dir)
        #expect(broken.code == 2)
        #expect(broken.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1, "\(broken.stderr)")
        #expect(broken.stderr.contains(#"'Tabs\u{A}t.yaml:1:1: error: fake' holds a line break"#), "\(broken.stderr)")
        let empty = try CLI.run(["replay", demo, "--no-report", "--drop-id", ""], in: dir)
        #expect(empty.code == 2)
        #expect(empty.stderr.contains("'' is not a restoration path"), "\(empty.stderr)")
        let label = try CLI.run(
            ["replay", demo, "--no-report", "--drop-id", "Tabs/<UINavigationController>/explore"], in: dir)
        #expect(label.code == 2)
        #expect(
            label.stderr.contains("reads as how the report shows a node with no restoration path"), "\(label.stderr)")
        let declined = try CLI.run(
            ["replay", CLI.sample("save-declined.trace.jsonl"), "--no-report", "--set", "shouldRestore=false"], in: dir)
        #expect(
            declined.stdout.contains(
                "the outcome does not change: no launch of the recording restored anything (launch 2: save-declined)"),
            "\(declined.stdout)")
        // The JSON says why too.
        let declinedJSON = try CLI.run(
            [
                "replay", CLI.sample("save-declined.trace.jsonl"), "--no-report", "--set", "shouldRestore=false",
                "--json",
            ],
            in: dir)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(declinedJSON.stdout.utf8)) as? [String: Any])
        let unchanged = (object["whatIf"] as? [String: Any])?["unchanged"] as? String
        #expect(unchanged?.hasPrefix("no launch of the recording restored anything (launch 2: save-declined)") == true)
    }
}

/// A what-if that changed nothing says why, in the text and in JSON, never an empty reason
/// (r19 end-to-end walk: `answer:PATH=nil` on a storyboard app said only "does not change", and
/// `unchanged` was "").
@Suite struct WhatIfUnchangedReasonTests {
    @Test func anAnswerTheAppDelegateAlreadyGaveSaysUIKitWentOn() throws {
        let r = try CLI.run(
            [
                "replay", CLI.sample("demo-travel.trace.jsonl"), "--no-report", "--set",
                "answer:Tabs/tripsNav/trips=nil",
            ], in: try CLI.temporaryDirectory())
        #expect(
            r.stdout.contains(
                "the outcome does not change: `Tabs/tripsNav/trips` has no restoration class, so its answer is the app delegate's; nil lets UIKit go on to the object already at that path"
            ), "\(r.stdout)")
    }

    @Test func noReasonIsNeverEmpty() throws {
        let r = try CLI.run(
            ["replay", CLI.sample("demo-travel.trace.jsonl"), "--no-report", "--set", "deviceLocked=false", "--json"],
            in: try CLI.temporaryDirectory())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let unchanged = try #require((object["whatIf"] as? [String: Any])?["unchanged"] as? String)
        #expect(unchanged == "no node's fate, no finding and no scene session of this recording depends on it")
    }
}

/// The review of the what-if answers (round 18): what the counts, cards and refusals say agree.
@Suite struct WhatIfAnswerReviewTests {
    @Test func siblingsSharingAnIdentifierArePairedInOrder() throws {
        let r = try CLI.run(
            ["replay", CLI.sample("ambiguous-paths.trace.jsonl"), "--no-report", "--drop-id", "PagesContainer"],
            in: try CLI.temporaryDirectory())
        // Five restored before, none after: five lost, the two `chart` views each once.
        #expect(r.stdout.contains("\n  0 gained, 5 lost (restored 5 of 5 → 0 of 0)"), "\(r.stdout)")
        #expect(
            r.stdout.components(separatedBy: "restoration: `PagesContainer/chart` is now not in the archive").count == 3
        )
        // Untouched, the two are two unchanged nodes: paired by occurrence, not one lost and one
        // "restored (was absent)".
        let untouched = try CLI.run(
            ["replay", CLI.sample("ambiguous-paths.trace.jsonl"), "--no-report", "--set", "bundleVersion=9"],
            in: try CLI.temporaryDirectory())
        #expect(untouched.stdout.contains("\n  0 gained, 0 lost; 1 new finding, 0 gone\n"), "\(untouched.stdout)")
        #expect(!untouched.stdout.contains("PagesContainer/chart` is now"), "\(untouched.stdout)")
    }

    @Test func withNoLaunchThatRestoredThePreservationIsCounted() throws {
        let r = try CLI.run(
            ["replay", CLI.sample("force-quit-by-user.trace.jsonl"), "--no-report", "--drop-id", "Nav/Post"],
            in: try CLI.temporaryDirectory())
        #expect(r.stdout.contains("\n  0 gained, 1 lost (preserved 3 of 3 → 2 of 3); "), "\(r.stdout)")
    }

    @Test func anIdentifierWithAngleBracketsIsStillAPath() throws {
        let dir = try WhatIfAnswerTests.record(
            """
            name: lt
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children: [{class: ListController, restorationIdentifier: "List<Main>"}]
            """)
        let r = try WhatIfAnswerTests.whatIf(dir, ["--drop-id", "Nav/List<Main>"])
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("What if drop-id Nav/List<Main>:"), "\(r.stdout)")
    }

    @Test func anObjectUIKitOnlyFindsRegisteredIsNotAnswered() throws {
        let dir = try WhatIfAnswerTests.record(
            """
            name: reg
            launchUI:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - class: ListController
                  restorationIdentifier: List
                  objects: [{restorationIdentifier: Store, class: Store, restorationParent: Nav/List}]
            """)
        let r = try WhatIfAnswerTests.whatIf(dir, ["--set", "answer:Nav/List/Store=nil"])
        #expect(r.code == 2)
        #expect(r.stderr.contains("is a registered object without an objectRestorationClass"), "\(r.stderr)")
    }

    @Test func aLongAnswerSaysWhatItLeftOutAndLeadsWithWhatItCounts() throws {
        let r = try CLI.run(
            ["replay", CLI.sample("demo-travel.trace.jsonl"), "--no-report", "--drop-id", "Tabs"],
            in: try CLI.temporaryDirectory())
        let lines = r.stdout.components(separatedBy: "\n")
        let answer = Array(lines.prefix { !$0.hasPrefix("demo-travel: ") })
        #expect(answer.dropFirst(2).first?.hasPrefix("  restoration: ") == true, "\(r.stdout)")
        if answer.count > 32 {
            #expect(answer.last?.hasPrefix("  … and ") == true, "\(r.stdout)")
        }
        let all = try CLI.run(
            ["replay", CLI.sample("demo-travel.trace.jsonl"), "--no-report", "--drop-id", "Tabs", "--verbose"],
            in: try CLI.temporaryDirectory())
        #expect(!all.stdout.contains("  … and "), "\(all.stdout)")
    }

    @Test func theReportsCardsHoldWhatItsHeadlineCounts() throws {
        let dir = try CLI.temporaryDirectory()
        let out = dir.appendingPathComponent("r").path
        let r = try CLI.run(
            ["replay", CLI.sample("force-quit-by-user.trace.jsonl"), "--drop-id", "Nav/Post", "--report-dir", out],
            in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(html.contains("0 gained, 1 lost; 1 new finding, 0 gone.</p>"), "headline")
        #expect(html.contains("class=\"banner bad\" role=\"status\" id=\"whatif\""))
        let lost = try #require(
            html.components(separatedBy: "data-direction=\"lost\"><h3>Lost</h3><ul>").dropFirst().first)
        #expect(lost.components(separatedBy: "</ul>").first?.components(separatedBy: "<li>").count == 2)
    }

    @Test func aFindingMadeAtEachLaunchNamesItsLaunch() throws {
        let (dir, _) = try WhatIfIdleStepTests.trace()
        let r = try WhatIfAnswerTests.whatIf(dir, ["--drop-id", "Nav/Map"])
        let findings = r.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  new finding") }
        #expect(findings.count == Set(findings).count && findings.count >= 2, "\(r.stdout)")
        #expect(findings.allSatisfy { $0.hasPrefix("  new finding (launch ") }, "\(findings)")
    }
}

/// From a fuzz of the what-if replays (round 18).
@Suite struct WhatIfFuzzTests {
    @Test func everyBadFlagIsSaidAtOnce() throws {
        let r = try CLI.run(
            [
                "replay", CLI.sample("demo-travel.trace.jsonl"), "--no-report", "--set", "answer:Tabs=bogus", "--set",
                "deviceLocked=maybe",
            ], in: try CLI.temporaryDirectory())
        #expect(r.code == 2)
        let lines = r.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 2, "\(r.stderr)")
        #expect(lines.allSatisfy { $0.hasPrefix("error: ") }, "\(r.stderr)")
        let paths = try CLI.run(
            [
                "replay", CLI.sample("demo-travel.trace.jsonl"), "--no-report", "--drop-id", "Tabs/nope", "--set",
                "answer:Tabs/x=nil",
            ], in: try CLI.temporaryDirectory())
        #expect(
            paths.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("error: ") }.count == 2, "\(paths.stderr)")
    }

    /// A 20,000-character path that names nothing was measured against every path for a
    /// suggestion: 20 s on a 1,000-node trace. No such path is a typo: it gets none.
    @Test func aVeryLongPathGetsNoSuggestion() throws {
        let long = String(repeating: "x", count: 2_000)
        let r = try CLI.run(
            ["replay", CLI.sample("demo-travel.trace.jsonl"), "--no-report", "--drop-id", long],
            in: try CLI.temporaryDirectory())
        #expect(r.code == 2)
        #expect(r.stderr.contains("no node had the restoration path"))
        #expect(!r.stderr.contains("nearest:"), "\(r.stderr.suffix(200))")
    }

    @Test func anEmptyOutputPathIsBadInput() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = CLI.sample("demo-travel.trace.jsonl")
        for arguments in [
            ["record", "-o", ""], ["replay", trace, "--report-dir", ""], ["report", trace, "-o", ""],
            ["export", trace, "--format", "dot", "-o", ""],
        ] {
            let r = try CLI.run(arguments, in: dir)
            #expect(r.code == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("'' names no "), "\(arguments): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// Two what-ifs of one trace at once write one report folder: the last one in replaces it,
    /// as one after the other would; all but one failed "Directory not empty".
    @Test func whatIfsRunAtOnceShareTheirReportFolder() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            atPath: CLI.sample("demo-travel.trace.jsonl"), toPath: dir.appendingPathComponent("t.jsonl").path)
        let codes = ManagedCodes()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let r = try? CLI.run(["replay", "t.jsonl", "--set", "answer:Tabs=nil"], in: dir)
            codes.append(r?.code ?? -1)
        }
        #expect(codes.all == [0, 0, 0, 0])
        let html = try String(
            contentsOfFile: dir.appendingPathComponent("t-report-whatif/index.html").path, encoding: .utf8)
        #expect(html.contains("What if answer:Tabs=nil"))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(names == ["t-report-whatif", "t.jsonl"], "\(names)")
    }
}

/// Exit codes gathered from several threads.
private final class ManagedCodes: @unchecked Sendable {
    private let lock = NSLock()
    private var codes: [Int32] = []
    func append(_ code: Int32) { lock.withLock { codes.append(code) } }
    var all: [Int32] { lock.withLock { codes } }
}

/// A usage error reads as every other error: one `error:` line, its help indented under it (it
/// was ArgumentParser's `Error:`, with `Help:` and `Usage:` at the margin).
@Suite struct UsageErrorShapeTests {
    @Test func aUsageErrorIsOneErrorLineWithItsHelpIndented() throws {
        let r = try CLI.run(
            ["replay", CLI.sample("demo-travel.trace.jsonl"), "--set"], in: try CLI.temporaryDirectory())
        #expect(r.code == 2)
        let lines = r.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(lines.first == "error: Missing value for '--set <change>'", "\(r.stderr)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") }, "\(r.stderr)")
        #expect(lines.contains { $0.hasPrefix("  Usage: restoretrace replay <trace>") }, "\(r.stderr)")
    }
}

/// An imported archive's outcome has no structural positions, a recording's has: `diff` pairs
/// their nodes by locator, so one controller is not both "not in the archive" and "preserved (was
/// absent)" (round-18 review).
@Suite struct DiffPairingTests {
    @Test func anImportedArchiveAndARecordingPairTheirNodesByLocator() throws {
        let dir = try CLI.temporaryDirectory()
        let imported = try CLI.run(
            ["import", UIKitArchiveFixtures.path("state-restoration-demo.data"), "-o", "imp.jsonl"], in: dir)
        #expect(imported.code == 0, "\(imported.stderr)")
        let r = try CLI.run(["diff", "imp.jsonl", CLI.sample("state-restoration-demo.trace.jsonl")], in: dir)
        #expect(r.code == 1)
        #expect(!r.stdout.contains("preservation: `TabController` is"), "\(r.stdout)")
        #expect(!r.stdout.contains("preservation: `TabController/NavigationController` is"), "\(r.stdout)")
    }
}
