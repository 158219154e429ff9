import RestoreEngine
import Testing

@testable import RestoreScenario

@Suite("app, delegate, answers, classes, storyboards")
struct ScenarioAppTests {
    @Test func appKeysMapToAppSpec() throws {
        let s = try parsed(
            """
            name: app
            app:
              bundleVersion: 1.10
              systemVersion: "8.0"
              idiom: pad
              delegate:
                shouldSaveApplicationState: false
                shouldRestoreApplicationState: false
                willEncodeRestorableState: {launchCount: 3, lastTab: home}
                ignoreSnapshot: true
                makeKeyAndVisible: didFinishLaunching
                defaultRoot: {class: UINavigationController, restorationIdentifier: root}
            """)
        // An unquoted version keeps its text: 1.10 is not the float 1.1.
        #expect(s.app.bundleVersion == "1.10")
        #expect(s.app.systemVersion == "8.0")
        #expect(s.app.idiom == .pad)
        let d = s.app.delegate
        #expect(d.shouldSaveApplicationState == false)
        #expect(d.shouldRestoreApplicationState == .always(false))
        #expect(
            d.willEncodeRestorableState == [
                CoderEntry(key: "launchCount", value: .int(3)), CoderEntry(key: "lastTab", value: .string("home")),
            ])
        #expect(d.ignoreSnapshot)
        #expect(d.makeKeyAndVisible == .didFinishLaunching)
        #expect(d.defaultRoot?.restorationIdentifier == "root")
    }

    @Test func shouldRestoreIfEqualComparesAppLevelKeys() throws {
        let s = try parsed(
            """
            name: v
            app:
              delegate:
                shouldRestoreApplicationState:
                  ifEqual: {UIApplicationStateRestorationBundleVersionKey: "1.0"}
            """)
        let rule = s.app.delegate.shouldRestoreApplicationState
        #expect(
            rule == .ifEqual([CoderEntry(key: "UIApplicationStateRestorationBundleVersionKey", value: .string("1.0"))]))
        #expect(
            rule.evaluate(
                RestorationCoder(entries: [
                    CoderEntry(key: "UIApplicationStateRestorationBundleVersionKey", value: "1.0")
                ])))
        #expect(
            !rule.evaluate(
                RestorationCoder(entries: [
                    CoderEntry(key: "UIApplicationStateRestorationBundleVersionKey", value: "1.1")
                ])))
    }

    @Test func shouldRestoreMappingWithoutIfEqualIsAnError() {
        let p = problems("name: v\napp: {delegate: {shouldRestoreApplicationState: {ifEquals: {a: 1}}}}\n")
        #expect(
            located(p) == [
                "2:49: 'shouldRestoreApplicationState' as a mapping needs 'ifEqual: {KEY: VALUE}'",
                "2:50: unknown key 'ifEquals' in 'shouldRestoreApplicationState' (did you mean 'ifEqual'?)",
            ])
    }

    /// A 200,000-character key made a 200 KB error line: the message shows its ends and length.
    @Test func aLongUnknownKeyIsShortenedInItsMessage() {
        let key = "a" + String(repeating: "y", count: 199_998) + "z"
        // JSON: YAML's simple keys stop at 1,024 characters.
        let p = located(problems("{\"name\": \"v\", \"ui\": {\"class\": \"A\", \"\(key)\": 1}}\n"))
        #expect(
            p == [
                "1:36: unknown key 'a\(String(repeating: "y", count: 59))…\(String(repeating: "y", count: 39))z, 200000 characters' in 'ui'"
            ])
    }

    @Test func answerWordsMapToAnswers() throws {
        let s = try parsed(
            """
            name: answers
            app:
              delegate:
                viewControllerWithRestorationIdentifierPath:
                  A: new
                  A/B: existing
                  A/C: storyboard
                  A/D: {instanceOf: OtherDetail}
                  A/E: nil
            """)
        #expect(
            s.app.delegate.viewControllerWithRestorationIdentifierPath == [
                "A": .new, "A/B": .existing, "A/C": .storyboard, "A/D": .instanceOf("OtherDetail"), "A/E": .nil,
            ])
    }

    @Test(arguments: ["nil", "null", "~", "\"nil\"", "", "NULL"])
    func answerNilIsRecognized(spelling: String) throws {
        let s = try parsed("name: n\nclasses:\n  Detail: {answer: \(spelling)}\n")
        #expect(s.classes["Detail"]?.answer == .nil)
    }

    @Test func unknownAnswerWordIsSuggested() {
        let p = problems("name: n\nclasses: {Detail: {answer: exsting}}\n")
        #expect(
            located(p) == [
                "2:28: unknown answer 'exsting' for class 'Detail' (did you mean 'existing'?); an answer is new, nil, existing, storyboard or {instanceOf: CLASS}"
            ])
    }

    @Test func answerOfTheWrongShapeIsAnError() {
        let p = problems("name: n\nclasses: {A: {answer: [new]}, B: {answer: {instanceOf: ''}}, C: {answer: true}}\n")
        #expect(
            located(p) == [
                "2:23: expected an answer (new, nil, existing, storyboard or {instanceOf: CLASS}) for class 'A', found a list",
                "2:56: 'instanceOf' must not be empty",
                "2:74: expected an answer (new, nil, existing, storyboard or {instanceOf: CLASS}) for class 'C', found 'true'",
            ])
    }

    @Test func classesMapAnswerAndBuilds() throws {
        let s = try parsed(
            """
            name: classes
            classes:
              TabRestorer:
                answer: new
                builds:
                  - {class: HomeNav, inherits: UINavigationController, restorationIdentifier: home}
                  - {class: SettingsNav, inherits: UINavigationController, restorationIdentifier: settings}
              CityViewController: {answer: nil}
              Plain:
            """)
        #expect(s.classes["TabRestorer"]?.answer == .new)
        #expect(s.classes["TabRestorer"]?.builds.map(\.restorationIdentifier) == ["home", "settings"])
        #expect(s.classes["CityViewController"] == RestorationClassSpec(answer: .nil))
        #expect(s.classes["Plain"] == RestorationClassSpec())
    }

    @Test func storyboardsMapNameAndIdentifierToScenes() throws {
        let s = try parsed(
            """
            name: boards
            storyboards:
              Main:
                Home: {class: HomeController, restorationIdentifier: home}
                Detail: {class: DetailController, restorationIdentifier: detail, storyboard: {name: Main, identifier: Detail}}
              Settings: {}
            """)
        #expect(s.storyboards["Main"]?["Home"]?.className == "HomeController")
        #expect(s.storyboards["Main"]?["Detail"]?.storyboard?.identifier == "Detail")
        #expect(s.storyboards["Settings"] == [:])
    }

    @Test func launchUIIsANode() throws {
        let s = try parsed("name: l\nlaunchUI: {class: UINavigationController, restorationIdentifier: nav}\n")
        #expect(s.launchUI?.restorationIdentifier == "nav")
    }

    @Test func idiomTypoIsSuggested() {
        #expect(
            located(problems("name: i\napp: {idiom: phon}\n")) == [
                "2:14: unknown idiom 'phon' (did you mean 'phone'?); expected phone or pad"
            ])
    }
}
