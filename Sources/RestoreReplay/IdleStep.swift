import RestoreEngine

/// A step of the trace's timeline that did nothing when it ran: a `background` while the app was
/// already in the background, a `kill` of an app not running, a `close` or `disconnect` of a
/// session that was not there (`RestorationEngine.idleReason`). `record` refuses such a step in a
/// scenario, so a faithful replay of a recorded trace has none; a what-if can make one (a
/// `deviceLocked=true` launch stays in the background, so the next `background` preserves
/// nothing, R12), and a reader should hear so rather than find the preservation silently older.
public struct IdleStep: Hashable, Sendable {
    /// The trace line of the step's marker event.
    public var line: Int
    /// The step as a scenario's timeline names it: `background`, `kill`, `close`, `disconnect`.
    public var step: String
    /// Why it did nothing, in words that follow "did nothing: ".
    public var reason: String

    public init(line: Int, step: String, reason: String) {
        self.line = line
        self.step = step
        self.reason = reason
    }

    /// "the `background` at line 27 of the trace did nothing: …"
    public var description: String { "the `\(step)` at line \(line) of the trace did nothing: \(reason)" }
}

extension ReplayResult {
    /// This run's idle steps that were not idle in `baseline` (the faithful run): those a
    /// what-if's change made do nothing.
    public func idleSteps(notIn baseline: ReplayResult) -> [IdleStep] {
        let before = Set(baseline.idleSteps.map(\.line))
        return idleSteps.filter { !before.contains($0.line) }
    }
}
