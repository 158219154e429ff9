import Yams

/// A scenario file as plain data, typed the way the parser types it (the YAML 1.2 core schema,
/// see `CoreScalar`): what a JSON Schema validator or an editor sees in it.
public enum ScenarioDocument {
    /// One value of the document.
    public indirect enum Value: Equatable, Sendable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        case list([Value])
        /// Keys in file order.
        case map([(String, Value)])

        public static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.null, .null): true
            case (.bool(let x), .bool(let y)): x == y
            case (.int(let x), .int(let y)): x == y
            case (.double(let x), .double(let y)): x == y
            case (.string(let x), .string(let y)): x == y
            case (.list(let x), .list(let y)): x == y
            case (.map(let x), .map(let y)): x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
            default: false
            }
        }
    }

    /// Reads YAML (or JSON) text into plain data.
    /// - Throws: `ScenarioError` when the text is not YAML, or uses a tag the format does not support.
    public static func read(_ text: String, file: String) throws(ScenarioError) -> Value {
        let root: Node?
        do {
            root = try Yams.compose(yaml: JSONCompatibility.prepare(text), .default, .default, .utf8)
        } catch {
            throw ScenarioError(file: file, line: 1, column: 1, message: "cannot parse: \(error)")
        }
        guard let root else { return .null }
        return try value(ScenarioNode(yaml: root), file: file)
    }

    private static func value(_ node: ScenarioNode, file: String) throws(ScenarioError) -> Value {
        switch node {
        case .scalar(let s):
            switch CoreScalar(s) {
            case .null: return .null
            case .bool(let b): return .bool(b)
            case .int(let i): return .int(i)
            case .double(let d): return .double(d)
            case .string(let text): return .string(text)
            case .invalid(let why):
                throw ScenarioError(file: file, line: s.mark?.line ?? 1, column: s.mark?.column ?? 1, message: why)
            }
        case .sequence(let items):
            var out: [Value] = []
            for item in items { out.append(try value(item, file: file)) }
            return .list(out)
        case .mapping(let pairs):
            var out: [(String, Value)] = []
            for (k, v) in pairs {
                guard case .scalar(let key) = k else {
                    throw ScenarioError(
                        file: file, line: k.mark?.line ?? 1, column: k.mark?.column ?? 1,
                        message: "a key must be a name")
                }
                out.append((key.string, try value(v, file: file)))
            }
            return .map(out)
        }
    }
}
