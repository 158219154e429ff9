import Foundation
import RestoreEngine
import RestoreTestSupport
import Testing

@testable import RestoreStoryboard

/// Info.plist reading (XML and binary) and what lint makes of it (SPEC §8).
@Suite struct InfoPlistTests {
    @Test func readsTheSceneManifestAndTheRestorationKeys() throws {
        let plist = try InfoPlist.read(path: Fixture.path("Scenes-Info.plist"))
        #expect(plist.isSceneBased)
        #expect(plist.bundleVersion == "3.0")
        #expect(plist.mainStoryboard == "Shelf")
        #expect(plist.userActivityTypes == ["com.example.notes.compose"])
        let manifest = try #require(plist.sceneManifest)
        #expect(manifest.supportsMultipleScenes == false)
        #expect(
            manifest.configurations == [
                InfoPlist.SceneConfiguration(
                    role: "UIWindowSceneSessionRoleApplication", name: "Default Configuration",
                    delegateClass: "SceneDelegate", storyboard: "Shelf")
            ])
    }

    @Test func binaryPlistsReadTheSame() throws {
        let xml = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("Scenes-Info.plist")))
        let object = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        #expect(binary.starts(with: Array("bplist".utf8)))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("Info-\(UUID().uuidString).plist").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try binary.write(to: URL(fileURLWithPath: path))
        var fromBinary = try InfoPlist.read(path: path)
        fromBinary.file = Fixture.path("Scenes-Info.plist")
        #expect(fromBinary == (try InfoPlist.read(path: Fixture.path("Scenes-Info.plist"))))
    }

    @Test func badPlistsAreReportedAgainstTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plists-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func problems(_ text: String) -> [String] {
            let path = dir.appendingPathComponent("Info.plist").path
            try? Data(text.utf8).write(to: URL(fileURLWithPath: path))
            do {
                _ = try InfoPlist.read(path: path)
                return []
            } catch {
                return error.problems.map(\.description)
            }
        }
        #expect(problems("not a plist").first?.contains("not a property list") == true)
        #expect(
            problems(
                "<plist version=\"1.0\"><dict><key>NSUserActivityTypes</key><string>a</string></dict></plist>"
            ).first?.contains("NSUserActivityTypes must be an array of strings") == true)
        #expect(problems("<plist version=\"1.0\"><array/></plist>").first?.contains("not a dictionary") == true)
        #expect(throws: StoryboardError.self) { try InfoPlist.read(path: dir.appendingPathComponent("none").path) }
    }

    /// A key problem is located at its own `<key>`: the second configuration's, not the first
    /// one's of that name (line 24); the key itself, not its name inside a CDATA section (line 5).
    @Test func aWrongKeyIsLocatedAtItsOwnKey() throws {
        func problems(_ name: String) -> [String] {
            do {
                _ = try InfoPlist.read(path: Fixture.path(name))
                return []
            } catch { return error.problems.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } }
        }
        #expect(problems("SecondConfiguration-Info.plist") == ["30:6"])
        #expect(problems("CommentedKey-Info.plist") == ["6:2"])
    }

    /// Every bad configuration entry is one problem, each located by a search of the text: 2,000
    /// took 1.9 s and 200 in a 3.5 MB file 56 s. A hundred are said, the rest counted.
    @Test func manyProblemsAreSaidUpToAHundredAndCounted() throws {
        let entries = String(repeating: "<string>x</string>\n", count: 150)
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UIApplicationSceneManifest</key><dict>
            <key>UISceneConfigurations</key><dict><key>UIWindowSceneSessionRoleApplication</key><array>
            \(entries)</array></dict></dict></dict></plist>
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("Many-\(UUID().uuidString).plist").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try InfoPlist.read(path: path)
            Issue.record("read")
        } catch {
            #expect(error.problems.count == 101)
            let first = error.problems.first { $0.message.hasSuffix("Application[0] must be a dictionary") }
            #expect(first?.location?.line == 3)
            #expect(error.problems.contains { $0.message == "… and 50 more problems like these" })
            #expect(!error.problems.contains { $0.message.contains("[100]") })
        }
    }

    @Test func aSceneAppsRestorationIdentifiersAreInertEachWithItsReplacement() throws {
        let plist = try InfoPlist.read(path: Fixture.path("Scenes-Info.plist"))
        let report = try StoryboardLinter.lint([try Fixture.read("Tabs.storyboard")])
        let lint = InfoPlistLint.lint(plist, storyboards: report.files)
        let inert = lint.findings.filter { $0.code == .legacyRestorationInert }
        #expect(!inert.isEmpty)
        #expect(inert.allSatisfy { $0.severity == .warning && $0.location.line != nil })
        #expect(inert.allSatisfy { $0.fix.contains("NSUserActivity") || $0.fix.contains("userInfo") })
        #expect(inert.map { $0.location.line ?? 0 } == inert.map { $0.location.line ?? 0 }.sorted())
        #expect(!lint.findings.contains { $0.code == .scenesRequired })
    }

    @Test func aSceneAppWithoutActivityTypesIsAnError() throws {
        var plist = try InfoPlist.read(path: Fixture.path("Scenes-Info.plist"))
        plist.userActivityTypes = nil
        let lint = InfoPlistLint.lint(plist, storyboards: [])
        #expect(lint.findings.map(\.code) == [.activityTypeNotDeclared])
        #expect(lint.findings.first?.severity == .error)
    }

    @Test func anAppBasedAppWillStopLaunching() throws {
        let plist = try InfoPlist.read(path: Fixture.path("Legacy-Info.plist"))
        #expect(!plist.isSceneBased)
        var report = try StoryboardLinter.lint([try Fixture.read("Tabs.storyboard")])
        report.infoPlist = InfoPlistLint.lint(plist, storyboards: report.files)
        let finding = try #require(report.infoPlist?.findings.first)
        #expect(finding.code == .scenesRequired)
        #expect(finding.message.contains("after iOS 26 it will not launch"))
        #expect(finding.message.contains("will then be inert"))
        #expect(
            report.text.hasPrefix(Fixture.path("Legacy-Info.plist") + ":\n  app-based: no UIApplicationSceneManifest"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let info = try #require(json["infoPlist"] as? [String: Any])
        #expect(info["lifecycle"] as? String == "app")
        #expect((info["findings"] as? [[String: Any]])?.first?["code"] as? String == "scenes-required")
        #expect(report.hasFinding(atLeast: .warning))
    }

    /// With the Info.plist given, its launch screen is no app storyboard (UIKit never restores
    /// it) and a storyboard other than its main one is not told "if this is the app's main
    /// storyboard…" (r17 storyboard hunt, #7).
    @Test func theLaunchScreenIsNotJudgedAndTheMainStoryboardIsKnown() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "launch-\(UUID().uuidString)-Info.plist"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plist: [String: Any] = [
            "UIMainStoryboardFile": "Main", "UILaunchStoryboardName": "LaunchScreen", "CFBundleVersion": "1",
        ]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: path))
        let launch = StoryboardText.document(
            initial: "l",
            [
                StoryboardText.scene(
                    "l",
                    [
                        #"<viewController restorationIdentifier="Splash" id="l" sceneMemberID="viewController">"#,
                        #"    <containerView id="c"><segue destination="m" kind="embed" id="e"/></containerView>"#,
                        #"</viewController>"#,
                    ]),
                StoryboardText.scene("m", [#"<viewController id="m" sceneMemberID="viewController"/>"#]),
            ])
        let other = StoryboardText.document([
            StoryboardText.scene("o", [#"<viewController id="o" sceneMemberID="viewController"/>"#])
        ])
        var report = try StoryboardLinter.lint([
            try StoryboardReader.parse(Data(launch.utf8), file: "LaunchScreen.storyboard"),
            try StoryboardReader.parse(Data(other.utf8), file: "Other.storyboard"),
        ])
        #expect(!report.files[0].findings.isEmpty)
        #expect(report.files[1].findings.contains { $0.code == .noInitialViewController })
        report.read(try InfoPlist.read(path: path))
        #expect(report.files[0].launchScreen)
        #expect(report.files[0].findings.isEmpty)
        #expect(!report.files[1].findings.contains { $0.code == .noInitialViewController })
        #expect(report.infoPlist?.findings.allSatisfy { !$0.message.contains("Splash") } == true)
        #expect(
            report.text.contains(
                "LaunchScreen.storyboard:\n  launch screen (UILaunchStoryboardName): shown before the app runs, never preserved or restored; not judged\n"
            ), "\(report.text)")
    }

    /// Two scene configurations with one name: only the first is ever found by it (r17 fuzz).
    @Test func twoConfigurationsWithOneNameAreSaid() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dup-\(UUID().uuidString)-Info.plist")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configuration = { (board: String) -> [String: Any] in
            ["UISceneConfigurationName": "A", "UISceneStoryboardFile": board]
        }
        let plist: [String: Any] = [
            "NSUserActivityTypes": ["t.a"],
            "UIApplicationSceneManifest": [
                "UISceneConfigurations": [
                    "UIWindowSceneSessionRoleApplication": [configuration("Main"), configuration("Other")]
                ]
            ],
        ]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: path))
        let lint = InfoPlistLint.lint(try InfoPlist.read(path: path), storyboards: [])
        #expect(
            lint.findings.map(\.message) == [
                "two scene configurations are named 'A' (UISceneConfigurationName): a configuration is found by its name, so only the first of them is ever used"
            ])
    }

    /// Xcode fills in `$(…)` when it builds: lint says so beside the values that hold one, so the
    /// placeholder is not read as the app's version or type (r20 scenes hunt).
    @Test func buildSettingsAreSaidToBeFilledInAtBuildTime() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("var-\(UUID().uuidString)-Info.plist")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let plist: [String: Any] = [
            "CFBundleVersion": "$(CURRENT_PROJECT_VERSION)",
            "NSUserActivityTypes": ["$(PRODUCT_BUNDLE_IDENTIFIER).browse"],
            "UIApplicationSceneManifest": [
                "UISceneConfigurations": ["UIWindowSceneSessionRoleApplication": [["UISceneConfigurationName": "A"]]]
            ],
        ]
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: path))
        let text =
            InfoPlistLint.lint(try InfoPlist.read(path: path), storyboards: []).textLines.joined(separator: "\n") + "\n"
        #expect(
            text.contains(
                "  NSUserActivityTypes: $(PRODUCT_BUNDLE_IDENTIFIER).browse\n    ($(…) is an Xcode build setting, filled in when the app is built: a scenario takes the activity types it matches, with some text in its place)\n"
            ), "\(text)")
        #expect(
            text.contains(
                "  CFBundleVersion $(CURRENT_PROJECT_VERSION)\n    ($(…) is an Xcode build setting, filled in when the app is built: a scenario takes it as written; give app.bundleVersion the built app's value to check versions)\n"
            ), "\(text)")
    }
}
