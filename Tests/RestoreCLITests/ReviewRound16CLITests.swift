import Foundation
import RestoreTestSupport
import Testing

/// Messages round 15's CLI hunt found misleading, each said where the problem is.
@Suite struct ReviewRound16CLITests {
    static func record(_ files: [String: String]) throws -> CLI.Result {
        let dir = try CLI.temporaryDirectory()
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return try CLI.run(["record", "s.yaml", "-o", "s.trace.jsonl"], in: dir)
    }

    /// A broken Info.plist is located in the plist, at its line, as a broken storyboard is; it
    /// was located at the scenario's `infoPlist:` key with the plist's line in the prose.
    @Test func aBrokenInfoPlistIsLocatedInThePlist() throws {
        let r = try Self.record([
            "s.yaml": "name: p\napp: {infoPlist: broken-Info.plist}\nlaunchUI: {class: A, restorationIdentifier: a}\n",
            "broken-Info.plist": "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><key>A</key>\n</plist>\n",
        ])
        #expect(r.code == 2)
        #expect(r.stderr.contains("broken-Info.plist:4:1: error: the Info.plist's XML does not parse"), "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "s.yaml:2:18: error: Info.plist 'broken-Info.plist' has errors, listed under its own name"),
            "\(r.stderr)")
    }

    /// A folder named as the Info.plist is said to be one ("not a property list" before).
    @Test func aFolderAsTheInfoPlistIsSaidToBeOne() throws {
        let r = try Self.record([
            "s.yaml": "name: p\napp: {infoPlist: \".\"}\nlaunchUI: {class: A, restorationIdentifier: a}\n"
        ])
        #expect(r.code == 2)
        #expect(r.stderr.contains("s.yaml:2:18: error: Info.plist '.': is a directory"), "\(r.stderr)")
    }

    /// `classes:` written twice: the duplicate is the error. The class under the second one
    /// was also said to be "not listed under 'classes:'", first, where it is listed.
    @Test func aDuplicatedClassesKeyIsTheOneError() throws {
        let r = try Self.record([
            "s.yaml":
                "name: p\nclasses: {A: {answer: new}}\nlaunchUI: {class: X, restorationIdentifier: a, restorationClass: B}\nclasses: {B: {answer: new}}\n"
        ])
        #expect(r.code == 2)
        #expect(r.stderr.hasPrefix("s.yaml:4:1: error: duplicate key 'classes' (first at line 2)"), "\(r.stderr)")
        #expect(!r.stderr.contains("not listed"), "\(r.stderr)")
    }

    /// A storyboard whose initial view controller is a reference to itself reaches no scene:
    /// `lint` said "no findings", `record` an unrelated fix.
    @Test func aCycleOfStoryboardReferencesIsAnError() throws {
        let dir = try CLI.temporaryDirectory()
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="Ref-Cy-001">
                <scenes>
                    <scene sceneID="Scn-Cy-001">
                        <objects>
                            <viewControllerPlaceholder storyboardName="C" id="Ref-Cy-001" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
            </document>

            """
        try storyboard.write(to: dir.appendingPathComponent("C.storyboard"), atomically: true, encoding: .utf8)
        let lint = try CLI.run(["lint", "C.storyboard", "--fail-on", "error"], in: dir)
        #expect(lint.code == 1)
        #expect(
            lint.stdout.contains(
                "C.storyboard:6:17: error: the storyboard reference 'Ref-Cy-001' leads back to itself through storyboard references"
            ), "\(lint.stdout)")
        try "name: c\nstoryboards: {C: C.storyboard}\napp: {mainStoryboard: C}\n".write(
            to: dir.appendingPathComponent("c.yaml"), atomically: true, encoding: .utf8)
        let record = try CLI.run(["record", "c.yaml", "-o", "c.jsonl"], in: dir)
        #expect(record.code == 2)
        #expect(record.stderr.contains("point one reference of the cycle at a scene"), "\(record.stderr)")
        #expect(!record.stderr.contains("Is Initial View Controller"), "\(record.stderr)")
    }

    // MARK: Found by the second hunt

    /// `lint` looks into an input only when it is a regular file not named `.storyboard`: a pipe
    /// or a fifo gives its bytes once, and looking first left the reader the rest (or a fifo
    /// waiting forever); a storyboard with `<plist` in a comment was read as a plist.
    @Test func lintLooksOnlyIntoRegularFilesToFindThePlist() throws {
        let dir = try CLI.temporaryDirectory()
        let storyboard = try String(contentsOfFile: CLI.sample("TextRestoration.storyboard"), encoding: .utf8)
        let fifo = dir.appendingPathComponent("ff").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(Data(storyboard.utf8))
                try? handle.close()
            }
        }
        writer.start()
        let piped = try CLI.run(["lint", "ff"], in: dir)
        #expect(piped.code == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("1 storyboard: 0 errors"), "\(piped.stdout)")

        // A comment naming <plist> near the top of a storyboard does not make it a plist.
        let commented = storyboard.replacingOccurrences(
            of: "<document ", with: "<!-- was a <plist> once -->\n<document ", options: [], range: nil)
        let padded = commented.replacingOccurrences(
            of: "<!-- was", with: String(repeating: "<!-- padding -->\n", count: 300) + "<!-- was")
        try padded.write(to: dir.appendingPathComponent("far.storyboard"), atomically: true, encoding: .utf8)
        let far = try CLI.run(["lint", "far.storyboard"], in: dir)
        #expect(far.code == 0, "\(far.stderr)")
    }

    /// A scenario's `infoPlist: "-"` is a file named `-` beside it: it read standard input.
    @Test func aScenariosInfoPlistNamedDashIsAFile() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: CLI.sample("Notes-Info.plist")), to: dir.appendingPathComponent("-"))
        try "name: p\napp: {infoPlist: \"-\"}\nlaunchUI: {class: A, restorationIdentifier: a}\n".write(
            to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml", "-o", "s.jsonl"], in: dir)
        // The plist is read, and it makes the app scene-based: it asks for sessions.
        #expect(r.code == 2)
        #expect(r.stderr.contains("makes this a scene-based app"), "\(r.stderr)")
    }

    /// An unfinished recording (NAME.partial) is cut off wherever it ends, for every command: a
    /// what-if and a diff of one are refused as of any cut-off trace (they ran, and counted the
    /// nodes it never reached as lost).
    @Test func anUnfinishedRecordingIsCutOffForEveryCommand() throws {
        let dir = try CLI.temporaryDirectory()
        let whole = try String(contentsOfFile: CLI.sample("demo-travel.trace.jsonl"), encoding: .utf8)
        let kept = whole.split(separator: "\n", omittingEmptySubsequences: false).prefix(30)
        try (kept.joined(separator: "\n") + "\n").write(
            to: dir.appendingPathComponent("d.jsonl.partial"), atomically: true, encoding: .utf8)
        let whatIf = try CLI.run(["replay", "d.jsonl.partial", "--no-report", "--drop-id", "Tabs/tripsNav"], in: dir)
        #expect(whatIf.code == 2)
        #expect(whatIf.stderr.contains("a what-if needs the whole trace"), "\(whatIf.stderr)")
        let diff = try CLI.run(["diff", CLI.sample("demo-travel.trace.jsonl"), "d.jsonl.partial"], in: dir)
        #expect(diff.code == 2)
        #expect(diff.stderr.contains("d.jsonl.partial:31:1: error: diff compares whole traces"), "\(diff.stderr)")
        let archive = try CLI.run(["archive", "d.jsonl.partial"], in: dir)
        #expect(archive.stdout.contains("the trace is cut off at line 31"), "\(archive.stdout)")
    }

    /// A chain of storyboards, each one's initial view controller a reference to the next, was
    /// followed by a call per reference: a long one overflowed the stack (SIGSEGV).
    @Test func aLongChainOfStoryboardReferencesIsFollowed() throws {
        let dir = try CLI.temporaryDirectory()
        let count = 1200
        var names: [String] = []
        for i in 1...count {
            let name = "L\(i)"
            names.append(name + ".storyboard")
            let scene =
                i == count
                ? #"<viewController id="VC-L-\#(i)" sceneMemberID="viewController"/>"#
                : #"<viewControllerPlaceholder storyboardName="L\#(i + 1)" id="VC-L-\#(i)" sceneMemberID="viewController"/>"#
            try """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="VC-L-\(i)">
                <scenes><scene sceneID="S-L-\(i)"><objects>\(scene)</objects></scene></scenes>
            </document>

            """.write(to: dir.appendingPathComponent(name + ".storyboard"), atomically: true, encoding: .utf8)
        }
        let r = try CLI.run(["lint"] + names, in: dir)
        #expect(r.code == 0, "\(r.stderr.prefix(500))")
        #expect(r.stdout.contains("\(count) storyboards: 0 errors"), "\(r.stdout.suffix(300))")
    }

    /// With --archive, a `background` before the first launch after a kill (or a second one)
    /// was dropped silently, where without --archive it is refused.
    @Test func anIdleBackgroundBeforeTheFirstLaunchIsRefusedWithAnArchive() throws {
        let dir = try CLI.temporaryDirectory()
        try
            "name: ar\nlaunchUI: {class: UINavigationController, restorationIdentifier: Nav}\ntimeline: [background, {kill: system}, background, launch]\n"
            .write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(
            ["record", "s.yaml", "--archive", UIKitArchiveFixtures.path("views-and-objects.data"), "-o", "t.jsonl"],
            in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("s.yaml:3:40: error: timeline step 3 ('background') does nothing"), "\(r.stderr)")
    }

    /// A whole trace written as NAME.partial read as an unfinished recording everywhere:
    /// `record` and `import` refuse the name.
    @Test func aTraceIsNeverWrittenAsPartial() throws {
        let dir = try CLI.temporaryDirectory()
        try "name: p\nlaunchUI: {class: A, restorationIdentifier: a}\n".write(
            to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let record = try CLI.run(["record", "s.yaml", "-o", "x.partial"], in: dir)
        #expect(record.code == 2)
        #expect(record.stderr.contains("a trace named *.partial is read as a recording that did not finish"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.partial").path))
        let imported = try CLI.run(
            ["import", UIKitArchiveFixtures.path("views-and-objects.data"), "-o", "y.partial"], in: dir)
        #expect(imported.code == 2)
    }

    /// The same scenario records the same bytes in every process (SPEC §4): an object met
    /// again was picked in a dictionary's order, which each process seeds anew, and half the
    /// recordings of this one differed.
    @Test func anObjectMetAgainRecordsTheSameBytesInEveryProcess() throws {
        let dir = try CLI.temporaryDirectory()
        let store = "{restorationIdentifier: store, class: St, restorationParent: Nav/page, state: {d: 2}}"
        try """
        name: nd
        ui:
          class: UINavigationController
          restorationIdentifier: Nav
          objects: [\(store)]
          children: [{class: P, restorationIdentifier: page, objects: [\(store)]}, {class: P, restorationIdentifier: page, objects: [\(store)]}]
        timeline: [background]

        """.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        var traces = Set<Data>()
        for i in 0..<8 {
            let r = try CLI.run(["record", "s.yaml", "-o", "t\(i).jsonl"], in: dir)
            #expect(r.code == 0, "\(r.stderr)")
            traces.insert(try Data(contentsOf: dir.appendingPathComponent("t\(i).jsonl")))
        }
        #expect(traces.count == 1)
    }
}
