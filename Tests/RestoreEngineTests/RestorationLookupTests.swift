import RestoreTestSupport
import Testing

@testable import RestoreEngine

/// R1–R4: when restoration happens and how each archived controller is found.
@Suite struct RestorationLookupTests {
    @Test func launchOrderIsLaunchUIThenWillFinishThenRestoreThenDidDecodeThenFinishedThenDidFinish() throws {
        let app = TestApp()
        app.launchUI = { nav("Nav", [vc("Home", "Home")]) }
        app.restorationClasses["Detail"] = { _, _, _ in vc("Detail", "Detail", restorationClass: "Detail") }
        let log = EventLog()
        runCycle(
            app, ui: nav("Nav", [vc("Home", "Home"), vc("Detail", "Detail", restorationClass: "Detail")]), log: log)

        let launch = log.launch(2).map { e in e.path.map { e.name + " " + $0 } ?? e.name }
        #expect(
            launch == [
                "launch",
                "launch-ui-built",
                "application:willFinishLaunchingWithOptions:",
                "application:shouldRestoreApplicationState:",
                "application:viewControllerWithRestorationIdentifierPath:coder: Nav",
                "application:viewControllerWithRestorationIdentifierPath:coder: Nav/Home",
                "viewControllerWithRestorationIdentifierPath:coder: Nav/Detail",
                "decodeRestorableStateWithCoder: Nav",
                "decodeRestorableStateWithCoder: Nav/Home",
                "decodeRestorableStateWithCoder: Nav/Detail",
                "application:didDecodeRestorableStateWithCoder:",
                "applicationFinishedRestoringState Nav",
                "applicationFinishedRestoringState Nav/Home",
                "applicationFinishedRestoringState Nav/Detail",
                "application:didFinishLaunchingWithOptions:",
                "archive-deleted",
            ])
        #expect(log.launch(2).filter { $0.phase == .restoration }.first?.callback == .shouldRestore)
    }

    @Test func noRestorationWhenLockedOrDeclinedOrNoArchive() throws {
        let ui = { nav("Nav", [vc("Home", "Home")]) }
        var locked = LaunchOptions()
        locked.deviceLocked = true
        let lockedLog = EventLog()
        let lockedRun = runCycle(
            TestApp(), ui: ui(), log: lockedLog, timeline: [.background, .kill(.system), .launch(locked)])
        #expect(lockedRun.outcome.restoration?.performed == false)
        #expect(lockedRun.outcome.restoration?.reason == .deviceLocked)
        #expect(lockedRun.outcome.restoration?.nodes.map(\.reason) == [.deviceLocked, .deviceLocked])
        #expect(lockedLog.calls(.shouldRestore).isEmpty)

        let declinedApp = TestApp()
        declinedApp.shouldRestore = { _ in false }
        let declinedLog = EventLog()
        let declined = runCycle(declinedApp, ui: ui(), log: declinedLog)
        #expect(declined.outcome.restoration?.reason == .restoreDeclined)
        #expect(
            declined.outcome.restoration?.nodes.allSatisfy {
                $0.status == .notRestored && $0.reason == .restoreDeclined
            } == true)
        #expect(declinedLog.calls(.shouldRestore).map(\.result) == [.bool(false)])
        #expect(declinedLog.calls(.delegateViewController).isEmpty)
        #expect(declinedLog.calls(.decode).isEmpty)

        let neverLog = EventLog()
        let never = runCycle(TestApp(), ui: ui(), log: neverLog, timeline: [.kill(.system), .launch(LaunchOptions())])
        #expect(never.outcome.restoration?.reason == .noArchive)
        #expect(neverLog.calls(.shouldRestore).isEmpty)

        let okLog = EventLog()
        let ok = runCycle(TestApp(), ui: ui(), log: okLog)
        #expect(ok.outcome.restoration?.performed == true)
        #expect(okLog.calls(.shouldRestore).map(\.result) == [.bool(true)])
    }

    @Test func shouldRestoreSeesArchivedAppLevelKeys() throws {
        let app = TestApp()
        app.willEncode = { coder, _ in coder.encode(Double(11), forKey: "MyAppVersion") }
        var version: String?
        var appVersion = 0.0
        var keys: [String] = []
        app.shouldRestore = { coder in
            version = coder.decodeString(forKey: ReservedKeys.bundleVersion)
            appVersion = coder.decodeDouble(forKey: "MyAppVersion")
            keys = coder.entries.map(\.key)
            return true
        }
        let log = EventLog()
        // Launch 1 ran version 3.0; launch 2 runs 4.0: the coder still holds what was written at preservation.
        var next = LaunchOptions()
        next.bundleVersion = "4.0"
        runCycle(app, ui: vc("Home", "Home"), log: log, timeline: [.background, .kill(.system), .launch(next)]) {
            $0.configuration.bundleVersion = "3.0"
        }
        #expect(version == "3.0")
        #expect(appVersion == 11.0)
        #expect(keys == ReservedKeys.appLevel + ["MyAppVersion"])
        #expect(log.calls(.shouldRestore).first?.coder?.map(\.key) == keys)
    }

    // MARK: R3, step by step

    @Test func restorationClassIsAskedBeforeTheDelegate() throws {
        let app = TestApp()
        var delegateAsked = false
        app.delegateAnswers["Detail"] = { _ in
            delegateAsked = true
            return nil
        }
        let made = CountingController(className: "Detail", restorationIdentifier: "Detail")
        app.restorationClasses["DetailRestorer"] = { _, _, _ in made }
        app.launchUI = { vc("Detail", "Detail") }
        let log = EventLog()
        let engine = runCycle(app, ui: vc("Detail", "Detail", restorationClass: "DetailRestorer"), log: log)

        #expect(!delegateAsked)
        #expect(log.calls(.restorationClassViewController).map(\.receiver) == ["DetailRestorer"])
        #expect(engine.outcome.restoration?.node("Detail")?.via == .restorationClass)
        #expect(made.decodes == 1)
        #expect(engine.application.window.rootViewController === made)
    }

    @Test func restorationClassReturningNilDropsSubtree() throws {
        let app = TestApp()
        app.restorationClasses["NavRestorer"] = { _, _, _ in nil }
        // Both would be found implicitly if the lookup went on: it must not.
        let launched = nav("Nav", [vc("Home", "Home")])
        app.launchUI = { launched }
        let log = EventLog()
        let ui = nav("Nav", [vc("Home", "Home")])
        ui.restorationClass = "NavRestorer"
        ui.storyboard = StoryboardReference(name: "Main", identifier: "Nav")
        app.storyboards["Main/Nav"] = { nav("Nav", []) }
        let engine = runCycle(app, ui: ui, log: log)

        let r = try #require(engine.outcome.restoration)
        #expect(r.node("Nav")?.status == .notRestored)
        #expect(r.node("Nav")?.reason == .restorationClassReturnedNil)
        #expect(r.node("Nav/Home")?.reason == .parentNotRestored)
        #expect(r.node("Nav/Home")?.cause == "Nav")
        let restoring = log.launch(2).filter { $0.phase == .restoration }.compactMap(\.callback)
        #expect(restoring == [.shouldRestore, .restorationClassViewController, .didDecodeApplication])
        #expect(launched.state.isEmpty)
    }

    @Test func delegateAnswerWinsOverExistingController() throws {
        let app = TestApp()
        let fromDelegate = CountingController(className: "Home", restorationIdentifier: "Home")
        let launched = CountingController(className: "Home", restorationIdentifier: "Home")
        app.delegateAnswers["Home"] = { _ in fromDelegate }
        app.launchUI = { launched }
        let engine = runCycle(app, ui: vc("Home", "Home", state: state(("k", 1))))

        #expect(engine.outcome.restoration?.node("Home")?.via == .appDelegate)
        #expect(fromDelegate.decodes == 1)
        #expect(launched.decodes == 0)
        #expect(engine.application.window.rootViewController === fromDelegate)
    }

    @Test func delegateNilFallsThroughToExistingThenStoryboard() throws {
        let app = TestApp()
        app.delegateAnswers["Nav"] = { _ in nil }
        let launched = nav("Nav", [])
        app.launchUI = { launched }
        app.storyboards["Main/DetailScene"] = { vc("Detail", "Detail") }
        let detail = vc("Detail", "Detail")
        detail.storyboard = StoryboardReference(name: "Main", identifier: "DetailScene")
        let log = EventLog()
        let engine = runCycle(app, ui: nav("Nav", [detail]), log: log)

        let r = try #require(engine.outcome.restoration)
        #expect(r.node("Nav")?.via == .existing)
        #expect(r.node("Nav/Detail")?.via == .storyboard)
        #expect(log.calls(.delegateViewController).compactMap(\.path) == ["Nav", "Nav/Detail"])
        #expect(log.calls(.storyboardInstantiate).map(\.argument) == [.string("Main/DetailScene")])
        #expect(engine.application.window.rootViewController === launched)
        #expect(launched.children.map(\.restorationIdentifier) == ["Detail"])
    }

    @Test func existingControllerBuiltInWillFinishLaunchingIsFound() throws {
        let app = TestApp()
        let built = CountingController(className: "Home", restorationIdentifier: "Home")
        app.willFinish = { $0.window.rootViewController = built }
        let engine = runCycle(app, ui: vc("Home", "Home"))

        #expect(engine.outcome.restoration?.node("Home")?.via == .existing)
        #expect(built.decodes == 1)
    }

    @Test func controllersBuiltByAnEarlierAnswerCountAsExisting() throws {
        let app = TestApp()
        let built = CountingController(className: "Home", restorationIdentifier: "Home")
        // The tab bar's restoration class builds its tabs, as its initializer would.
        app.restorationClasses["Tabs"] = { _, _, _ in tabs("Tabs", [nav("Nav", [built])]) }
        let ui = tabs("Tabs", [nav("Nav", [vc("Home", "Home")])])
        ui.restorationClass = "Tabs"
        let log = EventLog()
        let engine = runCycle(app, ui: ui, log: log)

        let r = try #require(engine.outcome.restoration)
        #expect(r.nodes.map(\.via) == [.restorationClass, .existing, .existing])
        #expect(log.calls(.delegateViewController).compactMap(\.path) == ["Tabs/Nav", "Tabs/Nav/Home"])
        #expect(built.decodes == 1)
    }

    @Test func storyboardInstantiatesTheArchivedIdentifier() throws {
        let app = TestApp()
        let scene = CountingController(className: "Settings", restorationIdentifier: "Settings")
        var asked: [String] = []
        app.storyboards["Settings/SettingsScene"] = {
            asked.append("SettingsScene")
            return scene
        }
        let settings = vc("Settings", "Settings")
        settings.storyboard = StoryboardReference(name: "Settings", identifier: "SettingsScene")
        let engine = runCycle(app, ui: settings)

        #expect(asked == ["SettingsScene"])
        #expect(engine.outcome.restoration?.node("Settings")?.via == .storyboard)
        #expect(scene.decodes == 1)
        #expect(engine.application.window.rootViewController === scene)
    }

    @Test func controllerNobodySuppliesIsNotFound() throws {
        let engine = runCycle(TestApp(), ui: nav("Nav", [vc("Home", "Home")]))
        let r = try #require(engine.outcome.restoration)
        #expect(r.node("Nav")?.reason == .notFound)
        #expect(r.node("Nav/Home")?.reason == .parentNotRestored)
        #expect(
            engine.outcome.diagnostics(.notFound).first?.message.contains(
                "no restoration class, app delegate, existing object or storyboard supplied it") == true)
    }

    @Test func identifierComponentsAreThePathRootFirst() throws {
        let app = TestApp()
        var toClass: [String] = []
        var toDelegate: [[String]] = []
        app.launchUI = { tabs("Tabs", [nav("Nav", [vc("List", "List")])]) }
        app.restorationClasses["Detail"] = { components, _, _ in
            toClass = components
            return vc("Detail", "Detail")
        }
        app.delegateAnswers["Tabs/Nav"] = { _ in
            toDelegate.append(["Tabs", "Nav"])
            return nil
        }
        let log = EventLog()
        runCycle(
            app,
            ui: tabs("Tabs", [nav("Nav", [vc("List", "List"), vc("Detail", "Detail", restorationClass: "Detail")])]),
            log: log)

        #expect(toClass == ["Tabs", "Nav", "Detail"])
        #expect(toDelegate == [["Tabs", "Nav"]])
        #expect(log.calls(.restorationClassViewController).first?.key == "Tabs/:[0]:/Nav/:[1]:/Detail")
        #expect(log.calls(.delegateViewController).compactMap(\.path) == ["Tabs", "Tabs/Nav", "Tabs/Nav/List"])
    }

    @Test func objectOfWrongClassIsNotRestoredNorDecoded() throws {
        let app = TestApp()
        let impostor = CountingController(className: "OtherController", restorationIdentifier: "Detail")
        app.restorationClasses["Detail"] = { _, _, _ in impostor }
        app.launchUI = { nav("Nav", []) }
        let detail = vc("DetailController", "Detail", restorationClass: "Detail", presenting: vc("Modal", "Modal"))
        let log = EventLog()
        let engine = runCycle(app, ui: nav("Nav", [detail]), log: log)

        let r = try #require(engine.outcome.restoration)
        #expect(r.node("Nav/Detail")?.reason == .classMismatch)
        #expect(r.node("Nav/Detail/Modal")?.reason == .parentNotRestored)
        #expect(impostor.decodes == 0)
        #expect(impostor.finished == 0)
        #expect(log.calls(.decode).compactMap(\.path) == ["Nav"])
        #expect(engine.outcome.diagnostics(.classMismatch).first?.severity == .error)
    }

    @Test func subclassPassesTheClassCheck() throws {
        let app = TestApp()
        let special = CountingController(className: "SpecialDetail", restorationIdentifier: "Detail")
        app.restorationClasses["Detail"] = { _, _, _ in special }
        let engine = runCycle(app, ui: vc("DetailController", "Detail", restorationClass: "Detail")) {
            $0.classes.declare("SpecialDetail", superclass: "DetailController")
        }
        #expect(engine.outcome.restoration?.node("Detail")?.status == .restored)
        #expect(special.decodes == 1)
        #expect(special.finished == 1)
    }
}
