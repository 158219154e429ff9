import RestoreEngine
import RestoreReplay

/// The page's static parts, rendered in Swift with every scenario and trace string escaped.
struct ReportSections {
    let input: ReportInput
    /// Locators per side that a diagnostic or a what-if change names, so linking thousands of
    /// diagnostics stays linear.
    let preservedLocators: Set<String>
    let restoredLocators: Set<String>
    /// Restored nodes whose selection was dropped or moved.
    let partials: PartialRestorations
    /// The event that decided each lost or skipped node's fate.
    let deciding: DecidingEvents
    /// The storyboard scene of each node, named in its row (none when the trace has no origins).
    let origins: NodeOrigins
    /// Every event of the timeline, as much as the sections need (`input.events` may hold only
    /// the decoded ones the page draws from).
    let digests: [EventDigest]
    /// How many objects the last archive holds, when its entries were not kept.
    private let archivedObjects: Int?

    /// Sections of an input that holds every event.
    init(input: ReportInput) {
        self.init(input: input, digests: input.events.map(EventDigest.init), archivedObjects: nil)
    }

    init(input: ReportInput, digests: [EventDigest], archivedObjects: Int?) {
        self.input = input
        self.digests = digests
        self.archivedObjects = archivedObjects
        origins = NodeOrigins(outcome: input.outcome, events: input.events)
        // Only the locators that findings and the what-if's changes name are looked up: a big
        // app's few findings do not need a set of its 160,402 node locators.
        var named = Set(input.outcome.diagnostics.compactMap(\.locator))
        named.formUnion(input.whatIf?.diff.changes.map { $0.after?.locator ?? $0.locator } ?? [])
        preservedLocators = Self.locators(of: input.outcome.preservation, among: named)
        restoredLocators = Self.locators(of: input.outcome.restoration, among: named)
        partials = PartialRestorations(outcome: input.outcome)
        deciding = DecidingEvents(outcome: input.outcome, digests: digests)
    }
    var outcome: Outcome { input.outcome }

    /// The locators of `phase`'s nodes that are in `named`. A locator whose length no named one
    /// has is not hashed: a big app's few findings name a few lengths, and hashing each of its
    /// 160,402 locators cost 20 ms.
    private static func locators(of phase: PhaseOutcome?, among named: Set<String>) -> Set<String> {
        guard let nodes = phase?.nodes, !named.isEmpty else { return [] }
        let lengths = Set(named.map(\.utf8.count))
        var found: Set<String> = []
        for i in nodes.indices where lengths.contains(nodes[i].locator.utf8.count) {
            if named.contains(nodes[i].locator) { found.insert(nodes[i].locator) }
        }
        return found
    }
    /// `1 node`, `1,200 nodes`: "Restored 1 of 1 nodes" read as a slip beside `replay`'s words.
    static func nodes(_ n: Int) -> String { "\(DotBuilder.grouped(n)) node\(n == 1 ? "" : "s")" }

    /// Lists in the verdict stop here; the Nodes section has everything.
    static let listLimit = 40

    // MARK: Header

    var facts: String {
        var rows: [(String, String)] = [("Trace", input.traceName), ("Events", DotBuilder.grouped(digests.count))]
        if let p = outcome.preservation { rows.append(("Preserved at", "launch \(p.launch)")) }
        if let r = outcome.restoration { rows.append(("Restored at", "launch \(r.launch)")) }
        rows.append(("Tool", input.tool))
        return rows.map { "<div><dt>\(h($0.0))</dt><dd>\(h($0.1))</dd></div>" }.joined()
    }

    // MARK: Verdict

    var verdict: String {
        if let scenes = outcome.scenes { return sceneVerdict(scenes) }
        var parts: [String] = input.whatIf.map { [whatIfAnswer($0)] } ?? []
        let lost = outcome.restoration?.nodes.having([.notRestored]) ?? []
        let skipped = outcome.preservation?.nodes.having([.skipped]) ?? []
        // Restored, but not as they were (R5): a green "all restored" hid them.
        let partly =
            partials.isEmpty
            ? [] : (outcome.restoration?.nodes ?? []).filter { partials.finding(for: $0, side: .restoration) != nil }
        let (headline, tone) = headline(lost: lost, partly: partly.count)
        parts.append(
            "<div class=\"banner \(tone)\" role=\"status\"><p class=\"headline\" id=\"verdict-text\">\(h(headline))</p>"
        )
        parts.append("<p class=\"sub\">\(h(preservationLine(skipped: skipped)))</p>\(earlierLaunches)</div>")

        if !lost.isEmpty {
            parts.append(
                "<div class=\"card\"><h3>Lost at restoration</h3>" + nodeList(lost, side: .restoration) + "</div>")
        }
        if !partly.isEmpty {
            parts.append(
                "<div class=\"card\"><h3>Restored only in part</h3>" + partialList(partly) + "</div>")
        }
        if !skipped.isEmpty {
            parts.append(
                "<div class=\"card\"><h3>Skipped at preservation</h3>" + nodeList(skipped, side: .preservation)
                    + "</div>")
        }
        parts.append(replay)
        return "<div class=\"verdict-grid\">" + parts.joined() + "</div>"
    }

    private func headline(lost: [NodeOutcome], partly: Int) -> (String, String) {
        guard let r = outcome.restoration else {
            // A recording cut off inside its relaunch has one; it is just not whole (r19 report hunt).
            if let cut = cutAfter {
                return (
                    "The trace is cut off \(cut), before any restoration is whole: what a relaunch restored is not in it.",
                    "partial"
                )
            }
            return ("No relaunch in this timeline: nothing was restored.", "neutral")
        }
        let (done, total) = r.count
        if !r.performed {
            let why = r.reason.map { "\($0.rawValue): \($0.summary)" } ?? "not performed"
            return ("Nothing restored at launch \(r.launch) — \(why).", "bad")
        }
        let text = "Restored \(DotBuilder.grouped(done)) of \(Self.nodes(total)) at launch \(r.launch)"
        let partlyText =
            partly == 0 ? "" : "; \(DotBuilder.grouped(partly)) only in part (a selection dropped or moved)"
        if lost.isEmpty { return (text + partlyText + ".", partly == 0 ? "good" : "partial") }
        return (text + "; \(DotBuilder.grouped(lost.count)) lost" + partlyText + ".", "bad")
    }

    /// Each launch before the last, in a line as `replay` prints it: the tables and the drawing
    /// show the last launch only, and the one where restoration went wrong (a crash at launch 2,
    /// then launch 3 finds no archive) was nowhere on the page but in the findings (r19 hunt).
    private var earlierLaunches: String {
        guard outcome.launches.count > 1 else { return "" }
        let items = outcome.launches.dropLast().map { r -> String in
            guard r.performed else {
                let why =
                    r.reason.map { "<code class=\"code\">\(h($0.rawValue))</code>: \(h($0.summary))" }
                    ?? "not performed"
                return "<li>Launch \(r.launch): nothing restored — \(why).</li>"
            }
            let (done, total) = r.count
            var lost: [NodeOutcome] = []
            for i in r.nodes.indices where r.nodes[i].status == .notRestored { lost.append(r.nodes[i]) }
            var line = "Launch \(r.launch): restored \(DotBuilder.grouped(done)) of \(Self.nodes(total))"
            if !lost.isEmpty {
                let named = lost.prefix(3).map { n in
                    "<code>\(shown(n.locator))</code>"
                        + (n.reason.map { " <code class=\"code\">\(h($0.rawValue))</code>" } ?? "")
                }
                line +=
                    "; \(DotBuilder.grouped(lost.count)) lost: " + named.joined(separator: ", ")
                    + (lost.count > 3 ? ", … and \(DotBuilder.grouped(lost.count - 3)) more" : "")
            }
            return "<li>\(line).</li>"
        }
        let last = outcome.launches[outcome.launches.count - 1].launch
        return "<p class=\"sub\">Earlier launches (the tables and the drawing show launch \(last)):</p>"
            + "<ul class=\"sub launches\">" + items.joined() + "</ul>"
    }

    /// Restored nodes whose selection did not come back as it was, with the finding that says why.
    private func partialList(_ nodes: [NodeOutcome]) -> String {
        var items = nodes.prefix(Self.listLimit).map { n -> String in
            let code = partials.finding(for: n, side: .restoration)?.code
            let reason = code.map { "<code class=\"code\">\(h($0.rawValue))</code> \(h($0.summary))" } ?? ""
            return
                "<li><a href=\"#\(Anchor.node(.restoration, n.locator))\"><code>\(shown(n.locator))</code></a> "
                + "<span class=\"muted\">\(shown(n.className))</span><br>\(reason).</li>"
        }
        if nodes.count > Self.listLimit {
            items.append(
                "<li class=\"muted\">… and \(DotBuilder.grouped(nodes.count - Self.listLimit)) more in <a href=\"#nodes\">Nodes</a>.</li>"
            )
        }
        return "<ul class=\"node-list\">" + items.joined() + "</ul>"
    }

    /// `after event #N` (`before its first event`) when the recording is cut off (SPEC §4).
    private var cutAfter: String? {
        guard let d = input.replay?.cutOff else { return nil }
        return d.seq > 1 ? "after event #\(d.seq - 1)" : "before its first event"
    }

    private func preservationLine(skipped: [NodeOutcome]) -> String {
        guard let p = outcome.preservation else {
            // Cut off inside its first preservation, the app did go to the background.
            if let cut = cutAfter { return "The trace is cut off \(cut), before a preservation is whole." }
            return "The app never went to the background, so nothing was preserved."
        }
        if !p.performed {
            return "Nothing preserved at launch \(p.launch) — "
                + (p.reason.map { "\($0.rawValue): \($0.summary)" } ?? "not performed") + "."
        }
        let (done, total) = p.count
        return "Preserved \(DotBuilder.grouped(done)) of \(Self.nodes(total)) at launch \(p.launch)"
            + (skipped.isEmpty ? "." : "; \(DotBuilder.grouped(skipped.count)) skipped.")
    }

    private func nodeList(_ nodes: [NodeOutcome], side: Anchor.Side) -> String {
        var items = nodes.prefix(Self.listLimit).map { n -> String in
            let reason = n.reason.map { "<code class=\"code\">\(h($0.rawValue))</code> \(h($0.summary))" } ?? ""
            var cause = ""
            if let c = n.cause, c != n.locator { cause = " — because of <code>\(shown(c))</code>" }
            return "<li><a href=\"#\(Anchor.node(side, n.locator))\"><code>\(shown(n.locator))</code></a> "
                + "<span class=\"muted\">\(shown(n.className))</span><br>\(reason)\(cause).</li>"
        }
        if nodes.count > Self.listLimit {
            items.append(
                "<li class=\"muted\">… and \(DotBuilder.grouped(nodes.count - Self.listLimit)) more in <a href=\"#nodes\">Nodes</a>.</li>"
            )
        }
        return "<ul class=\"node-list\">" + items.joined() + "</ul>"
    }

    var replay: String {
        guard let replay = input.replay else { return "" }
        if replay.matched {
            return
                "<div class=\"card replay good\"><h3>Replay</h3><p id=\"replay-text\">Replay matched: all \(DotBuilder.grouped(replay.events)) events reproduced.</p></div>"
        }
        var out = "<div class=\"card replay bad wide\"><h3>Replay</h3>"
        guard let d = replay.firstDivergence else {
            return out
                + "<p id=\"replay-text\">Replay diverged after \(DotBuilder.grouped(replay.events)) events.</p></div>"
        }
        // Cut off by a crash (SPEC §4): the page shows what the trace holds, and says where it stops.
        if let cut = d.recordingCutOff, d.recorded == nil {
            return out
                + "<p id=\"replay-text\">The trace is cut off after event <a href=\"#timeline\" data-seq-link=\"\(d.seq - 1)\">#\(d.seq - 1)</a> (\(h(cut))): the outcome on this page stops at the last phase the trace holds whole, and nothing after the cut was compared.</p></div>"
        }
        // A real app's trace (source: app): the recorded side is UIKit, the replayed side the engine.
        let fidelity = d.isFidelityFinding
        out +=
            "<p id=\"replay-text\">\(fidelity ? "Fidelity finding: UIKit and the engine part" : "Replay diverged") at event <a href=\"#timeline\" data-seq-link=\"\(d.seq)\">#\(d.seq)</a>"
        out += d.rule.map { " (rule \(h($0)))" } ?? ""
        out += fidelity ? ". This trace was recorded in the app: the engine's model of UIKit is what differs" : ""
        out += ".</p>"
        // The field that differs, named as `replay` names it: two whole events side by side
        // left the reader to find it (r19 report hunt).
        if let r = d.recorded, let p = d.replayed, let f = FieldDifference.between(recorded: r, replayed: p) {
            out +=
                "<p id=\"replay-field\">Differs in \(h(f.label)): \(fidelity ? "UIKit did" : "recorded") <code>\(h(f.recorded ?? "(none)"))</code>, \(fidelity ? "the engine expected" : "replayed") <code>\(h(f.replayed ?? "(none)"))</code>.</p>"
        }
        out +=
            "<div class=\"diverge\"><div><h4>\(fidelity ? "UIKit did" : "Recorded")</h4><pre>\(h(d.recorded ?? "(the recording has nothing here)"))</pre></div>"
        out +=
            "<div><h4>\(fidelity ? "The engine expected" : "Replayed")</h4><pre>\(h(d.replayed ?? "(the replay made no such call)"))</pre></div></div>"
        if !d.context.isEmpty {
            out +=
                "<details><summary>Context (\(d.context.count) events before)</summary><pre class=\"context\">"
                + d.context.map(h).joined(separator: "\n") + "</pre></details>"
        }
        return out + "</div>"
    }

    // MARK: Nodes

    var nodes: String {
        if let scenes = outcome.scenes { return sceneCards(scenes) }
        return [Anchor.Side.preservation, .restoration].map { side in
            tableStart(side) + (phase(side)?.nodes.map { row($0, side: side) }.joined() ?? "") + tableEnd(side)
        }.joined()
    }

    func phase(_ side: Anchor.Side) -> PhaseOutcome? {
        side == .preservation ? outcome.preservation : outcome.restoration
    }

    /// The node card and table up to its rows; `rows` (a big report's) leaves the body empty
    /// for the page script, which fills it from `data/` as it scrolls.
    func tableStart(_ side: Anchor.Side, virtualRows rows: Int? = nil) -> String {
        let id = side == .preservation ? "nodes-preservation" : "nodes-restoration"
        let title = side == .preservation ? "At preservation" : "After restoration"
        guard let phase = phase(side) else {
            return
                "<div class=\"card\" id=\"\(id)\"><h3>\(title)</h3><p class=\"muted\">Not in this timeline."
        }
        let (done, total) = phase.count
        var out =
            "<div class=\"card nodes-card\" id=\"\(id)\"><h3>\(title) <span class=\"muted\">launch \(phase.launch) · \(done) of \(total)</span></h3>"
        if let rows {
            // Without JavaScript the table stayed empty with no word (r19 report hunt).
            out +=
                "<noscript><p class=\"muted\">These \(DotBuilder.grouped(rows)) rows load from data/ as the table scrolls, which needs JavaScript; restoretrace export TRACE --format json gives every node's outcome.</p></noscript>"
        }
        out +=
            "<div class=\"table-wrap\"><table class=\"nodes\"><thead><tr><th scope=\"col\"><span class=\"visually-hidden\">Status</span></th>"
        out += "<th scope=\"col\">Node</th><th scope=\"col\">Why</th></tr></thead>"
        if let rows {
            return out + "<tbody class=\"virtual\" data-side=\"\(side.rawValue)\" data-rows=\"\(rows)\">"
        }
        return out + "<tbody>"
    }

    func tableEnd(_ side: Anchor.Side) -> String {
        phase(side) == nil ? "</p></div>" : "</tbody></table></div></div>"
    }

    // MARK: App-level keys

    var appKeys: String {
        guard let archive = input.events.last(where: { $0.event == .archiveWritten && $0.archive != nil })?.archive
        else {
            return "<p class=\"muted\">No archive was written in this trace.</p>"
        }
        var out =
            "<div class=\"table-wrap\"><table class=\"kv\"><thead><tr><th scope=\"col\">Key</th><th scope=\"col\">Type</th><th scope=\"col\">Value</th></tr></thead><tbody>"
        for e in archive.appLevel {
            out += "<tr><td><code>\(shown(e.key))</code>\(e.isSystem ? " <span class=\"badge\">UIKit</span>" : "")</td>"
            out +=
                "<td>\(e.value.typeName)</td><td><code>\(shown(CoderText.display(e.value, key: e.key)))</code></td></tr>"
        }
        out += "</tbody></table></div>"
        let objects = archivedObjects ?? archive.entries.count
        return out + "<p class=\"small muted\">The archive holds \(DotBuilder.grouped(objects)) objects; "
            + "<code>restoretrace archive</code> prints them the way <code>restorationArchiveTool</code> does"
            + " (and every value whole: a value longer than \(Escape.shownLimit) characters is shortened here, its middle shown as …).</p>"
    }

    func h(_ s: String) -> String { Escape.html(s) }
    /// A name or value as the page writes it inline, escaped and at most `Escape.shownLimit` long.
    func shown(_ s: String) -> String { Escape.html(Escape.shown(s)) }
}
