import RestoreEngine
import Testing

@testable import RestoreExport

/// Each lost node in the page links to the timeline event that decided it, and back.
@Suite struct DecidingEventTests {
    @Test func aLostNodeLinksToItsRestorationClassAnswer() throws {
        let fixture = Fixture.tabBarNavigation()
        let city = try #require(fixture.outcome.restoration?.nodes.first { $0.locator.hasSuffix("/City") })
        #expect(city.status == .notRestored)
        let deciding = DecidingEvents(outcome: fixture.outcome, events: fixture.events)
        let seq = try #require(deciding.seq(for: city, side: .restoration))
        let event = fixture.events[seq - 1]
        #expect(event.callback == .restorationClassViewController)
        #expect(event.path == city.path && event.launch == fixture.outcome.restoration?.launch)
        let html = ReportSections(input: fixture.input()).nodes
        let row = try #require(html.range(of: "<tr id=\"\(Anchor.node(.restoration, city.locator))\""))
        let rowText = html[row.lowerBound...].prefix { $0 != "\n" }.split(separator: "</tr>").first ?? ""
        #expect(
            rowText.contains(
                "Decided at <a href=\"#timeline\" data-seq-link=\"\(seq)\">event #\(seq)</a> <code>viewControllerWithRestorationIdentifierPath:coder:</code>"
            ))
    }

    /// A node skipped at preservation (no restoration identifier, or below one without) was
    /// decided while its parent was encoded, not at the shouldSave… answer, which was YES.
    @Test func aSkippedNodeLinksToItsParentsEncode() throws {
        let fixture = Fixture.tabBarNavigation()
        let deciding = DecidingEvents(outcome: fixture.outcome, events: fixture.events)
        let skipped = try #require(fixture.outcome.preservation?.nodes.filter { $0.status == .skipped })
        #expect(!skipped.isEmpty)
        for n in skipped {
            let seq = try #require(deciding.seq(for: n, side: .preservation), "\(n.locator)")
            let event = fixture.events[seq - 1]
            #expect(event.callback == .encode, "\(n.locator): \(event.callback?.rawValue ?? "?")")
            #expect(event.path == "TabController", "\(n.locator)")
        }
    }

    @Test func everyLostOrSkippedNodeHasADecidingEventOfItsLaunchAndPhase() throws {
        let fixture = Fixture.tabBarNavigation()
        let deciding = DecidingEvents(outcome: fixture.outcome, events: fixture.events)
        for (phase, side, name) in [
            (fixture.outcome.preservation, Anchor.Side.preservation, Phase.preservation),
            (fixture.outcome.restoration, .restoration, .restoration),
        ] {
            for n in phase?.nodes ?? [] where n.status == .skipped || n.status == .notRestored {
                let seq = try #require(deciding.seq(for: n, side: side), "no deciding event for \(n.locator)")
                #expect(fixture.events[seq - 1].launch == phase?.launch && fixture.events[seq - 1].phase == name)
            }
            for n in phase?.nodes ?? [] where n.status == .preserved || n.status == .restored {
                #expect(deciding.seq(for: n, side: side) == nil)
            }
        }
    }

    @Test func theTimelineDataLinksTheEventBackToTheNode() throws {
        let fixture = Fixture.tabBarNavigation()
        let city = try #require(fixture.outcome.restoration?.nodes.first { $0.locator.hasSuffix("/City") })
        let seq = try #require(
            DecidingEvents(outcome: fixture.outcome, events: fixture.events).seq(for: city, side: .restoration))
        let data = try ReportWriter().dataJSON(fixture.input())
        let anchor = Anchor.node(.restoration, city.locator)
        #expect(data.contains("\"decided\":{"))
        #expect(data.contains("\"\(seq)\":[[\"\(anchor)\",\"\(city.locator)\"]]"))
        let html = try ReportWriter().render(fixture.input()).html
        let timeline = try #require(PageData.object("timeline", in: try PageData.statements(in: html)))
        let links = (timeline["decided"] as? [String: Any])?["\(seq)"] as? [[String]]
        #expect(links == [[anchor, city.locator]])
    }
}
