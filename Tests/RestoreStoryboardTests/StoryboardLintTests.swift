import Foundation
import RestoreEngine
import RestoreStoryboard
import Testing

@Suite struct StoryboardLintTests {
    static func lint(_ names: String...) throws -> LintReport {
        try StoryboardLinter.lint(try names.map(Fixture.read))
    }

    @Test func preservedAndSkippedComeFromTheEngine() throws {
        let file = try Self.lint("Tabs.storyboard").files[0]
        let byID = Dictionary(uniqueKeysWithValues: file.controllers.map { ($0.id, $0) })
        #expect(byID["Hm1-aa-Tvc"]?.preserved == true)
        #expect(byID["Hm1-aa-Tvc"]?.path == "Tabs/HomeNav/Home")
        #expect(byID["Nv2-aa-Set"]?.reason == .noRestorationIdentifier)
        #expect(byID["St1-aa-Vc1"]?.reason == .ancestorNotPreserved)
        #expect(byID["St1-aa-Vc1"]?.path == nil)
        #expect(
            byID["St1-aa-Vc1"]?.cause
                == "its ancestor `UINavigationController (Nv2-aa-Set)` has no restoration identifier")
        #expect(byID["St1-aa-Vc1"]?.parent == "Nv2-aa-Set")
        let views = Dictionary(uniqueKeysWithValues: file.views.map { ($0.restorationIdentifier, $0) })
        #expect(views["HomeTable"]?.preserved == true)
        #expect(views["SyncSwitch"]?.preserved == false)
        // The Detail scene is not in the launch tree: its view is not preserved at launch.
        #expect(views["Notes"]?.preserved == false)
        #expect(views["Notes"]?.controller == "Dt1-aa-Vc1")
    }

    @Test func findingsCarryCodesSeveritiesAndFixes() throws {
        let file = try Self.lint("Tabs.storyboard").files[0]
        let codes = file.findings.map { "\($0.code.rawValue)@\($0.id)" }
        #expect(
            codes == [
                "segue-scene-without-identifier@Dt1-aa-Vc1", "never-preserved@St1-aa-Vc1", "never-preserved@St1-cc-Sw1",
                "not-found-in-storyboard@Nv3-aa-Cmp", "segue-scene-without-identifier@Cp1-aa-Vc1",
            ])
        let detail = try #require(file.findings.first)
        #expect(detail.fix.contains("Use Storyboard ID"))
        #expect(detail.location.line == 70)
        #expect(file.findings[1].fix.contains("UINavigationController (Nv2-aa-Set)"))
    }

    @Test func customContainersDuplicatesAndReferences() throws {
        let file = try Self.lint("Container.storyboard").files[0]
        let codes = Set(file.findings.map(\.code))
        #expect(codes == [.customContainer, .duplicateIdentifier, .neverPreserved, .unresolvedReference])
        let summary = try #require(file.controllers.first { $0.id == "Sum-Ct-002" })
        #expect(summary.embedded)
        #expect(summary.reason == .notEncodedByContainer)
        #expect(file.findings.first { $0.code == .duplicateIdentifier }?.severity == .error)
        #expect(file.findings.first { $0.code == .unresolvedReference }?.message.contains("Goals.storyboard") == true)
    }

    @Test func aReferencedFileIsFollowedWhenGiven() throws {
        let report = try Self.lint("Container.storyboard", "Goals.storyboard")
        let container = report.files[0]
        #expect(container.controllers.map(\.id) == ["Dsh-Ct-001", "Sum-Ct-002", "Gls-Gl-001"])
        #expect(!container.findings.contains { $0.code == .unresolvedReference })
        let goal = try #require(container.findings.first { $0.id == "Gls-Gl-001" })
        #expect(goal.location.file.hasSuffix("Goals.storyboard"))
        #expect(report.files[1].findings.map(\.code) == [.noInitialViewController])
    }

    @Test func storyboardIDWithoutTheFlagIsAFinding() throws {
        let file = try Self.lint("MasterDetail-Xcode46.storyboard").files[0]
        #expect(!file.findings.contains { $0.code == .storyboardIDNotRestorationID })
        let adaptive = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="6250" targetRuntime="iOS.CocoaTouch" initialViewController="a-1">
                <scenes>
                    <scene sceneID="s-1">
                        <objects>
                            <viewController storyboardIdentifier="Empty" id="a-1" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let doc = try StoryboardReader.parse(Data(adaptive.utf8), file: "A.storyboard")
        let findings = try StoryboardLinter.lint([doc]).files[0].findings
        #expect(findings.map(\.code) == [.storyboardIDNotRestorationID])
        #expect(findings.first?.location.lineColumn == "6:17")
    }

    @Test func columnSplitPreservesItsColumns() throws {
        let file = try Self.lint("Columns.storyboard").files[0]
        #expect(
            file.controllers.filter(\.preserved).compactMap(\.path) == [
                "Mail", "Mail/Mailboxes", "Mail/Messages", "Mail/Message",
            ])
        #expect(file.findings.isEmpty)
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let json = try Self.lint("Tabs.storyboard").json
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "restoretrace-lint/1")
        let file = try #require((object["files"] as? [[String: Any]])?.first)
        #expect(Set(file.keys) == ["file", "initial", "controllers", "views", "scenes", "findings"])
        #expect(file["initial"] as? String == "Tb1-aa-Tab")
        let controller = try #require((file["controllers"] as? [[String: Any]])?.last)
        for key in [
            "id", "class", "restorationIdentifier", "storyboardIdentifier", "path", "preserved", "reason", "parent",
            "embedded",
        ] {
            #expect(controller[key] != nil, "controller field \(key)")
        }
        #expect(controller["path"] is NSNull)
        #expect(controller["reason"] as? String == "ancestor-not-preserved")
        let view = try #require((file["views"] as? [[String: Any]])?.first)
        for key in ["id", "element", "class", "restorationIdentifier", "controller", "preserved"] {
            #expect(view[key] != nil, "view field \(key)")
        }
        let finding = try #require((file["findings"] as? [[String: Any]])?.first)
        for key in ["code", "severity", "id", "line", "message"] {
            #expect(finding[key] != nil, "finding field \(key)")
        }
    }

    @Test func textShowsMarksReasonsAndFixes() throws {
        let text = try Self.lint("Tabs.storyboard").text
        #expect(text.contains("★ Home (HomeViewController)  path Tabs/HomeNav/Home"))
        #expect(
            text.contains(
                "✗ Settings (SettingsViewController)  skipped, ancestor-not-preserved: its ancestor `UINavigationController (Nv2-aa-Set)` has no restoration identifier"
            ))
        #expect(text.contains("Tabs.storyboard:70:17: warning: `Detail` is shown by a show segue from `Home`"))
        #expect(text.contains("    fix: "))
    }

    @Test func failOnMatchesSeverity() throws {
        let tabs = try Self.lint("Tabs.storyboard")
        #expect(tabs.hasFinding(atLeast: .warning))
        #expect(!tabs.hasFinding(atLeast: .error))
        #expect(try Self.lint("Container.storyboard").hasFinding(atLeast: .error))
    }
}
