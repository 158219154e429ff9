import RestoreEngine

/// A scene-based app's drawing (SPEC §8): its view-controller restoration never runs, so the two
/// phases' trees are empty; what matters is each scene session: its window, the activity it saved
/// and what came back. One cluster per session, in order.
extension DotBuilder {
    /// Each scene's window hierarchy as it connected at launch 1, by session.
    static func sceneWindows(_ events: [EngineEvent]) -> [String: NodeBlueprint] {
        var windows: [String: NodeBlueprint] = [:]
        for e in events where e.event == .sceneConnected {
            if let session = e.session, let hierarchy = e.hierarchy, windows[session] == nil {
                windows[session] = hierarchy
            }
        }
        return windows
    }

    func sceneClusters(_ out: inout DotWriter, _ scenes: [SceneOutcome]) {
        let relaunched = outcome.restoration != nil
        // One budget for every window, as the two phases of an app-based drawing share theirs:
        // per window, twenty sessions of 3,000 controllers drew 20,000 nodes (85 s in dot).
        var budget = 2 * options.maxDrawnPerSide
        for (i, s) in scenes.prefix(Self.maximumDrawnSessions).enumerated() {
            out.line("  subgraph cluster_scene_\(i + 1) {")
            let title = "Session \(s.session) (\(s.configuration))"
            out.line(
                "    graph [label=\"\(Escape.dotString(Escape.drawn(title, limit: Escape.drawnTitleLimit)))\", labeljust=l, style=\"rounded\", color=\"#d0d7de\", fontsize=13, margin=14];"
            )
            var root: String?
            if let window = sceneWindows[s.session] {
                var drawn = 0
                root = windowNode(&out, window, parent: nil, drawn: &drawn, budget: &budget)
                let left = Self.count(window) - drawn
                if left > 0 {
                    let note = out.nextName()
                    out.line(
                        "    \(note) [shape=note, style=filled, fillcolor=\"#fff8c5\", color=\"#9a6700\", label=\"\(Self.grouped(left)) more controllers of this window not drawn: see the session's card below\"];"
                    )
                    if let root { out.line("    \(root) -> \(note) [style=dotted, arrowhead=none];") }
                }
            }
            let saved = out.nextName()
            let savedLabel = s.saved.map { Self.activityLabel("saved", $0) } ?? Self.lines(["saved nothing"])
            out.line(
                "    \(saved) [id=\"gscene-saved-\(i + 1)\", URL=\"#\(Anchor.session(s.session))\", shape=note, style=\"filled\", fillcolor=\"#f6f8fa\", color=\"#57606a\", label=\"\(savedLabel)\"];"
            )
            if let root { out.line("    \(root) -> \(saved) [style=dotted, arrowhead=none];") }
            let result = out.nextName()
            let (label, color, fill) = Self.sceneResult(s, relaunched: relaunched)
            out.line(
                "    \(result) [id=\"gscene-result-\(i + 1)\", URL=\"#\(Anchor.session(s.session))\", shape=note, style=\"filled\", fillcolor=\"\(fill)\", color=\"\(color)\", fontcolor=\"\(color)\", label=\"\(label)\"];"
            )
            out.line("    \(saved) -> \(result) [label=\"\(relaunched ? "next launch" : "")\"];")
            out.line("  }")
        }
        if scenes.count > Self.maximumDrawnSessions {
            let left = scenes.count - Self.maximumDrawnSessions
            out.line(
                "  \(out.nextName()) [shape=note, style=filled, fillcolor=\"#fff8c5\", color=\"#9a6700\", label=\"\(Self.grouped(left)) more scene session\(left == 1 ? "" : "s") not drawn: see the report's scene cards\"];"
            )
        }
    }

    /// Sessions drawn, each a cluster: dot's layout of clusters grows faster than linearly (800
    /// sessions took 12 s in a report, 1,600 took 65 s and 662 MB to export as SVG); the report's
    /// cards list every session.
    static let maximumDrawnSessions = 64

    /// What came back for the session (a DOT label), and its colors: restored, lost with its
    /// reason, or not yet asked.
    static func sceneResult(_ s: SceneOutcome, relaunched: Bool) -> (label: String, color: String, fill: String) {
        if let restored = s.restored { return (activityLabel("✓ restored", restored), "#2e7d32", "#dafbe1") }
        if s.isNew { return (lines(["+ new at this launch", "nothing to restore"]), "#57606a", "#ffffff") }
        guard relaunched || s.reason != nil else { return (lines(["no relaunch yet"]), "#57606a", "#ffffff") }
        let why = s.reason.map { ["✗ \($0.rawValue)", $0.sceneSummary] } ?? ["✗ nothing came back"]
        return (lines(why), "#c62828", "#ffebe9")
    }

    /// How many `userInfo` keys an activity's note lists before "… N more" (the report lists all).
    static let drawnUserInfoKeys = 8
    /// How long one drawn `userInfo` value may be.
    static let drawnValueLimit = 48

    /// How many of a container's children the window drawing shows before a counted box.
    static let drawnChildren = 12

    /// The controllers a window drawing would show: the window's tree and what it presents.
    static func count(_ b: NodeBlueprint) -> Int {
        1 + b.children.reduce(0) { $0 + count($1) } + (b.presented.map(count) ?? 0)
    }

    /// `saved com.example.browse`, then one line per `userInfo` key, left-aligned.
    static func activityLabel(_ what: String, _ a: UserActivity) -> String {
        var rows = ["\(what) \(a.type)"]
        for entry in a.userInfo.prefix(drawnUserInfoKeys) {
            rows.append("  \(entry.key) = \(Escape.drawn(entry.value.description, limit: drawnValueLimit))")
        }
        if a.userInfo.count > drawnUserInfoKeys { rows.append("  … \(a.userInfo.count - drawnUserInfoKeys) more") }
        return lines(rows)
    }

    /// Escaped lines joined by DOT's left-justifying line break (`\l`, outside the escaped text).
    static func lines(_ rows: [String]) -> String {
        rows.map { Escape.dotString(Escape.drawn($0, limit: Escape.drawnTitleLimit)) + "\\l" }.joined()
    }

    /// The window's controllers as boxes (their restoration identifiers are inert: not drawn as
    /// preserved), capped like a phase's tree. - Returns: the node's name.
    private func windowNode(
        _ out: inout DotWriter, _ b: NodeBlueprint, parent: String?, drawn: inout Int, budget: inout Int
    ) -> String? {
        guard budget > 0 else { return nil }
        budget -= 1
        drawn += 1
        let name = out.nextName()
        func text(_ s: String) -> String { Escape.dotString(Escape.drawn(s, limit: Escape.drawnTitleLimit)) }
        // Two lines (DOT's own `\n`, outside the escaped text): the class, then the inert identifier.
        let label = text(b.className) + (b.restorationIdentifier.map { "\\n" + text("\($0) (inert)") } ?? "")
        let shape = b.children.isEmpty ? "" : ", shape=folder, style=\"filled\""
        out.line("    \(name) [label=\"\(label)\"\(shape)];")
        if let parent { out.line("    \(parent) -> \(name);") }
        // A wide container (a tab bar of 3,000) drawn child by child makes one rank dot cannot lay
        // out in minutes: past a few, the rest is one counted box; the card lists them all.
        for child in b.children.prefix(Self.drawnChildren) {
            _ = windowNode(&out, child, parent: name, drawn: &drawn, budget: &budget)
        }
        if b.children.count > Self.drawnChildren, budget > 0 {
            let rest = b.children.dropFirst(Self.drawnChildren)
            let summary = out.nextName()
            out.line(
                "    \(summary) [style=\"rounded,dashed\", color=\"#8c959f\", fontcolor=\"#57606a\", label=\"+ \(Self.grouped(rest.count)) more children\"];"
            )
            out.line("    \(name) -> \(summary) [style=dotted];")
            budget -= 1
            drawn += rest.reduce(0) { $0 + Self.count($1) }
        }
        if let presented = b.presented, let p = windowNode(&out, presented, parent: nil, drawn: &drawn, budget: &budget)
        {
            out.line(
                "    \(name) -> \(p) [style=dashed, color=\"#8250df\", label=\"presents\", fontcolor=\"#8250df\"];")
        }
        return name
    }
}
