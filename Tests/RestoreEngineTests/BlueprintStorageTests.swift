import RestoreEngine
import Testing

/// A blueprint keeps its fields behind one reference (copying one used to copy ~20
/// reference-counted fields): copies must still behave as independent values.
@Suite struct BlueprintStorageTests {
    private func screen(_ id: String) -> NodeBlueprint {
        var b = NodeBlueprint(className: "ScreenController", restorationIdentifier: id)
        b.state = [CoderEntry(key: "row", value: .int(1))]
        var scroll = NodeBlueprint(role: .view, className: "UIScrollView", restorationIdentifier: "scroll")
        scroll.viewState.contentOffset = [0, 10]
        b.views = [scroll]
        return b
    }

    @Test func aBlueprintIsOneReferenceWide() {
        #expect(MemoryLayout<NodeBlueprint>.size == MemoryLayout<AnyObject>.size)
    }

    @Test func aCopyIsUnchangedByWritesToTheOriginal() {
        var nav = NodeBlueprint(className: "UINavigationController", restorationIdentifier: "Nav")
        nav.children = [screen("a"), screen("b")]
        let copy = nav
        nav.children[0].views[0].viewState.contentOffset = [0, 99]
        nav.children[1].restorationIdentifier = "c"
        nav.presented = screen("sheet")
        nav.presented?.state.append(CoderEntry(key: "draft", value: "x"))
        nav.inherits = "BaseNav"

        #expect(copy.children[0].views[0].viewState.contentOffset == [0, 10])
        #expect(copy.children[1].restorationIdentifier == "b")
        #expect(copy.presented == nil)
        #expect(copy.inherits == nil)
        #expect(nav.children[0].views[0].viewState.contentOffset == [0, 99])
        #expect(nav.children[1].restorationIdentifier == "c")
        #expect(nav.presented?.state.map(\.key) == ["row", "draft"])
        #expect(copy != nav)
    }

    @Test func blueprintsBuiltApartAreEqualAndHashAlike() {
        let a = screen("a")
        var b = screen("b")
        b.restorationIdentifier = "a"
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        b.viewLoaded = false
        #expect(a != b)
        #expect(Set([a, b]).count == 2)
    }
}
