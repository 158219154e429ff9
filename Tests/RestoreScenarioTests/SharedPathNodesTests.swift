import RestoreEngine
import Testing

@testable import RestoreScenario

/// Nodes of different kinds, or registered objects met under different controllers, that share
/// one restoration path (R11), and objects scoped by a view or another object (P8).
@Suite struct SharedPathNodesTests {
    /// A view and the presented controller with one identifier had one archive key: the
    /// controller was reported restored and never presented, without a word.
    @Test func aViewAndThePresentedControllerWithOneIdentifierAreAmbiguous() throws {
        let run = try ScenarioRun(
            """
            name: d2
            classes: {SheetRC: {answer: new}}
            ui:
              class: Home
              restorationIdentifier: Home
              views: [{class: UIScrollView, restorationIdentifier: detail, contentOffset: [0, 50]}]
              presented: {class: DetailSheet, restorationIdentifier: detail, restorationClass: SheetRC}
            """)
        let errors = run.outcome.diagnostics(.ambiguousPath)
        #expect(
            errors.map(\.message) == [
                "Two nodes (a view and the presented controller) of `Home` share the restoration path 'Home/detail': UIKit may restore the wrong one. Fix: give siblings distinct restoration identifiers."
            ])
        #expect(errors.first?.severity == .error)
    }

    /// A second object at a path another object is encoded at was in no list at all.
    @Test func aSecondObjectAtTheSamePathIsListedAndAnError() throws {
        let run = try ScenarioRun(
            """
            name: p8b
            classes: {ORC: {answer: new}}
            ui:
              class: Home
              restorationIdentifier: Home
              objects: [{restorationIdentifier: store, class: StoreA, objectRestorationClass: ORC, restorationParent: Home}]
              presented:
                class: Sheet
                restorationIdentifier: Sheet
                objects: [{restorationIdentifier: store, class: StoreB, objectRestorationClass: ORC, restorationParent: Home}]
            """)
        let objects = run.outcome.preservation?.nodes.filter { $0.kind == .object } ?? []
        #expect(
            objects.map { "\($0.locator) \($0.className) \($0.status) \($0.reason.map(\.rawValue) ?? "-")" } == [
                "Home/store StoreA preserved -", "Home/store#1 StoreB skipped ambiguous-path",
            ])
        #expect(run.calls(.encode).compactMap(\.receiver).filter { $0.hasPrefix("Store") } == ["StoreA"])
        #expect(
            run.outcome.diagnostics(.ambiguousPath).map(\.message) == [
                "Two registered objects share the restoration path 'Home/store' (`StoreA` and `StoreB`): UIKit encodes one, and `StoreB` is never preserved (R11). Fix: give siblings distinct restoration identifiers."
            ])
    }

    /// Objects are scoped by their restorationParent, not by the controller that references
    /// them: one identifier under two parents is two paths, and no error.
    @Test func oneIdentifierUnderTwoParentsIsNotAmbiguous() throws {
        let run = try ScenarioRun(
            """
            name: d4
            ui:
              class: Home
              restorationIdentifier: Home
              objects:
                - {restorationIdentifier: cache, class: ScopedCache, restorationParent: Home}
                - {restorationIdentifier: cache, class: GlobalCache}
            """)
        #expect(run.outcome.diagnostics(.ambiguousPath).isEmpty)
        #expect(
            run.outcome.preservation?.nodes.filter { $0.kind == .object }.map(\.locator) == ["Home/cache", "cache"])
    }

    /// A restorationParent may be any restorable node (seed 003): a view, or another object,
    /// even one met later. Both were skipped as `ancestor-not-preserved`.
    @Test func anObjectScopedByAViewOrAnotherObjectIsPreserved() throws {
        let run = try ScenarioRun(
            """
            name: p8c
            classes: {R: {answer: new}}
            launchUI: {class: Home, restorationIdentifier: Home, views: [{class: UIView, restorationIdentifier: v}]}
            ui:
              class: Home
              restorationIdentifier: Home
              views: [{class: UIView, restorationIdentifier: v}]
              objects:
                - {restorationIdentifier: child, class: ChildObj, objectRestorationClass: R, restorationParent: ctx}
                - {restorationIdentifier: ctx, class: Ctx, objectRestorationClass: R}
                - {restorationIdentifier: vo, class: ViewObj, objectRestorationClass: R, restorationParent: Home/v}
                - {restorationIdentifier: missing, class: M, objectRestorationClass: R, restorationParent: Nowhere}
            """)
        let objects = run.outcome.preservation?.nodes.filter { $0.kind == .object } ?? []
        #expect(
            objects.map { "\($0.locator) \($0.status) \($0.key ?? "-")" } == [
                "ctx preserved ctx", "Home/v/vo preserved Home/v/vo", "Nowhere/missing skipped -",
                "ctx/child preserved ctx/child",
            ])
        #expect(
            run.outcome.restoration?.nodes.filter { $0.kind == .object }.map(\.status) == [
                .restored, .restored, .restored,
            ])
        #expect(
            run.outcome.diagnostics(.ancestorNotPreserved).map(\.message) == [
                "`missing` (Nowhere/missing) was not preserved: its restorationParent 'Nowhere' is not a node that was preserved (none has that path)."
            ])
    }
}
