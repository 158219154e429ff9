import RestoreEngine
import Testing

@testable import RestoreScenario

/// One run of a scenario: its outcome, every event, and the engine (its live hierarchy at the end).
struct ScenarioRun {
    let outcome: Outcome
    let events: [EngineEvent]
    let engine: RestorationEngine

    init(_ yaml: String, observer: ((RestorationEngine, EngineEvent) -> Void)? = nil) throws {
        let scenario = try parsed(yaml)
        let recorder = ClosureRecorder(observer)
        let engine = scenario.makeEngine(observer: recorder)
        engine.start(with: scenario.ui.map { $0.instantiateViewController(classes: engine.application.classes) })
        engine.run(scenario.timeline)
        outcome = engine.outcome
        events = recorder.events
        self.engine = engine
    }

    func calls(_ callback: Callback, launch: Int? = nil) -> [EngineEvent] {
        events.filter { $0.callback == callback && (launch == nil || $0.launch == launch) }
    }
    func system(_ event: SystemEvent) -> [EngineEvent] { events.filter { $0.event == event } }
    var root: UIViewController? { engine.application.window.rootViewController }
}

/// Records events and lets a test look at the engine while each one is emitted.
final class ClosureRecorder: EngineObserver {
    var events: [EngineEvent] = []
    let body: ((RestorationEngine, EngineEvent) -> Void)?
    init(_ body: ((RestorationEngine, EngineEvent) -> Void)?) { self.body = body }
    func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) {
        events.append(event)
        body?(engine, event)
    }
}

/// Issue 14, items 1–9: where the engine's restoration verdicts parted from UIKit's.
@Suite("fidelity: restoration as UIKit does it")
struct FidelityRestorationTests {
    /// Item 1: "Can't find Child View Controller …, truncating child array".
    @Test func navigationStackIsTruncatedAtTheFirstLostChild() throws {
        let run = try ScenarioRun(
            """
            name: truncated
            classes: {CRestorer: {answer: new}}
            launchUI:
              class: UINavigationController
              restorationIdentifier: Nav
              children: [{class: AController, restorationIdentifier: A}]
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: AController, restorationIdentifier: A}
                - {class: BController, restorationIdentifier: B}
                - {class: CController, restorationIdentifier: C, restorationClass: CRestorer}
            """)
        #expect(run.outcome.restored("Nav/B")?.reason == .notFound)
        let c = try #require(run.outcome.restored("Nav/C"))
        #expect(c.status == .notRestored)
        #expect(c.reason == .truncatedByContainer)
        #expect(c.cause == "Nav/B")
        #expect(run.root?.children.map(\.restorationIdentifier) == ["A"])
        #expect(run.calls(.decode, launch: 2).compactMap(\.path) == ["Nav", "Nav/A"])
        #expect(run.outcome.diagnostics(.truncatedByContainer).map(\.path) == ["Nav/C"])
    }

    /// Item 2: a container has its children back inside its own decodeRestorableStateWithCoder:.
    @Test func containerRelinksItsChildrenInsideItsDecode() throws {
        var seen: [String?] = []
        var rootAtDecode: String?
        _ = try ScenarioRun(
            """
            name: relink
            classes: {Restorer: {answer: new}}
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              restorationClass: Restorer
              children:
                - {class: AController, restorationIdentifier: A, restorationClass: Restorer}
                - {class: BController, restorationIdentifier: B, restorationClass: Restorer}
            """,
            observer: { engine, e in
                guard e.callback == .decode, e.path == "Nav", e.launch == 2 else { return }
                let nav = engine.application.viewController(atRestorationPath: "Nav")
                seen = nav?.children.map(\.restorationIdentifier) ?? []
                rootAtDecode = engine.application.window.rootViewController?.restorationIdentifier
            })
        #expect(seen == ["A", "B"])
        #expect(rootAtDecode == "Nav")
    }

    /// Item 3: one registered object, two controllers referencing it: encoded once, at its own path.
    @Test func sharedRegisteredObjectIsEncodedOnceAtItsParentScopedPath() throws {
        let run = try ScenarioRun(
            """
            name: shared
            classes: {ContextRestorer: {answer: existing}}
            launchUI:
              class: UITabBarController
              restorationIdentifier: Tabs
              children:
                - class: ListController
                  restorationIdentifier: List
                  objects: [{restorationIdentifier: Context, class: Store, objectRestorationClass: ContextRestorer}]
                - class: EditController
                  restorationIdentifier: Edit
                  objects: [{restorationIdentifier: Context, class: Store, objectRestorationClass: ContextRestorer}]
                  views: []
            ui:
              class: UITabBarController
              restorationIdentifier: Tabs
              children:
                - class: ListController
                  restorationIdentifier: List
                  objects:
                    - {restorationIdentifier: Context, class: Store, objectRestorationClass: ContextRestorer, state: {n: 1}}
                - class: EditController
                  restorationIdentifier: Edit
                  objects:
                    - {restorationIdentifier: Context, class: Store, objectRestorationClass: ContextRestorer, state: {n: 1}}
                    - {restorationIdentifier: Draft, class: Draft, restorationParent: Tabs/Edit}
            """)
        #expect(run.calls(.encode, launch: 1).filter { $0.receiver == "Store" }.map(\.path) == ["Context"])
        let objects = run.outcome.preservation?.nodes.filter { $0.kind == .object } ?? []
        #expect(objects.map(\.path) == ["Context", "Tabs/Edit/Draft"])
        #expect(objects.allSatisfy { $0.status == .preserved })
        #expect(run.outcome.restored("Context")?.status == .restored)
        #expect(run.outcome.restored("Context")?.via == .restorationClass)
        #expect(run.outcome.restoration?.nodes.filter { $0.status == .notRestored }.map(\.path) == ["Tabs/Edit/Draft"])
        #expect(run.outcome.diagnostics(.restorationClassReturnedNil).isEmpty)
    }

    /// Item 4: applicationFinishedRestoringState goes to controllers and objects, never to views.
    @Test func finishedRestoringSkipsViews() throws {
        let run = try ScenarioRun(
            """
            name: finished
            classes: {Restorer: {answer: new}, ObjRestorer: {answer: new}}
            ui:
              class: ListController
              restorationIdentifier: List
              restorationClass: Restorer
              views: [{class: UITableView, restorationIdentifier: table, rows: [a, b]}]
              objects: [{restorationIdentifier: Model, class: Model, objectRestorationClass: ObjRestorer}]
            """)
        #expect(run.outcome.restored("List/table")?.status == .restored)
        #expect(run.calls(.finishedRestoring).map(\.path) == ["List", "Model"])
    }

    /// Item 5: views without an identifier are listed as skipped, like controllers.
    @Test func unidentifiedViewIsListedAsSkipped() throws {
        let run = try ScenarioRun(
            """
            name: unidentified-view
            ui:
              class: PhotoController
              restorationIdentifier: Photo
              views: [{class: UIImageView}, {class: UIScrollView, restorationIdentifier: scroller}]
            """)
        let views = run.outcome.preservation?.nodes.filter { $0.kind == .view } ?? []
        #expect(views.map(\.locator) == ["Photo/<UIImageView>", "Photo/scroller"])
        #expect(views.first?.status == .skipped)
        #expect(views.first?.reason == .noRestorationIdentifier)
    }

    /// Item 6: without makeKeyAndVisible in willFinishLaunching, any performed restoration earns the warning.
    @Test func windowNotVisibleWarnsWheneverRestorationRuns() throws {
        let run = try ScenarioRun(
            """
            name: late-window
            app: {delegate: {makeKeyAndVisible: didFinishLaunching}}
            classes: {Restorer: {answer: new}}
            ui: {class: NotesController, restorationIdentifier: Notes, restorationClass: Restorer}
            """)
        #expect(run.outcome.restoration?.performed == true)
        #expect(run.outcome.diagnostics(.windowNotVisible).count == 1)
    }

    /// Item 7: a locked launch is a background launch: nothing is preserved over the kept archive.
    @Test func lockedLaunchKeepsTheArchiveForTheNextUnlockedLaunch() throws {
        let run = try ScenarioRun(
            """
            name: locked
            classes: {Restorer: {answer: new}}
            launchUI:
              class: UINavigationController
              restorationIdentifier: Nav
              children: [{class: MapController, restorationIdentifier: Map}]
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: MapController, restorationIdentifier: Map}
                - {class: PlaceController, restorationIdentifier: Place, restorationClass: Restorer}
            timeline: [background, {kill: system}, {launch: {deviceLocked: true}}, background, {kill: system}, launch]
            """)
        #expect(run.system(.archiveWritten).count == 1)
        #expect(run.outcome.launches.first?.reason == .deviceLocked)
        #expect(run.outcome.restored("Nav/Place")?.status == .restored)
        #expect(run.outcome.preservation?.launch == 1)
    }

    /// Item 8: with UIDataSourceModelAssociation the first visible row comes back by model identifier.
    @Test func modelAssociationRestoresTheFirstVisibleRowByIdentifier() throws {
        let run = try ScenarioRun(
            """
            name: first-visible
            classes: {Restorer: {answer: new}}
            ui:
              class: ListController
              restorationIdentifier: List
              restorationClass: Restorer
              views:
                - {class: UITableView, restorationIdentifier: table, modelAssociation: true, rows: [m1, m2, m3],
                   firstVisible: m2}
            timeline: [background, {kill: system}, {launch: {data: {List/table: [m3, m1, m2]}}}]
            """)
        let asked = run.calls(.indexPath, launch: 2).compactMap(\.argument)
        #expect(asked == [.string("m2")])
        let table = try #require(run.root?.views.first)
        #expect(table.viewState.firstVisible == "m2")
    }

    /// Item 9: a controller whose view was never loaded encodes no view state.
    @Test func unloadedViewEncodesNoViewState() throws {
        let run = try ScenarioRun(
            """
            name: unloaded
            ui:
              class: UITabBarController
              restorationIdentifier: Tabs
              children:
                - {class: HomeController, restorationIdentifier: Home}
                - class: NotesController
                  restorationIdentifier: Notes
                  viewLoaded: false
                  views: [{class: UITextView, restorationIdentifier: text, selectedRange: [1, 2]}]
            """)
        let view = try #require(run.outcome.preserved(locator: "Notes/text"))
        #expect(view.status == .skipped)
        #expect(view.reason == .viewNotLoaded)
        #expect(run.calls(.encode, launch: 1).compactMap(\.path).contains("Tabs/Notes/text") == false)
        let entry = try #require(
            run.system(.archiveWritten).last?.archive?.entries.first { $0.pathString == "Tabs/Notes" })
        #expect(entry.coder.first { $0.key == ReservedKeys.viewWasLoaded }?.value == .bool(false))
    }
}

/// R5 for a controller of many views: each archived view finds its own by identifier, through the
/// index made for owners of more than a few views (a scan each was quadratic: r20 fuzz).
@Suite struct ManyViewsRestorationTests {
    @Test func eachViewOfAManyViewOwnerGetsItsOwnState() throws {
        let count = 40
        func views(offsets: Bool) -> String {
            (0..<count).map { k in
                "    - {class: UIScrollView, restorationIdentifier: v\(k)"
                    + (offsets ? ", contentOffset: [0, \(k * 10)]" : "") + "}"
            }.joined(separator: "\n")
        }
        let run = try ScenarioRun(
            """
            name: many
            launchUI:
              class: Home
              restorationIdentifier: home
              views:
            \(views(offsets: false))
            ui:
              class: Home
              restorationIdentifier: home
              views:
            \(views(offsets: true))
            """)
        let live = try #require(run.root?.views)
        #expect(live.count == count)
        for k in 0..<count { #expect(live[k].viewState.contentOffset == [0, Double(k * 10)], "v\(k)") }
        #expect(run.outcome.restoration?.nodes.filter { $0.status == .restored }.count == count + 1)
    }
}
