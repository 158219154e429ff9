import RestoreEngine
import Testing

@testable import RestoreScenario

@Suite("Scenario top level: name, format, defaults, YAML and JSON")
struct ScenarioParserTopLevelTests {
    @Test func minimalScenarioTakesSpecDefaults() throws {
        let s = try parsed("name: minimal\n")
        #expect(s.name == "minimal")
        #expect(s.description == nil)
        #expect(s.app.bundleVersion == "1.0")
        #expect(s.app.systemVersion == "17.0")
        #expect(s.app.idiom == .phone)
        #expect(s.app.delegate == DelegateSpec())
        #expect(s.ui == nil && s.launchUI == nil)
        #expect(s.storyboards.isEmpty && s.classes.isEmpty)
    }

    @Test func defaultTimelineIsBackgroundKillLaunch() throws {
        let s = try parsed("name: t\n")
        #expect(s.timeline == [.background, .kill(.system), .launch(LaunchOptions())])
    }

    @Test func missingNameIsReportedAtTheTop() {
        let p = problems("description: no name here\nui: {class: UIViewController}\n")
        #expect(located(p) == ["1:1: the scenario needs 'name:' (a short name for reports, such as tabbar-navigation)"])
    }

    @Test func emptyNameIsAnError() {
        #expect(located(problems("name: ''\n")) == ["1:7: 'name' must not be empty"])
    }

    @Test(arguments: ["", "   \n", "# only a comment\n", "~\n"])
    func emptyFileIsOneLocatedProblem(text: String) {
        let p = problems(text)
        #expect(p.count == 1)
        #expect(p.first?.location?.line == 1 && p.first?.location?.column == 1)
        #expect(p.first?.message.contains("the scenario is empty") == true)
    }

    @Test func topLevelMustBeAMapping() {
        #expect(located(problems("- name: x\n")) == ["1:1: expected a mapping for the scenario, found a list"])
    }

    @Test func currentFormatIsAccepted() throws {
        #expect(try parsed("format: restoretrace-scenario/1\nname: f\n").name == "f")
    }

    @Test func newerFormatIsRefusedWithoutNoise() {
        let p = problems("format: restoretrace-scenario/2\nname: f\nnewKey: 1\n")
        #expect(
            located(p) == [
                "1:9: this scenario is in format 'restoretrace-scenario/2', newer than this restoretrace reads ('restoretrace-scenario/1'); update restoretrace to read it"
            ])
    }

    @Test func unknownFormatIsAnError() {
        #expect(
            located(problems("format: scenario-v1\nname: f\n")) == [
                "1:9: unknown format 'scenario-v1'; expected 'restoretrace-scenario/1' (or leave 'format:' out)"
            ])
    }

    @Test func descriptionIsKept() throws {
        let s = try parsed("name: d\ndescription: |\n  Two lines\n  of text.\n")
        #expect(s.description == "Two lines\nof text.\n")
    }

    @Test func hostileStringsRoundTripUnchanged() throws {
        let text = #"""
            name: "<script>alert('x')</script>"
            description: "quote \" backslash \\ newline\nend \u00e9 \U0001F600 中文"
            ui:
              class: "A&B<C>"
              restorationIdentifier: 'it''s "fine"'
              state:
                "key with spaces & <tags>": "line1\nline2\ttab"
                emoji😀: 🧪
            """#
        let s = try parsed(text)
        #expect(s.name == "<script>alert('x')</script>")
        #expect(s.description == "quote \" backslash \\ newline\nend é 😀 中文")
        #expect(s.ui?.className == "A&B<C>")
        #expect(s.ui?.restorationIdentifier == #"it's "fine""#)
        #expect(
            s.ui?.state == [
                CoderEntry(key: "key with spaces & <tags>", value: .string("line1\nline2\ttab")),
                CoderEntry(key: "emoji😀", value: .string("🧪")),
            ])
    }

    @Test func yamlSyntaxErrorIsLocatedNotThrownRaw() {
        let p = problems("name: x\nui:\n  class: [unclosed\n")
        #expect(p.count == 1)
        #expect(p.first?.location?.line == 4)
        #expect(p.first?.message.hasPrefix("YAML syntax error:") == true)
    }

    @Test func badIndentationIsLocated() {
        let p = problems("name: x\nui:\n  class: A\n restorationIdentifier: a\n")
        #expect(p.count == 1)
        #expect(p.first?.location?.line == 4 && p.first?.location?.column == 2)
        #expect(p.first?.message.hasPrefix("YAML syntax error:") == true)
    }

    @Test func undefinedAliasIsLocated() {
        let p = problems("name: x\nui: *missing\n")
        #expect(located(p).first?.hasPrefix("2:5: YAML syntax error: found undefined alias") == true)
    }

    @Test func secondDocumentIsAnError() {
        let p = problems("name: a\n---\nname: b\n")
        #expect(p.count == 1)
        #expect(p.first?.location?.line == 2)
        #expect(p.first?.message.contains("another document") == true)
    }

    @Test func controlCharacterIsALocatedReaderError() {
        let p = problems("name: x\ndescription: a\u{7}b\n")
        #expect(p.count == 1)
        #expect(p.first?.location?.line == 2 && p.first?.location?.column == 15)
        #expect(p.first?.message.contains("U+0007") == true)
    }

    @Test func anchorsAndAliasesAreResolved() throws {
        let s = try parsed(
            """
            name: alias
            launchUI: &home {class: HomeController, restorationIdentifier: home}
            ui: *home
            """)
        #expect(s.ui == s.launchUI)
        #expect(s.ui?.className == "HomeController")
    }
}
