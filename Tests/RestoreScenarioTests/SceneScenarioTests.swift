import Foundation
import RestoreEngine
import RestoreTestSupport
import Testing

@testable import RestoreScenario

/// SPEC §8's scenario keys: what they read into, and located errors for bad values.
@Suite("scenes: scenario keys")
struct SceneScenarioTests {
    @Test func sceneKeysAreRead() throws {
        let s = try parsed(
            """
            name: keys
            app:
              lifecycle: scenes
              userActivityTypes: [com.example.browse, com.example.edit]
              saveActivity: disconnect
              delegate: {shouldSaveApplicationState: true, makeKeyAndVisible: never}
            scenes:
              - session: main
                configuration: Main Scene
                ui: {class: Root}
                activity:
                  type: com.example.browse
                  userInfo: {item: "42", tab: 1}
                  nonPlistKeys: [tab]
                  responders: {Detail: {editing: true}, List: ~}
            timeline: [background, {disconnect: main}, {close: main}, launch]
            """)
        #expect(s.app.lifecycle == .scenes)
        #expect(s.app.userActivityTypes == ["com.example.browse", "com.example.edit"])
        #expect(s.app.activitySaving == .disconnect)
        #expect(s.app.legacyOptIns == ["shouldSaveApplicationState"])
        let scene = try #require(s.scenes.first)
        #expect(scene.session == "main")
        #expect(scene.configuration == "Main Scene")
        #expect(scene.ui?.className == "Root")
        #expect(scene.activity?.userInfo.map(\.key) == ["item", "tab"])
        #expect(scene.activity?.nonPlistKeys == ["tab"])
        #expect(scene.activity?.responders.map(\.name) == ["Detail", "List"])
        #expect(s.timeline[1] == .disconnect(session: "main"))
        #expect(s.timeline[2] == .close(session: "main"))
    }

    @Test func badSceneValuesAreLocated() {
        let found = located(
            problems(
                """
                name: bad
                app:
                  lifecycle: scene
                  userActivityTypes: com.example.browse
                scenes:
                  - session: main
                    activity: {userInfo: {a: 1}}
                  - session: main
                  - configuration: Orphan
                timeline: [{close: mian}]
                """))
        #expect(found.contains { $0.hasPrefix("3:14: ") && $0.contains("lifecycle") && $0.contains("scenes") })
        #expect(found.contains { $0.hasPrefix("4:22: ") && $0.contains("userActivityTypes") })
        #expect(found.contains { $0.hasPrefix("7:15: ") && $0.contains("needs 'type:'") })
        #expect(found.contains { $0.hasPrefix("8:14: ") && $0.contains("listed twice") })
        #expect(found.contains { $0.hasPrefix("9:5: ") && $0.contains("needs 'session:'") })
        #expect(found.contains { $0.hasPrefix("10:20: ") && $0.contains("no scene has session 'mian'") })
    }

    /// In a scene-based app the crash is in a session's restoreInteractionState: a name that is no
    /// session would crash nothing, and the run would say all was well.
    @Test func aCrashMustNameASceneSession() {
        let found = located(
            problems(
                """
                name: crash
                app: {lifecycle: scenes, userActivityTypes: [t]}
                scenes: [{session: main, activity: {type: t}}]
                timeline: [background, {kill: system}, {launch: {crashWhileDecoding: mian}}]
                """))
        #expect(
            found.contains {
                $0.hasPrefix("4:70: ") && $0.contains("'crashWhileDecoding' names no scene session: 'mian'")
                    && $0.hasSuffix("crashes: main")
            }, "\(found)")
        #expect(throws: Never.self) {
            try parsed(
                """
                name: crash
                app: {lifecycle: scenes, userActivityTypes: [t]}
                scenes: [{session: main, activity: {type: t}}]
                timeline: [background, {kill: system}, {launch: {crashWhileDecoding: main}}]
                """)
        }
    }

    /// With saveActivity: disconnect, going to the background asks for no activity: the crash
    /// could never happen.
    @Test func aCrashWhileSavingNeedsTheBackgroundToAsk() {
        let found = located(
            problems(
                """
                name: crash
                app: {lifecycle: scenes, userActivityTypes: [t], saveActivity: disconnect}
                scenes: [{session: main, activity: {type: t}}]
                timeline: [{background: {crashWhileEncoding: main}}, {kill: system}, launch]
                """))
        #expect(
            found.contains { $0.hasPrefix("4:46: ") && $0.contains("cannot crash with 'saveActivity: disconnect'") },
            "\(found)")
    }

    /// A crash while saving names a session too: one that names none would crash nothing.
    @Test func aCrashWhileSavingMustNameASceneSession() {
        let found = located(
            problems(
                """
                name: crash
                app: {lifecycle: scenes, userActivityTypes: [t]}
                scenes: [{session: main, activity: {type: t}}]
                timeline: [{background: {crashWhileEncoding: mian}}, {kill: system}, launch]
                """))
        #expect(
            found.contains {
                $0.hasPrefix("4:46: ") && $0.contains("'crashWhileEncoding' names no scene session: 'mian'")
                    && $0.contains("stateRestorationActivity(for:) crashes")
            }, "\(found)")
    }

    @Test func scenesNeedTheSceneLifecycleAndTheReverse() {
        let noScenes = located(problems("name: a\napp: {lifecycle: scenes}\n"))
        #expect(noScenes.contains { $0.contains("needs 'scenes:'") })
        let launchUI = located(
            problems("name: a\napp: {lifecycle: scenes}\nlaunchUI: {class: Root}\nscenes: [{session: main}]\n"))
        #expect(launchUI.contains { $0.hasPrefix("3:11: ") && $0.contains("no app-level 'launchUI:'") }, "\(launchUI)")
        let noLifecycle = located(problems("name: a\nscenes: [{session: main}]\n"))
        #expect(noLifecycle.contains { $0.hasPrefix("2:9: ") && $0.contains("lifecycle: scenes") })
        let appUI = located(
            problems("name: a\napp: {lifecycle: scenes}\nui: {class: Root}\nscenes: [{session: main}]\n"))
        #expect(appUI.contains { $0.hasPrefix("3:5: ") && $0.contains("no app-level 'ui:'") })
    }

    @Test func scenesNeedIOS13() {
        let found = located(
            problems("name: a\napp: {systemVersion: \"12.4\", lifecycle: scenes}\nscenes: [{session: m}]\n"))
        #expect(found.contains { $0.hasPrefix("2:41: ") && $0.contains("needs iOS 13 or later") })
    }

    @Test func nonPlistKeysMustBeUserInfoKeys() {
        let found = located(
            problems(
                """
                name: a
                app: {lifecycle: scenes}
                scenes:
                  - session: main
                    activity: {type: t, userInfo: {a: 1}, nonPlistKeys: [b]}
                """))
        #expect(found.contains { $0.contains("'nonPlistKeys' names 'b'") })
    }

    /// A key a responder adds in updateUserActivityState: is saved with the rest of userInfo, so
    /// it can be the one that is not a property-list type (S2). It was refused as "not a key".
    @Test func nonPlistKeysMayNameAKeyAResponderAdds() throws {
        let yaml = """
            name: a
            app: {lifecycle: scenes, userActivityTypes: [t]}
            scenes:
              - session: main
                ui: {class: Feed}
                activity: {type: t, userInfo: {a: 1}, responders: {Feed: {model: x}}, nonPlistKeys: [model]}
            timeline: [background]
            """
        let outcome = try ScenarioParser.parse(yaml, file: "t.yaml").run()
        #expect(outcome.scenes?.first?.reason == .activityNotPlist)
    }

    /// Every problem of an activity is listed at once: a bad `type` stopped the reading there.
    @Test func everyProblemOfAnActivityIsListed() {
        let found = located(
            problems(
                """
                name: a
                app: {lifecycle: scenes}
                scenes:
                  - session: main
                    activity: {type: [t], userInfo: [1, 2], nonPlistKeys: x}
                """))
        #expect(found.count == 3, "\(found)")
        #expect(found.contains { $0.contains("'type'") })
        #expect(found.contains { $0.contains("'userInfo'") })
        #expect(found.contains { $0.contains("'nonPlistKeys'") })
    }

    /// A session's name and an activity type are printed inside the verdict's lines: a line break
    /// in one started a line of its own, which could pass for a line of the verdict. Refused, as
    /// a restoration identifier with one is (a userInfo key or value with one is shown as `\u{A}`:
    /// `LineBreakInTraceTests`).
    @Test func aLineBreakInASessionOrActivityTypeIsRefused() {
        let found = located(
            problems(
                #"""
                name: a
                app: {lifecycle: scenes, userActivityTypes: [t]}
                scenes:
                  - session: "main\n  ✓ forged"
                    ui: {class: Feed}
                  - session: b
                    activity: {type: "t\nu"}
                timeline: [background, {close: "x\ny"}]
                """#))
        #expect(found.contains { $0.hasPrefix("4:14: ") && $0.contains("'session' holds a line break") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("7:22: ") && $0.contains("'type' holds a line break") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("8:32: ") && $0.contains("'close' holds a line break") }, "\(found)")
    }
}

/// `app.infoPlist`: the life cycle, activity types, version and scene storyboards from the real file.
@Suite("scenes: app.infoPlist")
struct SceneInfoPlistTests {
    static let folder = Samples.traces.path

    func load(_ yaml: String) throws -> Scenario {
        let path = Self.folder + "/infoplist-test-\(UUID().uuidString).yaml"
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try ScenarioLoader.load(path: path)
    }

    @Test func thePlistMakesTheAppSceneBasedAndNamesItsStoryboard() throws {
        let s = try load(
            """
            name: plist
            app: {infoPlist: Notes-Info.plist}
            storyboards: {Shelf: Shelf.storyboard}
            scenes:
              - session: notes
                activity: {type: com.example.notes.compose}
            """)
        #expect(s.app.lifecycle == .scenes)
        #expect(s.app.userActivityTypes == ["com.example.notes.compose"])
        #expect(s.app.bundleVersion == "3.0")
        #expect(s.app.sceneStoryboards == ["Default Configuration": "Shelf"])
        #expect(s.scenes.first?.ui?.className == "UITabBarController")
        #expect(s.run().scenes?.first?.restored?.type == "com.example.notes.compose")
    }

    @Test func writtenKeysWinOverThePlist() throws {
        let s = try load(
            """
            name: plist
            app: {infoPlist: Notes-Info.plist, userActivityTypes: [a.b], bundleVersion: "9"}
            scenes: [{session: notes, ui: {class: Notes}}]
            """)
        #expect(s.app.userActivityTypes == ["a.b"])
        #expect(s.app.bundleVersion == "9")
    }

    /// A session connects with one of the plist's configurations: one the plist does not declare
    /// UIKit would never use (it was accepted).
    @Test func aConfigurationThePlistDoesNotDeclareIsAnError() {
        expectFirstProblem(
            """
            name: plist
            app: {infoPlist: Notes-Info.plist}
            scenes: [{session: notes, configuration: Default Configration}]
            """, line: 3,
            "scene 'notes' names the configuration 'Default Configration', which Info.plist 'Notes-Info.plist' does not declare (did you mean 'Default Configuration'?)"
        )
    }

    /// Loading `yaml` fails, and its first problem is at `line` and says `message`.
    func expectFirstProblem(
        _ yaml: String, line: Int, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try load(yaml)
            Issue.record("expected an error", sourceLocation: sourceLocation)
        } catch {
            let first = (error as? ScenarioError)?.problems.first
            #expect(first?.location?.line == line, sourceLocation: sourceLocation)
            #expect(first?.message.contains(message) == true, "\(first?.message ?? "")", sourceLocation: sourceLocation)
        }
    }

    /// An app whose plist does not support multiple scenes has one session at a time: two were
    /// recorded as "2 of 2 sessions restored", an app that cannot exist.
    @Test func twoScenesNeedAPlistThatSupportsMultipleScenes() {
        expectFirstProblem(
            """
            name: plist
            app: {infoPlist: Notes-Info.plist}
            scenes:
              - session: a
                ui: {class: Feed}
              - session: b
                ui: {class: Feed}
            """, line: 6,
            "Info.plist 'Notes-Info.plist' does not support multiple scenes (UIApplicationSupportsMultipleScenes is false or absent)"
        )
    }

    /// A scene that names no configuration connects with the plist's first, as UIKit's default
    /// configuration does, not with a "Default Configuration" the app may not have.
    @Test func anUnnamedConfigurationIsThePlistsFirst() throws {
        let plist = "infoplist-main-scene-\(UUID().uuidString).plist"
        let manifest: [String: Any] = [
            "UIApplicationSceneManifest": [
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [["UISceneConfigurationName": "Main Scene"]]
                ]
            ]
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: manifest, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: Self.folder + "/" + plist))
        defer { try? FileManager.default.removeItem(atPath: Self.folder + "/" + plist) }
        let s = try load("name: plist\napp: {infoPlist: \(plist), userActivityTypes: [t]}\nscenes: [{session: main}]\n")
        #expect(s.scenes.first?.configuration == "Main Scene")
    }

    @Test func aMissingPlistIsLocatedAtTheKey() {
        do {
            _ = try load("name: plist\napp: {infoPlist: Missing-Info.plist}\n")
            Issue.record("expected an error")
        } catch {
            let first = (error as? ScenarioError)?.problems.first
            #expect(first?.location?.line == 2)
            #expect(first?.location?.column == 18)
            #expect(first?.message.contains("Info.plist 'Missing-Info.plist'") == true)
        }
    }

    @Test func aContradictingLifecycleIsAnError() {
        do {
            _ = try load("name: plist\napp: {infoPlist: Notes-Info.plist, lifecycle: app}\nui: {class: A}\n")
            Issue.record("expected an error")
        } catch {
            #expect(
                (error as? ScenarioError)?.problems.contains { $0.message.contains("'lifecycle: app' is written") }
                    == true)
        }
    }
}
