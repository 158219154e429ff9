import RestoreEngine
import RestoreScenario
import Testing

/// A recorded scenario's outcome, with expectations that record a Swift Testing issue at the
/// caller's line when a path did not end the way the test says.
public struct RecordedRestoration: Sendable {
    /// The scenario that ran.
    public let scenario: Scenario
    /// What happened: the last preservation, each relaunch's restoration, the findings.
    public let outcome: Outcome

    /// How a node ended after the last preservation and the launch after it.
    public enum Fate: Hashable, Sendable {
        /// Restored at the last launch.
        case restored
        /// Not preserved, or preserved and not restored; with the reason code when one is known.
        case lost(ReasonCode?)
    }

    /// The restoration paths the last launch restored, in hierarchy order.
    public var restoredPaths: [String] {
        (outcome.restoration?.nodes ?? []).filter { $0.status == .restored }.map { $0.path ?? $0.locator }
    }

    /// The paths that did not come back: skipped by the last preservation, or preserved and not restored.
    public var lostPaths: [String] {
        let skipped = (outcome.preservation?.nodes ?? []).filter { $0.status == .skipped }
        return (skipped + LostNodes.of(outcome)).map { $0.path ?? $0.locator }
    }

    /// The fate of the node at `path` (its restoration path, or its locator when it has none);
    /// nil when no node of the run has it.
    public func fate(of path: String) -> Fate? {
        func named(_ n: NodeOutcome) -> Bool { n.path == path || n.locator == path }
        let restoration = outcome.restoration
        if let n = restoration?.nodes.first(where: named), n.status == .restored { return .restored }
        if let n = outcome.preservation?.nodes.first(where: named), n.status == .skipped { return .lost(n.reason) }
        if let n = LostNodes.of(outcome).first(where: named) {
            // The node's own reason, or the whole restoration's (declined, no archive, deleted archive).
            let mine = restoration?.nodes.first { ($0.key != nil && $0.key == n.key) || named($0) }
            return .lost(mine?.reason ?? restoration?.reason)
        }
        if let n = restoration?.nodes.first(where: named) { return .lost(n.reason) }
        return nil
    }

    /// Records an issue at the caller unless the node at `path` was restored at the last launch.
    @discardableResult
    public func expectRestored(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Self {
        switch fate(of: path) {
        case .restored?: break
        case .lost(let reason)?:
            Issue.record(
                "Expected `\(path)` to be restored, but it was lost\(Self.because(reason)).\n\(listing)",
                sourceLocation: sourceLocation)
        case nil: Issue.record(notFound(path), sourceLocation: sourceLocation)
        }
        return self
    }

    /// Records an issue at the caller unless the node at `path` did not come back, for `reason`
    /// when one is given.
    @discardableResult
    public func expectLost(
        _ path: String, reason: ReasonCode? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Self {
        switch fate(of: path) {
        case .restored?:
            Issue.record(
                "Expected `\(path)` to be lost, but it was restored.\n\(listing)", sourceLocation: sourceLocation)
        case .lost(let actual)?:
            if let reason, actual != reason {
                Issue.record(
                    "Expected `\(path)` to be lost because \(reason.rawValue), but it was lost\(Self.because(actual)).",
                    sourceLocation: sourceLocation)
            }
        case nil: Issue.record(notFound(path), sourceLocation: sourceLocation)
        }
        return self
    }

    private static func because(_ reason: ReasonCode?) -> String {
        reason.map { " because \($0.rawValue)" } ?? ""
    }

    /// What came back and what did not, so a failure shows the near misses (a typo in the path).
    private var listing: String {
        func list(_ paths: [String]) -> String { paths.isEmpty ? "(none)" : paths.joined(separator: ", ") }
        return "Restored: \(list(restoredPaths))\nLost: \(list(lostPaths))"
    }

    private func notFound(_ path: String) -> Comment {
        "No node at `\(path)` in scenario '\(scenario.name)'.\n\(listing)"
    }
}
