import RestoreEngine

/// The Diagnostics section: findings that differ only in their node are folded into one entry
/// with a count and links to the first few nodes, so a big app's thousands of identical warnings
/// read as one cause.
extension ReportSections {
    /// How many nodes a folded finding links before "and N more".
    static let pathsPerGroup = 5

    var diagnostics: String {
        guard !outcome.diagnostics.isEmpty else { return Self.noDiagnostics }
        return "<ul class=\"diags\">" + diagnosticItems.joined() + "</ul>"
    }

    /// A scene-based app's findings are explained in its terms (`ReasonCode.sceneSummary`).
    var sceneBased: Bool { outcome.scenes != nil }

    static let noDiagnostics = "<p class=\"muted\" id=\"no-diagnostics\">No diagnostics: nothing to explain.</p>"

    /// One `<li>` per finding, findings that differ only in their node folded into one.
    var diagnosticItems: [String] {
        FindingGroup.grouping(outcome.diagnostics).map { g in g.count == 1 ? single(g.members[0]) : folded(g) }
    }

    /// One finding, as it reads when nothing else says the same.
    func single(_ d: Diagnostic) -> String {
        // An outcome's diagnostics are engine findings: each has a reason code and a launch.
        guard let code = d.code, let launch = d.launch else { return "" }
        var out = "<li class=\"diag \(d.severity.rawValue)\" data-code=\"\(code.rawValue)\">"
        out += "<span class=\"sev\">\(d.severity.rawValue)</span> <code class=\"code\">\(code.rawValue)</code>"
        out += " <span class=\"muted\">launch \(launch)</span>"
        if let anchor = anchor(for: d) {
            out += " · <a href=\"#\(anchor)\">\(h(d.path ?? d.locator ?? ""))</a>"
        } else if let where_ = d.path ?? d.locator {
            out += " · <code>\(h(where_))</code>"
        }
        out += "<p>\(h(d.message))</p>" + whyAndFix(code, said: d.message)
        return out
    }

    /// The code's reason and its general fix, the fix left out when the finding's own words
    /// already give it: findings read "… Fix: X. Why: … Fix: X." (r19 end-to-end walk).
    private func whyAndFix(_ code: ReasonCode, said: String) -> String {
        let general = code.fix(sceneBased: sceneBased)
        let fix = said.contains(general) ? "" : " Fix: \(h(general))."
        return "<p class=\"small muted\">Why: \(h(code.summary(sceneBased: sceneBased))).\(fix)</p></li>"
    }

    /// Findings with one code and cause about many nodes: the count, the cause, the first nodes.
    func folded(_ g: FindingGroup) -> String {
        guard let code = g.code else { return "" }
        var out =
            "<li class=\"diag \(g.severity.rawValue) grouped\" data-code=\"\(code.rawValue)\" data-count=\"\(g.count)\">"
        out += "<span class=\"sev\">\(g.severity.rawValue)</span> <code class=\"code\">\(code.rawValue)</code>"
        out += " <strong class=\"count\">×\(DotBuilder.grouped(g.count))</strong>"
        let launches = Set(g.members.compactMap(\.launch)).sorted()
        if !launches.isEmpty {
            out += " <span class=\"muted\">launch \(launches.map(String.init).joined(separator: ", "))</span>"
        }
        out += "<p>\(h(g.cause))</p>"
        let firsts = g.members.lazy.filter { $0.path != nil || $0.locator != nil }.prefix(Self.pathsPerGroup)
        if !firsts.isEmpty {
            let links = firsts.map { d -> String in
                let name = h(d.path ?? d.locator ?? "")
                return anchor(for: d).map { "<a href=\"#\($0)\">\(name)</a>" } ?? "<code>\(name)</code>"
            }
            let named = g.members.filter { $0.path != nil || $0.locator != nil }.count
            let more = named > firsts.count ? " and \(DotBuilder.grouped(named - firsts.count)) more" : ""
            out += "<p class=\"small\">At \(links.joined(separator: ", "))\(more).</p>"
        }
        out += whyAndFix(code, said: g.cause)
        return out
    }

    /// The node a diagnostic is about, on the side of its launch.
    func anchor(for d: Diagnostic) -> String? {
        guard let locator = d.locator else { return nil }
        let inRestoration = restoredLocators.contains(locator)
        let inPreservation = preservedLocators.contains(locator)
        if inRestoration, d.launch == outcome.restoration?.launch { return Anchor.node(.restoration, locator) }
        if inPreservation { return Anchor.node(.preservation, locator) }
        return inRestoration ? Anchor.node(.restoration, locator) : nil
    }
}
