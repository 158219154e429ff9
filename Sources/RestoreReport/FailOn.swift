import RestoreEngine

/// What `--fail-on` gates a pipeline on: a finding at a severity, or a screen that did not come back.
///
/// `record` and `replay` exit 0 whatever the scenario earns (findings are results); a CI job that
/// wants a red build for them names the level here, and the command exits 1 when the gate matches.
public enum FailOn: String, CaseIterable, Sendable {
    /// Any finding of severity error.
    case error
    /// Any finding of severity warning or error.
    case warning
    /// Any node preserved in the last preservation that the next launch did not restore; in a
    /// scene-based app, any scene session whose saved activity did not come back (`LostSessions`).
    case lost

    /// What matched in `outcome`; `failed` is false when the gate passes.
    public func check(_ outcome: Outcome) -> Verdict {
        switch self {
        case .error, .warning:
            let floor: Severity = self == .error ? .error : .warning
            let found = outcome.diagnostics.filter { $0.severity >= floor }
            let errors = found.filter { $0.severity == .error }.count
            let counts =
                self == .error
                ? OutcomeSummary.plural(errors, "error")
                : "\(OutcomeSummary.plural(errors, "error")), \(OutcomeSummary.plural(found.count - errors, "warning"))"
            let sessions = Set((outcome.scenes ?? []).map(\.session))
            // Each subject once, in the order found: "AppDelegate, AppDelegate" named one thing twice.
            var seen: Set<String> = []
            let subjects = found.map { Self.subject(of: $0, sessions: sessions) }.filter { seen.insert($0).inserted }
            return Verdict(gate: self, matches: subjects, summary: "\(counts) found")
        case .lost:
            let lost = LostNodes.of(outcome)
            let sessions = LostSessions.of(outcome)
            var summary = "\(OutcomeSummary.plural(lost.count, "preserved node")) did not come back"
            if outcome.scenes != nil {
                // A scene-based app preserves no nodes (S1): its screens come back through sessions.
                summary =
                    lost.isEmpty
                    ? "\(OutcomeSummary.plural(sessions.count, "saved scene session")) did not come back"
                    : summary + ", \(OutcomeSummary.plural(sessions.count, "saved scene session")) neither"
            }
            return Verdict(
                gate: self, matches: lost.map(\.locator) + sessions.map { "scene session \($0.session)" },
                summary: summary)
        }
    }

    /// What a finding is about, one way for every kind: a node's path or locator, a scene session
    /// named as one (a bare `main` read like a node), or the app as a whole with its code (a bare
    /// code read like a node's name).
    static func subject(of d: Diagnostic, sessions: Set<String>) -> String {
        if let path = d.path { return path }
        if let locator = d.locator {
            if sessions.contains(locator) { return "scene session \(locator)" }
            // The delegate's findings (deprecated-api, reserved-key) are about the app, not a node.
            if locator == "AppDelegate" { return "the app delegate (\(d.code?.rawValue ?? "finding"))" }
            return locator
        }
        return "the app (\(d.code?.rawValue ?? "finding"))"
    }

    /// The result of one gate on one outcome.
    public struct Verdict: Sendable, Equatable {
        public var gate: FailOn
        /// What matched: the paths (or locators, or codes) of the findings or lost nodes.
        public var matches: [String]
        /// How many matched, in words.
        public var summary: String

        /// Whether the command should exit 1.
        public var failed: Bool { !matches.isEmpty }

        /// One line for standard error, naming the first few matches.
        public var message: String {
            let shown = matches.prefix(5).joined(separator: ", ")
            let more = matches.count > 5 ? ", … (\(matches.count - 5) more)" : ""
            return "--fail-on \(gate.rawValue): \(summary)" + (matches.isEmpty ? "" : ": \(shown)\(more)")
        }
    }
}
