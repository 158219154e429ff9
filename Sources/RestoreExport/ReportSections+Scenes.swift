import RestoreEngine

/// The report of a scene-based app (SPEC §8): the verdict counts sessions restored, and the
/// Nodes section becomes one card per scene session — its window's hierarchy, the activity saved
/// and the one restored side by side, why a session was lost — then the inert legacy pieces.
extension ReportSections {
    func sceneVerdict(_ scenes: [SceneOutcome]) -> String {
        let restored = scenes.filter { $0.restored != nil }
        // A session UIKit made at the last launch had nothing to restore: neither restored nor lost.
        let remembered = scenes.filter { !$0.isNew }.count
        let new = scenes.count - remembered
        let launch = outcome.restoration.map { " at launch \($0.launch)" } ?? ""
        let headline =
            outcome.restoration == nil
            ? "No relaunch in this timeline: no scene session was restored."
            : "Restored \(restored.count) of \(remembered) scene session\(remembered == 1 ? "" : "s")\(launch)"
                + (new == 0 ? "." : " (and \(new) new, made at that launch with nothing to restore).")
        let tone = outcome.restoration == nil ? "neutral" : restored.count == remembered ? "good" : "bad"
        // A what-if leads with its answer, as for an app-based app.
        var parts: [String] = input.whatIf.map { [whatIfAnswer($0)] } ?? []
        parts.append(
            "<div class=\"banner \(tone)\" role=\"status\"><p class=\"headline\" id=\"verdict-text\">\(h(headline))</p>"
                + "<p class=\"sub\">\(h("Scene-based app: UIKit saves one NSUserActivity per scene session; view-controller-based restoration never runs (scene-based-app)."))</p></div>"
        )
        let lost = scenes.filter { $0.restored == nil && !$0.isNew }
        if !lost.isEmpty {
            var items = lost.prefix(Self.listLimit).map { s in
                "<li><a href=\"#\(Anchor.session(s.session))\"><code>\(shown(s.session))</code></a> "
                    + "<span class=\"muted\">\(shown(s.configuration))</span><br>"
                    + (s.reason.map { "<code class=\"code\">\(h($0.rawValue))</code> \(h($0.sceneSummary))" }
                        ?? "no activity was saved") + ".</li>"
            }
            if lost.count > Self.listLimit {
                items.append(
                    "<li class=\"muted\">… and \(DotBuilder.grouped(lost.count - Self.listLimit)) more, each in its card below.</li>"
                )
            }
            parts.append(
                "<div class=\"card\"><h3>Sessions not restored</h3><ul class=\"node-list\">\(items.joined())</ul></div>"
            )
        }
        parts.append(replay)
        return "<div class=\"verdict-grid\">" + parts.joined() + "</div>"
    }

    func sceneCards(_ scenes: [SceneOutcome]) -> String {
        let hierarchies = DotBuilder.sceneWindows(input.events)
        var offered: [String: UserActivity] = [:]
        for e in input.events {
            // The activity as the app left it in the last save, kept or not.
            if e.callback == .didUpdateUserActivity, let s = e.session, let a = e.activity { offered[s] = a }
        }
        // The windows' controllers listed, at most `sceneTreeLimit` in all: an 80,000-controller
        // window made a 5 MB list (the drawing shows as many as it draws).
        var budget = Self.sceneTreeLimit
        var out = scenes.map {
            sceneCard($0, hierarchy: hierarchies[$0.session], offered: offered[$0.session], budget: &budget)
        }.joined()
        let inert = outcome.diagnostics.filter { $0.code == .legacyRestorationInert }
        if !inert.isEmpty {
            out +=
                "<div class=\"card wide\" id=\"legacy-inert\"><h3>Inert legacy restoration</h3>"
                + inert.map { "<p>\(h($0.message))</p>" }.joined() + "</div>"
        }
        return out
    }

    /// Controllers the scene cards list, in all.
    static let sceneTreeLimit = 2_000

    private func sceneCard(_ s: SceneOutcome, hierarchy: NodeBlueprint?, offered: UserActivity?, budget: inout Int)
        -> String
    {
        let mark = s.isNew ? "+" : s.restored != nil ? "✓" : "✗"
        var out = "<div class=\"card nodes-card\" id=\"\(Anchor.session(s.session))\">"
        out +=
            "<h3>\(mark) Session <code>\(shown(s.session))</code> <span class=\"muted\">\(shown(s.configuration))</span></h3>"
        if s.isNew {
            out +=
                "<p>New session: UIKit made it at this launch, none being left to reconnect (S3), so it had nothing to restore.</p>"
        }
        if let reason = s.reason {
            out += "<p><code class=\"code\">\(h(reason.rawValue))</code> \(h(reason.sceneSummary)).</p>"
        }
        out += "<h4>Window</h4>"
        if let hierarchy {
            var left = 0
            out += "<ul class=\"node-list\">" + tree(hierarchy, budget: &budget, left: &left) + "</ul>"
            if left > 0 {
                out +=
                    "<p class=\"muted\">… and \(DotBuilder.grouped(left)) more controllers, not listed on this page (the trace holds the whole window).</p>"
            }
        } else {
            out += "<p class=\"muted\">No window hierarchy recorded.</p>"
        }
        out += "<h4>Activity</h4>"
        if s.saved == nil, let offered, s.reason == .activityTypeNotDeclared || s.reason == .activityNotPlist {
            out += "<p>The app returned <code>\(shown(offered.type))</code>"
            out +=
                offered.userInfo.isEmpty
                ? "" : " with " + offered.userInfo.map { "<code>\(shown($0.key))</code>" }.joined(separator: ", ")
            out += ", and UIKit did not persist it.</p>"
        }
        out += activityTable(saved: s.saved, restored: s.restored)
        return out + "</div>"
    }

    /// The controllers from `b` down while `budget` lasts; `left` counts those not listed.
    private func tree(_ b: NodeBlueprint, budget: inout Int, left: inout Int) -> String {
        let below = b.children + (b.presented.map { [$0] } ?? [])
        guard budget > 0 else {
            left += 1
            for c in below { _ = tree(c, budget: &budget, left: &left) }
            return ""
        }
        budget -= 1
        var line = "<li><code>\(shown(b.className))</code>"
        if let id = b.restorationIdentifier {
            line += " <span class=\"muted\">restorationIdentifier \(shown(id)) (inert)</span>"
        }
        if !below.isEmpty {
            let inner = below.map { tree($0, budget: &budget, left: &left) }.joined()
            if !inner.isEmpty { line += "<ul>" + inner + "</ul>" }
        }
        return line + "</li>"
    }

    /// The saved and the restored activity side by side, one row per `userInfo` key.
    private func activityTable(saved: UserActivity?, restored: UserActivity?) -> String {
        guard saved != nil || restored != nil else { return "<p class=\"muted\">Nothing saved, nothing restored.</p>" }
        var keys: [String] = []
        for entry in (saved?.userInfo ?? []) + (restored?.userInfo ?? []) where !keys.contains(entry.key) {
            keys.append(entry.key)
        }
        func cell(_ a: UserActivity?, _ key: String?) -> String {
            guard let a else { return "<td class=\"muted\">—</td>" }
            guard let key else { return "<td><code>\(shown(a.type))</code></td>" }
            return "<td>"
                + (a.value(key).map { "<code>\(shown($0.description))</code>" } ?? "<span class=\"muted\">—</span>")
                + "</td>"
        }
        var out =
            "<div class=\"table-wrap\"><table class=\"activity\"><thead><tr><th scope=\"col\">Key</th><th scope=\"col\">Saved</th><th scope=\"col\">Restored</th></tr></thead><tbody>"
        out += "<tr><th scope=\"row\">activityType</th>\(cell(saved, nil))\(cell(restored, nil))</tr>"
        for key in keys {
            out += "<tr><th scope=\"row\"><code>\(shown(key))</code></th>\(cell(saved, key))\(cell(restored, key))</tr>"
        }
        return out + "</tbody></table></div>"
    }
}
