import Foundation
import RestoreEngine
import Testing

@testable import RestoreScenario

/// YAML scenarios are composed from libyaml's events (`ScenarioYAML`) instead of Yams's tree;
/// these check that the nodes are the ones the Yams route builds for the same text (text, tag,
/// style and position of every scalar), and that what the event route is not sure of goes the
/// Yams route and is reported as it was.
@Suite("YAML scenarios composed from libyaml's events")
struct ScenarioYAMLRouteTests {
    /// The document as Yams composes it, as every YAML scenario was read before.
    private func yamsRoute(_ text: String) throws -> ScenarioNode? {
        try ScenarioParser.composeWithYams(JSONCompatibility.prepare(text), text: text, file: "test.yaml")
    }

    private func eventRoute(_ text: String) -> ScenarioYAML.Result {
        ScenarioYAML.compose(JSONCompatibility.prepare(text))
    }

    /// What the event route gives for a text it can take: the Yams route's document, or, in a
    /// build where libyaml's module (`CYaml`) cannot be imported, `.notTaken` for every text.
    private func taken(_ document: ScenarioNode?) -> ScenarioYAML.Result {
        ScenarioYAML.eventRouteAvailable ? .document(document) : .notTaken
    }

    static let texts: [String] = [
        ScenarioJSONTests.yaml,
        ScenarioJSONTests.json,
        "name: block\nui:\n  class: A\n  children:\n    - class: B\n      views: [{class: UIScrollView, contentOffset: [0, 1.5]}]\n",
        "name: 'single ''quoted'''\ndescription: \"double \\u00e9 \\t\"\nx: |\n  literal\n  text\ny: >\n  folded\n  text\n",
        "a: !!int \"5\"\nb: !custom x\nc: ! plain\nd: !!str 1.0\ne: !!float 3\nf: !!null ~\ng: !!binary aGk=\n",
        "a: ~\nb:\nc: null\nd: [yes, no, on, off, 0x1F, 0o17, 1e3, .inf, -.Inf, .nan]\n",
        "# only a comment before\n---\nname: with markers  # and after\n...\n",
        "base: &anchor {class: A}\nother: &scalar text\n",
        "name: crlf\r\nui:\r\n  class: A\r\n",
        "name: é 日本 😀\nui: {class: A, restorationIdentifier: ü, state: {k: ä, \"quoted key\": 1}}\n",
        "? complex key\n: value\n[a, b]: flow key\n",
        "- just\n- a\n- list\n",
        "plain scalar at the root",
        "~",
        "",
        "# nothing but a comment\n",
    ]

    @Test(arguments: texts)
    func eventRouteBuildsTheTreeYamsBuilds(_ text: String) throws {
        #expect(eventRoute(text) == taken(try yamsRoute(text)))
    }

    @Test func everySampleScenarioComposesAsYamsComposesIt() throws {
        for path in sampleScenarioPaths() {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            // A `*` (an alias, or just the character) leaves the text to Yams.
            let expected: ScenarioYAML.Result = text.contains("*") ? .notTaken : taken(try yamsRoute(text))
            #expect(eventRoute(text) == expected, "\(path)")
        }
    }

    @Test(arguments: [
        "base: &a {class: A}\ncopy: *a\n",
        "name: one\n---\nname: two\n",
        "name: [unclosed\n",
        "a: b: c\n",
        "name: x\n\tui: tab\n",
        "name: \u{1}control\n",
        "key: value\n  bad indent: 1\n",
    ])
    func textTheEventRouteIsNotSureOfGoesTheYamsRoute(_ text: String) {
        #expect(eventRoute(text) == .notTaken)
    }

    @Test func errorsAreReportedAsTheYamsRouteReportsThem() {
        #expect(
            located(problems("name: one\n---\nname: two\n")) == [
                "2:1: YAML syntax error: but found another document (expected a single document in the stream that began at line 1, column 1)"
            ])
        #expect(located(problems("a: *missing\n")) == ["1:4: YAML syntax error: found undefined alias"])
    }
}
