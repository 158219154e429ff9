import Foundation
import RestoreTestSupport
import Testing

/// A crash key that names a callback the run never makes crashed nothing, and the recording
/// passed as if the question had been asked. `record` now refuses it (exit 2) at the key's line,
/// with what did encode or decode there, and writes no trace.
@Suite struct UnfiredCrashTests {
    static let legacyApp = """
        name: crashes
        classes: {C: {answer: new}}
        ui:
          class: UINavigationController
          restorationIdentifier: Nav
          restorationClass: C
          children:
            - {class: UIViewController, restorationIdentifier: A, restorationClass: C}

        """

    /// A folder holding `s.yaml`: the app, crashing while `Nav/B` encodes, which nothing does.
    static func encodingNavB() throws -> URL {
        let dir = try CLI.temporaryDirectory()
        try (legacyApp + "timeline: [{background: {crashWhileEncoding: Nav/B}}, {kill: system}, launch]\n")
            .write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aCrashWhileEncodingAPathThatNeverEncodesIsRefusedAtItsLine() throws {
        let dir = try Self.encodingNavB()
        // An older trace at the output is not replaced by a failed recording.
        try "old\n".write(to: dir.appendingPathComponent("s.trace.jsonl"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml", "-o", "s.trace.jsonl"], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "s.yaml:9:46: error: 'crashWhileEncoding: Nav/B' crashes nothing: no node at restoration path 'Nav/B' encodes at this background; the nodes that encode are Nav, Nav/A. Name one of them, or remove the key"
            ), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(try String(contentsOf: dir.appendingPathComponent("s.trace.jsonl"), encoding: .utf8) == "old\n")
    }

    /// The keys are found in the recording's own run, so the trace is being written when they are:
    /// a refused recording must leave nothing of it, in the folder or down a pipe.
    @Test func aRefusedRecordingLeavesNoPartialFileAndSendsNothingToStandardOutput() throws {
        let dir = try Self.encodingNavB()
        let toFile = try CLI.run(["record", "s.yaml", "-o", "s.trace.jsonl"], in: dir)
        #expect(toFile.code == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["s.yaml"])
        let toPipe = try CLI.run(["record", "s.yaml", "-o", "-"], in: dir)
        #expect(toPipe.code == 2)
        #expect(toPipe.stdout.isEmpty)
        #expect(toPipe.stderr.contains("'crashWhileEncoding: Nav/B' crashes nothing"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["s.yaml"])
    }

    /// A device or pipe at the output is written as the recording goes: the keys are checked
    /// before anything is sent down it.
    @Test func nothingGoesDownAPipeNamedAsTheOutput() throws {
        let dir = try Self.encodingNavB()
        let r = try CLI.run(["record", "s.yaml", "-o", "/dev/stdout"], in: dir)
        #expect(r.code == 2)
        #expect(r.stdout.isEmpty, "\(r.stdout.prefix(200))")
        #expect(r.stderr.contains("'crashWhileEncoding: Nav/B' crashes nothing"))
    }

    @Test func aCrashWhileDecodingAPathThatNeverDecodesIsRefused() throws {
        let dir = try CLI.temporaryDirectory()
        try (Self.legacyApp + "timeline: [background, {kill: system}, {launch: {crashWhileDecoding: Nav/B}}]\n")
            .write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml"], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "'crashWhileDecoding: Nav/B' crashes nothing: no node at restoration path 'Nav/B' decodes at this launch; the nodes that decode are Nav, Nav/A."
            ), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.trace.jsonl").path))
    }

    @Test func aLaunchWithNothingToDecodeSaysSo() throws {
        let dir = try CLI.temporaryDirectory()
        // The user's force quit deletes the archive (T2): the launch decodes nothing.
        try (Self.legacyApp + "timeline: [background, {kill: user}, {launch: {crashWhileDecoding: Nav/A}}]\n")
            .write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml"], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "'crashWhileDecoding: Nav/A' crashes nothing: no node at restoration path 'Nav/A' decodes at this launch; nothing decodes (there is no archive, or restoration is declined)."
            ), "\(r.stderr)")
    }

    @Test func crashesThatHappenStillRecord() throws {
        let dir = try CLI.temporaryDirectory()
        // The launch UI comes back at every launch, so the second background has a tree to encode.
        try
            (Self.legacyApp.replacingOccurrences(of: "\nui:", with: "\nlaunchUI:")
            + "timeline: [{background: {crashWhileEncoding: Nav/A}}, launch, background, {kill: system}, {launch: {crashWhileDecoding: Nav/A}}]\n")
            .write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        let trace = try String(contentsOf: dir.appendingPathComponent("s.trace.jsonl"), encoding: .utf8)
        #expect(trace.components(separatedBy: #""event":"crash""#).count == 3)
    }

    @Test func aSceneSessionClosedBeforeTheBackgroundIsNotAskedToSave() throws {
        let dir = try CLI.temporaryDirectory()
        try """
        name: scenes
        app: {lifecycle: scenes, userActivityTypes: [com.example.browse]}
        scenes:
          - {session: main, ui: {class: UIViewController}, activity: {type: com.example.browse}}
          - {session: side, ui: {class: UIViewController}, activity: {type: com.example.browse}}
        timeline:
          - close: side
          - background: {crashWhileEncoding: side}
          - kill: system
          - launch
        """.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml"], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "s.yaml:8:38: error: 'crashWhileEncoding: side' crashes nothing: scene session 'side' is not asked for its activity at this background; the sessions asked are main."
            ), "\(r.stderr)")
    }

    @Test func withTheArchiveABackgroundBeforeTheFirstLaunchCannotCrash() throws {
        let dir = try CLI.temporaryDirectory()
        let today = try String(
            contentsOfFile: UIKitArchiveFixtures.path("state-restoration-demo-today.yaml"), encoding: .utf8)
        try today.replacingOccurrences(
            of: "timeline: [background, {kill: system}, launch]",
            with: "timeline: [{background: {crashWhileEncoding: TabController}}, {kill: system}, launch]"
        ).write(to: dir.appendingPathComponent("today.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(
            ["record", "today.yaml", "--archive", UIKitArchiveFixtures.path("state-restoration-demo.data")], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "'crashWhileEncoding: TabController' crashes nothing: with --archive, UIKit's archive is this preservation"
            ), "\(r.stderr)")
    }
}

/// `app.delegate.encodes` (P8): the app delegate's references are preserved like any. An object
/// listed under a controller without an identifier was dropped from the coder, and a path that
/// names nothing (a typo) was encoded as nothing, silently.
@Suite struct DelegateEncodesTests {
    @Test func anObjectUnderAnUnidentifiedControllerIsPreservedThroughTheDelegate() throws {
        let dir = try CLI.temporaryDirectory()
        try """
        name: d10
        classes: {SessionRestorer: {answer: new}}
        app: {delegate: {encodes: [session]}}
        launchUI: {class: Home, restorationIdentifier: Home}
        ui:
          class: Home
          restorationIdentifier: Home
          presented:
            class: LoginController
            objects: [{restorationIdentifier: session, class: Session, objectRestorationClass: SessionRestorer, state: {user: u1}}]
        """.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml", "--json"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                #"{"path":"session","key":"session","locator":"session","class":"Session","kind":"object","status":"preserved"}"#
            ), "\(r.stdout)")
        #expect(r.stdout.contains(#""class":"Session","kind":"object","status":"restored""#))
    }

    @Test func aPathThatNamesNothingIsRefusedAtItsLine() throws {
        let dir = try CLI.temporaryDirectory()
        try """
        name: d10b
        app:
          delegate:
            encodes: [Hom/typo]
        ui: {class: Home, restorationIdentifier: Home}
        """.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml"], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "s.yaml:4:15: error: 'Hom/typo' in 'encodes' names no controller or registered object at any background of the run"
            ), "\(r.stderr)")
    }
}

/// A launch's `data:` for a table path no view has (a typo) changed nothing, silently.
@Suite struct LaunchDataPathTests {
    @Test func dataForAPathNoViewHasIsRefused() throws {
        let dir = try CLI.temporaryDirectory()
        let sample = try String(contentsOfFile: Samples.path("table-selection-moved.yaml"), encoding: .utf8)
        try sample.replacingOccurrences(of: "        Mailbox/inbox: [", with: "        Mailbox/inbx: [")
            .write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml"], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "s.yaml:36:9: error: 'data' names 'Mailbox/inbx', the path of no view the app preserved in this run, so its rows change nothing"
            ), "\(r.stderr)")
        #expect(r.stderr.contains("nearest: Mailbox, Mailbox/archive, Mailbox/inbox"))
        // As written, it records.
        #expect(
            try CLI.run(["record", Samples.path("table-selection-moved.yaml"), "-o", "t.jsonl"], in: dir).code == 0)
    }
}

/// With --archive, UIKit's archive is the preservation: its nodes count as preserved, and only a
/// background before the first launch is the one it stands for.
@Suite struct KeysAgainstTheArchiveTests {
    static let app = """
        name: archive-data
        launchUI:
          class: UINavigationController
          restorationIdentifier: Nav
          children:
            - class: ListController
              restorationIdentifier: List
              views:
                - {class: UITableView, restorationIdentifier: table, rows: [m1, m2, m3], modelAssociation: true}

        """

    @Test func dataForATableInUIKitsArchiveIsAccepted() throws {
        let dir = try CLI.temporaryDirectory()
        try (Self.app + "timeline: [background, {kill: system}, {launch: {data: {Nav/List/table: [m3, m1]}}}]\n")
            .write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(
            ["record", "s.yaml", "--archive", UIKitArchiveFixtures.path("views-and-objects.data"), "-o", "t.jsonl"],
            in: dir)
        #expect(r.code == 0, "\(r.stderr)")
    }

    @Test func aBackgroundAfterTheFirstLaunchIsNotBlamedOnTheArchive() throws {
        let dir = try CLI.temporaryDirectory()
        try
            (Self.app
            + "timeline: [background, {kill: system}, launch, {kill: system}, {background: {crashWhileEncoding: Nav/List}}]\n")
            .write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(
            ["record", "s.yaml", "--archive", UIKitArchiveFixtures.path("views-and-objects.data"), "-o", "t.jsonl"],
            in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("the app is not in the foreground at this step"), "\(r.stderr)")
        #expect(!r.stderr.contains("--archive"))
    }
}
