import Foundation
import RestoreEngine
import Testing

@testable import RestoreScenario

/// Collects every event the engine emits.
final class EventRecorder: EngineObserver {
    var events: [EngineEvent] = []
    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) { events.append(event) }
}

@Suite("Sample scenarios in Traces/")
struct SampleScenarioTests {
    @Test func tracesFolderHoldsTheSamples() {
        let names = sampleScenarioPaths().map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(names.count >= 20)
        for required in [
            "state-restoration-demo.yaml", "homepwner.yaml", "master-detail.yaml", "seed004-storyboard-text.yaml",
            "custom-container.yaml", "seed000-unmarked-navigation.yaml", "seed002-version-check.yaml",
            "seed003-tabbar-restoration-classes.yaml",
        ] {
            #expect(names.contains(required), "missing Traces/\(required)")
        }
    }

    @Test(arguments: sampleScenarioPaths())
    func everySampleInTracesParses(path: String) throws {
        let scenario = try ScenarioLoader.load(path: path)
        // The file name is the scenario's name, so a report can always be traced back to its file.
        #expect(scenario.name + ".yaml" == URL(fileURLWithPath: path).lastPathComponent)
        let outcome = scenario.run()
        #expect(outcome.preservation != nil)
        #expect(!outcome.launches.isEmpty)
    }

    @Test func samplesTogetherUseEverySpecKey() throws {
        let keys = [
            "format", "name", "description", "app", "launchUI", "storyboards", "classes", "ui", "timeline",
            "bundleVersion", "systemVersion", "idiom", "delegate", "shouldSaveApplicationState",
            "shouldRestoreApplicationState", "ifEqual", "willEncodeRestorableState", "ignoreSnapshot",
            "makeKeyAndVisible",
            "viewControllerWithRestorationIdentifierPath", "defaultRoot", "answer", "builds", "instanceOf",
            "class", "inherits", "kind", "restorationIdentifier", "restorationClass", "storyboard", "identifier",
            "state",
            "children", "selectedIndex", "encodesChildren", "presented", "views", "objects", "objectRestorationClass",
            "contentOffset", "zoomScale", "contentInset", "rows", "selected", "firstVisible", "modelAssociation",
            "selectedRange", "editable", "kill", "launch", "deviceLocked", "crashWhileDecoding", "data",
            "shouldSaveSecureApplicationState", "shouldRestoreSecureApplicationState", "encodes", "viewLoaded",
            "insecureKeys", "restorationParent", "crashBeforeRestoration", "extendStateRestoration",
            "crashWhileEncoding",
        ]
        let words = [
            "background", "launch", "system", "user", "debugger", "new", "nil", "existing", "storyboard", "view",
            "container", "pad", "didFinishLaunching", "complete", "never",
        ]
        // Comment lines are dropped: a key only mentioned in prose does not count.
        let text = try sampleScenarioPaths().map { try String(contentsOfFile: $0, encoding: .utf8) }.joined(
            separator: "\n"
        )
        .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.joined(
            separator: "\n")
        for key in keys {
            #expect(text.contains(try Regex("(^|[\\s{,\"-])\(key)\"?:")), "no sample uses '\(key):'")
        }
        for word in words {
            #expect(text.contains(try Regex("[\\s\\[{,:]\(word)[\\s\\]},]")), "no sample uses the value '\(word)'")
        }
    }

    // MARK: Behaviour the samples show

    @Test func seed000DetailIsSkippedBecauseItsNavigationControllerIsUnmarked() throws {
        let outcome = try sample("seed000-unmarked-navigation").run()
        let detail = try #require(outcome.preserved(locator: "Detail"))
        #expect(detail.status == .skipped)
        #expect(detail.reason == .ancestorNotPreserved)
        #expect(detail.cause == "TabBar/<UINavigationController>")
        #expect(outcome.preserved(locator: "TabBar/<UINavigationController>")?.reason == .noRestorationIdentifier)
        #expect(outcome.preserved(locator: "Settings")?.status == .preserved)
        #expect(outcome.restoration?.nodes.map(\.path) == ["TabBar", "TabBar/Settings"])
    }

    @Test func seed002DeclinesAnArchiveFromAnOlderVersion() throws {
        let outcome = try sample("seed002-version-check").run()
        #expect(outcome.restoration?.performed == false)
        #expect(outcome.restoration?.reason == .restoreDeclined)
    }

    @Test func seed002WouldRestoreWithoutTheUpdate() throws {
        // The same scenario without the version bump restores: the check, not something else, declines.
        var scenario = try sample("seed002-version-check")
        scenario.app.delegate.shouldRestoreApplicationState = .ifEqual([
            CoderEntry(key: "UIApplicationStateRestorationBundleVersionKey", value: "1.0")
        ])
        #expect(scenario.run().restoration?.performed == true)
    }

    @Test func seed003RestoresEveryControllerThroughRestorationClasses() throws {
        let outcome = try sample("seed003-tabbar-restoration-classes").run()
        let nodes = try #require(outcome.restoration?.nodes)
        #expect(nodes.count == 9)
        #expect(nodes.allSatisfy { $0.status == .restored })
        #expect(outcome.restored("TabBarController/home/HomeController")?.via == .restorationClass)
        #expect(outcome.diagnostics(.windowNotVisible).map(\.path) == ["TabBarController/home/HomeDetailController"])
    }

    @Test func seed004RestoresFromTheArchivedStoryboardWithoutASnapshot() throws {
        let recorder = EventRecorder()
        let outcome = try sample("seed004-storyboard-text").run(observer: recorder)
        #expect(outcome.restored("homeNavigation/SecondViewController")?.via == .restorationClass)
        // The app's text fields have no Restoration ID (the controllers encode the text): no view is archived.
        #expect(
            outcome.restoration?.nodes.map(\.path) == [
                "homeNavigation", "homeNavigation/ViewController", "homeNavigation/SecondViewController",
            ])
        #expect(outcome.restored("homeNavigation/ViewController")?.via == .restorationClass)
        #expect(!recorder.events.contains { $0.event == .snapshot })
        #expect(recorder.events.contains { $0.event == .kill && $0.kill == .debugger })
    }

    @Test func stateRestorationDemoRestoresThePushedCityByItsClass() throws {
        let outcome = try sample("state-restoration-demo").run()
        #expect(outcome.restoration?.nodes.allSatisfy { $0.status == .restored } == true)
        #expect(outcome.restored("TabController/NavigationController/CityViewController")?.via == .restorationClass)
        #expect(outcome.restored("TabController/FirstViewController")?.via == .existing)
    }

    @Test func homepwnerPresentedDetailHasAPathOfThree() throws {
        let outcome = try sample("homepwner").run()
        let detail = try #require(
            outcome.restored("UINavigationController/UINavigationController/BNRDetailViewController"))
        #expect(detail.status == .restored && detail.via == .restorationClass)
        #expect(outcome.restored("UINavigationController")?.via == .appDelegate)
        #expect(outcome.restored("UINavigationController/UINavigationController")?.via == .appDelegate)
        let pushed = try sample("homepwner-pushed-detail").run()
        #expect(pushed.restored("UINavigationController/BNRDetailViewController")?.status == .restored)
    }

    @Test func masterDetailRestoresTheRegisteredContextAndKeepsTheSelection() throws {
        let recorder = EventRecorder()
        let outcome = try sample("master-detail").run(observer: recorder)
        // Referenced by the master and the detail controller, registered with no restorationParent:
        // one object at the top-level path, encoded once (P8).
        let context = try #require(outcome.restored("ViewContext"))
        #expect(context.kind == .object && context.via == .restorationClass)
        #expect(recorder.events.filter { $0.callback == .encode && $0.receiver == "NSManagedObjectContext" }.count == 1)
        #expect(outcome.restoration?.nodes.allSatisfy { $0.status == .restored } == true)
        #expect(outcome.diagnostics(.selectionMoved).isEmpty && outcome.diagnostics(.selectionDropped).isEmpty)
    }

    @Test func customContainerThatForgetsItsChildrenLosesThem() throws {
        let good = try sample("custom-container").run()
        #expect(good.preservation?.nodes.allSatisfy { $0.status == .preserved } == true)
        let bad = try sample("custom-container-forgets-children").run()
        #expect(bad.preserved(locator: "ChildOne")?.reason == .notEncodedByContainer)
        #expect(bad.preserved(locator: "ChildTwo")?.reason == .notEncodedByContainer)
    }

    @Test func forceQuitDeletesTheArchive() throws {
        let outcome = try sample("force-quit-by-user").run()
        #expect(outcome.restoration?.performed == false)
        #expect(outcome.restoration?.reason == .archiveDeletedUserQuit)
    }

    @Test func crashWhileDecodingDropsTheArchiveForTheNextLaunch() throws {
        let outcome = try sample("crash-during-restoration").run()
        #expect(outcome.launches.count == 2)
        #expect(outcome.diagnostics(.archiveDeletedCrash).first?.path == "Nav/Post")
        #expect(outcome.launches.last?.performed == false)
        #expect(outcome.launches.last?.reason == .archiveDeletedCrash)
    }

    @Test func lockedLaunchRestoresNothingButKeepsTheArchive() throws {
        let outcome = try sample("device-locked-launch").run()
        #expect(outcome.launches.map(\.performed) == [false, true])
        #expect(outcome.launches.first?.reason == .deviceLocked)
        #expect(outcome.restored("Nav/Map")?.status == .restored)
    }

    @Test func tableSelectionMovesWithoutModelAssociation() throws {
        let outcome = try sample("table-selection-moved").run()
        #expect(outcome.diagnostics(.selectionMoved).map(\.path) == ["Mailbox/inbox"])
        #expect(outcome.diagnostics(.selectionDropped).map(\.path) == ["Mailbox/archive"])
    }

    @Test func restorationClassReturningNilDropsSubtree() throws {
        let outcome = try sample("restoration-class-returns-nil").run()
        #expect(outcome.restored("NavigationController/CityViewController")?.reason == .restorationClassReturnedNil)
        #expect(outcome.restored("NavigationController/CityViewController/Weather")?.reason == .parentNotRestored)
    }

    @Test func delegateAnsweringAnotherClassIsAMismatch() throws {
        let outcome = try sample("class-mismatch").run()
        let profile = try #require(outcome.restored("Root/Profile"))
        #expect(profile.reason == .classMismatch)
        #expect(profile.decoded != true)
    }

    @Test func windowMadeKeyTooLateIsWarned() throws {
        let outcome = try sample("window-not-visible").run()
        #expect(Set(outcome.diagnostics(.windowNotVisible).compactMap(\.path)) == ["Nav/List", "Nav/List/table"])
    }

    @Test func reservedKeysAreDiagnosed() throws {
        let outcome = try sample("reserved-key-in-will-encode").run()
        #expect(outcome.diagnostics(.reservedKey).map(\.path) == [nil, "Nav/Home"])
    }

    @Test func siblingsSharingAPathAreAmbiguous() throws {
        let outcome = try sample("ambiguous-paths").run()
        #expect(
            Set(outcome.diagnostics(.ambiguousPath).compactMap(\.path)) == [
                "PagesContainer/Page", "PagesContainer/chart",
            ])
    }

    @Test func declinedSaveArchivesNothing() throws {
        let outcome = try sample("save-declined").run()
        #expect(outcome.preservation?.performed == false)
        #expect(outcome.preservation?.reason == .saveDeclined)
    }
}
