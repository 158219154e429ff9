import RestoreEngine

/// Builds scenarios of a given number of view controllers, in the shapes real apps have (for the
/// benchmark, and for anyone who wants to see how their tooling copes with a big app):
/// a tab bar of navigation controllers whose stacks hold custom containers of leaf screens,
/// each leaf with a table (half with model association), a text field and coder state; one leaf
/// in 50 has no restoration identifier and one in 40 presents a modal.
public struct ScenarioGenerator {
    let controllers: Int
    private var made = 0
    private var leafCount = 0

    init(controllers: Int) { self.controllers = max(controllers, 16) }

    public static func generate(controllers: Int) -> Scenario {
        var g = ScenarioGenerator(controllers: controllers)
        return g.make()
    }

    mutating func make() -> Scenario {
        var s = Scenario(name: "generated-\(controllers)")
        s.description = "Generated for the benchmark: \(controllers) view controllers."
        s.classes = [
            "LeafController": RestorationClassSpec(answer: .new),
            "ContainerController": RestorationClassSpec(answer: .new),
            "ModalController": RestorationClassSpec(answer: .new),
        ]
        made = 1
        let tabs = 5
        let perTab = (controllers - 1 - tabs) / tabs
        var root = NodeBlueprint(className: "UITabBarController", restorationIdentifier: "Tabs")
        var launchRoot = root
        for t in 0..<tabs {
            made += 1
            var nav = NodeBlueprint(className: "UINavigationController", restorationIdentifier: "nav\(t)")
            launchRoot.children.append(nav)
            let stack = 3
            for i in 0..<stack {
                let budget = perTab / stack + (i < perTab % stack ? 1 : 0)
                nav.children.append(subtree(id: "c\(i)", budget: budget))
            }
            root.children.append(nav)
        }
        root.selectedIndex = 0
        launchRoot.selectedIndex = 0
        s.ui = root
        s.launchUI = launchRoot
        return s
    }

    /// A subtree holding exactly `budget` controllers.
    private mutating func subtree(id: String, budget: Int) -> NodeBlueprint {
        made += 1
        guard budget > 1 else { return leaf(id: id) }
        var container = NodeBlueprint(className: "ContainerController", restorationIdentifier: id)
        container.isCustomContainer = true
        container.encodesChildren = true
        container.restorationClass = "ContainerController"
        container.state = [CoderEntry(key: "segment", value: .int(budget % 3))]
        let fanOut = min(8, budget - 1)
        let rest = budget - 1
        for i in 0..<fanOut {
            let share = rest / fanOut + (i < rest % fanOut ? 1 : 0)
            container.children.append(subtree(id: "\(id)_\(i)", budget: share))
        }
        return container
    }

    private mutating func leaf(id: String) -> NodeBlueprint {
        leafCount += 1
        var b = NodeBlueprint(className: "LeafController", restorationIdentifier: leafCount % 50 == 0 ? nil : id)
        b.restorationClass = "LeafController"
        b.state = [
            CoderEntry(key: "title", value: .string("Screen \(leafCount)")),
            CoderEntry(key: "scrollPosition", value: .double(Double(leafCount % 97) * 1.5)),
            CoderEntry(key: "filters", value: .array([.string("recent"), .int(leafCount % 7)])),
        ]
        var table = NodeBlueprint(role: .view, className: "UITableView", restorationIdentifier: "table")
        table.viewState.rows = (0..<12).map { "item\($0)" }
        table.viewState.selected = ["item\(leafCount % 12)"]
        table.viewState.firstVisible = "item0"
        table.viewState.contentOffset = [0, Double(leafCount % 300)]
        table.viewState.modelAssociation = leafCount % 2 == 0
        var field = NodeBlueprint(role: .view, className: "UITextField", restorationIdentifier: "search")
        field.viewState.selectedRange = [0, leafCount % 5]
        b.views = [table, field]
        if leafCount % 40 == 0 {
            var modal = NodeBlueprint(className: "ModalController", restorationIdentifier: "modal")
            modal.restorationClass = "ModalController"
            modal.state = [CoderEntry(key: "draft", value: .string("unsent"))]
            b.presented = modal
        }
        return b
    }
}

extension ScenarioGenerator {
    /// The benchmark's square app: a tab bar of `size` navigation stacks, each `size` controllers
    /// deep, every controller with coder state and a scroll view. The launch UI is the same tree, so
    /// every node is restored as `existing` and each is encoded once and decoded once: two events
    /// per node, which makes events/s and nodes/s easy to read off the benchmark's table.
    public static func grid(_ size: Int) -> Scenario {
        let size = max(1, size)
        var tabs = NodeBlueprint(className: "UITabBarController", restorationIdentifier: "Tabs")
        for t in 0..<size {
            var nav = NodeBlueprint(className: "UINavigationController", restorationIdentifier: "nav\(t)")
            for i in 0..<size {
                var screen = NodeBlueprint(className: "ScreenController", restorationIdentifier: "s\(i)")
                screen.state = [CoderEntry(key: "row", value: .int(i))]
                var scroll = NodeBlueprint(role: .view, className: "UIScrollView", restorationIdentifier: "scroll")
                scroll.viewState.contentOffset = [0, Double(i % 100)]
                screen.views = [scroll]
                nav.children.append(screen)
            }
            tabs.children.append(nav)
        }
        tabs.selectedIndex = 0
        var s = Scenario(name: "grid-\(size)x\(size)")
        s.description =
            "Generated for the benchmark: \(size) tab stacks × \(size) controllers, each with a scroll view."
        s.ui = tabs
        s.launchUI = tabs
        return s
    }

    /// The same app relaunched with an empty tab bar and no way to make the stacks again (no
    /// restoration class, no app delegate answer): every node is preserved and none restored,
    /// each with a finding. The benchmark's case of an app whose restoration is broken, where
    /// findings, not events, are the bulk of the work.
    public static func gridNothingRestored(_ size: Int) -> Scenario {
        var s = grid(size)
        s.name = "grid-\(max(1, size))x\(max(1, size))-nothing-restored"
        s.launchUI = NodeBlueprint(className: "UITabBarController", restorationIdentifier: "Tabs")
        return s
    }

    /// One navigation stack of `size`² controllers that all share one restoration identifier, each
    /// made again by its restoration class: the "ambiguous paths" bug, at scale. Every sibling is
    /// found by its archive key (`:[i]:`), which was a search of all of them per entry: 20,000
    /// took 6.7 s to record. The benchmark's case of siblings sharing an identifier.
    public static func gridSharedIdentifier(_ size: Int) -> Scenario {
        let count = max(1, size) * max(1, size)
        var nav = NodeBlueprint(className: "UINavigationController", restorationIdentifier: "stack")
        nav.restorationClass = "StackController"
        for i in 0..<count {
            var screen = NodeBlueprint(className: "ScreenController", restorationIdentifier: "screen")
            screen.restorationClass = "ScreenController"
            screen.state = [CoderEntry(key: "row", value: .int(i))]
            nav.children.append(screen)
        }
        var s = Scenario(name: "stack-\(count)-shared-identifier")
        s.description =
            "Generated for the benchmark: one navigation stack of \(count) controllers sharing the identifier `screen`, each made again by its restoration class."
        s.ui = nav
        s.classes = ["StackController": RestorationClassSpec(), "ScreenController": RestorationClassSpec()]
        return s
    }
}
