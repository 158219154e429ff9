import Testing

@testable import RestoreExport

/// Long names are shortened for drawing and for element ids, deterministically and distinctly.
@Suite struct DrawnTextTests {
    @Test func drawnTextKeepsBothEnds() {
        #expect(Escape.drawn("short", limit: 60) == "short")
        let long = "A" + String(repeating: "é", count: 1_000) + "Z"
        let drawn = Escape.drawn(long, limit: 9)
        #expect(drawn == "Aééé…éééZ")
        #expect(drawn.unicodeScalars.count == 9)
    }

    @Test func longLocatorsGetShortDistinctAnchors() {
        let prefix = String(repeating: "p", count: 100)
        let a = Anchor.node(.preservation, prefix + "/a")
        let b = Anchor.node(.preservation, prefix + "/b")
        #expect(a != b)
        #expect(a.count < 100)
        #expect(a == Anchor.node(.preservation, prefix + "/a"))
        // The `.Z` marker never appears in a short locator's anchor, so the two kinds cannot meet.
        #expect(a.contains(".Z"))
        #expect(!Anchor.node(.preservation, "Z.Z/x").contains(".Z"))
        #expect(Anchor.node(.preservation, "Tab/nav") == "node-p-Tab.2Fnav")
    }
}
