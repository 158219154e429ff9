import RestoreEngine
import RestoreReplay
import RestoreTrace

/// Two traces of the same app compared: what `diff` does, as a library call.
public struct TraceComparison: Sendable {
    public var result: TraceDiff.Result

    /// Reads both traces, finds the first event where they part and replays both for the outcome change.
    /// - Parameter leftovers: given the replays' engines instead of their being freed here (see `Leftovers`).
    public init(_ a: String, _ b: String, leaving leftovers: Leftovers? = nil) throws(RestoreFailure) {
        do {
            result = try TraceDiff.diff(a, b, keepingEngines: Leftovers.engines(into: leftovers))
        } catch { throw RestoreFailure(error) }
    }

    /// Whether the traces agree event for event and in outcome.
    public var identical: Bool { result.identical }

    /// The `format` of `diff --json`.
    public static let format = "restoretrace-diff/1"

    /// The members where the first differing events differ; empty when there is no such pair
    /// (one trace ends first) or a line is not a JSON object.
    public var fields: [FieldChange] {
        guard let d = result.firstDifference, let a = d.recorded, let b = d.replayed else { return [] }
        return FieldChange.between(a, b) ?? []
    }

    /// The divergence as replay prints it, plus `fields`: the field-level list of ``fields``.
    private static func firstDifferenceJSON(_ d: Divergence) -> JSONValue {
        guard case .object(var pairs) = ReplayJSON.divergence(d) else { return ReplayJSON.divergence(d) }
        // Two traces, not a recording and its replay: "recorded X, replayed X" named neither.
        if let i = pairs.firstIndex(where: { $0.0 == "summary" }) { pairs[i].1 = .string(summary(d)) }
        let fields = d.recorded.flatMap { a in d.replayed.flatMap { b in FieldChange.between(a, b) } } ?? []
        pairs.append(("fields", .array(fields.map(\.json))))
        return .object(pairs)
    }

    /// Where the traces part, in their own terms: "at event 3: A has `X` on P, B has `Y` on P".
    static func summary(_ d: Divergence) -> String {
        switch (d.recorded, d.replayed) {
        case (let a?, let b?): "at event \(d.seq): A has \(Divergence.brief(a)), B has \(Divergence.brief(b))"
        case (let a?, nil): "at event \(d.seq): A has \(Divergence.brief(a)), B ends before it"
        case (nil, let b?): "at event \(d.seq): B has \(Divergence.brief(b)), A ends before it"
        default: "at event \(d.seq)"
        }
    }

    /// Each node whose fate moved, for a script: `outcome` says the same in sentences.
    static func changesJSON(_ diff: OutcomeDiff) -> JSONValue {
        func fate(_ n: NodeOutcome?) -> JSONValue {
            guard let n else { return .null }
            return JSONValue.obj([
                ("locator", .string(n.locator)), ("status", .string(n.status.rawValue)),
                ("reason", n.reason.map { JSONValue.string($0.rawValue) } ?? .null),
                ("via", n.via.map { JSONValue.string($0.rawValue) } ?? .null),
            ])
        }
        return .array(
            diff.changes.map { c in
                JSONValue.obj([
                    ("phase", .string(c.phase.rawValue)), ("launch", c.launch.map(JSONValue.int)),
                    ("node", .string(c.after?.locator ?? c.locator)),
                    ("change", .string(c.direction.rawValue)), ("before", fate(c.before)), ("after", fate(c.after)),
                ])
            })
    }

    /// Each scene session whose saved or restored activity moved, for a script (`changes` holds nodes).
    static func sessionsJSON(_ diff: OutcomeDiff) -> JSONValue {
        func fate(_ s: SceneOutcome?) -> JSONValue {
            guard let s else { return .null }
            // The activity whole (type and userInfo), as the outcome's `scenes` writes it: a
            // change in userInfo alone showed as "changed" with the same type on both sides, and
            // the text's wording of it was no data to read.
            return JSONValue.obj([
                ("saved", s.saved.map(OutcomeCodec.encode) ?? .null),
                ("restored", s.restored.map(OutcomeCodec.encode) ?? .null),
                ("reason", s.reason.map { .string($0.rawValue) } ?? .null),
            ])
        }
        return .array(
            diff.sceneChanges.map { c in
                let change = c.gained ? "gained" : c.lost ? "lost" : "changed"
                return JSONValue.obj([
                    ("session", .string(c.session)), ("change", .string(change)), ("before", fate(c.before)),
                    ("after", fate(c.after)),
                ])
            })
    }

    /// `{"format":"restoretrace-diff/1","identical":…,"eventsA":…,"eventsB":…,"scenarioA":…,"scenarioB":…,"firstDifference":…,"outcome":[…],"changes":[…],"app":[…],"sessions":[…],"findings":[…]}`.
    public var json: String {
        JSONValue.obj([
            ("format", .string(Self.format)),
            ("identical", .bool(result.identical)),
            ("eventsA", .int(result.eventsA)), ("eventsB", .int(result.eventsB)),
            // The text's "different scenarios" note had no JSON counterpart (r19 CLI hunt).
            ("scenarioA", .string(result.headerA.scenario)), ("scenarioB", .string(result.headerB.scenario)),
            ("firstDifference", result.firstDifference.map(Self.firstDifferenceJSON) ?? .null),
            ("outcome", .array(result.outcome.lines.map(JSONValue.string))),
            ("changes", Self.changesJSON(result.outcome)),
            (
                "app",
                .array(
                    appChanges.map {
                        JSONValue.obj([("setting", .string($0.setting)), ("a", .string($0.a)), ("b", .string($0.b))])
                    })
            ),
            ("sessions", Self.sessionsJSON(result.outcome)),
            ("findings", .array(result.outcome.findingChanges.map(ReplayJSON.findingChange))),
        ]).serialized
    }

    /// The app's settings the two headers disagree on, A then B: the cause a diff of events and
    /// outcomes shows only the effects of (a life cycle moved to scenes, an activity type left
    /// out of NSUserActivityTypes).
    public var appChanges: [(setting: String, a: String, b: String)] {
        func list(_ v: [String]) -> String { v.isEmpty ? "(none)" : v.joined(separator: ", ") }
        let (a, b) = (result.headerA.app, result.headerB.app)
        let pairs: [(String, String, String)] = [
            ("life cycle", a.lifecycle.rawValue, b.lifecycle.rawValue),
            ("NSUserActivityTypes", list(a.userActivityTypes), list(b.userActivityTypes)),
            ("saveActivity", a.activitySaving.rawValue, b.activitySaving.rawValue),
            ("bundle version", a.bundleVersion, b.bundleVersion),
            ("system version", a.systemVersion, b.systemVersion), ("idiom", a.idiom.rawValue, b.idiom.rawValue),
        ]
        return pairs.filter { $0.1 != $0.2 }.map { (setting: $0.0, a: $0.1, b: $0.2) }
    }

    /// The first difference and the outcome changes, for people.
    public var text: String {
        guard !result.identical else { return "The traces agree: \(result.eventsA) events, same outcome." }
        var out: [String] = []
        if result.headerA.scenario != result.headerB.scenario {
            out.append(
                "note: the traces record different scenarios ('\(result.headerA.scenario)' and '\(result.headerB.scenario)')"
            )
        }
        if !appChanges.isEmpty {
            out.append("The apps differ (A → B):")
            out += appChanges.map { "  \($0.setting): \($0.a) → \($0.b)" }
        }
        if let d = result.firstDifference {
            out.append("First difference at event \(d.seq)" + (d.rule.map { " (\($0))" } ?? ""))
            out += d.context.map { "    " + Divergence.brief($0) }
            if let a = d.recorded, let b = d.replayed, let fields = FieldChange.between(a, b), !fields.isEmpty {
                out.append(
                    "  " + Divergence.brief(a)
                        + (Divergence.brief(a) == Divergence.brief(b) ? "" : " / " + Divergence.brief(b)))
                out += Self.table(Self.foldingStoryboardRenames(fields))
            } else {
                out.append("  A: \(d.recorded.map(Divergence.brief) ?? "(trace ends)")")
                out.append("  B: \(d.replayed.map(Divergence.brief) ?? "(trace ends)")")
            }
        } else {
            out.append("Every event matches (\(result.eventsA)).")
        }
        out.append("")
        if result.outcome.isEmpty {
            out.append("The outcome is the same.")
        } else {
            out.append("Outcome changes (A → B):")
            out += result.outcome.lines.map { "  " + $0 }
        }
        return LineBreaks.joining(out)
    }

    /// Changes that only rename the storyboard file the nodes came from (the same scene and
    /// object, `Main-v1.storyboard` → `Main-v2.storyboard`) as one row after the others: comparing
    /// a fixed copy of a storyboard is the natural workflow, and one such row per node led the
    /// table, with the change that mattered after them (r19 end-to-end walk). `--json` keeps each.
    static func foldingStoryboardRenames(_ fields: [FieldChange]) -> [FieldChange] {
        func isRename(_ f: FieldChange) -> Bool {
            guard f.change == .value, f.field == "origin" || f.field.hasSuffix(".origin"),
                case .object(let a)? = f.a, case .object(let b)? = f.b, a.count == b.count
            else { return false }
            return zip(a, b).allSatisfy { $0.0 == $1.0 && ($0.0 == "file" || $0.1 == $1.1) }
                && f.a?["file"] != f.b?["file"]
        }
        let renames = fields.filter(isRename)
        guard renames.count > 1 else { return fields }
        var out = fields.filter { !isRename($0) }
        // One row per pair of file names, in the order first met.
        var pairs: [(a: JSONValue?, b: JSONValue?, count: Int)] = []
        for f in renames {
            if let i = pairs.firstIndex(where: { $0.a == f.a?["file"] && $0.b == f.b?["file"] }) {
                pairs[i].count += 1
            } else {
                pairs.append((f.a?["file"], f.b?["file"], 1))
            }
        }
        for p in pairs {
            out.append(
                FieldChange(
                    field: "origin.file (\(p.count) node\(p.count == 1 ? "" : "s"))", change: .value, a: p.a, b: p.b))
        }
        return out
    }

    /// The widest a value column gets in the text table; `--json` has the full values.
    static let valueWidth = 60

    /// Field, A and B in aligned columns.
    static func table(_ fields: [FieldChange]) -> [String] {
        func clip(_ s: String) -> String {
            s.count <= valueWidth ? s : String(s.prefix(valueWidth - 1)) + "…"
        }
        var rows: [[String]] = [["field", "A", "B"]]
        for f in fields {
            rows.append([f.field, clip(FieldChange.text(f.a)), clip(FieldChange.text(f.b))])
        }
        let fieldWidth = rows.map { $0[0].count }.max() ?? 0
        let aWidth = rows.map { $0[1].count }.max() ?? 0
        func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: width - s.count) }
        return rows.map { row in "    " + pad(row[0], fieldWidth) + "  " + pad(row[1], aWidth) + "  " + row[2] }
    }
}
