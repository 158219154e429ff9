import RestoreEngine

/// One side of the drawing: a phase's nodes as a tree, with what to show when it is too big.
struct HierarchyTree {
    let side: Anchor.Side
    let nodes: [NodeOutcome]
    /// Child indices per node, in the phase's order.
    private(set) var children: [[Int]]
    private(set) var roots: [Int] = []
    /// Nodes reached through a modal presentation rather than containment.
    private(set) var presented: Set<Int> = []
    /// Node count of each subtree, itself included.
    private(set) var size: [Int]
    /// The subtree holds a skipped or lost node.
    private(set) var troubled: [Bool]
    /// Skipped or lost nodes in each subtree.
    private(set) var lostCount: [Int]

    init(side: Anchor.Side, nodes: [NodeOutcome], presentedLocators: Set<String>) {
        self.side = side
        self.nodes = nodes
        children = Array(repeating: [], count: nodes.count)
        size = Array(repeating: 1, count: nodes.count)
        // By index and field, not `for n in nodes`: that copies every node (a dozen strings
        // retained and released), 80,201 per side at 200x200.
        troubled = Array(repeating: false, count: nodes.count)
        var index: [String: Int] = [:]
        index.reserveCapacity(nodes.count)
        for i in nodes.indices {
            troubled[i] = nodes[i].status == .skipped || nodes[i].status == .notRestored
            if index[nodes[i].locator] == nil { index[nodes[i].locator] = i }
        }
        lostCount = troubled.map { $0 ? 1 : 0 }
        for i in nodes.indices {
            if let p = nodes[i].parent.flatMap({ index[$0] }), p != i {
                children[p].append(i)
                if nodes[i].kind == .viewController,
                    Self.isPresented(nodes[i], parent: nodes[p], presentedLocators: presentedLocators)
                {
                    presented.insert(i)
                }
            } else {
                roots.append(i)
            }
        }
        // Post-order without recursion: deep hierarchies must not overflow the stack.
        var order: [Int] = []
        var stack = roots
        while let i = stack.popLast() {
            order.append(i)
            stack.append(contentsOf: children[i])
        }
        for i in order.reversed() {
            for c in children[i] {
                size[i] += size[c]
                lostCount[i] += lostCount[c]
                if troubled[c] { troubled[i] = true }
            }
        }
    }

    /// A child of a container has `/:[i]:/` after its parent's key; a presented one only `/`.
    private static func isPresented(_ n: NodeOutcome, parent: NodeOutcome, presentedLocators: Set<String>) -> Bool {
        if presentedLocators.contains(n.locator) { return true }
        guard let key = n.key, let parentKey = parent.key, parent.kind == .viewController else { return false }
        return key.hasPrefix(parentKey + "/") && !key.hasPrefix(parentKey + "/:[")
    }

    func subtreeSize(_ i: Int) -> Int { size[i] }
    /// Skipped or lost nodes in a subtree.
    func subtreeLost(_ i: Int) -> Int { lostCount[i] }

    /// A node has view-controller children: it is drawn as a container.
    func isContainer(_ i: Int) -> Bool {
        children[i].contains { nodes[$0].kind == .viewController && !presented.contains($0) }
    }

    /// What to draw under a node: shown children, and how many nodes are folded into summaries.
    struct Visible {
        var shown: [Int]
        /// Clean (preserved/restored) nodes folded into one grey summary.
        var folded: Int
        /// Nodes lost only because this node was: folded into one red summary that names the cause.
        var foldedLost = 0
    }

    /// Reasons that only repeat an ancestor's loss: drawing each such node adds nothing the
    /// ancestor's marker does not already say.
    static let inheritedReasons: Set<ReasonCode> = [
        .ancestorNotPreserved, .parentNotRestored, .viewOwnerNotPreserved, .objectNotReferenced,
    ]

    /// Small clean groups stay visible: a summary of three nodes would hide more than it saves.
    static let smallestFold = 6

    func visibleChildren(of i: Int, collapsing: Bool) -> Visible {
        guard collapsing else { return Visible(shown: children[i], folded: 0) }
        // Under a lost node, children lost because of it are counted, not drawn one by one;
        // children lost for a reason of their own (or kept) stay visible.
        if troubled[i], nodes[i].status == .skipped || nodes[i].status == .notRestored {
            let inherited = children[i].filter { c in nodes[c].reason.map(Self.inheritedReasons.contains) ?? false }
            let lost = inherited.reduce(0) { $0 + size[$1] }
            if lost >= 2 {
                let rest = children[i].filter { c in !(nodes[c].reason.map(Self.inheritedReasons.contains) ?? false) }
                var v = visibleChildren(ofRest: rest)
                v.foldedLost = lost
                return v
            }
        }
        return visibleChildren(ofRest: children[i])
    }

    private func visibleChildren(ofRest list: [Int]) -> Visible {
        let clean = list.filter { !troubled[$0] }
        let cleanSize = clean.reduce(0) { $0 + size[$1] }
        if cleanSize < Self.smallestFold { return Visible(shown: list, folded: 0) }
        return Visible(shown: list.filter { troubled[$0] }, folded: cleanSize)
    }

    /// Locators of presented view controllers in a hierarchy, computed the way the engine names
    /// nodes, so skipped nodes (which have no archive key) get the dashed edge too.
    static func presentedLocators(in root: NodeBlueprint?) -> Set<String> {
        var result: Set<String> = []
        var stack: [(NodeBlueprint, String?, Bool)] = root.map { [($0, nil, false)] } ?? []
        while let (node, parent, isPresented) = stack.popLast() {
            let id = node.restorationIdentifier.flatMap { $0.isEmpty ? nil : $0 }
            let component = id ?? "<\(node.className)>"
            let locator = parent.map { $0 + "/" + component } ?? component
            if isPresented { result.insert(locator) }
            for child in node.children where child.role == .viewController { stack.append((child, locator, false)) }
            if let p = node.presented { stack.append((p, locator, true)) }
        }
        return result
    }
}
