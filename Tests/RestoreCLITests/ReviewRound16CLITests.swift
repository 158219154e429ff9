import Foundation
import RestoreTestSupport
import Testing

/// Messages round 15's CLI hunt found misleading, each said where the problem is.
@Suite struct ReviewRound16CLITests {
    static func record(_ files: [String: String]) throws -> CLI.Result {
        let dir = try CLI.temporaryDirectory()
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return try CLI.run(["record", "s.yaml", "-o", "s.trace.jsonl"], in: dir)
    }

    /// A broken Info.plist is located in the plist, at its line, as a broken storyboard is; it
    /// was located at the scenario's `infoPlist:` key with the plist's line in the prose.
    @Test func aBrokenInfoPlistIsLocatedInThePlist() throws {
        let r = try Self.record([
            "s.yaml": "name: p\napp: {infoPlist: broken-Info.plist}\nlaunchUI: {class: A, restorationIdentifier: a}\n",
            "broken-Info.plist": "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict><key>A</key>\n</plist>\n",
        ])
        #expect(r.code == 2)
        #expect(r.stderr.contains("broken-Info.plist:4:1: error: the Info.plist's XML does not parse"), "\(r.stderr)")
        #expect(
            r.stderr.contains(
                "s.yaml:2:18: error: Info.plist 'broken-Info.plist' has errors, listed under its own name"),
            "\(r.stderr)")
    }

    /// A folder named as the Info.plist is said to be one ("not a property list" before).
    @Test func aFolderAsTheInfoPlistIsSaidToBeOne() throws {
        let r = try Self.record([
            "s.yaml": "name: p\napp: {infoPlist: \".\"}\nlaunchUI: {class: A, restorationIdentifier: a}\n"
        ])
        #expect(r.code == 2)
        #expect(r.stderr.contains("s.yaml:2:18: error: Info.plist '.': is a directory"), "\(r.stderr)")
    }

    /// `classes:` written twice: the duplicate is the error. The class under the second one
    /// was also said to be "not listed under 'classes:'", first, where it is listed.
    @Test func aDuplicatedClassesKeyIsTheOneError() throws {
        let r = try Self.record([
            "s.yaml":
                "name: p\nclasses: {A: {answer: new}}\nlaunchUI: {class: X, restorationIdentifier: a, restorationClass: B}\nclasses: {B: {answer: new}}\n"
        ])
        #expect(r.code == 2)
        #expect(r.stderr.hasPrefix("s.yaml:4:1: error: duplicate key 'classes' (first at line 2)"), "\(r.stderr)")
        #expect(!r.stderr.contains("not listed"), "\(r.stderr)")
    }

    /// A storyboard whose initial view controller is a reference to itself reaches no scene:
    /// `lint` said "no findings", `record` an unrelated fix.
    @Test func aCycleOfStoryboardReferencesIsAnError() throws {
        let dir = try CLI.temporaryDirectory()
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="Ref-Cy-001">
                <scenes>
                    <scene sceneID="Scn-Cy-001">
                        <objects>
                            <viewControllerPlaceholder storyboardName="C" id="Ref-Cy-001" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
            </document>

            """
        try storyboard.write(to: dir.appendingPathComponent("C.storyboard"), atomically: true, encoding: .utf8)
        let lint = try CLI.run(["lint", "C.storyboard", "--fail-on", "error"], in: dir)
        #expect(lint.code == 1)
        #expect(
            lint.stdout.contains(
                "C.storyboard:6:17: error: the storyboard reference 'Ref-Cy-001' leads back to itself through storyboard references"
            ), "\(lint.stdout)")
        try "name: c\nstoryboards: {C: C.storyboard}\napp: {mainStoryboard: C}\n".write(
            to: dir.appendingPathComponent("c.yaml"), atomically: true, encoding: .utf8)
        let record = try CLI.run(["record", "c.yaml", "-o", "c.jsonl"], in: dir)
        #expect(record.code == 2)
        #expect(record.stderr.contains("point one reference of the cycle at a scene"), "\(record.stderr)")
        #expect(!record.stderr.contains("Is Initial View Controller"), "\(record.stderr)")
    }
}
