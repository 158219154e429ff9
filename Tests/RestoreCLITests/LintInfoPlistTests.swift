import Foundation
import RestoreTestSupport
import Testing

/// `restoretrace lint Info.plist STORYBOARD…` (SPEC §8).
@Suite struct LintInfoPlistTests {
    static let traces = Samples.traces

    @Test func aSceneAppsStoryboardIdentifiersAreReportedInert() throws {
        let r = try CLI.run(["lint", "Notes-Info.plist", "Shelf.storyboard"], in: Self.traces)
        #expect(r.code == 0)
        #expect(r.stdout.hasPrefix("Notes-Info.plist:\n  scene-based: 1 scene configuration, one scene\n"))
        #expect(
            r.stdout.contains(
                "Shelf.storyboard:14:17: warning: restoration identifier 'Tabs' on UITabBarController is inert"))
        #expect(r.stdout.contains("[legacy-restoration-inert]"))
        // The launch tree says nothing is preserved, and the storyboard's own section lists its pieces.
        #expect(
            r.stdout.contains(
                "  launch tree (0 of 5 controllers preserved):\n    ✗ Tabs (UITabBarController)  skipped, legacy-restoration-inert: the app adopts scenes"
            ))
        #expect(!r.stdout.contains("★"))
        #expect(!r.stdout.contains("no findings"))
        #expect(r.stdout.hasSuffix("1 storyboard and Info.plist: 0 errors, 8 warnings, 0 notes\n"))
        // No advice to add Restoration IDs beside the findings that say they can go.
        for legacy in [
            "[never-preserved]", "[segue-scene-without-identifier]", "a Restoration ID in the Identity",
            "no-restoration-identifier", "ancestor-not-preserved", "view-owner-not-preserved",
        ] {
            #expect(!r.stdout.contains(legacy), "\(legacy)")
        }
        let json = try CLI.run(["lint", "Notes-Info.plist", "Shelf.storyboard", "--json"], in: Self.traces)
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let file = try #require((report["files"] as? [[String: Any]])?.first)
        let findings = try #require(file["findings"] as? [[String: Any]])
        #expect(findings.first?["code"] as? String == "legacy-restoration-inert")
        #expect(findings.first?["line"] as? Int == 14)
        #expect((file["controllers"] as? [[String: Any]])?.allSatisfy { $0["preserved"] as? Bool == false } == true)
        #expect(((report["infoPlist"] as? [String: Any])?["findings"] as? [Any])?.isEmpty == true)
        #expect(
            try CLI.run(["lint", "Notes-Info.plist", "Shelf.storyboard", "--fail-on", "warning"], in: Self.traces).code
                == 1)
    }

    @Test func aBadPlistIsBadInput() throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not a plist".utf8).write(to: dir.appendingPathComponent("Info.plist"))
        let r = try CLI.run(["lint", "Info.plist", Samples.path("Shelf.storyboard")], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("Info.plist: error: not a property list"))
    }

    /// A key of the wrong type is located at its `<key>` in an XML plist (it had no line).
    @Test func aWrongKeyIsLocatedInAnXMLPlist() throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOfFile: Samples.path("Notes-Info.plist"), encoding: .utf8)
            .replacingOccurrences(
                of: "<key>NSUserActivityTypes</key>",
                with: "<key>NSUserActivityTypes</key><string>x</string><key>Dummy</key>")
        try text.write(to: dir.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["lint", "Info.plist", Samples.path("Shelf.storyboard")], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.hasPrefix("Info.plist:7:2: error: NSUserActivityTypes must be an array of strings\n"),
            "\(r.stderr)")
    }
}
