import RestoreEngine

/// Restored nodes that came back only in part: a table whose selection was dropped (the item is
/// gone) or moved (a raw index path now selects another row). UIKit counts them restored, but the
/// user does not see what they left, so the drawing and the page must not show them plain green.
struct PartialRestorations {
    /// The codes that mean "restored, but not as it was".
    static let codes: Set<ReasonCode> = [.selectionDropped, .selectionMoved]

    /// The first such finding per restoration path, at the drawn restoration's launch.
    private let findings: [String: Diagnostic]

    init(outcome: Outcome) {
        var found: [String: Diagnostic] = [:]
        let launch = outcome.restoration?.launch
        for d in outcome.diagnostics where d.launch == launch {
            // By locator first: ambiguous siblings share a path, and a finding about one marked both.
            guard let code = d.code, Self.codes.contains(code), let node = d.locator ?? d.path else { continue }
            if found[node] == nil { found[node] = d }
        }
        findings = found
    }

    var isEmpty: Bool { findings.isEmpty }

    /// Why `n` came back only in part, or nil when it came back whole (or did not come back).
    func finding(for n: NodeOutcome, side: Anchor.Side) -> Diagnostic? {
        guard side == .restoration, n.status == .restored else { return nil }
        return findings[n.locator] ?? n.path.flatMap { findings[$0] }
    }
}
