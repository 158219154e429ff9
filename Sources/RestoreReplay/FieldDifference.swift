import RestoreTrace

/// The first field in which two trace lines of the same callback or event differ, with both
/// values: a fidelity finding on `archive-deleted` against `archive-deleted` says nothing until it
/// names the `reason` (or path, result, coder key…) that UIKit and the engine disagree on.
public struct FieldDifference: Hashable, Sendable {
    /// How the field is named for people: `reason`, `coder key \`count\``, `result.restored`.
    public var label: String
    /// The recorded side's value as compact JSON, or nil when the recorded line lacks the field.
    public var recorded: String?
    /// The replayed side's value as compact JSON, or nil when the replayed line lacks the field.
    public var replayed: String?

    public init(label: String, recorded: String?, replayed: String?) {
        self.label = label
        self.recorded = recorded
        self.replayed = replayed
    }

    /// Values longer than this are cut (a coder or an archive can be large): the full lines are
    /// printed beside the summary anyway.
    static let maxValueLength = 80

    /// The difference between two lines naming the same callback or event (nil when they name
    /// different ones, when either is not JSON, or when they do not differ outside `seq`).
    public static func between(recorded: String, replayed: String) -> FieldDifference? {
        guard let r = try? JSONParser.parse(recorded), let p = try? JSONParser.parse(replayed) else { return nil }
        let name = { (v: JSONValue) in v[EventField.callback.name] ?? v[EventField.event.name] }
        guard let rn = name(r), rn == name(p) else { return nil }
        return first(in: r, p, at: [])
    }

    /// Walks both objects in the recorded line's key order, then the keys only the replay has;
    /// descends into objects on both sides, except below a coder key, whose value is shown whole.
    private static func first(in r: JSONValue, _ p: JSONValue, at path: [String]) -> FieldDifference? {
        guard case .object(let rPairs) = r, case .object(let pPairs) = p else {
            return FieldDifference(label: label(path), recorded: text(r), replayed: text(p))
        }
        let keys = rPairs.map(\.0) + pPairs.map(\.0).filter { k in !rPairs.contains { $0.0 == k } }
        for key in keys where !(path.isEmpty && key == EventField.seq.name) {
            let (rv, pv) = (r[key], p[key])
            if rv == pv { continue }
            let below = path + [key]
            guard let rv, let pv, path.first != EventField.coder.name else {
                return FieldDifference(label: label(below), recorded: rv.map(text), replayed: pv.map(text))
            }
            if let found = first(in: rv, pv, at: below) { return found }
        }
        return nil
    }

    private static func label(_ path: [String]) -> String {
        if path.count >= 2, path[0] == EventField.coder.name { return "coder key `\(path[1])`" }
        return path.joined(separator: ".")
    }

    private static func text(_ v: JSONValue) -> String {
        let s = v.serialized
        return s.count > maxValueLength ? String(s.prefix(maxValueLength - 1)) + "…" : s
    }

    /// "reason \"deleted by UIKit\"", or "no reason" when that side lacks the field.
    public static func describe(_ label: String, _ value: String?) -> String {
        value.map { "\(label) \($0)" } ?? "no \(label)"
    }
}
