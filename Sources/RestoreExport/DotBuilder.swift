import RestoreEngine

/// Builds the Graphviz DOT text of the hierarchy at preservation and after restoration, side by side.
///
/// Pure Swift and deterministic: nodes are named `n1`, `n2`… in the phases' own order, so the
/// same outcome always gives the same bytes.
public struct DotBuilder: Sendable {
    /// Knobs for big hierarchies and the title.
    public struct Options: Sendable {
        /// Above this many nodes on one side, clean subtrees fold into a counted summary node.
        public var collapseThreshold: Int
        /// Shown above the drawing, e.g. the scenario name.
        public var title: String?
        /// At most this many nodes are drawn on one side; the rest are counted in a note.
        public var maxDrawnPerSide: Int
        /// Row anchors (`Anchor.node`) of nodes a what-if changed: drawn with a thick violet ring.
        public var changed: Set<String> = []
        /// The trace is cut off (SPEC §4): a phase missing from the drawing may be one the cut
        /// left unfinished, not one the timeline never had.
        public var cutOff = false
        public init(collapseThreshold: Int = 400, title: String? = nil, maxDrawnPerSide: Int = 1_000) {
            self.collapseThreshold = collapseThreshold
            self.title = title
            self.maxDrawnPerSide = maxDrawnPerSide
        }
    }

    public var outcome: Outcome
    public var options: Options
    /// Presented controllers' locators from the hierarchy that went to the background.
    var presentedLocators: Set<String>
    /// The storyboard scene of each node, for its tooltip (none when the trace has no origins).
    var origins: NodeOrigins
    /// Restored nodes whose selection was dropped or moved, drawn apart from whole restorations.
    var partials: PartialRestorations
    /// A scene-based app's windows, by session (`DotBuilder+Scenes`).
    var sceneWindows: [String: NodeBlueprint]

    /// - Parameters:
    ///   - outcome: the run's outcome; its last preservation and last restoration are drawn.
    ///   - events: the trace's events, used to tell presented controllers that were skipped
    ///     (they have no archive key) from contained ones. May be empty.
    public init(outcome: Outcome, events: [EngineEvent] = [], options: Options = Options()) {
        self.outcome = outcome
        self.options = options
        let background = events.last { $0.event == .background && $0.hierarchy != nil }
        presentedLocators = HierarchyTree.presentedLocators(in: background?.hierarchy)
        origins = NodeOrigins(outcome: outcome, events: events)
        partials = PartialRestorations(outcome: outcome)
        sceneWindows = outcome.scenes == nil ? [:] : Self.sceneWindows(events)
    }

    /// The DOT text.
    public func build() -> String {
        var out = DotWriter()
        out.line("digraph restoretrace {")
        var graph = [
            "fontname=\"DejaVu Sans\"", "fontsize=12", "newrank=true", "rankdir=TB", "nodesep=0.22",
            "ranksep=0.38", "outputorder=edgesfirst", "bgcolor=\"transparent\"", "pad=0.15",
        ]
        if let title = options.title {
            graph += [
                "label=\"\(Escape.dotString(Escape.drawn(title, limit: Escape.drawnTitleLimit)))\"", "labelloc=t",
                "labeljust=l", "fontsize=14",
            ]
        }
        // dot's crossing minimization and spline routing dominate on big drawings: past a few
        // hundred drawn nodes, trade a little tidiness for seconds (measured by restoretrace-bench).
        if drawnEstimate > Self.largeDrawing {
            graph += ["mclimit=0.2", "nslimit=4", "nslimit1=4", "searchsize=20", "splines=line", "remincross=false"]
        }
        out.line("  graph [\(graph.joined(separator: ", "))];")
        out.line(
            "  node [fontname=\"DejaVu Sans\", fontsize=10, shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", color=\"#1f2328\", penwidth=1, margin=\"0.10,0.04\"];"
        )
        out.line("  edge [fontname=\"DejaVu Sans\", fontsize=9, color=\"#57606a\", arrowsize=0.6];")

        if let scenes = outcome.scenes, !scenes.isEmpty {
            sceneClusters(&out, scenes)
            legend(&out)
            out.line("}")
            return out.text
        }
        let pres = outcome.preservation
        cluster(
            &out, name: "preservation", side: .preservation, phase: pres,
            title: pres.map { "At preservation (launch \($0.launch))" } ?? "At preservation",
            missing: options.cutOff
                ? "The trace is cut off before a preservation is whole."
                : "The app never went to the background in this timeline.")
        let rest = outcome.restoration
        cluster(
            &out, name: "restoration", side: .restoration, phase: rest,
            title: rest.map { "After restoration (launch \($0.launch))" } ?? "After restoration",
            missing: options.cutOff
                ? "The trace is cut off before a restoration is whole."
                : "The timeline has no relaunch, so nothing was restored.")
        legend(&out)
        out.line("}")
        return out.text
    }

    private func cluster(
        _ out: inout DotWriter, name: String, side: Anchor.Side, phase: PhaseOutcome?, title: String, missing: String
    ) {
        out.line("  subgraph cluster_\(name) {")
        out.line(
            "    graph [label=\"\(Escape.dotString(title))\", labeljust=l, style=\"rounded\", color=\"#d0d7de\", fontsize=13, margin=14];"
        )
        defer { out.line("  }") }
        guard let phase else {
            note(&out, missing)
            return
        }
        if !phase.performed {
            let reason = phase.reason.map { "\($0.rawValue): \($0.summary)" } ?? "not performed"
            note(&out, "Not performed — " + reason)
        }
        let tree = HierarchyTree(side: side, nodes: phase.nodes, presentedLocators: presentedLocators)
        let collapsing = phase.nodes.count > options.collapseThreshold
        var stack: [(index: Int, parentName: String?)] = tree.roots.reversed().map { ($0, nil) }
        var drawn = 0
        while let (i, parentName) = stack.popLast() {
            // A drawing nobody can read helps nobody, and dot's layout grows fast: past the cap, say
            // plainly what was left out; the report's node tables list every node.
            if drawn >= options.maxDrawnPerSide {
                notDrawn(&out, tree: tree, roots: [i] + stack.map(\.index))
                break
            }
            drawn += 1
            let name = out.nextName()
            node(&out, name: name, tree: tree, index: i)
            if let parentName { edge(&out, from: parentName, to: name, tree: tree, child: i) }
            let visible = tree.visibleChildren(of: i, collapsing: collapsing)
            folded(&out, under: name, side: side, index: i, nodes: visible.folded, lost: visible.foldedLost)
            for c in visible.shown.reversed() { stack.append((c, name)) }
        }
    }

    /// The nodes a collapsed parent folds away, as one dashed box (and one red box for the lost ones).
    private func folded(
        _ out: inout DotWriter, under name: String, side: Anchor.Side, index i: Int, nodes: Int, lost: Int
    ) {
        if nodes > 0 {
            let summary = out.nextName()
            let what = side == .preservation ? "preserved" : "restored"
            let noun = nodes == 1 ? "node" : "nodes"
            out.line(
                "    \(summary) [id=\"gsummary-\(side.rawValue)-\(i + 1)\", URL=\"#nodes-\(side == .preservation ? "preservation" : "restoration")\", style=\"rounded,dashed\", color=\"#8c959f\", fontcolor=\"#57606a\", label=\"+ \(Self.grouped(nodes)) \(what) \(noun)\"];"
            )
            out.line("    \(name) -> \(summary) [style=dotted];")
        }
        if lost > 0 {
            let summary = out.nextName()
            let why = side == .preservation ? "skipped" : "lost"
            out.line(
                "    \(summary) [id=\"gsummary-lost-\(side.rawValue)-\(i + 1)\", URL=\"#nodes-\(side == .preservation ? "preservation" : "restoration")\", style=\"rounded,dashed,filled\", fillcolor=\"#ffebe9\", color=\"#c62828\", fontcolor=\"#c62828\", label=\"✗ \(Self.grouped(lost)) more \(why) because of it\"];"
            )
            out.line("    \(name) -> \(summary) [style=dotted, color=\"#c62828\"];")
        }
    }

    /// Says plainly what the cap on drawn nodes left out; the report's node tables list every node.
    private func notDrawn(_ out: inout DotWriter, tree: HierarchyTree, roots: [Int]) {
        let left = roots.reduce(0) { $0 + tree.subtreeSize($1) }
        let lost = roots.reduce(0) { $0 + tree.subtreeLost($1) }
        note(
            &out,
            "\(Self.grouped(left)) more nodes not drawn (\(Self.grouped(lost)) of them skipped or lost): see the Nodes table below"
        )
    }

    private func note(_ out: inout DotWriter, _ text: String) {
        let name = out.nextName()
        out.line(
            "    \(name) [shape=note, style=filled, fillcolor=\"#fff8c5\", color=\"#9a6700\", label=\"\(Escape.dotString(text))\"];"
        )
    }

    /// What hovering a node says: where it sits, its class, and the storyboard scene it came from.
    private func tooltip(_ n: NodeOutcome, side: Anchor.Side) -> String {
        let text = "\(n.path ?? n.locator) (\(n.className))"
        guard let scene = origins.scene(of: n, side: side) else { return text }
        return text + " from " + scene.summary
    }

    private func node(_ out: inout DotWriter, name: String, tree: HierarchyTree, index i: Int) {
        let n = tree.nodes[i]
        let look = NodeLook(n, partial: partials.finding(for: n, side: tree.side))
        var attrs = [
            "id=\"\(Anchor.svg(tree.side, n.locator))\"",
            "URL=\"#\(Anchor.node(tree.side, n.locator))\"",
            "tooltip=\"\(Escape.dotTooltip(Escape.drawn(tooltip(n, side: tree.side), limit: Escape.drawnTitleLimit)))\"",
        ]
        switch n.kind {
        case .viewController where tree.isContainer(i): attrs.append("shape=folder")
        case .viewController: break
        case .view: attrs.append("shape=ellipse")
        case .object: attrs.append("shape=hexagon")
        }
        var style = n.kind == .viewController && !tree.isContainer(i) ? ["rounded", "filled"] : ["filled"]
        if n.status == .skipped || n.status == .notRestored { style.append("dashed") }
        if style != ["rounded", "filled"] { attrs.append("style=\"\(style.joined(separator: ","))\"") }
        if look.color != "#1f2328" { attrs.append("color=\"\(look.color)\"") }
        if look.fill != "#ffffff" { attrs.append("fillcolor=\"\(look.fill)\"") }
        if options.changed.contains(Anchor.node(tree.side, n.locator)) {
            attrs.append("penwidth=3")
            attrs.append("class=\"changed\"")
        }
        attrs.append("label=<\(look.label(n))>")
        out.line("    \(name) [\(attrs.joined(separator: ", "))];")
    }

    private func edge(_ out: inout DotWriter, from: String, to: String, tree: HierarchyTree, child: Int) {
        let n = tree.nodes[child]
        if tree.presented.contains(child) {
            out.line(
                "    \(from) -> \(to) [style=dashed, color=\"#8250df\", label=\"presents\", fontcolor=\"#8250df\"];")
        } else if n.kind != .viewController {
            out.line("    \(from) -> \(to) [style=dotted, arrowhead=none];")
        } else {
            out.line("    \(from) -> \(to);")
        }
    }

    private func legend(_ out: inout DotWriter) {
        out.line("  subgraph cluster_legend {")
        out.line(
            "    graph [label=\"Legend\", labeljust=l, style=\"rounded\", color=\"#d0d7de\", fontsize=13, margin=10];")
        if outcome.scenes?.isEmpty == false {
            rows(
                &out,
                [
                    "box: a view controller in the scene's window   folder: container",
                    "restoration identifiers: inert in a scene-based app",
                    "note: the activity the session saved, then what the next launch handed back",
                    "<FONT COLOR=\"#2e7d32\">✓</FONT> restored   <FONT COLOR=\"#c62828\">✗</FONT> lost (reason code)",
                ])
            return
        }
        var rows = [
            "<FONT COLOR=\"#1f2328\">★</FONT> preserved",
            "<FONT COLOR=\"#c62828\">✗</FONT> skipped (because of ancestor)",
            "<FONT COLOR=\"#2e7d32\">✓</FONT> restored (via …)", "<FONT COLOR=\"#c62828\">✗</FONT> lost (reason code)",
            "box: view controller   folder: container", "ellipse: view   hexagon: registered object",
            "solid edge: child   <FONT COLOR=\"#8250df\">dashed: presented</FONT>   dotted: view or object",
        ]
        if !options.changed.isEmpty { rows.insert("thick outline: changed by the what-if", at: 4) }
        // Only drawings that have a partial restoration name it, so others stay as they were.
        if !partials.isEmpty {
            rows.insert(
                "<FONT COLOR=\"\(NodeLook.partialColor)\">◐</FONT> partly restored (selection dropped or moved)", at: 3)
        }
        self.rows(&out, rows)
    }

    /// The legend's rows (HTML-like labels), and the end of its cluster.
    private func rows(_ out: inout DotWriter, _ rows: [String]) {
        let cells = rows.map { "<TR><TD ALIGN=\"LEFT\">\($0)</TD></TR>" }.joined()
        let name = out.nextName()
        out.line(
            "    \(name) [id=\"glegend\", shape=plain, style=\"\", label=<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">\(cells)</TABLE>>];"
        )
        out.line("  }")
    }

    /// Above this many drawn nodes the layout switches to its faster settings.
    static let largeDrawing = 800

    /// Nodes drawn on both sides, before summaries: a side above the threshold folds, so count its troubled nodes.
    var drawnEstimate: Int {
        // A scene-based app draws its windows (one budget for all, `sceneClusters`).
        if outcome.scenes?.isEmpty == false {
            return min(2 * options.maxDrawnPerSide, sceneWindows.values.reduce(0) { $0 + Self.count($1) })
        }
        return [outcome.preservation, outcome.restoration].compactMap { $0 }.reduce(0) { total, phase in
            let n = phase.nodes.count
            if n <= options.collapseThreshold { return total + n }
            // Counted, not filtered: a filter copies every troubled node.
            var troubled = 0
            for i in phase.nodes.indices
            where phase.nodes[i].status == .skipped || phase.nodes[i].status == .notRestored {
                troubled += 1
            }
            return total + troubled
        }
    }

    /// `1234567` → `1,234,567`, independent of locale.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return out
    }
}

/// Accumulates lines and hands out sequential node names.
struct DotWriter {
    private(set) var text = ""
    private var counter = 0
    mutating func line(_ s: String) {
        text += s
        text += "\n"
    }
    mutating func nextName() -> String {
        counter += 1
        return "n\(counter)"
    }
}
