import Foundation
import RestoreEngine
import Testing

@testable import RestoreScenario

/// A JSON scenario's nodes are read straight from its flat document when they are of the common
/// kinds (`ScenarioReader.flatNode`), and the general way otherwise. These read each text both
/// ways — through the JSON document, and through the tree the YAML route builds for the same
/// text, which never takes the fast path — and expect the same scenario and the same problems.
@Suite("JSON nodes read from the flat document")
struct ScenarioFlatNodeTests {
    /// The scenario and the problems (`line:column: message`) the reader gives for a document.
    private func read(_ root: ScenarioNode) -> (scenario: Scenario?, problems: [String]) {
        let reader = ScenarioReader(file: "test.json")
        let scenario = reader.scenario(root)
        return (
            scenario, reader.problems.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" }
        )
    }

    private func bothWays(_ text: String) throws -> (flat: (Scenario?, [String]), tree: (Scenario?, [String])) {
        let document = try #require(ScenarioJSON.document(text))
        let tree = try #require(
            try ScenarioParser.composeWithYams(JSONCompatibility.prepare(text), text: text, file: "test.json"))
        // The document's nodes hold it unowned: it is kept until they are read.
        let flat = withExtendedLifetime(document) { read(document.node(Int(document.root))) }
        return (flat, read(tree))
    }

    static let node =
        #"{"class": "Screen", "restorationIdentifier": "s0", "state": {"row": 0, "t": "x", "on": true, "f": -1.5e2}, "views": [{"class": "UIScrollView", "restorationIdentifier": "scroll", "contentOffset": [0.0, 3]}]}"#

    static func scenario(ui: String) -> String {
        #"{"name": "flat", "classes": {"Screen": {"answer": "new"}}, "ui": {"class": "UINavigationController", "restorationIdentifier": "nav", "selectedIndex": 1, "children": [\#(ui), \#(node)]}}"#
    }

    /// Nodes the fast path takes, and nodes it leaves to the general way (each beside a node it
    /// takes, under a parent it takes), valid or not.
    static let texts: [String] = [
        scenario(ui: node),
        scenario(ui: #"{"class": "Screen", "restorationClass": "Screen", "state": {}, "children": [], "views": []}"#),
        scenario(
            ui: #"{"class": "Scr\u00e9en", "restorationIdentifier": "\u00fc", "state": {"k\u00e9": "\ud83d\ude00"}}"#),
        scenario(ui: #"{"cl\u0061ss": "Screen"}"#),
        scenario(ui: #"{"class": "Screen", "class": "Other"}"#),
        scenario(ui: #"{"class": "Screen", "restorationIdentifier": null, "views": null}"#),
        scenario(ui: #"{"class": "", "restorationIdentifier": 5}"#),
        scenario(ui: #"{"class": "Screen", "restorationClass": "Missing"}"#),
        scenario(ui: #"{"class": "Screen", "state": {"row": 1, "row": 2, "": 3, "n": null, "big": 1e999}}"#),
        scenario(ui: #"{"class": "Screen", "state": {"list": [1, "a"], "map": {"k": "v"}}}"#),
        scenario(ui: #"{"class": "Screen", "selectedIndex": 0, "children": []}"#),
        scenario(ui: #"{"class": "Screen", "selectedIndex": 1.5, "children": [{"class": "A"}, {"class": "B"}]}"#),
        scenario(ui: #"{"class": "Screen", "selectedIndex": 1.0, "children": [{"class": "A"}, {"class": "B"}]}"#),
        scenario(ui: #"{"class": "Screen", "contentOffset": [0, 0], "clas": "x"}"#),
        scenario(ui: #"{"class": "Screen", "views": [{"class": "UIView", "contentOffset": [1, 2]}]}"#),
        scenario(ui: #"{"class": "Screen", "views": [{"class": "MyView", "contentOffset": [1, 2]}]}"#),
        scenario(ui: #"{"class": "Screen", "views": [{"class": "UIScrollView", "contentOffset": [1], "views": []}]}"#),
        scenario(
            ui: #"{"class": "Screen", "views": [{"class": "UITableView", "contentOffset": [1, "a"], "rows": ["a"]}]}"#),
        scenario(ui: #"{"class": "Screen", "children": "x", "views": [1, null]}"#),
        scenario(
            ui: #"{"class": "Screen", "kind": "container", "encodesChildren": true, "presented": {"class": "P"}}"#),
        #"{"name": "top", "ui": {"class": "UIViewController", "selectedIndex": 0}}"#,
        #"{"name": "deep", "ui": "# + String(repeating: #"{"class": "A", "children": ["#, count: 66)
            + #"{"class": "B"}"#
            + String(repeating: "]}", count: 66) + "}",
    ]

    @Test(arguments: texts)
    func aNodeReadsTheSameFromTheDocumentAndFromTheTree(_ text: String) throws {
        let (flat, tree) = try bothWays(text)
        #expect(flat.1 == tree.1)
        #expect(flat.0 == tree.0)
    }

    @Test func theCommonNodesAreReadFromTheDocument() throws {
        // A node the fast path takes gives the blueprint the general way gives.
        let document = try #require(ScenarioJSON.document(Self.node))
        let reader = ScenarioReader(file: "test.json")
        let fast = try #require(reader.flatNode(document, Int(document.root), role: .viewController, depth: 0))
        #expect(fast.className == "Screen")
        #expect(fast.state.map(\.key) == ["row", "t", "on", "f"])
        #expect(fast.views.first?.viewState.contentOffset == [0, 3])
        #expect(reader.problems.isEmpty)
        // One it leaves records nothing.
        let other = try #require(ScenarioJSON.document(#"{"class": "Screen", "inherits": "UIViewController"}"#))
        #expect(reader.flatNode(other, Int(other.root), role: .viewController, depth: 0) == nil)
        #expect(reader.problems.isEmpty && reader.classReferences.isEmpty)
    }

    @Test(arguments: [
        "0", "7", "12", "-0", "-3", "0.5", "3.25", "10.0", "123456789012345678", "1234567890123456789",
        "123456789012.345", "1234567890123.4567", "1.5e3", "2E-2", "1e999", "true", "null", "\"12\"",
    ])
    func aScalarIsTypedFromTheDocumentAsFromItsText(_ text: String) throws {
        let document = try #require(ScenarioJSON.document("[\(text)]"))
        let item = document.item(Int(document.root), 0)
        #expect(document.coreScalar(item) == CoreScalar(document.scalar(item)))
    }

    /// The schema's `integer` is JSON Schema's: a number without a fraction, so `1.0` is 1 (a
    /// validator run from the schema passes it). `1.5` is still refused.
    @Test func anIntegerWrittenWithAZeroFractionIsThatInteger() throws {
        let whole = try ScenarioLoader.parse(
            data: Data(
                #"{"name": "t", "ui": {"class": "UITabBarController", "selectedIndex": 1.0, "children": [{"class": "A"}, {"class": "B"}]}}"#
                    .utf8), file: "t.json")
        #expect(whole.ui?.selectedIndex == 1)
        let yaml = try ScenarioParser.parse(
            "name: t\nui: {class: UITabBarController, selectedIndex: 1.0, children: [{class: A}, {class: B}]}\n",
            file: "t.yaml")
        #expect(yaml.ui?.selectedIndex == 1)
        #expect(throws: ScenarioError.self) {
            try ScenarioLoader.parse(
                data: Data(
                    #"{"name": "t", "ui": {"class": "UITabBarController", "selectedIndex": 1.5, "children": [{"class": "A"}, {"class": "B"}]}}"#
                        .utf8), file: "t.json")
        }
    }
}
