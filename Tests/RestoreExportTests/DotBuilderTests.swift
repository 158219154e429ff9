import Foundation
import RestoreEngine
import RestoreTestSupport
import Testing

@testable import RestoreExport

@Suite struct DotBuilderTests {
    @Test func tabBarNavigationMatchesGolden() throws {
        let f = Fixture.tabBarNavigation()
        let dot = DotBuilder(outcome: f.outcome, events: f.events, options: .init(title: f.name)).build()
        try Golden.check(dot, named: "tabbar-navigation.dot")
    }

    @Test func sameOutcomeGivesSameBytes() {
        let a = Fixture.tabBarNavigation()
        let b = Fixture.tabBarNavigation()
        #expect(
            DotBuilder(outcome: a.outcome, events: a.events).build()
                == DotBuilder(outcome: b.outcome, events: b.events).build())
    }

    @Test func marksEveryStatusWithItsCauseAndVia() {
        let f = Fixture.tabBarNavigation()
        let dot = DotBuilder(outcome: f.outcome, events: f.events).build()
        // Skipped under the tab without an identifier, naming that ancestor.
        let settings = line(dot, containing: "id=\"gnode-p-TabController.2F.3CUINavigationController.3E.2FSettings\"")
        #expect(settings.contains("✗"))
        #expect(settings.contains("skipped: ancestor-not-preserved"))
        #expect(settings.contains("because of &lt;UINavigationController&gt;"))
        // Lost because its restoration class answered nil.
        let city = line(dot, containing: "id=\"gnode-r-TabController.2FNavigationController.2FCity\"")
        #expect(city.contains("lost: restoration-class-returned-nil"))
        #expect(city.contains("#c62828"))
        let first = line(dot, containing: "id=\"gnode-r-TabController.2FFirst\"")
        #expect(first.contains("✓") && first.contains("via existing"))
        let preserved = line(dot, containing: "id=\"gnode-p-TabController.2FFirst\"")
        #expect(preserved.contains("★"))
        #expect(preserved.contains("URL=\"#node-p-TabController.2FFirst\""))
    }

    @Test func presentedControllerHasDashedEdgeOnBothSides() {
        let f = Fixture.tabBarNavigation()
        let dot = DotBuilder(outcome: f.outcome, events: f.events).build()
        #expect(dot.components(separatedBy: "style=dashed, color=\"#8250df\", label=\"presents\"").count - 1 == 2)
    }

    @Test func fontIsSetOnGraphNodeAndEdge() {
        let dot = DotBuilder(outcome: Fixture.tabBarNavigation().outcome).build()
        for prefix in ["  graph [", "  node [", "  edge ["] {
            #expect(line(dot, containing: prefix).contains("fontname=\"DejaVu Sans\""), "\(prefix)")
        }
    }

    @Test(arguments: ["<script>alert(\"x\")</script>", "a&b", "quote\"d\\n", "]]>", "Café ✓ 東京", "new\nline"])
    func hostileIdentifiersAreEscaped(_ id: String) {
        let f = Fixture.tabBarNavigation(cityID: id, extraID: id)
        let dot = DotBuilder(outcome: f.outcome, events: f.events, options: .init(title: id)).build()
        #expect(!dot.contains("new\nline"))
        for l in dot.split(separator: "\n") {
            let parts = l.components(separatedBy: "label=<")
            // Outside HTML-like labels, unescaped quotes come in pairs: no string ends early.
            let plain = parts[0].replacingOccurrences(of: "\\\\", with: "").replacingOccurrences(of: "\\\"", with: "")
            #expect(plain.filter { $0 == "\"" }.count % 2 == 0, "\(l)")
            // Inside them, the only markup is ours and every & starts an entity.
            if parts.count > 1 {
                let label = parts[1...].joined()
                #expect(!label.contains("<script") && !label.contains("]]>"), "\(l)")
                #expect(
                    label.ranges(of: "&").allSatisfy { r in
                        ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].contains { label[r.lowerBound...].hasPrefix($0) }
                    }, "\(l)")
            }
        }
    }

    @Test func bigSideFoldsCleanSubtreesButKeepsEverySkippedNode() {
        let f = Fixture.large(controllers: 600, lostEvery: 97)
        let nodes = f.outcome.preservation!.nodes
        #expect(nodes.count > 400)
        let dot = DotBuilder(outcome: f.outcome, events: f.events).build()
        let skipped = nodes.filter { $0.status == .skipped }
        #expect(!skipped.isEmpty)
        for n in skipped { #expect(dot.contains("id=\"\(Anchor.svg(.preservation, n.locator))\"")) }
        #expect(dot.contains("preserved nodes\"]"))
        let drawn = dot.components(separatedBy: "id=\"gnode-p-").count - 1
        #expect(drawn < nodes.count / 4)
        // Below the threshold nothing folds.
        let all = DotBuilder(
            outcome: f.outcome, events: f.events, options: .init(collapseThreshold: .max, maxDrawnPerSide: .max)
        ).build()
        #expect(all.components(separatedBy: "id=\"gnode-p-").count - 1 == nodes.count)
        #expect(!all.contains("preserved nodes\"]"))
    }

    @Test func drawingIsCappedWithANoteThatCountsWhatWasLeftOut() {
        let f = Fixture.large(controllers: 600, lostEvery: 97)
        let nodes = f.outcome.preservation!.nodes
        let dot = DotBuilder(
            outcome: f.outcome, events: f.events, options: .init(collapseThreshold: .max, maxDrawnPerSide: 100)
        ).build()
        #expect(dot.components(separatedBy: "id=\"gnode-p-").count - 1 == 100)
        let skipped = nodes.filter { $0.status == .skipped }.count
        let note = line(dot, containing: "more nodes not drawn")
        #expect(note.contains("\(DotBuilder.grouped(nodes.count - 100)) more nodes not drawn"))
        #expect(skipped > 0 && note.contains("skipped or lost): see the Nodes table below"))
    }

    @Test func lossesInheritedFromALostNodeFoldUnderIt() {
        // Seed 000: an unmarked navigation controller; with folding on, its lost stack is one red summary.
        let f = Fixture.large(controllers: 600, lostEvery: 97)
        var outcome = f.outcome
        var nodes = outcome.preservation!.nodes
        // Make the second top-level child a root cause and everything below it inherit the loss.
        let root = nodes[0].locator
        let cause = nodes.firstIndex { $0.parent == root }!
        let causeLocator = nodes[cause].locator
        nodes[cause].status = .skipped
        nodes[cause].reason = .noRestorationIdentifier
        var below = 0
        for i in nodes.indices where nodes[i].locator.hasPrefix(causeLocator + "/") {
            nodes[i].status = .skipped
            nodes[i].reason = .ancestorNotPreserved
            nodes[i].cause = causeLocator
            below += 1
        }
        outcome.preservation!.nodes = nodes
        let dot = DotBuilder(outcome: outcome, events: f.events).build()
        #expect(below > 2)
        #expect(dot.contains("id=\"\(Anchor.svg(.preservation, causeLocator))\""))
        #expect(dot.contains("✗ \(DotBuilder.grouped(below)) more skipped because of it"))
    }

    @Test func groupsThousands() {
        #expect(DotBuilder.grouped(1_234_567) == "1,234,567")
        #expect(DotBuilder.grouped(999) == "999")
        #expect(DotBuilder.grouped(1000) == "1,000")
    }

    private func line(_ text: String, containing needle: String) -> String {
        text.split(separator: "\n").first { $0.contains(needle) }.map(String.init) ?? ""
    }
}
