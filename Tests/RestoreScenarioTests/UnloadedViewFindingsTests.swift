import RestoreEngine
import Testing

@testable import RestoreScenario

/// P6: views of a controller whose view never loaded, and views without an identifier, are not
/// preserved. They were listed as skipped with no finding, so `--fail-on warning` passed a lost
/// table selection, and the skipped view had no path although its owner was preserved.
@Suite struct UnloadedViewFindingsTests {
    @Test func anUnloadedViewIsAWarningNamingItsController() throws {
        let run = try ScenarioRun(
            """
            name: p6b
            ui:
              class: UITabBarController
              restorationIdentifier: Tabs
              children:
                - {class: Feed, restorationIdentifier: Feed}
                - class: Search
                  restorationIdentifier: Search
                  viewLoaded: false
                  views:
                    - {class: UITableView, restorationIdentifier: results, rows: [a, b], selected: [b]}
                    - {class: UIScrollView, restorationIdentifier: map}
            """)
        let views = run.outcome.preservation?.nodes.filter { $0.kind == .view } ?? []
        #expect(
            views.map { "\($0.path ?? "-") \($0.reason?.rawValue ?? "-")" } == [
                "Tabs/Search/results view-not-loaded", "Tabs/Search/map view-not-loaded",
            ])
        let findings = run.outcome.diagnostics(.viewNotLoaded)
        #expect(findings.map(\.severity) == [.warning])
        #expect(findings.first?.locator == "Tabs/Search")
        #expect(
            findings.first?.message
                == "`Search` (Tabs/Search) never loaded its view, so the state of its 2 views was not preserved: `results`, `map` (P6). Fix: nothing to fix if the view was never shown; load it (loadViewIfNeeded) to preserve its state."
        )
    }

    @Test func aViewWithoutAnIdentifierIsInformation() throws {
        let run = try ScenarioRun(
            """
            name: d6b
            ui: {class: Home, restorationIdentifier: Home, views: [{class: UITableView, rows: [a], selected: [a]}]}
            """)
        let findings = run.outcome.diagnostics(.noRestorationIdentifier)
        #expect(findings.map(\.severity) == [.info])
        #expect(
            findings.first?.message.hasSuffix(
                "is not preserved: it has no restoration identifier, so its state (scroll position, selection) is not saved."
            ) == true)
    }
}
