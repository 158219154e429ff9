import Testing
@testable import RestoreEngine

@Suite struct PreservationTests {
    /// Seed 000: a navigation controller without an identifier loses its whole stack.
    @Test func unmarkedNavigationControllerSkipsItsStack() {
        let detail = UIViewController(className: "DetailViewController", restorationIdentifier: "Detail")
        let nav = UINavigationController(restorationIdentifier: nil, viewControllers: [UIViewController(className: "ListViewController", restorationIdentifier: "List"), detail])
        let tabs = UITabBarController(restorationIdentifier: "Tabs", viewControllers: [nav])
        let engine = runCycle(TestApp(), ui: tabs)
        let p = engine.outcome.preservation!
        #expect(p.node("Tabs")?.status == .preserved)
        #expect(p.node("Tabs/<UINavigationController>")?.reason == .noRestorationIdentifier)
        #expect(p.node("Tabs/<UINavigationController>/Detail")?.status == .skipped)
        #expect(p.node("Tabs/<UINavigationController>/Detail")?.reason == .ancestorNotPreserved)
        #expect(p.node("Tabs/<UINavigationController>/Detail")?.cause == "Tabs/<UINavigationController>")
        let message = engine.outcome.diagnostics.first { $0.locator == "Tabs/<UINavigationController>/Detail" }?.message ?? ""
        #expect(message.contains("its ancestor `<UINavigationController>` has no restoration identifier"))
    }
}
