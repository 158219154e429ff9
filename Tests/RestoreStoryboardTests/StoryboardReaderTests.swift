import Foundation
import RestoreStoryboard
import RestoreTestSupport
import Testing

@Suite struct StoryboardReaderTests {
    @Test func readsTodaysDocumentWithInitialControllerScenesAndSegues() throws {
        let doc = try Fixture.read("Tabs.storyboard")
        #expect(doc.name == "Tabs")
        #expect(doc.documentVersion == "3.0")
        #expect(doc.toolsVersion == "22505")
        #expect(doc.initialViewController == "Tb1-aa-Tab")
        #expect(
            doc.scenes.map(\.controller.id) == [
                "Tb1-aa-Tab", "Hm1-aa-Tvc", "Dt1-aa-Vc1", "St1-aa-Vc1", "Nv1-aa-Hom", "Nv2-aa-Set", "Nv3-aa-Cmp",
                "Cp1-aa-Vc1",
            ])
        #expect(doc.scene(ofController: "Hm1-aa-Tvc")?.sceneID == "Sc2-tb-002")
        #expect(
            doc.segues.map(\.kind) == [
                "relationship", "relationship", "show", "presentation", "relationship", "relationship", "relationship",
            ])
        #expect(doc.runTimeSegues.map(\.destination) == ["Dt1-aa-Vc1", "Nv3-aa-Cmp"])
        #expect(doc.runTimeSegues.allSatisfy { $0.source == "Hm1-aa-Tvc" })
    }

    /// `customClass=""` is no custom class (UIKit finds none by that name): it was a class named
    /// "", drawn `Tabs ()`, and a scenario was told the scene did not exist (r17 fuzz).
    @Test func anEmptyCustomClassIsNone() throws {
        let text = StoryboardText.document(
            initial: "t",
            [
                StoryboardText.scene(
                    "t",
                    [
                        #"<tabBarController restorationIdentifier="Tabs" id="t" customClass="" sceneMemberID="viewController">"#,
                        #"    <textView restorationIdentifier="Notes" id="tv" customClass=""/>"#,
                        #"</tabBarController>"#,
                    ])
            ])
        let doc = try StoryboardReader.parse(Data(text.utf8), file: "Main.storyboard")
        let tabs = try #require(doc.controller("t"))
        #expect(tabs.customClass == nil)
        #expect(tabs.className == "UITabBarController")
        #expect(tabs.views.first?.className == "UITextView")
    }

    /// Columns on one long line are counted on from the last element's (a storyboard written on
    /// one line was quadratic: 31 s for 2,000 tabs in a debug build), and still count characters.
    @Test func columnsOnOneLineCountCharactersFromTheLineStart() throws {
        let scenes = (0..<3).map {
            #"<scene sceneID="s\#($0)"><objects><viewController restorationIdentifier="é\#($0)" id="v\#($0)" sceneMemberID="viewController"/></objects></scene>"#
        }
        let line =
            #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="v0"><scenes>"#
            + scenes.joined() + "</scenes></document>"
        let text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + line + "\n"
        let doc = try StoryboardReader.parse(Data(text.utf8), file: "One.storyboard")
        for i in 0..<3 {
            let expected = line.components(separatedBy: #"<viewController restorationIdentifier="é\#(i)""#)[0].count + 1
            #expect(doc.controller("v\(i)")?.location.lineColumn == "2:\(expected)")
        }
    }

    @Test func readsXcode46DocumentVersion2WithPushSeguesAndClassesSection() throws {
        let doc = try Fixture.read("MasterDetail-Xcode46.storyboard")
        #expect(doc.documentVersion == "2.0")
        #expect(doc.initialViewController == "5")
        #expect(doc.controller("5")?.uikitClass == "UISplitViewController")
        #expect(doc.segues.first { $0.kind == "push" }?.destination == "Ifo-12-abc")
        // `<relationship kind="outlet">` in <classes> is not a segue.
        #expect(doc.segues.count == 5)
    }

    /// Found linting Apple's sample storyboards: peek-and-pop options nested in a segue are not
    /// segues, and MapKit's Look Around scene is a view controller.
    @Test func peekAndPopOptionsAndLookAroundScenesAreRead() throws {
        let doc = try Fixture.read("PeekAndLookAround.storyboard")
        #expect(doc.segues.map(\.id) == ["Rel-pl-001", "Shw-pl-002", "Emb-pl-003"])
        #expect(doc.runTimeSegues.map(\.destination) == ["Vc0-pl-003"])
        #expect(doc.controller("Lka-pl-004")?.uikitClass == "MKLookAroundViewController")
        #expect(doc.segues.last?.containerView == "Cnt-pl-003")
    }

    @Test func classIsCustomClassElseTheElementsUIKitClass() throws {
        let doc = try Fixture.read("Tabs.storyboard")
        let home = try #require(doc.controller("Hm1-aa-Tvc"))
        #expect(home.className == "HomeViewController")
        #expect(home.uikitClass == "UITableViewController")
        #expect(doc.controller("Nv2-aa-Set")?.className == "UINavigationController")
        #expect(doc.controller("Tb1-aa-Tab")?.className == "UITabBarController")
        let columns = try Fixture.read("Columns.storyboard")
        #expect(columns.controller("Box-Co-001")?.uikitClass == "UICollectionViewController")
    }

    @Test func restorationIdentifierRules() throws {
        let doc = try Fixture.read("Tabs.storyboard")
        // Restoration ID attribute.
        #expect(doc.controller("Tb1-aa-Tab")?.restorationIdentifier == "Tabs")
        // Storyboard ID with "Use Storyboard ID".
        #expect(doc.controller("Hm1-aa-Tvc")?.restorationIdentifier == "Home")
        // A Storyboard ID alone is not a restoration identifier.
        let detail = try #require(doc.controller("Dt1-aa-Vc1"))
        #expect(detail.storyboardIdentifier == "Detail")
        #expect(detail.restorationIdentifier == nil)
        #expect(doc.controller("Nv2-aa-Set")?.restorationIdentifier == nil)
    }

    @Test func emptyIdentifiersAreNone() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
                <scenes>
                    <scene sceneID="s-1">
                        <objects>
                            <viewController restorationIdentifier="" storyboardIdentifier="" useStoryboardIdentifierAsRestorationIdentifier="YES" id="a-1" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        let doc = try StoryboardReader.parse(Data(text.utf8), file: "Empty.storyboard")
        #expect(doc.controller("a-1")?.usesStoryboardIdentifier == true)
        #expect(doc.controller("a-1")?.restorationIdentifier == nil)
    }

    /// Xcode writes `restorationIdentifier=""` once the field has been cleared (TheElements'
    /// `AtomicElementTableViewCell`): the view has no identifier, so it is no view lint lists or
    /// `record` walks, as for a controller.
    @Test func emptyViewIdentifiersAreNone() throws {
        let text = StoryboardText.document(
            initial: "a-1",
            [
                StoryboardText.scene(
                    "a-1",
                    [
                        #"<tableViewController restorationIdentifier="Home" id="a-1" sceneMemberID="viewController">"#,
                        #"    <tableView key="view" restorationIdentifier="" id="t-1">"#,
                        #"        <tableViewCell restorationIdentifier="" reuseIdentifier="Cell" id="c-1">"#,
                        #"            <textField restorationIdentifier="Name" id="f-1"/>"#,
                        #"        </tableViewCell>"#,
                        #"    </tableView>"#,
                        #"</tableViewController>"#,
                    ])
            ])
        let doc = try StoryboardReader.parse(Data(text.utf8), file: "Empty.storyboard")
        #expect(doc.controller("a-1")?.views.map(\.id) == ["f-1"])
        let report = try StoryboardLinter.lint([doc])
        #expect(report.files[0].views.map(\.id) == ["f-1"])
        #expect(!report.text.contains("''"))
    }

    @Test func viewsWithRestorationIdentifiersBelongToTheirScenesController() throws {
        let doc = try Fixture.read("Container.storyboard")
        let views = try #require(doc.controller("Dsh-Ct-001")).views
        #expect(views.map(\.restorationIdentifier) == ["Feed", "Chart", "Search", "Search"])
        #expect(views.map(\.className) == ["UIScrollView", "ChartView", "UITextField", "UITextField"])
        #expect(views[1].uikitClass == "UIView")
        #expect(views[0].location.lineColumn == "18:29")
        let tabs = try Fixture.read("Tabs.storyboard")
        #expect(tabs.controller("Hm1-aa-Tvc")?.views.map(\.element) == ["tableView"])
        #expect(tabs.controller("St1-aa-Vc1")?.views.map(\.className) == ["UISwitch"])
        #expect(tabs.controller("Dt1-aa-Vc1")?.views.map(\.className) == ["UITextView"])
        #expect(
            try Fixture.read("Columns.storyboard").controller("Msg-Co-003")?.views.map(\.className) == ["WKWebView"])
    }

    @Test func storyboardReferencesAreReadWithNameAndReferencedIdentifier() throws {
        let doc = try Fixture.read("Container.storyboard")
        let ref = try #require(doc.controller("Ref-Ct-003")?.reference)
        #expect(ref.storyboardName == "Goals")
        #expect(ref.referencedIdentifier == "GoalList")
        #expect(doc.segues.filter { $0.kind == "embed" }.map(\.containerView) == ["Dsh-Cv-001", "Dsh-Cv-002"])
    }

    @Test func locationsPointAtTheStartTag() throws {
        let doc = try Fixture.read("Tabs.storyboard")
        #expect(doc.controller("Tb1-aa-Tab")?.location.lineColumn == "14:17")
        #expect(doc.segues.first { $0.kind == "show" }?.location.lineColumn == "46:37")
    }

    @Test func storyboardNameIsTheFileNameWithoutExtension() {
        #expect(StoryboardReader.storyboardName(forFile: "App/Base.lproj/Main.storyboard") == "Main")
        #expect(StoryboardReader.storyboardName(forFile: "Settings.storyboard") == "Settings")
    }
}
