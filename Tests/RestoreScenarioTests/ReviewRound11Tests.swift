import RestoreEngine
import Testing

@testable import RestoreScenario

/// Defects a review of this round's engine changes found, each with the scenario it used.
@Suite struct ReviewRound11Tests {
    /// Siblings sharing an identifier are found by their own index, not their whole key: a tab
    /// added before them moves every ancestor's index, and they are still the same siblings.
    @Test func sharedSiblingsAreFoundAfterATabIsAddedBeforeThem() throws {
        let run = try ScenarioRun(
            """
            name: shared2
            launchUI:
              class: UITabBarController
              restorationIdentifier: Tab
              children:
                - {class: SettingsController, restorationIdentifier: S}
                - class: UINavigationController
                  restorationIdentifier: N
                  children:
                    - {class: HomeA, restorationIdentifier: H}
                    - {class: HomeB, restorationIdentifier: H}
            ui:
              class: UITabBarController
              restorationIdentifier: Tab
              children:
                - class: UINavigationController
                  restorationIdentifier: N
                  children:
                    - {class: HomeA, restorationIdentifier: H}
                    - {class: HomeB, restorationIdentifier: H}
            """)
        let nodes = run.outcome.restoration?.nodes ?? []
        #expect(
            nodes.map { "\($0.locator) \($0.className) \($0.status)" } == [
                "Tab UITabBarController restored", "Tab/N UINavigationController restored", "Tab/N/H HomeA restored",
                "Tab/N/H#1 HomeB restored",
            ])
    }

    /// The app delegate's reference to an object scoped by a view, or by another object, is the
    /// object's archive key (with the containers' `:[i]:`), so the object is preserved.
    @Test func delegateEncodesReachObjectsScopedByViewsAndObjects() throws {
        let run = try ScenarioRun(
            """
            name: objparent
            app:
              delegate:
                encodes: [Nav/List/table/filter, Nav/List/store/cursor]
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - class: ListController
                  restorationIdentifier: List
                  views:
                    - {class: UITableView, restorationIdentifier: table, rows: [m1, m2]}
                  objects:
                    - {class: Store, restorationIdentifier: store, restorationParent: Nav/List}
                - class: UIViewController
                  children:
                    - class: Holder
                      objects:
                        - {class: Filter, restorationIdentifier: filter, restorationParent: Nav/List/table}
                        - {class: Cursor, restorationIdentifier: cursor, restorationParent: Nav/List/store}
            """)
        let objects = run.outcome.preservation?.nodes.filter { $0.kind == .object } ?? []
        #expect(
            objects.map { "\($0.locator) \($0.status) \($0.key ?? "-")" } == [
                "Nav/List/store preserved Nav/:[0]:/List/store",
                "Nav/List/table/filter preserved Nav/:[0]:/List/table/filter",
                "Nav/List/store/cursor preserved Nav/:[0]:/List/store/cursor",
            ])
    }

    /// A crash while encoding lists the registered objects too, the one that crashed among them.
    @Test func aCrashWhileEncodingListsTheObjects() throws {
        let run = try ScenarioRun(
            """
            name: crash-view
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - class: ListController
                  restorationIdentifier: List
                  objects: [{class: Store, restorationIdentifier: store}]
            timeline: [{background: {crashWhileEncoding: store}}, {kill: system}, launch]
            """)
        let nodes = run.outcome.preservation?.nodes ?? []
        #expect(
            nodes.map { "\($0.locator) \($0.reason?.rawValue ?? "-")" } == [
                "Nav no-archive", "Nav/List no-archive", "Nav/List/store no-archive",
            ])
    }

    /// Views of a controller whose view never loaded are not preserved: two of them, or one and
    /// the presented controller, sharing an identifier collide with nothing. And only views with
    /// an identifier have state to lose.
    @Test func unloadedViewsAreNotAmbiguousAndOnlyIdentifiedOnesAreLost() throws {
        let run = try ScenarioRun(
            """
            name: unloaded
            classes: {R: {answer: new}}
            ui:
              class: Home
              restorationIdentifier: Home
              viewLoaded: false
              views:
                - {class: UIScrollView, restorationIdentifier: d}
                - {class: UIScrollView, restorationIdentifier: d}
                - {class: UIView}
              presented: {class: Sheet, restorationIdentifier: d, restorationClass: R}
            """)
        #expect(run.outcome.diagnostics(.ambiguousPath).isEmpty)
        #expect(
            run.outcome.diagnostics(.viewNotLoaded).map(\.message) == [
                "`Home` (Home) never loaded its view, so the state of its 2 views was not preserved: `d`, `d` (P6). Fix: nothing to fix if the view was never shown; load it (loadViewIfNeeded) to preserve its state."
            ])
    }

    /// A locked scene launch that crashes with nothing saved says nothing about activities kept.
    @Test func aLockedSceneCrashWithNothingSavedClaimsNothingKept() throws {
        let scenario = try parsed(
            """
            name: lockcrash-scenes
            app: {lifecycle: scenes, userActivityTypes: [t]}
            scenes: [{session: a, ui: {class: V}}]
            timeline: [background, {kill: system}, {launch: {deviceLocked: true, crashBeforeRestoration: true}}]
            """)
        let outcome = scenario.run()
        #expect(outcome.diagnostics(.deviceLocked).isEmpty)
    }

    /// An object at a view's or a controller's path had the same archive key (or locator) as it.
    @Test func anObjectAtAViewsOrAControllersPathIsAmbiguous() throws {
        let run = try ScenarioRun(
            """
            name: objcollide
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - class: ListController
                  restorationIdentifier: List
                  views: [{class: UITableView, restorationIdentifier: table, rows: [m1, m2]}]
                  objects:
                    - {class: Store, restorationIdentifier: table, restorationParent: Nav/List}
                    - {class: Other, restorationIdentifier: List, restorationParent: Nav}
            """)
        let keys = run.outcome.preservation?.nodes.compactMap(\.key) ?? []
        #expect(Set(keys).count == keys.count)
        // In any order: an object waits for one at its parent's path, which this one is.
        #expect(Set(run.outcome.diagnostics(.ambiguousPath).map(\.locator)) == ["Nav/List/table#1", "Nav/List#1"])
    }

    /// A custom class that inherits UICollectionView is a collection view, whatever its name.
    @Test func aCollectionViewIsKnownByItsKindNotItsName() throws {
        let run = try ScenarioRun(
            """
            name: grid
            launchUI: {class: Home, restorationIdentifier: Home, views: [{class: PhotoGrid, inherits: UICollectionView, restorationIdentifier: g, rows: [a]}]}
            ui: {class: Home, restorationIdentifier: Home, views: [{class: PhotoGrid, inherits: UICollectionView, restorationIdentifier: g, rows: [a, b], selected: [b]}]}
            timeline: [background, {kill: system}, {launch: {data: {Home/g: [a]}}}]
            """)
        #expect(
            run.outcome.diagnostics(.selectionDropped).first?.message.contains("but the collection view now has 1 row:")
                == true)
    }

    /// Two objects of one class at one path are one object only when their state is the same:
    /// with different state, the second's was dropped without a word.
    @Test func sameClassDifferentStateAtOnePathIsAmbiguous() throws {
        let run = try ScenarioRun(
            """
            name: objdup
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - class: ListController
                  restorationIdentifier: List
                  objects: [{class: Store, restorationIdentifier: store, restorationParent: Nav/List, state: {filter: open}}]
                - class: DetailController
                  restorationIdentifier: Detail
                  objects: [{class: Store, restorationIdentifier: store, restorationParent: Nav/List, state: {filter: closed}}]
            """)
        #expect(
            run.outcome.diagnostics(.ambiguousPath).map(\.message) == [
                "Two registered objects of class `Store`, with different state, share the restoration path 'Nav/List/store': UIKit encodes one, and `Store` is never preserved (R11). Fix: give siblings distinct restoration identifiers."
            ])
    }

    /// UIKit's archive may hold siblings that share an identifier: adopted, they get `#i` as the
    /// engine's own preservation gives them, so findings about the second do not name the first.
    @Test func adoptedSiblingsSharingAnIdentifierHaveTheirOwnLocators() throws {
        let scenario = try parsed("name: adopt\nui: {class: UINavigationController, restorationIdentifier: Nav}\n")
        let archive = Archive(entries: [
            ArchiveEntry(
                key: "Nav", path: ["Nav"], kind: .viewController, className: "UINavigationController", parentKey: nil,
                relation: .root),
            ArchiveEntry(
                key: "Nav/:[0]:/Detail", path: ["Nav", "Detail"], kind: .viewController, className: "Detail",
                parentKey: "Nav", relation: .child(0)),
            ArchiveEntry(
                key: "Nav/:[1]:/Detail", path: ["Nav", "Detail"], kind: .viewController, className: "Detail",
                parentKey: "Nav", relation: .child(1)),
        ])
        let outcome = scenario.run(against: archive)
        #expect(outcome.restoration?.nodes.map(\.locator) == ["Nav", "Nav/Detail", "Nav/Detail#1"])
    }
}
