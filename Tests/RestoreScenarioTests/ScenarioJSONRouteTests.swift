import RestoreEngine
import Testing

@testable import RestoreScenario

/// JSON scenarios skip the YAML library (`ScenarioJSON`); these check that the tree they get is
/// the one the YAML route builds for the same text, positions included, and that everything the
/// fast route is not sure of still goes the YAML route and is reported as it was.
@Suite("JSON scenarios without the YAML library")
struct ScenarioJSONRouteTests {
    /// The same document through Yams, as every JSON scenario was read before.
    private func yamlRoute(_ text: String) throws -> ScenarioNode? {
        try ScenarioParser.composeWithYams(JSONCompatibility.prepare(text), text: text, file: "test.json")
    }

    /// (A surrogate pair comes last on its line: the YAML route rewrites it two characters
    /// shorter before libyaml counts columns, so nodes after it on the same line were placed two
    /// columns early there; the fast route gives their real column.)
    static let texts: [String] = [
        ScenarioJSONTests.json,
        ScenarioJSONTests.json.replacingOccurrences(of: "\n", with: "\r\n"),
        ScenarioJSONTests.json.replacingOccurrences(of: "\n", with: "\r"),
        "{\n\t\"name\": \"tabs\",\n\t\"ui\": {\n\t\t\"class\": \"UIViewController\"\n\t}\n}\n",
        #"{"name": "é 日本 😀", "ui": {"class": "A", "restorationIdentifier": "ü", "state": {"k": "ä"}}, "x": [1]}"#,
        #"{"name": "esc \" \\ \/ \b \f \n \r \t \u00e9 \u0000", "ui": {"class": "A"}, "emoji": "\ud83d\ude00"}"#,
        #"{"n": [0, -0, 12, -3.5, 1.5e3, 2E-2, 1e999, 123456789012345678901234567890], "t": [true, false, null]}"#,
        #"[{"a": {}}, [], {"b": []}]"#,
        "  {\"name\"  :\n  \"spaced\" ,\"ui\":{\"class\":\"A\"}  }  \n\n",
        // Characters libyaml refuses raw or reads as line breaks: the YAML route escapes them.
        "{\"v\": \"line\u{2028}separator\"}",
        "{\"v\": \"next\u{85}line\"}",
        "{\"v\": \"del\u{7F}\"}",
        "{\"v\": \"non\u{FFFE}char\"}",
    ]

    @Test(arguments: texts)
    func fastRouteBuildsTheTreeTheYAMLRouteBuilds(_ text: String) throws {
        let fast = try #require(ScenarioJSON.parse(text))
        #expect(fast == (try yamlRoute(text)))
    }

    @Test(arguments: [
        "name: yaml",
        "{name: flow-yaml}",
        "\u{FEFF}{\"name\": \"bom\"}",
        "{\"name\": \"trailing\",}",
        "{\"name\": \"a\"} x",
        "{\"v\": NaN}",
        "{\"v\": 01}",
        "{\"v\": \"bom\u{FEFF}inside\"}",
        "{\"v\": \"raw\ttab\"}",
        #"{"v": "\ud800 alone"}"#,
        #"{"v": "\x"}"#,
        String(repeating: "[", count: ScenarioLimits.maximumNesting + 1)
            + String(repeating: "]", count: ScenarioLimits.maximumNesting + 1),
    ])
    func textTheFastRouteIsNotSureOfGoesTheYAMLRoute(_ text: String) {
        #expect(ScenarioJSON.parse(text) == nil)
    }

    /// Valid JSON is read as JSON: a key over 1,024 characters in a file that also holds a line
    /// separator was refused as a YAML syntax error (the character sent it to libyaml, whose
    /// keys stop at 1,024).
    @Test func aLongKeyBesideALineSeparatorIsRead() throws {
        let key = String(repeating: "k", count: 1_100)
        let s = try parsed(#"{"name": "n", "ui": {"class": "A", "state": {"\#(key)": "a\#u{2028}b"}}}"#)
        #expect(s.ui?.state == [CoderEntry(key: key, value: .string("a\u{2028}b"))])
    }

    @Test func duplicateKeyInJSONIsRefusedAtTheSecondKey() {
        let p = problems("{\n  \"name\": \"a\",\n  \"name\": \"b\"\n}\n")
        #expect(located(p) == ["3:3: duplicate key 'name' (first at line 2); keep one of them"])
    }

    @Test func infiniteNumberInJSONIsRefusedAsACoderValue() {
        let p = problems(#"{"name": "n", "ui": {"class": "A", "state": {"v": 1e999}}}"#)
        #expect(located(p) == ["1:51: 'v' is '1e999'; coder values must be finite numbers (quote it for the text)"])
    }

    @Test func nanIsReadAsBefore() throws {
        // `.nan` is YAML's NaN: refused as a coder value. A bare `NaN` is not JSON; the YAML route
        // reads it, as it always has, as the text "NaN".
        let p = problems(#"{"name": "n", "ui": {"class": "A", "state": {"w": .nan}}}"#)
        #expect(located(p) == ["1:51: 'w' is '.nan'; coder values must be finite numbers (quote it for the text)"])
        let s = try parsed(#"{"name": "n", "ui": {"class": "A", "state": {"v": NaN}}}"#)
        #expect(s.ui?.state == [CoderEntry(key: "v", value: .string("NaN"))])
    }

    @Test func unknownAndMisplacedKeysInJSONAreLocatedAfterMultibyteText() {
        let p = problems(
            "{\"name\": \"日本\", \"ui\": {\"class\": \"A\", \"restorationIdentifier\": \"é\", \"rows\": [],\n"
                + "  \"views\": [{\"class\": \"UIView\", \"children\": []}], \"colour\": 1}}\n")
        #expect(
            located(p) == [
                "1:67: 'rows' is a view property; it belongs on a view listed under 'views:', not on a view controller",
                "2:33: 'children' applies to view controllers, not to views (view 0 of A is a view because it is listed under 'views:')",
                "2:51: unknown key 'colour' in 'ui'",
            ])
    }
}
