import RestoreEngine
import RestoreReplay

/// The node rows, written straight to bytes: a big app's report has one per node on each side
/// (160,402 at 200x200). The common parts (a node kept whole) are written without building a
/// String; the rarer parts (a lost node's why, a what-if change, a storyboard scene) are built
/// as text and appended.
extension ReportSections {
    /// One node's row: its mark, name and where it sits, and why it was kept or lost.
    func row(_ n: NodeOutcome, side: Anchor.Side) -> String {
        var out: [UInt8] = []
        appendRow(n, side: side, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `row(n, side:)` appended to `out`.
    func appendRow(_ n: borrowing NodeOutcome, side: Anchor.Side, to out: inout [UInt8]) {
        let partial = partials.isEmpty ? nil : partials.finding(for: n, side: side)
        let look = NodeLook(n, partial: partial)
        let kept = n.status == .preserved || n.status == .restored
        let statusClass: StaticString = look.partial != nil ? "partial" : kept ? "ok" : "lost"
        let change = input.whatIf?.change(for: n, side: side)
        out.appendMarkup("<tr id=\"")
        Anchor.appendNode(side, n.locator, to: &out)
        out.appendMarkup("\" class=\"")
        out.appendMarkup(statusClass)
        if change != nil { out.appendMarkup(" changed") }
        out.appendMarkup("\" data-path=\"")
        out.appendHTML(n.path ?? "")
        out.appendMarkup("\">")
        if let code = look.partial?.code {
            out.appendSafe(
                "<td class=\"mark partial\" style=\"color:\(NodeLook.partialColor)\" title=\"partly restored: \(code.rawValue)\">\(look.marker)</td>"
            )
        } else {
            out.appendMarkup("<td class=\"mark ")
            out.appendMarkup(statusClass)
            out.append(UInt8(ascii: " "))
            out.appendSafe(n.status.rawValue)
            out.appendMarkup("\" title=\"")
            out.appendHTML(n.status.rawValue)
            out.appendMarkup("\">")
            out.appendSafe(look.marker)
            out.appendMarkup("</td>")
        }
        out.appendMarkup("<td style=\"padding-left:calc(.5rem + ")
        out.appendDecimal(min(n.depth, 12))
        out.appendMarkup(" * .6rem)\"><code>")
        appendDisplayName(n, to: &out)
        out.appendMarkup("</code> ")
        out.appendHTML(n.className)
        out.appendMarkup("<div class=\"muted small\">")
        out.appendHTML(n.kind.rawValue)
        out.appendMarkup(" · ")
        out.appendHTML(n.key ?? n.path ?? n.locator)
        out.appendMarkup("</div>")
        if let scene = origins.scene(of: n, side: side) { out.appendSafe(sceneLine(scene)) }
        out.appendMarkup("</td><td>")
        switch n.status {
        case .preserved: out.appendMarkup("<span class=\"muted\">preserved</span>")
        case .restored:
            if let via = n.via {
                out.appendMarkup("restored via <code>")
                out.appendSafe(via.rawValue)
                out.appendMarkup("</code>")
            } else {
                out.appendMarkup("restored")
            }
            if n.decoded == false { out.appendMarkup(" <span class=\"warn\">(not decoded)</span>") }
        case .skipped, .notRestored: out.appendSafe(lostWhy(n))
        }
        if let partial = look.partial { out.appendSafe(partlyWhy(partial)) }
        if !kept { out.appendSafe(decidedLink(n, side: side)) }
        if let change { out.appendSafe(changeNote(change)) }
        out.appendMarkup("</td></tr>")
    }

    /// `h(n.displayName)`: the locator's last non-empty component (the class name without
    /// one), found without splitting the locator into an array for every row.
    private func appendDisplayName(_ n: NodeOutcome, to out: inout [UInt8]) {
        let utf8 = n.locator.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: "/") {
            end = utf8.index(before: end)
        }
        guard end > utf8.startIndex else {
            out.appendHTML(n.className)
            return
        }
        var start = end
        while start > utf8.startIndex, utf8[utf8.index(before: start)] != UInt8(ascii: "/") {
            start = utf8.index(before: start)
        }
        out.appendHTML(String(Substring(utf8[start..<end])))
    }

    /// Where the node is in the app's storyboards: the file, the scene, the identifier UIKit looks
    /// it up by and Interface Builder's object id (Xcode's Identity inspector shows it).
    private func sceneLine(_ scene: NodeOrigins.Scene) -> String {
        var out = "<div class=\"muted small origin\">from <code>\(h(scene.origin.file))</code>"
        out += " · scene <code>\(h(scene.origin.sceneID))</code>"
        if let id = scene.storyboardIdentifier { out += " · looked up as <code>\(h(id))</code>" }
        return out + " · object <code>\(h(scene.origin.objectID))</code></div>"
    }

    /// What the what-if changed about a node: its fate before → after.
    private func changeNote(_ c: NodeChange) -> String {
        let before = c.before.map(NodeChange.describe) ?? "absent"
        let after = c.after.map(NodeChange.describe) ?? "not in the archive"
        return "<div class=\"small whatif-change\"><mark>what-if: \(h(before)) → \(h(after))</mark></div>"
    }

    /// A link from a lost or skipped node to the timeline event that decided it.
    private func decidedLink(_ n: NodeOutcome, side: Anchor.Side) -> String {
        guard let seq = deciding.seq(for: n, side: side) else { return "" }
        let name = digests[seq - 1].name
        return
            "<div class=\"small decided\">Decided at <a href=\"#timeline\" data-seq-link=\"\(seq)\">event #\(seq)</a> <code>\(h(name))</code></div>"
    }

    /// What a partly restored node did not get back, in the finding's words.
    private func partlyWhy(_ d: Diagnostic) -> String {
        "<div class=\"warn small partial-why\">partly restored: <code class=\"code\">\(h(d.code?.rawValue ?? ""))</code> \(h(d.message))</div>"
    }

    /// Why a node was lost or skipped: its reason, its cause and the fix.
    private func lostWhy(_ n: NodeOutcome) -> String {
        guard let r = n.reason else { return h(n.status.rawValue) }
        var out = "<code class=\"code\">\(h(r.rawValue))</code> \(h(r.summary))"
        if let c = n.cause, c != n.locator { out += "; because of <code>\(h(c))</code>" }
        return out + "<div class=\"fix small\">Fix: \(h(r.fix))</div>"
    }
}
