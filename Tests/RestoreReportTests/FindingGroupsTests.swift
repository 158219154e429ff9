import RestoreEngine
import RestoreReport
import RestoreScenario
import Testing

/// A big app repeats one finding per node: the console folds them by code and cause.
@Suite struct FindingGroupsTests {
    /// A tab bar whose `count` tabs have no way back, so each is lost for the same reason.
    static func lostTabs(_ count: Int) throws -> Outcome {
        let kids = (0..<count).map { "{class: Tab\($0), restorationIdentifier: T\($0)}" }.joined(separator: ", ")
        let yaml = """
            name: t
            launchUI: {class: UITabBarController, restorationIdentifier: Tabs}
            ui:
              class: UITabBarController
              restorationIdentifier: Tabs
              children: [\(kids)]
            """
        return try ScenarioParser.parse(yaml, file: "t.yaml").run(observer: nil)
    }

    @Test func identicalFindingsFoldIntoOneLineWithCountAndFirstPaths() throws {
        let lines = OutcomeSummary.lines(for: try Self.lostTabs(40))
        let findings = Array(lines.drop { !$0.hasPrefix("Findings:") })
        #expect(findings.first == "Findings: 0 errors, 41 warnings")
        let folded = findings.filter { $0.contains("[not-found]") }
        #expect(folded.count == 1)
        #expect(
            folded.first?.hasPrefix("  warning  ×40 [not-found] ‹node› was not restored: no restoration class") == true)
        #expect(findings.contains("      at Tabs/T0, Tabs/T1, Tabs/T2 and 37 more"))
        #expect(!findings.contains { $0.contains("… and") })
    }

    @Test func verboseStillListsEveryFinding() throws {
        let lines = OutcomeSummary.lines(for: try Self.lostTabs(40), verbose: true)
        #expect(lines.filter { $0.contains("was not restored: no restoration class") }.count == 40)
        #expect(lines.contains { $0.contains("(Tabs/T39) was not restored") })
    }

    @Test func aFindingSaidOnceReadsAsBefore() throws {
        let outcome = try Self.lostTabs(1)
        let line = try #require(outcome.diagnostics.first { $0.code == .notFound })
        #expect(OutcomeSummary.lines(for: outcome).contains("  warning  " + line.message))
    }

    @Test func groupsKeepFirstAppearanceOrderAndSplitByCause() throws {
        let groups = FindingGroup.grouping(try Self.lostTabs(3).diagnostics)
        #expect(groups.map(\.code) == [.deprecatedApi, .notFound])
        #expect(groups.map(\.count) == [1, 3])
        #expect(groups[1].firstPaths(2) == ["Tabs/T0", "Tabs/T1"])
    }

    /// A node's name is replaced only where the message quotes it: replaced anywhere, the session
    /// `photo` made `com.example.photoActivity` read `com.example.‹node›Activity`, and findings
    /// about two different activity types were folded into one about a type that does not exist.
    @Test func aNameInsideAnotherValueIsNotReplaced() throws {
        let outcome = try ScenarioParser.parse(
            """
            name: t
            app: {lifecycle: scenes, userActivityTypes: [com.example.other]}
            scenes:
              - {session: main, ui: {class: A}, activity: {type: com.example.mainActivity}}
              - {session: photo, ui: {class: B}, activity: {type: com.example.photoActivity}}
            """, file: "t.yaml"
        ).run(observer: nil)
        let lines = OutcomeSummary.lines(for: outcome)
        #expect(!lines.contains { $0.contains("‹node›Activity") }, "\(lines)")
        #expect(lines.contains { $0.contains("'com.example.mainActivity'") })
        #expect(lines.contains { $0.contains("'com.example.photoActivity'") })
        // Findings that differ only in their node still fold.
        let cause = FindingGroup.cause(
            of: Diagnostic(
                code: .notFound, severity: .warning, path: "Tabs/T1", locator: "Tabs/T1",
                message: "`T1` (Tabs/T1) was not restored: no class T1Restorer", launch: 2))
        #expect(cause == "‹node› was not restored: no class T1Restorer")
    }
}
