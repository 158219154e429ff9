import RestoreEngine

extension Array where Element == NodeOutcome {
    /// The nodes whose status is one of `statuses`, in order. Looked up by index: `filter` and
    /// `contains(where:)` copy every node they look at (a dozen strings retained and released),
    /// and a big app's phase has 80,201 nodes, almost all of them kept.
    func having(_ statuses: Set<NodeStatus>) -> [NodeOutcome] {
        var found: [NodeOutcome] = []
        for i in indices where statuses.contains(self[i].status) { found.append(self[i]) }
        return found
    }

    /// Whether any node's status is one of `statuses` (by index, as `having`).
    func hasAny(_ statuses: Set<NodeStatus>) -> Bool {
        for i in indices where statuses.contains(self[i].status) { return true }
        return false
    }
}
