import RestoreEngine

/// The storyboard scene each drawn node came from, as the trace's hierarchy records it
/// (`"origin": {"file", "scene", "id"}`), so the report can say where to look in Xcode.
///
/// Outcome nodes do not carry their origin; the hierarchy that went to the background does. A
/// preserved node is matched to it by structural position (`0.1.v0`), which holds even for nodes
/// without an identifier. A restored node is the one preserved under the same locator: UIKit
/// restores it from the archived identifier, so it is that scene again.
struct NodeOrigins {
    /// Where one node came from.
    struct Scene: Hashable {
        var origin: StoryboardOrigin
        /// The identifier UIKit looks the node up by in its storyboard when nothing else supplies
        /// it (R3 step 4), when the trace names one: its restoration identifier for a scene the
        /// storyboard builds, which need not be a Storyboard ID the file has, so it is not called
        /// one (r19 end-to-end walk), nor said to instantiate (r20 review: it may not).
        var storyboardIdentifier: String?

        /// One line for tooltips: `Library.storyboard, scene Lib-Sc-003, looked up as Book, object Lib-Vc-003`.
        var summary: String {
            var parts = [origin.file, "scene \(origin.sceneID)"]
            if let id = storyboardIdentifier { parts.append("looked up as \(id)") }
            parts.append("object \(origin.objectID)")
            return parts.joined(separator: ", ")
        }
    }

    private var byPosition: [String: Scene] = [:]
    private var byPreservedLocator: [String: Scene] = [:]

    /// Empty (every lookup nil) when the trace's hierarchy has no origins: reports of traces
    /// without storyboards stay as they were.
    init(outcome: Outcome, events: [EngineEvent]) {
        guard let root = events.last(where: { $0.event == .background && $0.hierarchy != nil })?.hierarchy else {
            return
        }
        // Most traces have no origins: looked for first, without naming every node's position.
        guard Self.hasOrigin(root) else { return }
        // Iterative: deep hierarchies must not overflow the stack.
        var stack: [(NodeBlueprint, String)] = [(root, "0")]
        while let (node, position) = stack.popLast() {
            if let origin = node.origin {
                byPosition[position] = Scene(origin: origin, storyboardIdentifier: node.storyboard?.identifier)
            }
            for (i, child) in node.children.enumerated() { stack.append((child, position + "." + String(i))) }
            if let presented = node.presented { stack.append((presented, position + ".p")) }
            for (j, view) in node.views.enumerated() { stack.append((view, position + ".v" + String(j))) }
        }
        guard !byPosition.isEmpty else { return }
        for n in outcome.preservation?.nodes ?? [] {
            if let p = n.position, let scene = byPosition[p], byPreservedLocator[n.locator] == nil {
                byPreservedLocator[n.locator] = scene
            }
        }
    }

    /// Whether any node of the hierarchy names its storyboard origin. The walk keeps the
    /// children's arrays and an index, not a copy of each node (80,201 at 200x200).
    private static func hasOrigin(_ root: NodeBlueprint) -> Bool {
        var stack: [(nodes: [NodeBlueprint], next: Int)] = [([root], 0)]
        while let top = stack.indices.last {
            let i = stack[top].next
            guard i < stack[top].nodes.count else {
                stack.removeLast()
                continue
            }
            stack[top].next = i + 1
            let nodes = stack[top].nodes
            if nodes[i].origin != nil { return true }
            if !nodes[i].children.isEmpty { stack.append((nodes[i].children, 0)) }
            if let presented = nodes[i].presented { stack.append(([presented], 0)) }
            if !nodes[i].views.isEmpty { stack.append((nodes[i].views, 0)) }
        }
        return false
    }

    /// The scene a node came from, or nil when the trace does not say.
    func scene(of n: NodeOutcome, side: Anchor.Side) -> Scene? {
        guard !byPosition.isEmpty else { return nil }
        if side == .preservation, let p = n.position { return byPosition[p] }
        return byPreservedLocator[n.locator]
    }
}
