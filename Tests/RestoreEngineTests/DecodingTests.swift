import RestoreTestSupport
import Testing

@testable import RestoreEngine

/// R5–R10: decoding, re-linking, objects, the end of restoration and the launch around it.
@Suite struct DecodingTests {
    @Test func decodeRunsWithWhatTheNodeEncoded() throws {
        let app = TestApp()
        let launched = nav("Nav", [vc("Home", "Home", views: [view("UIScrollView", "scroll", kind: .scrollView)])])
        app.launchUI = { launched }
        let scroll = view("UIScrollView", "scroll", kind: .scrollView) {
            $0.contentOffset = [0, 240]
            $0.zoomScale = 1.5
        }
        scroll.state = state(("custom", true))
        let log = EventLog()
        runCycle(
            app, ui: nav("Nav", [vc("Home", "Home", state: state(("itemID", "m7"), ("count", 3)), views: [scroll])]),
            log: log)

        let archive = try #require(log.writtenArchive)
        #expect(log.calls(.decode).compactMap(\.key) == archive.keys)
        for entry in archive.entries {
            #expect(log.calls(.decode).first { $0.key == entry.key }?.coder == entry.coder, "\(entry.key)")
        }
        let home = launched.children[0]
        #expect(home.state == state(("itemID", "m7"), ("count", 3)))
        #expect(home.views[0].viewState.contentOffset == [0, 240])
        #expect(home.views[0].viewState.zoomScale == 1.5)
        #expect(home.views[0].state == state(("custom", true)))
    }

    @Test func containersRelinkRestoredChildren() throws {
        let app = TestApp()
        let home = vc("Home", "Home")
        let launched = tabs("Tabs", [nav("Nav", [home]), vc("Unmarked", nil), vc("Profile", "Profile")], selected: 0)
        app.launchUI = { launched }
        let detail = vc("Detail", "Detail", restorationClass: "New")
        let modal = vc("Modal", "Modal", restorationClass: "New")
        app.restorationClasses["New"] = { path, _, _ in vc(path.last!, path.last!) }
        let ui = tabs(
            "Tabs",
            [
                nav("Nav", [vc("Home", "Home", presenting: modal), detail]), vc("Unmarked", nil),
                vc("Profile", "Profile"),
            ], selected: 2)
        let engine = runCycle(app, ui: ui)

        #expect(engine.application.window.rootViewController === launched)
        let restoredNav = launched.children[0]
        #expect(restoredNav.children.count == 2)
        #expect(restoredNav.children[0] === home)
        #expect(restoredNav.children[1].className == "Detail")
        #expect(restoredNav.children[1].parent === restoredNav)
        #expect(home.presentedViewController?.className == "Modal")
        #expect(launched.children.map(\.className) == ["UINavigationController", "Unmarked", "Profile"])
        #expect(launched.selectedIndex == 2)
    }

    private func listApp(launchRows: [String], association: Bool) -> (TestApp, UIView) {
        let app = TestApp()
        let launchTable = table("table", rows: launchRows, association: association)
        app.launchUI = { vc("List", "List", views: [launchTable]) }
        return (app, launchTable)
    }

    @Test func tableSelectionMapsBackThroughModelIdentifiers() throws {
        let (app, launchTable) = listApp(launchRows: ["m0", "m1", "m2", "m3"], association: true)
        let log = EventLog()
        let engine = runCycle(
            app,
            ui: vc(
                "List", "List", views: [table("table", rows: ["m1", "m2", "m3"], selected: ["m2"], association: true)]),
            log: log)

        let asked = log.calls(.indexPath)
        #expect(asked.map(\.argument) == [.string("m2")])
        #expect(asked.map(\.result) == [.indexPath([0, 2])])
        #expect(launchTable.viewState.selected == ["m2"])
        #expect(engine.outcome.diagnostics(.selectionDropped).isEmpty)
        #expect(engine.outcome.diagnostics(.selectionMoved).isEmpty)
    }

    @Test func missingModelIdentifierDropsSelection() throws {
        let (app, launchTable) = listApp(launchRows: ["m1", "m3"], association: true)
        let engine = runCycle(
            app,
            ui: vc(
                "List", "List", views: [table("table", rows: ["m1", "m2", "m3"], selected: ["m2"], association: true)]))

        #expect(launchTable.viewState.selected == [])
        let dropped = engine.outcome.diagnostics(.selectionDropped)
        #expect(dropped.count == 1)
        #expect(dropped.first?.path == "List/table")
        #expect(dropped.first?.message.contains("'m2'") == true)
        #expect(engine.outcome.restoration?.node("List/table")?.status == .restored)
    }

    @Test func rawIndexPathLandsOnAnotherItemWhenDataMoved() throws {
        let (app, launchTable) = listApp(launchRows: ["m3", "m1", "m2"], association: false)
        let log = EventLog()
        let engine = runCycle(
            app,
            ui: vc(
                "List", "List", views: [table("table", rows: ["m1", "m2", "m3"], selected: ["m2"], association: false)]),
            log: log)

        #expect(launchTable.viewState.selected == ["m1"])
        #expect(log.calls(.indexPath).isEmpty)
        let moved = engine.outcome.diagnostics(.selectionMoved)
        #expect(moved.count == 1)
        #expect(moved.first?.message.contains("'m2' selected") == true)
        #expect(moved.first?.message.contains("now selects 'm1'") == true)
        #expect(moved.first?.message.contains("UIDataSourceModelAssociation") == true)
    }

    @Test func objectRestoredThroughObjectRestorationClass() throws {
        let app = TestApp()
        app.launchUI = { vc("Home", "Home") }
        var components: [String] = []
        let made = UIStateRestoringObject(className: "Store", restorationIdentifier: "Store")
        app.objectClasses["StoreRestorer"] = { path in
            components = path
            return made
        }
        let ui = vc("Home", "Home")
        let store = UIStateRestoringObject(
            className: "Store", restorationIdentifier: "Store", objectRestorationClass: "StoreRestorer",
            restorationParentPath: "Home")
        store.state = state(("query", "tea"))
        ui.addRestorableObject(store)
        let log = EventLog()
        let engine = runCycle(app, ui: ui, log: log)

        #expect(components == ["Home", "Store"])
        #expect(log.calls(.restorationClassObject).map(\.receiver) == ["StoreRestorer"])
        let node = try #require(engine.outcome.restoration?.node("Home/Store"))
        #expect(node.status == .restored)
        #expect(node.via == .restorationClass)
        #expect(node.decoded == true)
        #expect(made.state == state(("query", "tea")))
    }

    @Test func objectWithoutClassRestoredOnlyIfAlreadyRegistered() throws {
        func ui() -> UIViewController {
            let home = vc("Home", "Home")
            let store = UIStateRestoringObject(
                className: "Store", restorationIdentifier: "Store", restorationParentPath: "Home")
            store.state = state(("query", "tea"))
            home.addRestorableObject(store)
            return home
        }
        let registered = UIStateRestoringObject(
            className: "Store", restorationIdentifier: "Store", restorationParentPath: "Home")
        let app = TestApp()
        app.launchUI = {
            let home = vc("Home", "Home")
            home.addRestorableObject(registered)
            return home
        }
        let found = runCycle(app, ui: ui())
        #expect(found.outcome.restoration?.node("Home/Store")?.via == .existing)
        #expect(registered.state == state(("query", "tea")))

        let bare = TestApp()
        bare.launchUI = { vc("Home", "Home") }
        let missing = runCycle(bare, ui: ui())
        #expect(missing.outcome.restoration?.node("Home")?.status == .restored)
        #expect(missing.outcome.restoration?.node("Home/Store")?.status == .notRestored)
        #expect(missing.outcome.restoration?.node("Home/Store")?.reason == .notFound)
    }

    @Test func finishedRestoringRunsAfterAllDecoding() throws {
        let app = TestApp()
        let home = CountingController(className: "Home", restorationIdentifier: "Home")
        home.addView(view("UIView", "badge", kind: .view))
        let impostor = CountingController(className: "Impostor", restorationIdentifier: "Detail")
        app.launchUI = { nav("Nav", [home]) }
        app.restorationClasses["Detail"] = { _, _, _ in impostor }
        var decodedBeforeDidDecode = 0
        app.didDecode = { _ in decodedBeforeDidDecode = home.decodes }
        let log = EventLog()
        let engine = runCycle(
            app,
            ui: nav(
                "Nav",
                [
                    vc("Home", "Home", views: [view("UIView", "badge", kind: .view)]),
                    vc("Detail", "Detail", restorationClass: "Detail"),
                ]), log: log)

        let lastDecode = try #require(log.lastIndex(of: .decode))
        let didDecode = try #require(log.index(of: .didDecodeApplication))
        let firstFinished = try #require(log.index(of: .finishedRestoring))
        #expect(lastDecode < didDecode)
        #expect(didDecode < firstFinished)
        #expect(decodedBeforeDidDecode == 1)
        let restored = engine.outcome.restoration?.nodes.filter { $0.status == .restored }.compactMap(\.path) ?? []
        #expect(restored == ["Nav", "Nav/Home", "Nav/Home/badge"])
        // Views have no applicationFinishedRestoringState (R7).
        #expect(log.calls(.finishedRestoring).compactMap(\.path) == ["Nav", "Nav/Home"])
        #expect(home.finished == 1)
        #expect(impostor.finished == 0)
    }

    @Test func declinedRestorationKeepsLaunchUIAndDefaultRootStillBuilt() throws {
        let app = TestApp()
        app.shouldRestore = { _ in false }
        let launched = nav("Nav", [vc("Home", "Home")])
        app.launchUI = { launched }
        var defaults = 0
        app.defaultRoot = {
            defaults += 1
            return vc("Default", "Default")
        }
        let kept = runCycle(app, ui: nav("Nav", [vc("Home", "Home", state: state(("k", 1)))]))
        #expect(kept.application.window.rootViewController === launched)
        #expect(launched.children[0].state.isEmpty)
        #expect(defaults == 0)

        let bare = TestApp()
        bare.shouldRestore = { _ in false }
        bare.defaultRoot = { vc("Default", "Default") }
        let log = EventLog()
        let built = runCycle(bare, ui: nav("Nav", [vc("Home", "Home")]), log: log)
        #expect(built.application.window.rootViewController?.className == "Default")
        #expect(log.calls(.didFinishLaunching).last?.effects?.newRoot != nil)
        #expect(built.outcome.restoration?.reason == .restoreDeclined)
    }

    @Test func archiveDiscardedAfterLaunch() throws {
        let app = TestApp()
        app.launchUI = { vc("Home", "Home") }
        let log = EventLog()
        let engine = runCycle(
            app, ui: vc("Home", "Home"), log: log, timeline: [.background, .kill(.system), .launch(LaunchOptions())])
        #expect(engine.archive == nil)
        let second = log.launch(2).map(\.name)
        #expect(second.suffix(2) == [Callback.didFinishLaunching.rawValue, SystemEvent.archiveDeleted.rawValue])

        engine.run([.kill(.debugger), .launch(LaunchOptions())])
        #expect(engine.outcome.launches.map(\.performed) == [true, false])
        #expect(engine.outcome.restoration?.reason == .noArchive)

        // Also when the app declined it.
        app.shouldRestore = { _ in false }
        let declined = runCycle(app, ui: vc("Home", "Home"))
        #expect(declined.outcome.restoration?.reason == .restoreDeclined)
        #expect(declined.archive == nil)
    }

    @Test func windowNotVisibleInWillFinishWarns() throws {
        func ui() -> UIViewController {
            nav(
                "Nav",
                [
                    vc(
                        "List", "List",
                        views: [table("table", rows: ["m1", "m2"], selected: ["m2"], association: false)],
                        presenting: vc("Modal", "Modal"))
                ])
        }
        let late = TestApp()
        late.makeKeyInWillFinish = false
        let warned = runCycle(late, ui: ui())
        let warnings = warned.outcome.diagnostics(.windowNotVisible)
        #expect(warnings.map(\.path) == ["Nav/List", "Nav/List/table"])
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.message.contains("makeKeyAndVisible") })

        #expect(runCycle(TestApp(), ui: ui()).outcome.diagnostics(.windowNotVisible).isEmpty)
        // Nothing in the archive needs the window: still one warning, for the app (R10).
        #expect(
            runCycle(late, ui: nav("Nav", [vc("List", "List")])).outcome.diagnostics(.windowNotVisible).map(\.path) == [
                nil
            ])
    }
}
