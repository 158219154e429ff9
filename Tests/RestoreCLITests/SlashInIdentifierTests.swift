import Foundation
import RestoreTestSupport
import Testing

/// A restoration identifier with a `/` cannot be told from two in a restoration path: `record`
/// took it, and `archive` and `export` then refused the trace it wrote (the archive's keys did not
/// read back). Scenarios (YAML, and JSON's fast path) and storyboards now say so, located.
@Suite struct SlashInIdentifierTests {
    @Test func aScenarioIdentifierWithASlashIsLocatedBadInput() throws {
        let dir = try CLI.temporaryDirectory()
        try """
        name: slash
        ui:
          class: UINavigationController
          restorationIdentifier: Nav
          children:
            - {class: UIViewController, restorationIdentifier: "a/b"}
        """.write(to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        try
            #"{"name":"slash","ui":{"class":"UINavigationController","restorationIdentifier":"Nav","children":[{"class":"UIViewController","restorationIdentifier":"a/b"}]}}"#
            .write(to: dir.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        for (name, at) in [("s.yaml", "s.yaml:6:56"), ("s.json", "s.json:1:150")] {
            let r = try CLI.run(["record", name, "-o", "t.jsonl"], in: dir)
            #expect(r.code == 2, "\(name): \(r.stderr)")
            #expect(
                r.stderr.hasPrefix("\(at): error: restorationIdentifier 'a/b' contains '/': restoration paths"),
                "\(name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.jsonl").path))
        }
    }

    /// `lint` reports it as an error finding and goes on with the rest of the file (it ended the
    /// whole run with exit 2, hiding every other finding); `record` still refuses the storyboard,
    /// at the identifier's line.
    @Test func aStoryboardIdentifierWithASlashIsALintFindingAndLocatedBadInputToRecord() throws {
        let dir = try CLI.temporaryDirectory()
        let text = try String(contentsOfFile: CLI.sample("Shelf.storyboard"), encoding: .utf8)
            .replacingOccurrences(of: #"storyboardIdentifier="Home""#, with: #"storyboardIdentifier="Ho/me""#)
        try text.write(to: dir.appendingPathComponent("S.storyboard"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["lint", "S.storyboard"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                "S.storyboard:32:17: error: restoration identifier 'Ho/me' contains '/': restoration paths join identifiers with '/', where it reads as 2 identifiers, so no archive key names it and `record` refuses the storyboard [identifier-contains-slash]\n"
            ), "\(r.stdout)")
        #expect(r.stdout.contains("fix: rename it (e.g. 'Ho-me') in the Identity inspector"), "\(r.stdout)")
        // The rest of the file is still linted: Shelf's own warnings are there.
        #expect(r.stdout.contains("[never-preserved]"), "\(r.stdout)")
        #expect(try CLI.run(["lint", "S.storyboard", "--fail-on", "error"], in: dir).code == 1)
        // A scene-based app's identifiers are inert, but `record` refuses this one all the same.
        let scenes = try CLI.run(["lint", "S.storyboard", CLI.sample("Notes-Info.plist")], in: dir)
        #expect(scenes.stdout.contains("[identifier-contains-slash]"), "\(scenes.stdout)")
        let json = try CLI.run(["lint", "S.storyboard", "--json"], in: dir)
        #expect(json.stdout.contains(#""code":"identifier-contains-slash""#), "\(json.stdout)")

        try "name: s\nstoryboards: {Shelf: S.storyboard}\napp: {mainStoryboard: Shelf}\n".write(
            to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let record = try CLI.run(["record", "s.yaml", "-o", "t.jsonl"], in: dir)
        #expect(record.code == 2)
        #expect(
            record.stderr.contains("\nS.storyboard:32:17: error: restoration identifier 'Ho/me' contains '/'"),
            "\(record.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("t.jsonl").path))
    }

    /// A line break in a name would start a line of its own in every finding that names it, which
    /// a CI log parser reads as a finding (`Shelf.storyboard:1:1: error: …` injected).
    @Test func aLineBreakInAnIdentifierIsLocatedBadInput() throws {
        let dir = try CLI.temporaryDirectory()
        let text = try String(contentsOfFile: CLI.sample("Shelf.storyboard"), encoding: .utf8)
            .replacingOccurrences(
                of: #"restorationIdentifier="Tabs""#,
                with: #"restorationIdentifier="Tabs&#10;S.storyboard:1:1: error: fake""#)
        try text.write(to: dir.appendingPathComponent("S.storyboard"), atomically: true, encoding: .utf8)
        let lint = try CLI.run(["lint", "S.storyboard"], in: dir)
        #expect(lint.code == 2)
        #expect(
            lint.stderr
                == "S.storyboard:14:17: error: the 'restorationIdentifier' attribute holds a line break (U+000A), which Interface Builder never writes there: the file was edited or damaged; remove it\n1 error in the storyboard; fix it and run again.\n"
        )
        #expect(lint.stdout.isEmpty)
        try "name: n\nui: {class: Feed, restorationIdentifier: \"Feed\\tx\"}\n".write(
            to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        let record = try CLI.run(["record", "s.yaml", "-o", "t.jsonl"], in: dir)
        #expect(record.code == 2)
        #expect(
            record.stderr.hasPrefix("s.yaml:2:42: error: restorationIdentifier holds a tab (U+0009)"),
            "\(record.stderr)")
    }
}
