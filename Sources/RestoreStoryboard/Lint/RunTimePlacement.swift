import RestoreEngine

/// A scene that a segue shows at run time, put where UIKit puts it, and the engine's
/// preservation over it there.
///
/// A scene is preserved only when it has an identifier and what it lands under is preserved
/// (P3): pushed, the navigation controller and its ancestors; presented, its presenter. Judged on
/// its own identifier, a scene pushed under an unmarked navigation controller was ★ while `record`
/// skipped it, and the fix "set a Restoration ID" alone did nothing.
///
/// Where a segue puts its destination, as UIKit documents it (`show(_:sender:)`,
/// `showDetailViewController(_:sender:)`, `targetViewController(forAction:sender:)`, and the View
/// Controller Programming Guide's "Presenting a View Controller"):
/// - `show` (and `push`, its iOS 5–7 form): the first controller from the source up that overrides
///   `show`, a navigation controller (which pushes it) or a split view controller, takes it as a
///   child; with none, it is presented.
/// - `showDetail` (and `replace`, the iOS 5–7 split form): the first split view controller from the
///   source up takes it as its secondary column; with none, it is presented.
/// - `presentation`, `modal`, `popoverPresentation`, `popover` and any other kind: presented. A
///   full-screen presentation is made by a controller covering the screen: UIKit forwards it from
///   the source up to the root of the source's screen (the window's root view controller, or the
///   controller presented last), which becomes its `presentingViewController` and encodes it
///   (P5). Presentation contexts (`definesPresentationContext` with a current-context style) are
///   not modelled.
/// - `custom`: the app's `perform()` decides, so the scene is not placed; it is judged on its own
///   identifier.
///
/// Only the way from the window's root to the scene is built for the engine (each ancestor with
/// the one child or presented controller on that way): a node's verdict depends on its
/// ancestors, not on their other children.
struct RunTimePlacement {
    /// The engine's outcome over the way from the window's root down to the scene and below.
    let run: PreservationRun

    /// The engine's verdict on one node of the scene's subtree.
    func controller(_ key: String) -> LintController? {
        run.controllers.first { $0.key == key }
    }

    /// Every scene that run-time segues show, going out from `tree` (segues from the scenes they
    /// show too), by the key of the scene shown. A scene already in the launch tree, or placed by an
    /// earlier segue, is not placed again.
    static func all(from tree: StoryboardTree?, catalog: StoryboardCatalog) -> [String: RunTimePlacement] {
        guard let tree else { return [:] }
        var reached = Reached()
        reached.add(tree.root, parent: nil, hang: .child)
        var placements: [String: RunTimePlacement] = [:]
        var next = 0
        while next < reached.order.count {
            let sourceKey = reached.order[next]
            next += 1
            let source = reached.nodes[sourceKey]!.node
            guard let doc = catalog[source.storyboard] else { continue }
            for segue in doc.segues(from: source.controller.id) where runTimeKinds(segue.kind) {
                guard let destination = doc.controller(segue.destination) else { continue }
                let shown = catalog.resolved(destination, in: doc)
                guard reached.nodes[LintKey.of(shown.document.name, shown.controller.id)] == nil,
                    let (hostKey, hang) = reached.host(for: segue.kind, from: sourceKey),
                    reached.nodes[hostKey]!.depth < maximumDepth,
                    let arriving = StoryboardTreeBuilder(catalog: catalog).tree(
                        rootedAt: segue.destination, in: doc)
                else { continue }
                reached.add(arriving.root, parent: hostKey, hang: hang)
                placements[arriving.root.key] = RunTimePlacement(
                    run: PreservationRun(reached.way(to: arriving.root, under: hostKey, hang: hang)))
            }
        }
        return placements
    }

    /// How deep below the window's root a scene is still placed. Presented from a presented
    /// scene, each one is a level deeper; no app nests presentations this far, and a file that
    /// does (generated, or damaged) is not walked ever deeper: what lies below is judged on its
    /// own identifier.
    static let maximumDepth = 256

    /// Segues that show a scene at run time: not relationships, embeds or unwinds.
    static func runTimeKinds(_ kind: String) -> Bool {
        !["relationship", "embed", "unwind"].contains(kind)
    }
}

/// How a node hangs from the one above it on the way from the window's root.
enum Hang { case child, presented }

/// The controllers the app can have: the launch tree, then each scene a segue shows, under what
/// it lands in.
private struct Reached {
    private(set) var nodes: [String: (node: StoryboardTreeNode, parent: String?, hang: Hang, depth: Int)] = [:]
    /// Keys in the order reached: the launch tree, then the scenes segues show, nearest first.
    private(set) var order: [String] = []

    /// `node` and the children it instantiates, unless already reached (a cycle, a scene met twice).
    mutating func add(_ node: StoryboardTreeNode, parent: String?, hang: Hang) {
        guard nodes[node.key] == nil else { return }
        let depth = parent.flatMap { nodes[$0]?.depth }.map { $0 + 1 } ?? 0
        nodes[node.key] = (node, parent, hang, depth)
        order.append(node.key)
        for child in node.children { add(child, parent: node.key, hang: .child) }
    }

    /// What a segue of `kind` from `sourceKey` puts its destination in, and how; nil for a custom
    /// segue (see `RunTimePlacement`).
    func host(for kind: String, from sourceKey: String) -> (String, Hang)? {
        switch kind {
        case "custom":
            return nil
        case "show", "push":
            let showing = ["UINavigationController", "UISplitViewController"]
            return onScreen(from: sourceKey) { showing.contains($0.controller.uikitClass) }.map { ($0, .child) }
                ?? (screenRoot(from: sourceKey), .presented)
        case "showDetail", "replace":
            return onScreen(from: sourceKey) { $0.controller.uikitClass == "UISplitViewController" }.map {
                ($0, .child)
            } ?? (screenRoot(from: sourceKey), .presented)
        default:
            return (screenRoot(from: sourceKey), .presented)
        }
    }

    /// The first of `key` and its ancestors on the same screen (below the controller presented
    /// last) that matches.
    private func onScreen(from key: String, where matches: (StoryboardTreeNode) -> Bool) -> String? {
        var k = key
        while let entry = nodes[k] {
            if matches(entry.node) { return k }
            guard entry.hang == .child, let parent = entry.parent else { return nil }
            k = parent
        }
        return nil
    }

    /// The controller covering the screen `key` is on: the window's root, or the one presented last.
    private func screenRoot(from key: String) -> String {
        var k = key
        while let entry = nodes[k], entry.hang == .child, let parent = entry.parent { k = parent }
        return k
    }

    /// The window's root down to `scene` hung under `hostKey`: each ancestor with only the child
    /// or presented controller on the way.
    func way(to scene: StoryboardTreeNode, under hostKey: String, hang: Hang) -> StoryboardTreeNode {
        var below = scene
        var link = hang
        var k: String? = hostKey
        while let key = k, let entry = nodes[key] {
            var above = entry.node
            above.children = link == .child ? [below] : []
            above.presented = link == .presented ? [below] : []
            below = above
            link = entry.hang
            k = entry.parent
        }
        return below
    }
}
