import RestoreReplay
import RestoreTrace

/// Two traces of the same app compared: what `diff` does, as a library call.
public struct TraceComparison: Sendable {
    public var result: TraceDiff.Result

    /// Reads both traces, finds the first event where they part and replays both for the outcome change.
    public init(_ a: String, _ b: String) throws(RestoreFailure) {
        do { result = try TraceDiff.diff(a, b) } catch { throw RestoreFailure(error) }
    }

    /// Whether the traces agree event for event and in outcome.
    public var identical: Bool { result.identical }

    /// The `format` of `diff --json`.
    public static let format = "restoretrace-diff/1"

    /// `{"format":"restoretrace-diff/1","identical":…,"eventsA":…,"eventsB":…,"firstDifference":…,"outcome":[…]}`.
    public var json: String {
        JSONValue.obj([
            ("format", .string(Self.format)),
            ("identical", .bool(result.identical)),
            ("eventsA", .int(result.eventsA)), ("eventsB", .int(result.eventsB)),
            ("firstDifference", result.firstDifference.map(ReplayJSON.divergence) ?? .null),
            ("outcome", .array(result.outcome.lines.map(JSONValue.string))),
        ]).serialized
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
        if let d = result.firstDifference {
            out.append("First difference at event \(d.seq)" + (d.rule.map { " (\($0))" } ?? ""))
            out += d.context.map { "    " + Divergence.brief($0) }
            out.append("  A: \(d.recorded ?? "(trace ends)")")
            out.append("  B: \(d.replayed ?? "(trace ends)")")
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
        return out.joined(separator: "\n")
    }
}
