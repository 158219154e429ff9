import RestoreEngine
import Testing

@testable import RestoreScenario

/// Findings that named the wrong thing: a controller's fix for a registered object, a table
/// without a selection as needing the window, a collection view as a table.
@Suite struct FindingWordingTests {
    @Test func anObjectNotFoundGetsTheObjectsFix() throws {
        let run = try ScenarioRun(
            """
            name: r6
            launchUI: {class: Home, restorationIdentifier: Home}
            ui:
              class: Home
              restorationIdentifier: Home
              objects: [{restorationIdentifier: store, class: Store}]
            """)
        #expect(
            run.outcome.diagnostics(.notFound).map(\.message) == [
                "`store` (store) was not restored: it has no objectRestorationClass, and no object was registered at its path when restoration ran (R6). Fix: give it an objectRestorationClass, or register the object (UIApplication.registerObject(forStateRestoration:restorationIdentifier:)) before restoration."
            ])
    }

    @Test func aTableWithoutASelectionDoesNotNeedTheWindow() throws {
        let run = try ScenarioRun(
            """
            name: r10b
            app: {delegate: {makeKeyAndVisible: never}}
            launchUI: &ui {class: Home, restorationIdentifier: Home, views: [{class: UITableView, restorationIdentifier: t, rows: [a, b]}]}
            ui: *ui
            """)
        let findings = run.outcome.diagnostics(.windowNotVisible)
        #expect(findings.map(\.locator) == ["AppDelegate"])
    }

    @Test func aCollectionViewIsNotCalledATable() throws {
        let run = try ScenarioRun(
            """
            name: r5t
            launchUI: {class: Home, restorationIdentifier: Home, views: [{class: UICollectionView, restorationIdentifier: c, rows: [a, b]}]}
            ui: {class: Home, restorationIdentifier: Home, views: [{class: UICollectionView, restorationIdentifier: c, rows: [a, b, z], selected: [z]}]}
            timeline: [background, {kill: system}, {launch: {data: {Home/c: [a, b]}}}]
            """)
        #expect(
            run.outcome.diagnostics(.selectionDropped).map(\.message) == [
                "`c` (Home/c) had row 2 selected, but the collection view now has 2 rows: the selection was dropped. Fix: adopt UIDataSourceModelAssociation in the table's data source."
            ])
    }
}
