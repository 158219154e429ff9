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
    /// The changes by phase and shown locator, so a big app's rows find theirs in constant time.
    private var changeIndex: [String: NodeChange] = [:]
    /// The faithful run's events, for its drawing (they tell skipped presented controllers apart).
    public var beforeEvents: [EngineEvent]
    /// Steps of the timeline the change made do nothing (`ReplaySummary.idleUnderChange`).
    public var idleSteps: [IdleStep]
    /// The launch whose restoration the page's rows show.
    private var lastLaunch: Int?
    /// The what-if run's outcome, whose rows the page shows.
    private var after: Outcome

    public init(
        edits: [String], before: Outcome, after: Outcome, beforeEvents: [EngineEvent] = [], idleSteps: [IdleStep] = []
    ) {
        self.edits = edits
        self.before = before
        self.diff = OutcomeDiff(before: before, after: after)
        self.beforeEvents = beforeEvents
        self.idleSteps = idleSteps
        lastLaunch = after.launches.last?.launch
        self.after = after
        for c in diff.changes where hasRow(c) {
            let key = c.phase.rawValue + "\n" + (c.after?.locator ?? c.locator)
            if changeIndex[key] == nil { changeIndex[key] = c }
        }
    }

    /// Whether the page has a row for a change: its rows are the last preservation and the last
    /// launch's restoration, so a change at an earlier launch is listed in the answer, not ringed
    /// or linked on a row it is not about.
    func hasRow(_ c: NodeChange) -> Bool { c.launch == nil || c.launch == lastLaunch }

    /// Row anchors of the changed nodes as one run drew them: a renumbered node has its
    /// faithful locator in the faithful drawing and its what-if locator in the other.
    func changedAnchors(faithful: Bool) -> Set<String> {
        Set(
            changeIndex.values.map { c in
                let side: Anchor.Side = c.phase == .preservation ? .preservation : .restoration
                return Anchor.node(side, (faithful ? c.before?.locator : c.after?.locator) ?? c.locator)
            })
    }

    /// Each row anchor of the faithful run's drawing → the row of the same node on this page,
    /// which shows the what-if run (nil: it has none). A node is the same by its place in the
    /// hierarchy at preservation (`position`) and by its archive key at restoration; its locator
    /// is not enough: with `Tabs/tripsNav` dropped, the faithful drawing's
    /// `Tabs/<UINavigationController>` (Explore's) linked to the dropped nav's row (r19 hunt).
    func faithfulRowAnchors() -> [String: String?] {
        var out: [String: String?] = [:]
        var byPosition: [String: String] = [:]
        var afterLocators: Set<String> = []
        for n in after.preservation?.nodes ?? [] {
            if let p = n.position, byPosition[p] == nil { byPosition[p] = n.locator }
            afterLocators.insert(n.locator)
        }
        for n in before.preservation?.nodes ?? [] {
            // A node without a position (an outcome made without a walk of the hierarchy) is
            // taken to be the what-if's node of the same locator, if there is one.
            let same =
                n.position.map { byPosition[$0] }
                ?? (afterLocators.contains(n.locator) ? n.locator : nil)
            // `updateValue`: assigning nil through the subscript would remove the entry, and
            // the link would be kept as it was.
            out.updateValue(same.map { Anchor.node(.preservation, $0) }, forKey: Anchor.node(.preservation, n.locator))
        }
        var byKey: [String: String] = [:]
        var keyCount: [String: Int] = [:]
        for n in after.restoration?.nodes ?? [] {
            guard let key = n.key else { continue }
            byKey[key] = n.locator
            keyCount[key, default: 0] += 1
        }
        for n in before.restoration?.nodes ?? [] {
            let same = n.key.flatMap { keyCount[$0] == 1 ? byKey[$0] : nil }
            out.updateValue(same.map { Anchor.node(.restoration, $0) }, forKey: Anchor.node(.restoration, n.locator))
        }
        return out
    }

    /// The change to a node shown on `side`, if its fate moved.
    func change(for n: NodeOutcome, side: Anchor.Side) -> NodeChange? {
        let phase: Phase = side == .preservation ? .preservation : .restoration
        return changeIndex[phase.rawValue + "\n" + n.locator]
    }
}

extension ReportSections {
    /// The what-if's answer, first on the page: restored before → after, then each gained and
    /// lost node with its fate before → after, linked to its highlighted row.
    func whatIfAnswer(_ w: ReportWhatIf) -> String {
        if let scenes = outcome.scenes { return sceneWhatIfAnswer(w, scenes) }
        // The cards hold what the headline counts (`OutcomeDiff.gained`, `lost`); every other
        // change, a preservation's among them, is "Changed".
        let counted = Set(w.diff.gained + w.diff.lost)
        let others = w.diff.changes.filter { !counted.contains($0) }
        var headline = "What if \(w.edits.joined(separator: ", ")): "
        if w.diff.isEmpty {
            headline += "nothing changes."
        } else {
            // Per launch when there are several: the last one's count hid a change at an earlier one.
            let counts = w.diff.countLines
            headline += (counts.isEmpty ? "" : counts.joined(separator: "; ") + "; ")
            headline += "\(w.diff.gained.count) gained, \(w.diff.lost.count) lost"
            headline += (w.diff.findingCount.map { "; " + $0 } ?? "") + "."
        }
        let tone = w.diff.lost.isEmpty ? (w.diff.gained.isEmpty ? "neutral" : "good") : "bad"
        var out =
            "<div class=\"banner \(tone)\" role=\"status\" id=\"whatif\"><p class=\"headline\" id=\"whatif-text\">"
        out += h(headline) + "</p></div>"
        for (title, list) in [("Gained", w.diff.gained), ("Lost", w.diff.lost), ("Changed", others)] where !list.isEmpty
        {
            out += "<div class=\"card whatif-delta\" data-direction=\"\(title.lowercased())\"><h3>\(title)</h3><ul>"
            for c in list {
                let side: Anchor.Side = c.phase == .preservation ? .preservation : .restoration
                let locator = c.after?.locator ?? c.locator
                let known = side == .preservation ? preservedLocators : restoredLocators
                let name =
                    known.contains(locator) && w.hasRow(c)
                    ? "<a href=\"#\(Anchor.node(side, locator))\"><code>\(h(locator))</code></a>"
                    : "<code>\(h(locator))</code>"
                let before = c.before.map(NodeChange.describe) ?? "absent"
                let after = c.after.map(NodeChange.describe) ?? "not in the archive"
                // A node the change renamed (`Tabs/tripsNav` dropped: `Tabs/<UINavigationController>`)
                // is named as it was too, as `replay` says it (r19 report hunt).
                var was = ""
                if let b = c.before, let a = c.after, b.locator != a.locator {
                    was = " <span class=\"muted\">(was <code>\(h(b.locator))</code>)</span>"
                }
                out +=
                    "<li>\(name)\(was) <span class=\"muted\">\(h(c.phaseName))</span>: \(h(before)) → <strong>\(h(after))</strong></li>"
            }
            out += "</ul></div>"
        }
        return out + findings(w) + idleSteps(w)
    }

    /// The findings the change added or took away.
    func findings(_ w: ReportWhatIf) -> String {
        guard !w.diff.findingChanges.isEmpty else { return "" }
        var out = "<div class=\"card whatif-delta\" data-direction=\"findings\"><h3>Findings</h3><ul>"
        for f in w.diff.findingChanges { out += "<li>\(h(f.sentence))</li>" }
        return out + "</ul></div>"
    }

    /// The steps the change made do nothing, said where the answer is (see `IdleStep`).
    func idleSteps(_ w: ReportWhatIf) -> String {
        guard !w.idleSteps.isEmpty else { return "" }
        var out = "<div class=\"card whatif-delta\" data-direction=\"idle\"><h3>Steps that did nothing</h3><ul>"
        for step in w.idleSteps { out += "<li>\(h(step.description))</li>" }
        return out + "</ul></div>"
    }
}

extension ReportSections {
    /// A scene-based app's what-if: sessions restored before → after, then each session whose
    /// saved or restored activity moved. (The page said only "Restored 2 of 2 scene sessions".)
    func sceneWhatIfAnswer(_ w: ReportWhatIf, _ scenes: [SceneOutcome]) -> String {
        let before = (w.before.scenes ?? []).filter { $0.restored != nil }.count
        let after = scenes.filter { $0.restored != nil }.count
        let changes = w.diff.sceneChanges
        let (gained, lost) = w.diff.sceneCounts
        var headline = "What if \(w.edits.joined(separator: ", ")): "
        headline +=
            w.diff.isEmpty
            ? "nothing changes."
            : changes.isEmpty
                ? (w.diff.findingCount ?? "the outcome changes") + "."
                : "restored \(before) of \(w.before.scenes?.count ?? 0) → \(after) of \(scenes.count) scene sessions; \(gained) gained, \(lost) lost."
        let tone = lost > 0 ? "bad" : gained > 0 ? "good" : "neutral"
        var out =
            "<div class=\"banner \(tone)\" role=\"status\" id=\"whatif\"><p class=\"headline\" id=\"whatif-text\">"
        out += h(headline) + "</p></div>"
        if !changes.isEmpty {
            out += "<div class=\"card whatif-delta\" data-direction=\"sessions\"><h3>Scene sessions</h3><ul>"
            for c in changes {
                out += "<li><a href=\"#\(Anchor.session(c.session))\"><code>\(h(c.session))</code></a> "
                out += h(c.change) + "</li>"
            }
            out += "</ul></div>"
        }
        return out + findings(w) + idleSteps(w)
    }
}

extension ReportWriter {
    /// The faithful run's drawing next to the what-if run's, changed nodes ringed in both, so a
    /// reader compares the two hierarchies without opening a second report.
    static func sideBySide(_ w: ReportWhatIf, whatIfDrawing: String, options: DotBuilder.Options) throws(ExportError)
        -> String
    {
        var faithfulOptions = options
        faithfulOptions.title = "Faithful replay (before the what-if)"
        faithfulOptions.changed = w.changedAnchors(faithful: true)
        let dot = DotBuilder(outcome: w.before, events: w.beforeEvents, options: faithfulOptions).build()
        // One page holds both drawings: the faithful one's ids are prefixed so they stay unique
        // and the page script's ring (`g` + row anchor) lands on the what-if's node.
        let faithful = relinked(
            inlineable(try SVGRenderer.render(dot: dot)).replacingOccurrences(of: " id=\"", with: " id=\"faithful-"),
            w.faithfulRowAnchors())
        func figure(_ run: String, _ caption: String, _ svg: String) -> String {
            "<figure class=\"whatif-drawing\" data-run=\"\(run)\" style=\"margin:0;min-width:0\">"
                + "<figcaption class=\"muted small\">\(caption)</figcaption>\n\(svg)</figure>"
        }
        return "<div class=\"side-by-side\" style=\"display:grid;grid-template-columns:1fr 1fr;gap:.75rem\">"
            + figure("faithful", "Faithful (recorded) run", faithful) + figure("whatif", "What-if run", whatIfDrawing)
            + "</div>"
    }

    /// The faithful drawing's links to node rows, pointed at the same node's row on the page
    /// (the what-if run's), or taken away where the page has no row for that node.
    static func relinked(_ svg: String, _ anchors: [String: String?]) -> String {
        let marker = "xlink:href=\"#"
        var out = ""
        var rest = Substring(svg)
        while let found = rest.range(of: marker) {
            out += rest[..<found.lowerBound]
            let after = rest[found.upperBound...]
            guard let close = after.firstIndex(of: "\"") else {
                rest = rest[found.lowerBound...]
                break
            }
            let anchor = String(after[..<close])
            if anchor.hasPrefix("node-"), let mapped = anchors[anchor] {
                if let mapped { out += marker + mapped + "\"" }
            } else {
                out += marker + anchor + "\""
            }
            rest = after[after.index(after: close)...]
        }
        return out + rest
    }
}
