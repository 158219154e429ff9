import RestoreEngine
import RestoreReplay

/// The short human summary `record` and `replay` print: what was preserved, what came back,
/// what was lost and why.
public enum OutcomeSummary {
    /// How many lost nodes or findings are listed before "… and N more" (all of them when verbose).
    public static let maxListed = 15

    /// The summary, one line per element: each phase, its lost nodes, then the findings.
    public static func lines(for outcome: Outcome, verbose: Bool = false) -> [String] {
        var out: [String] = []
        if let p = outcome.preservation {
            out.append(phaseTitle("Preservation", p))
            out += lost(p, verbose: verbose)
        } else {
            out.append("Preservation: the timeline never sent the app to the background")
        }
        for r in outcome.launches {
            out.append(phaseTitle("Restoration", r))
            out += lost(r, verbose: verbose)
        }
        if let scenes = outcome.scenes { out += sceneLines(scenes, relaunched: !outcome.launches.isEmpty) }
        let shown = outcome.diagnostics.filter { verbose || $0.severity != .info }
        let errors = outcome.diagnostics.filter { $0.severity == .error }.count
        let warnings = outcome.diagnostics.filter { $0.severity == .warning }.count
        if !shown.isEmpty {
            out.append("Findings: \(plural(errors, "error")), \(plural(warnings, "warning"))")
            out += verbose ? shown.map(findingLine) : grouped(shown)
        }
        return out
    }

    static func phaseTitle(_ name: String, _ p: PhaseOutcome) -> String {
        guard p.performed else {
            // A preservation without an archive is the crash T3 describes, not an archive missing at launch.
            let why =
                name == "Preservation" && p.reason == .noArchive
                ? "the app crashed while encoding, so no archive was written (T3)" : p.reason?.summary ?? ""
            return "\(name) (launch \(p.launch)): not performed — \(p.reason?.rawValue ?? "?"): \(why)"
        }
        let (done, total) = p.count
        let verb = name == "Preservation" ? "preserved" : "restored"
        return "\(name) (launch \(p.launch)): \(done) of \(plural(total, "node")) \(verb)"
    }

    static func lost(_ p: PhaseOutcome, verbose: Bool) -> [String] {
        // Picked by index: `filter`'s closure copied all of a phase's node outcomes (80k at 200×200)
        // to read one field of each, though almost none are lost.
        var lost: [NodeOutcome] = []
        for i in p.nodes.indices where p.nodes[i].status == .skipped || p.nodes[i].status == .notRestored {
            lost.append(p.nodes[i])
        }
        guard p.performed || !lost.isEmpty else { return [] }
        let width = min(56, lost.map(\.locator.count).max() ?? 0)
        var out = lost.prefix(verbose ? .max : maxListed).map { n in
            var line =
                "  ✗ " + n.locator.padding(toLength: max(width, n.locator.count), withPad: " ", startingAt: 0) + "  "
                + (n.reason?.rawValue ?? "")
            if let cause = n.cause { line += " ← \(cause)" }
            return line
        }
        if !verbose, lost.count > maxListed { out.append("  … and \(lost.count - maxListed) more") }
        return out
    }

    /// How many nodes a folded finding names before "and N more".
    public static let pathsPerGroup = 3

    static func findingLine(_ d: Diagnostic) -> String {
        "  \(d.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(d.message)"
    }

    /// Findings that differ only in their node fold into one line with a count and the first few
    /// paths; a finding said once reads as it always did.
    static func grouped(_ shown: [Diagnostic]) -> [String] {
        let groups = FindingGroup.grouping(shown)
        var out = groups.prefix(maxListed).flatMap { g -> [String] in
            guard g.count > 1 else { return [findingLine(g.members[0])] }
            let sev = g.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            let line = "  \(sev) ×\(g.count) \(g.code.map { "[\($0.rawValue)] " } ?? "")\(g.cause)"
            let paths = g.firstPaths(pathsPerGroup)
            guard !paths.isEmpty else { return [line] }
            var at = "      at " + paths.joined(separator: ", ")
            if g.count > paths.count { at += " and \(g.count - paths.count) more" }
            return [line, at]
        }
        if groups.count > maxListed {
            let rest = groups.dropFirst(maxListed).reduce(0) { $0 + $1.count }
            out.append(
                "  … and \(plural(rest, "more finding")) of \(groups.count - maxListed) more kinds (use --verbose, --json or the report)"
            )
        }
        return out
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// Where a replay departed from the recording: the summary, the rule, the node, the events before it.
    public static func divergence(_ d: Divergence) -> [String] {
        if d.isFidelityFinding { return fidelity(d) }
        var out = ["Replay DIVERGED \(d.summary)"]
        // The same callback on the same node on both sides says nothing until the field is named.
        if let r = d.recorded, let p = d.replayed, let f = FieldDifference.between(recorded: r, replayed: p) {
            out.append(
                "  differs in: \(f.label): recorded \(f.recorded ?? "(none)"), replayed \(f.replayed ?? "(none)")")
        }
        if let rule = d.rule { out.append("  rule: \(rule)") }
        if let path = d.path { out.append("  node: \(path)") }
        if !d.context.isEmpty {
            out.append("  before it:")
            out += d.context.map { "    " + Divergence.brief($0) }
        }
        out.append("  recorded: \(d.recorded ?? "(nothing)")")
        out.append("  replayed: \(d.replayed ?? "(nothing)")")
        return out
    }

    /// A departure from a real app's trace: restoretrace's model of UIKit differs from UIKit.
    static func fidelity(_ d: Divergence) -> [String] {
        var out = [
            "FIDELITY FINDING \(d.summary)",
            "  The trace was recorded in the app (source: app), so this is where restoretrace's model of UIKit",
            "  differs from what UIKit did, not an error in your app or the trace. Please report it with the trace.",
        ]
        if let rule = d.rule { out.append("  rule: \(rule)") }
        if let path = d.path { out.append("  node: \(path)") }
        if !d.context.isEmpty {
            out.append("  before it:")
            out += d.context.map { "    " + Divergence.brief($0) }
        }
        out.append("  UIKit did:           \(d.recorded ?? "(nothing)")")
        out.append("  the engine expected: \(d.replayed ?? "(nothing)")")
        return out
    }
}
