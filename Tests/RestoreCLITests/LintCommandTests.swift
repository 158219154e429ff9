import Foundation
import Testing

/// `restoretrace lint` end to end: output, exit codes, bad input.
@Suite struct LintCommandTests {
    static let fixtures = CLI.packageRoot.appendingPathComponent("Tests/RestoreStoryboardTests/Fixtures")

    @Test func lintPrintsTheLaunchTreeAndExitsZero() throws {
        let r = try CLI.run(["lint", "Tabs.storyboard"], in: Self.fixtures)
        #expect(r.code == 0)
        #expect(r.stdout.contains("★ Tabs (UITabBarController)  path Tabs"))
        #expect(
            r.stdout.contains("Tabs.storyboard:94:17: warning: `Settings` (SettingsViewController) is never preserved"))
        #expect(r.stderr.isEmpty)
    }

    @Test func failOnExitsOneOnlyAtThatSeverity() throws {
        #expect(try CLI.run(["lint", "Tabs.storyboard", "--fail-on", "warning"], in: Self.fixtures).code == 1)
        #expect(try CLI.run(["lint", "Tabs.storyboard", "--fail-on", "error"], in: Self.fixtures).code == 0)
        #expect(try CLI.run(["lint", "Container.storyboard", "--fail-on", "error"], in: Self.fixtures).code == 1)
    }

    @Test func jsonIsTheLintFormat() throws {
        let r = try CLI.run(["lint", "Container.storyboard", "Goals.storyboard", "--json"], in: Self.fixtures)
        #expect(r.code == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(object?["format"] as? String == "restoretrace-lint/1")
        #expect((object?["files"] as? [Any])?.count == 2)
    }

    @Test func badInputExitsTwoWithLocatedErrorsAndPrintsNoReport() throws {
        let r = try CLI.run(
            ["lint", "Tabs.storyboard", "MissingDestination.storyboard", "NotXML.storyboard"], in: Self.fixtures)
        #expect(r.code == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("MissingDestination.storyboard:17:29: error: the show segue 'Shw-Gl-001'"))
        #expect(r.stderr.contains("NotXML.storyboard:1:1: error:"))
        #expect(try CLI.run(["lint"], in: Self.fixtures).code == 2)
    }
}
