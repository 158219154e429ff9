import Foundation
import RestoreTestSupport
import Testing

/// A file of another of the tool's kinds given where a scenario, a storyboard or a report folder
/// goes: the message says what the file is and what to run on it, not a YAML or XML error.
@Suite struct WrongKindOfFileTests {
    @Test func recordGivenATraceAnArchiveAStoryboardOrAPlistSaysWhatItIs() throws {
        let dir = try CLI.temporaryDirectory()
        let files = [
            (
                "t.jsonl", CLI.sample("demo-travel.trace.jsonl"),
                "t.jsonl:1:1: error: this is a restoretrace trace, not a scenario: replay it (restoretrace replay t.jsonl)"
            ),
            (
                "a.data", UIKitArchiveFixtures.path("state-restoration-demo.data"),
                "a.data:1:1: error: this is a binary property list (UIKit's restoration archive?), not a scenario: print it with restoretrace archive a.data"
            ),
            (
                "L.storyboard", CLI.sample("Library.storyboard"),
                "L.storyboard:1:1: error: this is a storyboard, not a scenario: lint it (restoretrace lint L.storyboard)"
            ),
            (
                "Info.plist", CLI.sample("Notes-Info.plist"),
                "Info.plist:1:1: error: this is a property list, not a scenario: an app's Info.plist goes in a scenario as app: {infoPlist: Info.plist}"
            ),
        ]
        for (name, source, message) in files {
            try FileManager.default.copyItem(atPath: source, toPath: dir.appendingPathComponent(name).path)
            let r = try CLI.run(["record", name, "-o", "out.jsonl"], in: dir)
            #expect(r.code == 2, "\(name)")
            #expect(r.stderr.hasPrefix(message), "\(name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.jsonl").path))
        }
    }

    /// The storyboard message gives the smallest scenario that records it, and that scenario,
    /// written one key a line beside the storyboard, records.
    @Test func theScenarioTheStoryboardMessageSuggestsRecords() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            atPath: CLI.sample("Shelf.storyboard"), toPath: dir.appendingPathComponent("Shelf.storyboard").path)
        let r = try CLI.run(["record", "Shelf.storyboard"], in: dir)
        #expect(r.code == 2)
        let suggested = try #require(
            r.stderr.components(separatedBy: "such as: ").dropFirst().first?.components(separatedBy: " (one key").first)
        #expect(suggested == "name: Shelf, app: {mainStoryboard: Shelf}, storyboards: {Shelf: Shelf.storyboard}")
        try (suggested.components(separatedBy: ", ").joined(separator: "\n") + "\n").write(
            to: dir.appendingPathComponent("shelf.yaml"), atomically: true, encoding: .utf8)
        let record = try CLI.run(["record", "shelf.yaml", "-o", "t.jsonl"], in: dir)
        #expect(record.code == 0, "\(record.stderr)")
        #expect(record.stdout.contains("Restoration (launch 2): "), "\(record.stdout)")
    }

    @Test func aScenarioThatMentionsPlistsIsStillAScenario() throws {
        let dir = try CLI.temporaryDirectory()
        try """
        # Reads <plist> and <document> files.
        name: mentions
        description: '<plist> and {"format":"restoretrace-trace/2"}'
        launchUI: {class: Feed, restorationIdentifier: Feed}
        """.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["record", "s.yaml", "-o", "s.jsonl"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
    }

    @Test func lintLocatesAFileCutBeforeItsFirstElement() throws {
        let dir = try CLI.temporaryDirectory()
        try "<x\n".write(to: dir.appendingPathComponent("b.storyboard"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["lint", "b.storyboard"], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.hasPrefix("b.storyboard:1:1: error: no <document> element: the file is not a storyboard"))
    }

    @Test func reportOntoAFileSaysAReportIsAFolder() throws {
        let dir = try CLI.temporaryDirectory()
        try "keep".write(to: dir.appendingPathComponent("r"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["report", CLI.sample("demo-travel.trace.jsonl"), "-o", "r"], in: dir)
        #expect(r.code != 0)
        #expect(
            r.stderr.contains(
                "A report is a folder (index.html, hierarchy.svg, data/): give a folder path (report -o, replay --report-dir)"
            ))
        #expect(!r.stderr.contains("Check that the folder is writable"))
        #expect(try String(contentsOf: dir.appendingPathComponent("r"), encoding: .utf8) == "keep")
    }

    /// A damaged or empty `data.data` is an archive that does not read, as `import` says, not a
    /// trace ("line 1 must be {"format":…}", "the trace is empty").
    @Test func archiveGivenADamagedOrEmptyDataFileSaysItIsNotAPropertyList() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            atPath: UIKitArchiveFixtures.path("not-a-plist.data"), toPath: dir.appendingPathComponent("data.data").path)
        try Data().write(to: dir.appendingPathComponent("empty.data"))
        for name in ["data.data", "empty.data"] {
            let r = try CLI.run(["archive", name], in: dir)
            #expect(r.code == 2)
            #expect(
                r.stderr.hasPrefix(
                    "\(name): error: is not a property list UIKit writes (binary, or XML from plutil)\n"),
                "\(name): \(r.stderr)")
        }
    }
}
