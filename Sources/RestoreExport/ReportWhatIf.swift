import RestoreEngine
import RestoreReplay

/// A what-if run's answer for the page: the edits, the faithful run's outcome, and the nodes
/// whose fate changed. The page leads with it, so a reader sees what the edit did before
/// scrolling through a report that looks like any other.
public struct ReportWhatIf: Sendable {
    /// The edits as the command line gave them (`--set …`, `--drop-id …`).
    public var edits: [String]
    /// The faithful replay's outcome, the "before" of every change.
    public var before: Outcome
    /// The node-by-node difference, faithful → what-if.
    public var diff: OutcomeDiff

    public init(edits: [String], before: Outcome, after: Outcome) {
        self.edits = edits
        self.before = before
        self.diff = OutcomeDiff(before: before, after: after)
    }

    /// The change to a node shown on `side`, if its fate moved.
    func change(for n: NodeOutcome, side: Anchor.Side) -> NodeChange? {
        let phase: Phase = side == .preservation ? .preservation : .restoration
        return diff.changes.first { $0.phase == phase && ($0.after?.locator ?? $0.locator) == n.locator }
    }
}

extension ReportSections {
    /// The what-if's answer, first on the page: restored before → after, then each gained and
    /// lost node with its fate before → after, linked to its highlighted row.
    func whatIfAnswer(_ w: ReportWhatIf) -> String {
        let (beforeDone, beforeTotal) = w.before.restoration?.count ?? (0, 0)
        let (afterDone, afterTotal) = outcome.restoration?.count ?? (0, 0)
        let gained = w.diff.gained
        let lost = w.diff.lost
        let others = w.diff.changes.filter { $0.direction != .gained && $0.direction != .lost }
        var headline = "What if \(w.edits.joined(separator: ", ")): "
        headline +=
            w.diff.isEmpty
            ? "nothing changes."
            : "restored \(beforeDone) of \(beforeTotal) → \(afterDone) of \(afterTotal); \(gained.count) gained, \(lost.count) lost."
        let tone = lost.isEmpty ? (gained.isEmpty ? "neutral" : "good") : "bad"
        var out =
            "<div class=\"banner \(tone)\" role=\"status\" id=\"whatif\"><p class=\"headline\" id=\"whatif-text\">"
        out += h(headline) + "</p></div>"
        for (title, list) in [("Gained", gained), ("Lost", lost), ("Changed", others)] where !list.isEmpty {
            out += "<div class=\"card whatif-delta\" data-direction=\"\(title.lowercased())\"><h3>\(title)</h3><ul>"
            for c in list {
                let side: Anchor.Side = c.phase == .preservation ? .preservation : .restoration
                let locator = c.after?.locator ?? c.locator
                let known = side == .preservation ? preservedLocators : restoredLocators
                let name =
                    known.contains(locator)
                    ? "<a href=\"#\(Anchor.node(side, locator))\"><code>\(h(locator))</code></a>"
                    : "<code>\(h(locator))</code>"
                let before = c.before.map(NodeChange.describe) ?? "absent"
                let after = c.after.map(NodeChange.describe) ?? "not in the archive"
                out +=
                    "<li>\(name) <span class=\"muted\">\(c.phase.rawValue)</span>: \(h(before)) → <strong>\(h(after))</strong></li>"
            }
            out += "</ul></div>"
        }
        return out
    }
}
