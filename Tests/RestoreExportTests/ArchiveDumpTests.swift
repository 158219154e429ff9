import Foundation
import RestoreEngine
import RestoreTestSupport
import Testing

@testable import RestoreExport

@Suite struct ArchiveDumpTests {
    /// The listing is its lines: a name or value holding a line break cannot print a block or a
    /// key line of its own (an archive from a file named `Root\n[View Controller] Forged` did).
    @Test func lineBreaksInNamesAndValuesStayOnTheirLine() {
        let entry = ArchiveEntry(
            key: "Root\n[View Controller] Injected", path: ["Root"], kind: .viewController,
            className: "Evil\r\nClass", parentKey: nil, relation: .root,
            coder: [
                CoderEntry(key: "note", value: .string("line1\n[View Controller] Forged\n    secret...leaked")),
                CoderEntry(key: "k\ney", value: .dictionary(["a\nb": .string("c")])),
            ])
        let dump = ArchiveDump.text(Archive(entries: [entry]))
        let lines = dump.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("[View Controller]") }.count == 1, "\(dump)")
        #expect(dump.contains("[View Controller] Root\\n[View Controller] Injected (Class: Evil\\r\\nClass)\n"))
        #expect(dump.contains("    note....line1\\n[View Controller] Forged\\n    secret...leaked\n"))
        #expect(dump.contains("        a\\nb = \"c\";"))
        #expect(!lines.contains { $0.hasPrefix("    secret") })
    }

    @Test func tabBarNavigationMatchesGolden() throws {
        let dump = try #require(ArchiveDump.text(events: Fixture.tabBarNavigation().events))
        try Golden.check(dump, named: "tabbar-navigation.archive.txt")
    }

    /// The layout of restorationArchiveTool's published output (CAPTURE.md §1.6): `Top Level` underlined,
    /// values after dot leaders, three dots past the block's longest key.
    @Test func printsLikeRestorationArchiveTool() throws {
        let dump = try #require(ArchiveDump.text(events: Fixture.tabBarNavigation().events))
        #expect(
            dump.hasPrefix(
                "Restoration class map is {\n    \"Context\" = \"ContextRestorer\";\n    \"TabController/:[0]:/First/Compose\" = \"ComposeViewController\";\n"
            ))
        #expect(
            dump.contains(
                "Top Level\n---------\n    kUIStateRestorationArchiveMajorVersionKey.........2\n    kUIStateRestorationArchiveMinorVersionKey.........1\n"
            ))
        #expect(dump.contains("    UIApplicationStateRestorationTimestamp............2026-01-01 01:00:00 +0000\n"))
        #expect(dump.contains("    UIApplicationStateRestorationUserInterfaceIdiom...iPhone\n"))
        #expect(
            dump.contains(
                "[View Controller] TabController/:[1]:/NavigationController/:[1]:/City (Class: CityViewController)\n"))
        #expect(
            dump.contains("[View] TabController/:[1]:/NavigationController/:[0]:/Second/list (Class: UITableView)\n"))
        #expect(
            dump.contains(
                "[Object] Context (Class: ViewContext)\n"))
        #expect(
            dump.contains(
                "    kTabBarSelectedViewControllerKey...Object Identifier Proxy: TabController/:[1]:/NavigationController\n"
            ))
        #expect(
            dump.contains(
                "    kUIViewControllerChildrenKey.......(\n        \"Object Identifier Proxy: TabController/:[0]:/First\",\n"
            )
        )
        #expect(dump.contains("    encodingKeySliderValue........................0.8926057\n"))
        #expect(dump.contains("    kViewControllerViewWasLoadedKey...............Yes\n"))
    }

    @Test func datesAreUTCFromTheReferenceDate() {
        #expect(CoderText.date(0) == "2001-01-01 00:00:00 +0000")
        #expect(CoderText.date(-1) == "2000-12-31 23:59:59 +0000")
        #expect(CoderText.date(86_400 * 59) == "2001-03-01 00:00:00 +0000")
        #expect(CoderText.date(1_009_846_800) == "2033-01-01 01:00:00 +0000")
    }

    /// Found by restoretrace-fuzz: a date of 7.9e27 seconds trapped converting to Int64.
    @Test func aDateNoCalendarHoldsIsShownAsItsNumber() {
        #expect(CoderText.date(7.9e27) == "7.9e+27 seconds after 2001-01-01 00:00:00 +0000")
        #expect(CoderText.date(-1e300).hasPrefix("-1e+300 seconds"))
        #expect(CoderText.date(9.9e14).hasSuffix(" +0000"))
    }

    @Test func quotesAndDataLikeFoundation() {
        #expect(ArchiveDump.describe(.array(["a\"b", .int(1)]), indent: 0) == "(\n    \"a\\\"b\",\n    1\n)")
        #expect(ArchiveDump.describe(.data([0x0a, 0xff, 0, 1, 2]), indent: 0) == "<0aff0001 02>")
        #expect(ArchiveDump.describe(.dictionary(["b": 1, "a": true]), indent: 0) == "{\n    a = Yes;\n    b = 1;\n}")
    }
}
