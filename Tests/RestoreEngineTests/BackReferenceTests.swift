import Testing

@testable import RestoreEngine

/// A child's `parent`, a presented controller's `presentingViewController`, a view's `owner` and
/// a registered object's `referencingController` are not weak references (they cost every
/// controller a side table); they must still read nil once that controller is gone, and keep
/// pointing at a controller that is still alive.
@Suite struct BackReferenceTests {
    @Test func backReferencesReadNilOnceTheirControllerIsGone() {
        let child = UIViewController(restorationIdentifier: "child")
        let presented = UIViewController(restorationIdentifier: "sheet")
        let view = UIView(restorationIdentifier: "scroll", kind: .scrollView)
        let object = UIStateRestoringObject(restorationIdentifier: "model")
        do {
            let container = UINavigationController(restorationIdentifier: "Nav", viewControllers: [child])
            container.present(presented)
            container.addView(view)
            container.addRestorableObject(object)
            #expect(child.parent === container)
            #expect(presented.presentingViewController === container)
            #expect(view.owner === container)
            #expect(object.referencingController === container)
        }
        #expect(child.parent == nil)
        #expect(child.restorationParent == nil)
        #expect(presented.presentingViewController == nil)
        #expect(view.owner == nil)
        #expect(object.referencingController == nil)
    }

    /// Presenting something else (or nothing) clears the old presented controller's back
    /// reference only while it is still this controller's: one presented by another controller
    /// since kept pointing at nothing.
    @Test func presentingAgainLeavesAnotherPresentersReferenceAlone() {
        let first = UIViewController(restorationIdentifier: "first")
        let second = UIViewController(restorationIdentifier: "second")
        let sheet = UIViewController(restorationIdentifier: "sheet")
        first.present(sheet)
        second.present(sheet)
        first.present(nil)
        #expect(sheet.presentingViewController === second)
        #expect(sheet.restorationParent === second)
    }

    @Test func aControllerGoneLeavesAnotherOwnersReferenceAlone() {
        let child = UIViewController(restorationIdentifier: "child")
        let view = UIView(restorationIdentifier: "scroll")
        let keeper = UIViewController(restorationIdentifier: "keeper")
        do {
            let first = UIViewController(restorationIdentifier: "first", containerKind: .custom)
            first.addChild(child)
            first.addView(view)
            // Both move on to `keeper` while `first` still lists them.
            keeper.addChild(child)
            keeper.addView(view)
            #expect(first.children.count == 1)
        }
        #expect(child.parent === keeper)
        #expect(view.owner === keeper)
        keeper.setChildren([])
        #expect(child.parent == nil)
    }

    @Test func aReplacedPresentationForgetsItsPresenter() {
        let presenter = UIViewController(restorationIdentifier: "Home")
        let first = UIViewController(restorationIdentifier: "first")
        let second = UIViewController(restorationIdentifier: "second")
        presenter.present(first)
        presenter.present(second)
        #expect(first.presentingViewController == nil)
        #expect(second.presentingViewController === presenter)
        #expect(second.restorationParent === presenter)
    }
}
