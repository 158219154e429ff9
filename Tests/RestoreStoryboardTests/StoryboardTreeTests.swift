import RestoreEngine
import RestoreStoryboard
import Testing

@Suite struct StoryboardTreeTests {
    static func catalog(_ names: String...) throws -> StoryboardCatalog {
        StoryboardCatalog(try names.map(Fixture.read))
    }

    @Test func tabsInTabOrderAndNavigationRootFirst() throws {
        let tree = try #require(try Self.catalog("Tabs.storyboard").initialTree(of: "Tabs"))
        #expect(
            tree.root.preorder.map(\.controller.id) == [
                "Tb1-aa-Tab", "Nv1-aa-Hom", "Hm1-aa-Tvc", "Nv2-aa-Set", "St1-aa-Vc1",
            ])
        #expect(tree.root.children.map(\.relationship) == ["viewControllers", "viewControllers"])
        // Scenes reached only by segues are not built at launch.
        #expect(!tree.root.preorder.contains { $0.controller.id == "Dt1-aa-Vc1" })
    }

    @Test func classicSplitIsMasterThenDetail() throws {
        let tree = try #require(
            try Self.catalog("MasterDetail-Xcode46.storyboard").initialTree(of: "MasterDetail-Xcode46"))
        #expect(tree.root.children.map(\.controller.id) == ["3", "42"])
        #expect(tree.root.children.map(\.relationship) == ["masterViewController", "detailViewController"])
    }

    @Test func columnSplitIsPrimarySupplementarySecondaryThenCompact() throws {
        let tree = try #require(try Self.catalog("Columns.storyboard").initialTree(of: "Columns"))
        // The file lists detail, compact, master, supplementary.
        #expect(
            tree.root.children.map(\.controller.restorationIdentifier) == ["Mailboxes", "Messages", "Message", nil])
    }

    /// The form Xcode 12–13 writes for a column-style split (checked on Apple's sample code):
    /// `allowDoubleColumnStyle="YES"`, the classic relationship names, file order master, detail,
    /// supplementary.
    @Test func columnSplitAsXcodeWritesIt() throws {
        let tree = try #require(try Self.catalog("ColumnsXcode13.storyboard").initialTree(of: "ColumnsXcode13"))
        #expect(tree.root.controller.restorationIdentifier == "RecipeSplit")
        #expect(tree.root.children.map(\.controller.id) == ["Sid-x13-002", "Lst-x13-003", "Det-x13-004"])
        #expect(tree.root.children.map(\.controller.restorationIdentifier) == ["Sidebar", "RecipeList", nil])
        #expect(tree.root.children[1].controller.views.map(\.restorationIdentifier) == ["RecipeCollection"])
    }

    @Test func embedSeguesMakeACustomContainerAndReferencesAreFollowed() throws {
        let tree = try #require(
            try Self.catalog("Container.storyboard", "Goals.storyboard").initialTree(of: "Container"))
        #expect(tree.root.isCustomContainer)
        #expect(tree.root.children.map(\.controller.id) == ["Sum-Ct-002", "Gls-Gl-001"])
        #expect(tree.root.children.allSatisfy { $0.embedded })
        let goal = tree.root.children[1]
        #expect(goal.storyboard == "Goals")
        #expect(goal.referencedBy == "Ref-Ct-003")
        #expect(tree.unresolved.isEmpty)
    }

    @Test func aReferenceIntoAFileNotGivenIsUnresolved() throws {
        let tree = try #require(try Self.catalog("Container.storyboard").initialTree(of: "Container"))
        #expect(tree.root.children.map(\.controller.id) == ["Sum-Ct-002"])
        #expect(tree.unresolved.map(\.storyboardName) == ["Goals"])
        #expect(tree.unresolved.first?.message.contains("Goals.storyboard, which was not given") == true)
    }

    @Test func blueprintCarriesClassInheritsIdentifiersViewsAndOrigin() throws {
        let tree = try #require(try Self.catalog("Tabs.storyboard").initialTree(of: "Tabs"))
        let b = tree.root.blueprint(originFile: { _ in "Tabs.storyboard" })
        #expect(b.className == "UITabBarController")
        #expect(b.inherits == nil)
        #expect(b.restorationIdentifier == "Tabs")
        #expect(b.storyboard == StoryboardReference(name: "Tabs", identifier: "Tabs"))
        #expect(b.origin == StoryboardOrigin(file: "Tabs.storyboard", sceneID: "Sc1-tb-001", objectID: "Tb1-aa-Tab"))
        let home = b.children[0].children[0]
        #expect(home.className == "HomeViewController")
        #expect(home.inherits == "UITableViewController")
        #expect(home.restorationIdentifier == "Home")
        #expect(home.views.map(\.className) == ["UITableView"])
        #expect(home.views.first?.restorationIdentifier == "HomeTable")
        #expect(home.views.first?.origin?.objectID == "Hm1-bb-Tbl")
        // No restoration or Storyboard ID: nothing to instantiate it by.
        #expect(b.children[1].storyboard == nil)
        #expect(b.children[1].restorationIdentifier == nil)
    }

    @Test func instantiatingByStoryboardIdentifier() throws {
        let catalog = try Self.catalog("Tabs.storyboard")
        let compose = try #require(catalog.tree(of: "Tabs", storyboardIdentifier: "Detail"))
        #expect(compose.root.controller.className == "DetailViewController")
        #expect(catalog.tree(of: "Tabs", storyboardIdentifier: "Missing") == nil)
    }
}
