import RestoreEngine
import Testing

@testable import RestoreScenario

@Suite("Validation: every problem, located, in one pass")
struct ScenarioValidationTests {
    @Test func unknownKeyIsLocatedWithSuggestion() {
        let p = problems(
            """
            name: x
            ui:
              class: Home
              restorationID: home
            """)
        #expect(located(p) == ["4:3: unknown key 'restorationID' in 'ui' (did you mean 'restorationIdentifier'?)"])
    }

    /// A plural made with `s` on a key's stem is three edits from `children`, past the typo
    /// limit: it had no suggestion.
    @Test func aPluralOnTheKeysStemIsSuggested() {
        #expect(
            located(problems("name: x\nui:\n  class: Home\n  childs: []\n")) == [
                "4:3: unknown key 'childs' in 'ui' (did you mean 'children'?)"
            ])
    }

    @Test func unknownKeyFarFromAnyKnownOneHasNoSuggestion() {
        #expect(located(problems("name: x\nzzzzzz: 1\n")) == ["2:1: unknown key 'zzzzzz' in the scenario"])
    }

    @Test func typoInTopLevelKeyIsSuggested() {
        #expect(
            located(problems("name: x\ntimline: [background]\n")) == [
                "2:1: unknown key 'timline' in the scenario (did you mean 'timeline'?)"
            ])
    }

    @Test func wrongTypeNamesWhatWasFound() {
        let p = problems(
            """
            name: x
            app:
              delegate:
                shouldSaveApplicationState: yes please
                ignoreSnapshot: [true]
            """)
        #expect(
            located(p) == [
                "4:33: expected a boolean (true or false) for 'shouldSaveApplicationState', found 'yes please'",
                "5:21: expected a boolean (true or false) for 'ignoreSnapshot', found a list",
            ])
    }

    @Test func yamlOneOneBooleansAreNotBooleans() {
        // YAML 1.2 core schema: `yes` is text, so a boolean field refuses it rather than guessing.
        let p = problems("name: x\napp: {delegate: {ignoreSnapshot: yes}}\n")
        #expect(located(p) == ["2:34: expected a boolean (true or false) for 'ignoreSnapshot', found 'yes'"])
    }

    @Test func allProblemsAreReportedInOnePass() {
        let text = """
            name: many
            app:
              idiom: watch
              delegate:
                makeKeyAndVisible: sometimes
            classes:
              Known: {answer: nope}
            ui:
              class: UITabBarController
              restorationClass: Missing
              selectedIndex: 3
              children:
                - restorationIdentifier: first
                - class: UITableViewController
                  views:
                    - class: UITableView
                      rows: [a, b]
                      selected: [c]
            timeline: [background, {kill: power}, relaunch]
            """
        let p = problems(text)
        #expect(
            located(p) == [
                "3:10: unknown idiom 'watch'; expected phone or pad",
                "5:24: unknown makeKeyAndVisible timing 'sometimes'; expected willFinishLaunching, didFinishLaunching or never",
                "7:19: unknown answer 'nope' for class 'Known'; an answer is new, nil, existing, storyboard or {instanceOf: CLASS}",
                "10:21: restorationClass 'Missing' is not listed under 'classes:'; add it there with its answer, such as 'classes: {Missing: {answer: new}}'",
                "11:18: selectedIndex 3 is out of range: UITabBarController has 2 children (0...1)",
                "13:7: child 0 of UITabBarController needs 'class:' (a UIKit class such as UINavigationController, or the app's own class)",
                "18:22: selected row 'c' is not in 'rows'",
                "19:31: unknown kill kind 'power'; expected system, user or debugger",
                "19:39: unknown timeline step 3 'relaunch' (did you mean 'launch'?); a step is background, {kill: system|user|debugger}, launch or {launch: {...}}",
            ])
    }

    @Test func errorDescriptionIsCompilerStyleSortedWithSummary() {
        do {
            _ = try ScenarioParser.parse("ui: {clas: A}\nname: 7\nnope: 1\n", file: "Traces/bad.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description.split(separator: "\n").map(String.init) == [
                    "Traces/bad.yaml:1:5: error: 'ui' needs 'class:' (a UIKit class such as UINavigationController, or the app's own class)",
                    "Traces/bad.yaml:1:6: error: unknown key 'clas' in 'ui' (did you mean 'class'?)",
                    "Traces/bad.yaml:3:1: error: unknown key 'nope' in the scenario",
                    "3 errors in Traces/bad.yaml; fix them and run again.",
                ])
        }
    }

    @Test func singleProblemSummaryIsSingular() {
        do {
            _ = try ScenarioParser.parse("name: ok\nui: 3\n", file: "one.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description == """
                    one.yaml:2:5: error: expected a mapping for 'ui', found '3'
                    1 error in one.yaml; fix it and run again.
                    """)
        }
    }

    @Test func duplicateKeysAreReportedAndTheFirstWins() {
        let p = problems("name: a\nui: {class: A}\nname: b\n")
        #expect(located(p) == ["3:1: duplicate key 'name' (first at line 1); keep one of them"])
    }

    @Test func duplicateStateKeyIsReported() {
        let p = problems("name: a\nui:\n  class: A\n  state:\n    k: 1\n    k: 2\n")
        #expect(located(p) == ["6:5: duplicate key 'k' (first at line 5); keep one of them"])
    }

    @Test func listWhereAKeyBelongsIsReported() {
        let p = problems("name: a\nui:\n  class: A\n  state:\n    ? [x, y]\n    : 1\n")
        #expect(located(p) == ["5:7: a key must be a name, found a list"])
    }

    @Test(arguments: [
        ("/Nav/Detail", "it starts with '/'"),
        ("Nav/Detail/", "it ends with '/'"),
        ("Nav//Detail", "it has an empty component ('//')"),
        ("", "it is empty"),
    ])
    func malformedAnswerPathIsLocated(path: String, why: String) {
        let p = problems(
            """
            name: paths
            app:
              delegate:
                viewControllerWithRestorationIdentifierPath:
                  "\(path)": new
            """)
        #expect(
            located(p) == [
                "5:7: malformed restoration path '\(path)' in 'viewControllerWithRestorationIdentifierPath': \(why); write identifiers joined by '/', like 'TabController/NavigationController/Detail'"
            ])
    }

    @Test func unknownObjectRestorationClassIsAnError() {
        let p = problems(
            """
            name: o
            classes: {ContextRestorer: {}}
            ui:
              class: A
              restorationIdentifier: a
              objects:
                - {restorationIdentifier: ctx, objectRestorationClass: ContextRestorr}
            """)
        #expect(
            located(p) == [
                "7:60: objectRestorationClass 'ContextRestorr' is not listed under 'classes:' (did you mean 'ContextRestorer'?); add it there with its answer, such as 'classes: {ContextRestorr: {answer: new}}'"
            ])
    }

    @Test func restorationClassListedAfterItsUserIsFound() throws {
        let s = try parsed("name: o\nui: {class: A, restorationClass: A}\nclasses: {A: {answer: new}}\n")
        #expect(s.ui?.restorationClass == "A")
    }

    @Test func nodeKindsInEveryPositionNeverCrash() {
        // Each position gets a scalar, a list and a mapping of the wrong shape.
        let wrong = ["42", "[1, 2]", "{a: 1}", "~", "\"\""]
        let positions = [
            "app: %", "app: {delegate: %}", "app: {delegate: {defaultRoot: %}}", "launchUI: %", "storyboards: %",
            "storyboards: {Main: %}", "classes: %", "classes: {A: %}", "classes: {A: {builds: %}}", "ui: %",
            "ui: {class: A, children: %}", "ui: {class: A, children: [%]}", "ui: {class: A, views: [%]}",
            "ui: {class: A, objects: [%]}", "ui: {class: A, presented: %}", "ui: {class: A, storyboard: %}",
            "ui: {class: A, state: {k: %}}", "ui: {class: A, state: %}", "timeline: %", "timeline: [%]",
            "timeline: [{launch: %}]", "timeline: [{launch: {data: %}}]", "timeline: [{launch: {data: {a: %}}}]",
            "app: {delegate: {viewControllerWithRestorationIdentifierPath: {a: %}}}",
            "app: {delegate: {shouldRestoreApplicationState: %}}",
            "ui: {class: UITableView, views: [{class: UITableView, rows: %}]}",
            "ui: {class: A, views: [{class: UIScrollView, contentOffset: %}]}", "% : x", "ui: {% : x}",
        ]
        var parsedCount = 0
        for position in positions {
            for value in wrong {
                let text = "name: fuzz\n" + position.replacingOccurrences(of: "%", with: value) + "\n"
                do {
                    _ = try ScenarioParser.parse(text, file: "fuzz.yaml")
                    parsedCount += 1
                } catch {
                    #expect(!error.problems.isEmpty)
                    #expect(
                        error.problems.allSatisfy { ($0.location?.line ?? 0) >= 1 && ($0.location?.column ?? 0) >= 1 })
                }
            }
        }
        // Some combinations are valid (`~` for an optional key); most are not.
        #expect(parsedCount < positions.count * wrong.count / 2)
    }

    @Test func deeplyNestedValueIsRefusedNotOverflowed() {
        let depth = 100
        let value = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let p = problems("name: deep\nui: {class: A, state: {k: \(value)}}\n")
        #expect(p.count == 1)
        #expect(p.first?.message.contains("nested more than 64 levels") == true)
    }
}

/// A restoration class whose entry under `classes:` has an error was also reported as "not
/// listed", pointing the user at a fix they had already made.
@Suite struct MalformedClassEntryTests {
    @Test func aMalformedClassEntryIsOneProblem() {
        let p = problems(
            """
            name: t
            ui: {class: Home, restorationIdentifier: Home, restorationClass: HomeRC}
            classes: {HomeRC: new}
            """)
        #expect(located(p) == ["3:19: expected a mapping for class 'HomeRC', found 'new'"])
    }
}
