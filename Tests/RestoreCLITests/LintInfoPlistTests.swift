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
                "Shelf.storyboard:12:1: warning: restoration identifier 'Tabs' on UITabBarController is inert"))
        #expect(r.stdout.contains("[legacy-restoration-inert]"))
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
}
