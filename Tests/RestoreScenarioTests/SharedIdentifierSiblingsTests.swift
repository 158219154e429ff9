import RestoreEngine
import Testing

@testable import RestoreScenario

/// Navigation, tab and split children may share a restoration identifier (SPEC §2: each has
/// its own archive key, `/:[i]:/`; R11: not ambiguous). R3 step 3 found "the object that already
/// exists at the same restoration path" by path alone, so both archived siblings got the last
/// one: a false `class-mismatch` error and the stack lost, or one controller decoded and pushed twice.
@Suite struct SharedIdentifierSiblingsTests {
    @Test func eachSiblingIsFoundAtItsOwnIndex() throws {
        for container in ["UINavigationController", "UITabBarController"] {
            let run = try ScenarioRun(
                """
                name: siblings
                launchUI: &tree
                  class: \(container)
                  restorationIdentifier: C
                  children:
                    - {class: ListVC, restorationIdentifier: page}
                    - {class: DetailVC, restorationIdentifier: page}
                ui: *tree
                """)
            let nodes = run.outcome.restoration?.nodes ?? []
            #expect(
                nodes.map { "\($0.locator) \($0.className) \($0.status) \($0.via.map { "\($0)" } ?? "-")" } == [
                    "C \(container) restored existing", "C/page ListVC restored existing",
                    "C/page#1 DetailVC restored existing",
                ], "\(container)")
            #expect(run.outcome.diagnostics(.classMismatch).isEmpty, "\(container)")
            // Each launch-UI controller decoded what its own entry encoded.
            let decoded = run.calls(.decode, launch: 2).map { "\($0.receiver ?? "") \($0.key ?? "")" }
            #expect(decoded == ["\(container) C", "ListVC C/:[0]:/page", "DetailVC C/:[1]:/page"], "\(container)")
        }
    }

    @Test func aSiblingTheLaunchUIDoesNotHaveIsNotTheOtherOneAgain() throws {
        let run = try ScenarioRun(
            """
            name: one-built
            launchUI:
              class: UINavigationController
              restorationIdentifier: Nav
              children: [{class: PageVC, restorationIdentifier: page}]
            ui:
              class: UINavigationController
              restorationIdentifier: Nav
              children:
                - {class: PageVC, restorationIdentifier: page, state: {n: 1}}
                - {class: PageVC, restorationIdentifier: page, state: {n: 2}}
            timeline: [background, {kill: system}, launch, background]
            """)
        let second = run.outcome.restoration?.nodes.first { $0.key == "Nav/:[1]:/page" }
        #expect(second?.status == .notRestored)
        #expect(second?.reason == .notFound)
        // Decoded once, with its own state, and on the stack once.
        let decoded = run.calls(.decode, launch: 2).compactMap(\.key)
        #expect(decoded == ["Nav", "Nav/:[0]:/page"])
        let nav = try #require(run.root)
        #expect(nav.children.count == 1)
    }
}
