import RestoreEngine
import RestoreReplay
import RestoreTrace

/// The `replay`, `firstDifference` and `whatIf` members of the outcome JSON (SPEC §5).
public enum ReplayJSON {
    /// Whether the replay reproduced the recording, and where it first did not.
    public static func verdict(_ r: ReplayResult) -> JSONValue {
        .obj([
            ("matched", .bool(r.matched)),
            ("events", .int(r.recordedEvents)),
            ("replayedEvents", .int(r.replayedEvents)),
            ("firstDivergence", r.divergence.map(divergence) ?? .null),
        ])
    }

    /// One divergence (or a diff's first difference).
    public static func divergence(_ d: Divergence) -> JSONValue {
        .obj([
            ("seq", .int(d.seq)),
            ("kind", .string(d.kind)),
            ("summary", .string(d.summary)),
            ("rule", d.rule.map(JSONValue.string)),
            ("path", d.path.map(JSONValue.string)),
            ("recorded", d.recorded.map(JSONValue.string) ?? .null),
            ("replayed", d.replayed.map(JSONValue.string) ?? .null),
            ("context", .array(d.context.map(JSONValue.string))),
        ])
    }

    /// The edits of a what-if run and how the outcome moved.
    /// `idle`: the steps the change made do nothing (`ReplaySummary.idleUnderChange`), as
    /// `idleSteps` when there are any.
    public static func whatIf(
        _ w: WhatIf, _ diff: OutcomeDiff, idle: [IdleStep] = [], unchanged: String? = nil
    ) -> JSONValue {
        .obj([
            ("edits", .array(w.edits.map { .string($0.description) })),
            ("gained", .int(diff.gained.count)),
            ("lost", .int(diff.lost.count)),
            ("changes", .array(diff.changes.map(change))),
            ("phases", diff.phaseChanges.isEmpty ? nil : .array(diff.phaseChanges.map(phaseChange))),
            ("findings", diff.findingChanges.isEmpty ? nil : .array(diff.findingChanges.map(findingChange))),
            ("scenes", diff.sceneChanges.isEmpty ? nil : .array(diff.sceneChanges.map(sceneChange))),
            ("sceneGained", diff.sceneChanges.isEmpty ? nil : .int(diff.sceneCounts.gained)),
            ("sceneLost", diff.sceneChanges.isEmpty ? nil : .int(diff.sceneCounts.lost)),
            ("idleSteps", idle.isEmpty ? nil : .array(idle.map(idleStep))),
            // Why a what-if that moved nothing moved nothing ("" when there is no more to say).
            ("unchanged", unchanged.map(JSONValue.string)),
        ])
    }

    /// A phase whose performed state, reason or count moved: `{"phase","launch","performed":
    /// [before, after],"reason":[before, after],"done":[before, after],"total":[before, after]}`,
    /// `performed` and `reason` only when they moved.
    static func phaseChange(_ p: PhaseChange) -> JSONValue {
        func code(_ r: ReasonCode?) -> JSONValue { r.map { .string($0.rawValue) } ?? .null }
        return .obj([
            ("phase", .string(p.phase.rawValue)),
            ("launch", p.launch.map(JSONValue.int)),
            ("performed", p.performed.map { .array([.bool($0.before), .bool($0.after)]) }),
            ("reason", p.reason.map { .array([code($0.before), code($0.after)]) }),
            ("done", .array([.int(p.before.done), .int(p.after.done)])),
            ("total", .array([.int(p.before.total), .int(p.after.total)])),
        ])
    }

    /// A finding only one run has: `{"change":"new"|"gone","code","severity","path","locator","launch","message"}`.
    static func findingChange(_ f: FindingChange) -> JSONValue {
        .obj([
            ("change", .string(f.isNew ? "new" : "gone")),
            ("code", f.diagnostic.code.map { .string($0.rawValue) } ?? .null),
            ("severity", .string(f.diagnostic.severity.rawValue)),
            ("path", f.diagnostic.path.map(JSONValue.string) ?? .null),
            ("locator", f.diagnostic.locator.map(JSONValue.string) ?? .null),
            ("launch", f.diagnostic.launch.map(JSONValue.int) ?? .null),
            ("message", .string(f.diagnostic.message)),
        ])
    }

    private static func idleStep(_ s: IdleStep) -> JSONValue {
        .obj([("line", .int(s.line)), ("step", .string(s.step)), ("reason", .string(s.reason))])
    }

    private static func sceneChange(_ c: SceneChange) -> JSONValue {
        .obj([
            ("session", .string(c.session)),
            ("before", c.before.map(OutcomeCodec.encode) ?? .null),
            ("after", c.after.map(OutcomeCodec.encode) ?? .null),
        ])
    }

    private static func change(_ c: NodeChange) -> JSONValue {
        .obj([
            ("phase", .string(c.phase.rawValue)), ("launch", c.launch.map(JSONValue.int)),
            ("locator", .string(c.locator)),
            ("direction", .string(c.direction.rawValue)),
            ("before", c.before.map(OutcomeCodec.encode) ?? .null),
            ("after", c.after.map(OutcomeCodec.encode) ?? .null),
        ])
    }
}
