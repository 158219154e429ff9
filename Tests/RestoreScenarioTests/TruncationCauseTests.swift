import RestoreEngine
import Testing

@testable import RestoreScenario

/// R5: below a controller the navigation stack truncated, nodes blamed the sibling that did not
/// come back as their "ancestor", with that sibling's fix; the ancestor is the truncated one.
@Suite struct TruncationCauseTests {
    @Test func aTruncatedControllersSubtreeNamesItAsTheCause() throws {
        let run = try ScenarioRun(
            """
            name: d8
            classes: {Gone: {answer: nil}, New: {answer: new}}
            launchUI: {class: UINavigationController, restorationIdentifier: Nav}
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: List, restorationIdentifier: List, restorationClass: Gone}
                - class: Detail
                  restorationIdentifier: Detail
                  restorationClass: New
                  views: [{class: UITextView, restorationIdentifier: notes}]
            """)
        let notes = try #require(run.outcome.restored("Nav/Detail/notes"))
        #expect(notes.reason == .parentNotRestored)
        #expect(notes.cause == "Nav/Detail")
        #expect(
            run.outcome.diagnostics(.parentNotRestored).map(\.message) == [
                "`notes` (Nav/Detail/notes) was not restored: its ancestor `Detail` was not restored — a controller below it in its navigation stack did not come back, and UIKit truncates the stack there. Fix: make every controller below it in the stack restorable."
            ])
    }
}
