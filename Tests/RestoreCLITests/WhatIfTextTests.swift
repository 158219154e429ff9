import Foundation
import Testing

/// A what-if replay answers its question first, and lists only nodes whose fate changed.
@Suite struct WhatIfTextTests {
    static let trace = CLI.sample("demo-travel.trace.jsonl")

    @Test func theWhatIfLeadsAndTheFaithfulVerdictFollows() throws {
        let r = try CLI.run(
            ["replay", Self.trace, "--set", "shouldRestore=false", "--no-report"], in: try CLI.temporaryDirectory())
        #expect(r.code == 0)
        let lines = r.stdout.components(separatedBy: "\n")
        #expect(lines.first == "What if shouldRestore=false:")
        #expect(lines.dropFirst().first?.hasSuffix(" lost") == true)
        let verdict = try #require(lines.firstIndex { $0.contains("replay matched") })
        let firstChange = try #require(lines.firstIndex { $0.hasPrefix("  restoration: ") })
        #expect(firstChange < verdict)
    }

    @Test func dropIdListsOnlyNodesWhoseFateChanged() throws {
        let r = try CLI.run(
            ["replay", Self.trace, "--drop-id", "Tabs/tripsNav", "--no-report"], in: try CLI.temporaryDirectory())
        #expect(r.code == 0)
        let whatIf = r.stdout.components(separatedBy: "\n\n").first ?? ""
        // The unmarked navigation controller was skipped before and is skipped now: renumbered, not changed.
        #expect(!whatIf.contains("Tabs/<UINavigationController>#1"), "\(whatIf)")
        for line in whatIf.components(separatedBy: "\n") where line.contains(" changed: ") {
            let parts = line.components(separatedBy: " changed: ").last?.components(separatedBy: " → ") ?? []
            #expect(parts.count == 2 && parts[0] != parts[1], "\(line)")
        }
        #expect(whatIf.contains("`Tabs/<UINavigationController>` (was `Tabs/tripsNav`) is now skipped"))
    }
}
