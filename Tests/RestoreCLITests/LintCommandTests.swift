import Foundation
import RestoreTestSupport
import Testing

/// `restoretrace lint` end to end: output, exit codes, bad input.
@Suite struct LintCommandTests {
    static let fixtures = CLI.packageRoot.appendingPathComponent("Tests/RestoreStoryboardTests/Fixtures")

    @Test func lintPrintsTheLaunchTreeAndExitsZero() throws {
        let r = try CLI.run(["lint", "Tabs.storyboard"], in: Self.fixtures)
        #expect(r.code == 0)
        #expect(r.stdout.contains("★ Tabs (UITabBarController)  path Tabs"))
        #expect(
            r.stdout.contains("Tabs.storyboard:94:17: warning: `Settings` (SettingsViewController) is never preserved"))
        #expect(r.stderr.isEmpty)
    }

    @Test func failOnExitsOneOnlyAtThatSeverity() throws {
        #expect(try CLI.run(["lint", "Tabs.storyboard", "--fail-on", "warning"], in: Self.fixtures).code == 1)
        #expect(try CLI.run(["lint", "Tabs.storyboard", "--fail-on", "error"], in: Self.fixtures).code == 0)
        // Given twice, any level fails (the last one only was kept, and this passed with warnings).
        #expect(
            try CLI.run(["lint", "Tabs.storyboard", "--fail-on", "warning", "--fail-on", "error"], in: Self.fixtures)
                .code == 1)
        #expect(try CLI.run(["lint", "Container.storyboard", "--fail-on", "error"], in: Self.fixtures).code == 1)
    }

    /// A view of a scene shown only at run time is judged with its scene, as `record` preserves
    /// it: it was `"preserved": false, "reason": null`, even under a ★ scene.
    @Test func viewsOfRunTimeScenesAreJudgedWithTheirScene() throws {
        func views(_ file: String, in dir: URL) throws -> [String: String] {
            let r = try CLI.run(["lint", file, "--json"], in: dir)
            let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            let first = (object?["files"] as? [[String: Any]])?.first
            var out: [String: String] = [:]
            for v in first?["views"] as? [[String: Any]] ?? [] {
                let preserved = v["preserved"] as? Bool == true ? "preserved" : "skipped"
                out[v["restorationIdentifier"] as? String ?? "?"] = preserved + " " + (v["reason"] as? String ?? "-")
            }
            return out
        }
        #expect(
            try views("Library.storyboard", in: CLI.packageRoot.appendingPathComponent("Traces"))["Notes"]
                == "preserved -")
        #expect(try views("Tabs.storyboard", in: Self.fixtures)["Notes"] == "skipped view-owner-not-preserved")
    }

    @Test func jsonIsTheLintFormat() throws {
        let r = try CLI.run(["lint", "Container.storyboard", "Goals.storyboard", "--json"], in: Self.fixtures)
        #expect(r.code == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(object?["format"] as? String == "restoretrace-lint/1")
        #expect((object?["files"] as? [Any])?.count == 2)
    }

    @Test func badInputExitsTwoWithLocatedErrorsAndPrintsNoReport() throws {
        let r = try CLI.run(
            ["lint", "Tabs.storyboard", "MissingDestination.storyboard", "NotXML.storyboard"], in: Self.fixtures)
        #expect(r.code == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("MissingDestination.storyboard:17:29: error: the show segue 'Shw-Gl-001'"))
        #expect(r.stderr.contains("NotXML.storyboard:1:1: error:"))
        #expect(try CLI.run(["lint"], in: Self.fixtures).code == 2)
    }

    /// A storyboard's names reach a terminal: DEL, the C1 controls (U+009B is CSI to some
    /// terminals) and bidirectional overrides are legal XML, so they are shown as escapes in the
    /// text and written as `\u` escapes in the JSON, which reads back to the same names.
    @Test func controlCharactersInAStoryboardNeverReachTheTerminal() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lint-controls-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try String(contentsOf: Self.fixtures.appendingPathComponent("Tabs.storyboard"), encoding: .utf8)
        let hostile = "Tabs&#x9B;31m&#x7F;&#x202E;"
        try original.replacingOccurrences(
            of: #"restorationIdentifier="Tabs""#, with: #"restorationIdentifier="\#(hostile)""#
        )
        .write(to: dir.appendingPathComponent("Tabs.storyboard"), atomically: true, encoding: .utf8)
        let controls: [Unicode.Scalar] = ["\u{9B}", "\u{7F}", "\u{202E}"]

        let text = try CLI.run(["lint", "Tabs.storyboard"], in: dir)
        #expect(text.code == 0)
        #expect(!text.stdout.unicodeScalars.contains { controls.contains($0) })
        #expect(text.stdout.contains(#"Tabs\u{9B}31m\u{7F}\u{202E}"#))

        let json = try CLI.run(["lint", "Tabs.storyboard", "--json"], in: dir)
        #expect(json.code == 0)
        #expect(!json.stdout.unicodeScalars.contains { controls.contains($0) })
        #expect(json.stdout.contains(#"Tabs\u009b31m\u007f\u202e"#))
        func strings(_ v: Any) -> [String] {
            if let s = v as? String { return [s] }
            if let a = v as? [Any] { return a.flatMap(strings) }
            if let d = v as? [String: Any] { return d.values.flatMap(strings) }
            return []
        }
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
        #expect(strings(object).contains("Tabs\u{9B}31m\u{7F}\u{202E}"))
    }

    /// The README promises lint and `record` cannot disagree: a scene with a Restoration ID pushed
    /// under a navigation controller without one was ★ in lint and skipped by `record`.
    @Test func lintAndRecordAgreeOnAPushedScene() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let storyboard = StoryboardText.document(
            initial: "nav",
            [
                StoryboardText.container(
                    "navigationController", id: "nav", attributes: #"storyboardIdentifier="Nav" "#,
                    relationship: "rootViewController", children: ["home"]),
                StoryboardText.scene(
                    "home",
                    [
                        #"<tableViewController id="home" customClass="HomeViewController" sceneMemberID="viewController">"#,
                        #"    <tableViewCell id="cell"><segue destination="detail" kind="show" id="s1"/></tableViewCell>"#,
                        #"</tableViewController>"#,
                    ]),
                StoryboardText.scene(
                    "detail",
                    [
                        #"<viewController storyboardIdentifier="Detail" useStoryboardIdentifierAsRestorationIdentifier="YES" id="detail" customClass="DetailViewController" sceneMemberID="viewController"/>"#
                    ]),
            ])
        try storyboard.write(to: dir.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
        try """
        name: pushed
        storyboards: {Main: Main.storyboard}
        ui:
          storyboard: {name: Main, identifier: Nav}
          children:
            - storyboard: {name: Main, identifier: Detail}
        """.write(to: dir.appendingPathComponent("pushed.yaml"), atomically: true, encoding: .utf8)

        let lint = try CLI.run(["lint", "Main.storyboard", "--fail-on", "warning"], in: dir)
        #expect(lint.code == 1)
        #expect(
            lint.stdout.contains(
                "✗ DetailViewController (show), restoration identifier 'Detail'  skipped, ancestor-not-preserved"))
        let record = try CLI.run(["record", "pushed.yaml", "-o", "pushed.trace.jsonl"], in: dir)
        #expect(record.code == 0)
        #expect(record.stdout.contains("✗ <UINavigationController>/Detail                ancestor-not-preserved"))
    }

    /// `StoryboardText.ReferenceChain` without Profile.storyboard, in `app/`; the command runs
    /// one folder up.
    static func references(in dir: URL) throws {
        let app = dir.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try StoryboardText.ReferenceChain.main.write(
            to: app.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
        try StoryboardText.ReferenceChain.tabs.write(
            to: app.appendingPathComponent("Tabs.storyboard"), atomically: true, encoding: .utf8)
    }

    /// The unresolved-reference fix suggested `restoretrace lint app/Tabs.storyboard
    /// Profile.storyboard`: Profile looked for in the current folder, and Main dropped.
    @Test func theUnresolvedReferenceFixIsACommandThatWorks() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.references(in: dir)
        let r = try CLI.run(["lint", "app/Main.storyboard", "app/Tabs.storyboard"], in: dir)
        #expect(
            r.stdout.contains(
                "    fix: pass Profile.storyboard to lint too (restoretrace lint app/Main.storyboard app/Tabs.storyboard app/Profile.storyboard), so the scenes it stands for are checked"
            ), "\(r.stdout)")
        // Linted alone, Main's initial view controller is a reference that cannot be followed, not none.
        let alone = try CLI.run(["lint", "app/Main.storyboard"], in: dir)
        #expect(
            alone.stdout.contains(
                "  launch tree: none (the initial view controller is a storyboard reference that cannot be followed)\n")
        )
    }

    /// A storyboard in `Base.lproj` referencing one that is not localized (kept in the folder
    /// above, as Xcode does): the fix named `Base.lproj/Profile.storyboard`, which does not exist,
    /// and running it failed with "no such file" (r17 storyboard hunt, #4).
    @Test func theUnresolvedReferenceFixFindsAStoryboardAboveALocalizedFolder() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.references(in: dir)
        let app = dir.appendingPathComponent("app")
        let base = app.appendingPathComponent("Base.lproj")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        for name in ["Main", "Tabs"] {
            try FileManager.default.moveItem(
                at: app.appendingPathComponent("\(name).storyboard"),
                to: base.appendingPathComponent("\(name).storyboard"))
        }
        try "not read".write(to: app.appendingPathComponent("Profile.storyboard"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["lint", "app/Base.lproj/Main.storyboard", "app/Base.lproj/Tabs.storyboard"], in: dir)
        #expect(
            r.stdout.contains(
                "(restoretrace lint app/Base.lproj/Main.storyboard app/Base.lproj/Tabs.storyboard app/Profile.storyboard)"
            ), "\(r.stdout)")
    }

    /// The same file twice (a glob and a name) was printed twice and its findings counted twice.
    @Test func aFileGivenTwiceIsLintedOnce() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.references(in: dir)
        let r = try CLI.run(
            [
                "lint", "app/Tabs.storyboard", "app/../app/Tabs.storyboard", "./app/Main.storyboard",
                "app/Main.storyboard",
            ],
            in: dir)
        #expect(r.stdout.components(separatedBy: "app/Tabs.storyboard:\n").count == 2, "\(r.stdout)")
        #expect(r.stdout.contains("2 storyboards: 0 errors, 1 warning, 0 notes\n\nNext: "), "\(r.stdout)")
    }

    /// A compiled storyboard (the `.storyboardc` folder inside a built app) said only "it is a directory".
    @Test func aCompiledStoryboardFolderIsNamedAsSuch() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("Main.storyboardc"), withIntermediateDirectories: true)
        let r = try CLI.run(["lint", "Main.storyboardc"], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.hasPrefix(
                "Main.storyboardc: error: this is a compiled storyboard (a .storyboardc folder), which restoretrace cannot read; pass the .storyboard source file from the project instead"
            ), "\(r.stderr)")
        // A folder of storyboards: what to give instead.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("UI"), withIntermediateDirectories: true)
        let folder = try CLI.run(["lint", "UI"], in: dir)
        #expect(folder.code == 2)
        #expect(
            folder.stderr.hasPrefix(
                "UI: error: cannot read the storyboard: it is a directory; give the storyboards in it, such as 'UI/*.storyboard'"
            ), "\(folder.stderr)")
    }

    /// The Info.plist is known by what it holds, not only by a `.plist` name: standard input
    /// (`-`, SPEC §6) and a copy without the extension were read as storyboards ("this is a
    /// <plist> document, not a storyboard"; a binary one, "a compiled storyboard").
    @Test func anInfoPlistIsKnownByItsContents() throws {
        let dir = try CLI.temporaryDirectory()
        let plist = try Data(contentsOf: URL(fileURLWithPath: CLI.sample("Notes-Info.plist")))
        let storyboard = CLI.sample("Shelf.storyboard")
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = ["lint", "-", storyboard]
        p.currentDirectoryURL = dir
        let piped = try CLI.collect(p, stdin: plist)
        #expect(piped.code == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasPrefix("<stdin>:\n  scene-based: 1 scene configuration"), "\(piped.stdout)")
        #expect(piped.stdout.contains("1 storyboard and Info.plist"), "\(piped.stdout)")

        // A binary Info.plist without its extension.
        let object = try PropertyListSerialization.propertyList(from: plist, format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        try binary.write(to: dir.appendingPathComponent("InfoCopy"))
        let copied = try CLI.run(["lint", "InfoCopy", storyboard], in: dir)
        #expect(copied.code == 0, "\(copied.stderr)")
        #expect(copied.stdout.hasPrefix("InfoCopy:\n  scene-based"), "\(copied.stdout)")

        // A damaged binary plist without its extension is said to be a damaged plist (it was
        // called "a compiled storyboard").
        try Data("bplist00garbage!!".utf8).write(to: dir.appendingPathComponent("Damaged"))
        let damaged = try CLI.run(["lint", "Damaged"], in: dir)
        #expect(damaged.code == 2)
        #expect(damaged.stderr.contains("damaged or truncated binary property list"), "\(damaged.stderr)")

        // A compiled storyboard's own Info.plist is still said to be one.
        let compiled = try PropertyListSerialization.data(
            fromPropertyList: ["UIStoryboardVersion": 1, "UIViewControllerIdentifiersToNibNames": [String: String]()],
            format: .binary, options: 0)
        try compiled.write(to: dir.appendingPathComponent("Info"))
        let nib = try CLI.run(["lint", "Info"], in: dir)
        #expect(nib.code == 2)
        #expect(nib.stderr.contains("this is a compiled storyboard (binary plist)"), "\(nib.stderr)")
    }
}

/// An app that never adopted restoration gets a warning per segue (36 for Delta): said to be what
/// adopting it takes, once, under the count; not said where some identifier is there.
@Suite struct LintNoIdentifiersTests {
    @Test func storyboardsWithoutAnyRestorationIDSayWhatTheirWarningsAre() throws {
        let dir = try CLI.temporaryDirectory()
        let bare = try String(contentsOfFile: CLI.sample("Shelf.storyboard"), encoding: .utf8)
            .replacingOccurrences(of: #" restorationIdentifier="[^"]*""#, with: "", options: .regularExpression)
            .replacingOccurrences(
                of: #" useStoryboardIdentifierAsRestorationIdentifier="YES""#, with: "", options: .regularExpression)
        try bare.write(to: dir.appendingPathComponent("Bare.storyboard"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["lint", "Bare.storyboard"], in: dir)
        #expect(r.code == 0)
        #expect(r.stdout.contains(" warning"), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "No controller or view in this storyboard has a Restoration ID, so UIKit preserves none of them (unless the app sets restorationIdentifier in code). If the app does not use state restoration, the warnings are what adopting it takes, not bugs.\n\nNext: "
            ), "\(r.stdout)")
        let shelf = try CLI.run(["lint", CLI.sample("Shelf.storyboard")], in: dir)
        #expect(!shelf.stdout.contains("has a Restoration ID"), "\(shelf.stdout)")
    }
}

/// A segue's scene that is preserved but that the storyboard cannot build again: UIKit asks it
/// for the scene by its restoration identifier, and no scene has that Storyboard ID. Lint said
/// nothing, and a recording showed it lost, `not-found` (r19 end-to-end walk).
@Suite struct NotFoundInStoryboardTests {
    @Test func aPreservedSegueSceneWithoutAMatchingStoryboardIDIsFound() throws {
        let r = try CLI.run(["lint", CLI.sample("Shelf.storyboard")], in: try CLI.temporaryDirectory())
        #expect(r.code == 0)
        // ComposeNav: Restoration ID, no Storyboard ID.
        #expect(
            r.stdout.contains(
                "Shelf.storyboard:153:17: warning: `ComposeNav` is shown by a presentation segue from `Home` and is preserved, but no scene has the Storyboard ID 'ComposeNav'"
            ))
        #expect(r.stdout.contains("fix: set its Storyboard ID to 'ComposeNav' and tick \"Use Storyboard ID\""))
        // Detail has no restoration identifier: that finding, not this one.
        #expect(r.stdout.components(separatedBy: "[not-found-in-storyboard]").count - 1 == 1)
    }

    /// A scene whose Storyboard ID is its restoration identifier ("Use Storyboard ID") is found.
    @Test func useStoryboardIDIsFoundAgain() throws {
        let dir = try CLI.temporaryDirectory()
        let text = try String(contentsOfFile: CLI.sample("Shelf.storyboard"), encoding: .utf8)
            .replacingOccurrences(
                of: #"<navigationController restorationIdentifier="ComposeNav" id="Nv3-aa-Cmp""#,
                with:
                    #"<navigationController storyboardIdentifier="ComposeNav" useStoryboardIdentifierAsRestorationIdentifier="YES" id="Nv3-aa-Cmp""#
            )
        try text.write(to: dir.appendingPathComponent("Shelf.storyboard"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["lint", "Shelf.storyboard"], in: dir)
        #expect(r.stdout.contains("restoration identifier 'ComposeNav'"))
        #expect(!r.stdout.contains("[not-found-in-storyboard]"))
    }
}
