import RestoreEngine
import Testing

@testable import RestoreScenario

@Suite("JSON scenarios")
struct ScenarioJSONTests {
    static let yaml = """
        format: restoretrace-scenario/1
        name: json-twin
        app:
          bundleVersion: "1.0"
          delegate:
            shouldRestoreApplicationState: {ifEqual: {UIApplicationStateRestorationBundleVersionKey: "1.0"}}
            viewControllerWithRestorationIdentifierPath: {"Nav/Detail": nil}
        classes:
          Detail: {answer: {instanceOf: Other}}
        ui:
          class: UINavigationController
          restorationIdentifier: Nav
          children:
            - class: Detail
              restorationIdentifier: Detail
              restorationClass: Detail
              state: {count: 3, ratio: 0.5, on: true, tags: [a, 1], nested: {k: v}, version: "1.0"}
              views:
                - {class: UITableView, restorationIdentifier: list, rows: [m1, m2], selected: [m2], modelAssociation: true}
        timeline: [background, {kill: user}, {launch: {bundleVersion: "1.1", data: {"Nav/Detail/list": [m2, m1]}}}]
        """

    static let json = """
        {
          "format": "restoretrace-scenario/1",
          "name": "json-twin",
          "app": {
            "bundleVersion": "1.0",
            "delegate": {
              "shouldRestoreApplicationState": {"ifEqual": {"UIApplicationStateRestorationBundleVersionKey": "1.0"}},
              "viewControllerWithRestorationIdentifierPath": {"Nav/Detail": null}
            }
          },
          "classes": {"Detail": {"answer": {"instanceOf": "Other"}}},
          "ui": {
            "class": "UINavigationController",
            "restorationIdentifier": "Nav",
            "children": [
              {
                "class": "Detail",
                "restorationIdentifier": "Detail",
                "restorationClass": "Detail",
                "state": {"count": 3, "ratio": 0.5, "on": true, "tags": ["a", 1], "nested": {"k": "v"}, "version": "1.0"},
                "views": [
                  {"class": "UITableView", "restorationIdentifier": "list", "rows": ["m1", "m2"], "selected": ["m2"], "modelAssociation": true}
                ]
              }
            ]
          },
          "timeline": ["background", {"kill": "user"}, {"launch": {"bundleVersion": "1.1", "data": {"Nav/Detail/list": ["m2", "m1"]}}}]
        }
        """

    @Test func jsonScenarioParsesLikeYAML() throws {
        let fromYAML = try parsed(Self.yaml)
        let fromJSON = try parsed(Self.json)
        #expect(fromJSON == fromYAML)
        #expect(fromJSON.ui?.children.first?.state.map(\.key) == ["count", "ratio", "on", "tags", "nested", "version"])
        #expect(fromJSON.ui?.children.first?.state.last?.value == .string("1.0"))
    }

    @Test func tabIndentedJSONParses() throws {
        let tabbed = "{\n\t\"name\": \"tabs\",\n\t\"ui\": {\n\t\t\"class\": \"UIViewController\"\n\t}\n}\n"
        let s = try parsed(tabbed)
        #expect(s.name == "tabs")
        #expect(s.ui?.className == "UIViewController")
    }

    @Test func surrogatePairEscapesDecodeToOneScalar() throws {
        let s = try parsed(#"{"name": "emoji \ud83d\ude00 and \\ud83d literal"}"#)
        #expect(s.name == "emoji 😀 and \\ud83d literal")
    }

    @Test func jsonNullOnAnOptionalKeyMeansAbsent() throws {
        let s = try parsed(#"{"name": "n", "description": null, "ui": {"class": "A", "restorationIdentifier": null}}"#)
        #expect(s.description == nil)
        #expect(s.ui?.restorationIdentifier == nil)
    }

    @Test func jsonProblemsAreLocated() {
        let p = problems("{\n  \"name\": \"j\",\n  \"ui\": {\"class\": \"A\", \"restorationIdentifer\": \"a\"}\n}\n")
        #expect(
            located(p) == ["3:24: unknown key 'restorationIdentifer' in 'ui' (did you mean 'restorationIdentifier'?)"])
    }

    @Test func jsonSyntaxErrorIsLocated() {
        let p = problems("{\n  \"name\": \"j\",\n  \"ui\": {\"class\": \"A\",}\n  \"x\": 1\n}\n")
        #expect(p.count == 1)
        #expect(p.first?.message.hasPrefix("YAML syntax error:") == true)
        #expect((p.first?.location?.line ?? 0) >= 3)
    }
}
