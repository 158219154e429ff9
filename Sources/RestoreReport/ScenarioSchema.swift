import RestoreScenario
import RestoreTrace

/// The JSON Schema (draft 2020-12) of the scenario format, generated from `ScenarioKeys`: what
/// `restoretrace schema scenario` prints, for editors (completion, hover, validation) and validators.
///
/// Strict like the parser: every record has `additionalProperties: false`, so an unknown key is
/// an error in the editor as it is in `restoretrace record`. Every key has a description that
/// ends with its default, and a `default` where the default is a value.
public enum ScenarioSchema {
    /// The schema as JSON.
    public static var json: JSONValue {
        var object = record(ScenarioKeys.root)
        let header: [(String, JSONValue)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("restoretrace scenario (\(Scenario.format))")),
        ]
        let definitions = ScenarioKeys.definitions.dropFirst().map { ($0.name, definition($0)) }
        if case .object(let pairs) = object {
            object = .object(header + pairs + [("$defs", .object(definitions))])
        }
        return object
    }

    /// The same declaration as a Markdown reference (`docs/scenario.md`).
    public static var markdown: String { ScenarioReference.markdown }

    /// The schema as indented text, ending with a newline.
    public static var text: String { json.pretty + "\n" }

    static func definition(_ d: ScenarioDefinition) -> JSONValue {
        guard let shape = d.shape else { return record(d) }
        return merge(["description": .string(d.summary)], schema(shape))
    }

    static func record(_ d: ScenarioDefinition) -> JSONValue {
        var required = d.keys.filter { $0.defaultValue == .required }.map { JSONValue.string($0.name) }
        // Required unless another key is given: one of the two, where the record has both.
        var eitherOf: [JSONValue] = []
        for key in d.keys {
            guard case .requiredUnless(let other, _) = key.defaultValue else { continue }
            if d.keys.contains(where: { $0.name == other }) {
                eitherOf += [
                    .object([("required", .array([.string(key.name)]))]),
                    .object([("required", .array([.string(other)]))]),
                ]
            } else {
                required.append(.string(key.name))
            }
        }
        var pairs: [(String, JSONValue)] = [
            ("description", .string(d.summary)), ("type", .string("object")),
            ("properties", .object(d.keys.map { ($0.name, property($0)) })),
        ]
        if !required.isEmpty { pairs.append(("required", .array(required))) }
        if !eitherOf.isEmpty { pairs.append(("anyOf", .array(eitherOf))) }
        pairs.append(("additionalProperties", .bool(false)))
        return .object(pairs)
    }

    static func property(_ key: ScenarioKey) -> JSONValue {
        var extra: [String: JSONValue] = ["description": .string(key.description)]
        if case .literal(let value) = key.defaultValue { extra["default"] = literal(value) }
        // Null is the key left out, as `record` reads it (`ScenarioKey.nullIsAbsent`); where the
        // shape already takes null (an answer's `nil`), it means that value and is left alone.
        guard key.nullIsAbsent, !admitsNull(key.shape) else { return merge(extra, schema(key.shape)) }
        return merge(extra, orNull(schema(key.shape)))
    }

    /// The shape, or null: `null` added to its `type` (and `enum`) where it has one, so an editor
    /// still says what a wrong value should have been; else one of the two.
    static func orNull(_ shape: JSONValue) -> JSONValue {
        guard case .object(var pairs) = shape, let t = pairs.firstIndex(where: { $0.0 == "type" }) else {
            return .object([("anyOf", .array([shape, .object([("type", .string("null"))])]))])
        }
        switch pairs[t].1 {
        case .string(let one): pairs[t].1 = .array([.string(one), .string("null")])
        case .array(let many): pairs[t].1 = .array(many + [.string("null")])
        default: break
        }
        if let e = pairs.firstIndex(where: { $0.0 == "enum" }), case .array(let words) = pairs[e].1 {
            pairs[e].1 = .array(words + [.null])
        }
        return .object(pairs)
    }

    /// Whether a value of this shape may be null already.
    static func admitsNull(_ shape: ScenarioShape, depth: Int = 0) -> Bool {
        switch shape {
        case .null: return true
        case .either(let shapes): return shapes.contains { admitsNull($0, depth: depth) }
        case .reference(let name):
            guard depth < 8, let d = ScenarioKeys.definitions.first(where: { $0.name == name }), let s = d.shape else {
                return false
            }
            return admitsNull(s, depth: depth + 1)
        default: return false
        }
    }

    /// `description` and `default` first, then the shape's own keywords, so the text reads top-down.
    static func merge(_ first: [String: JSONValue], _ shape: JSONValue) -> JSONValue {
        let leading = ["description", "default"].compactMap { k in first[k].map { (k, $0) } }
        guard case .object(let pairs) = shape else { return .object(leading) }
        return .object(leading + pairs)
    }

    /// Any scalar: a number or a boolean is read as its text.
    static let scalar = JSONValue.array([.string("string"), .string("number"), .string("boolean")])

    static func schema(_ shape: ScenarioShape) -> JSONValue {
        switch shape {
        case .text: .object([("type", scalar)])
        // minLength and pattern hold for strings only: a number or a boolean is read as its text.
        case .name:
            .object([("type", scalar), ("minLength", .int(1))])
        case .line:
            .object([("type", scalar), ("minLength", .int(1)), ("pattern", .string(#"^[^\n\t]*$"#))])
        case .identifier:
            .object([("type", scalar), ("pattern", .string(#"^[^/\n\t]*$"#))])
        case .boolean: .object([("type", .string("boolean"))])
        case .integer: .object([("type", .string("integer"))])
        case .number: .object([("type", .string("number"))])
        case .null: .object([("type", .string("null"))])
        case .words(let words): .object([("type", .string("string")), ("enum", .array(words.map(JSONValue.string)))])
        case .constant(let c): .object([("const", .string(c))])
        case .list(let item, let count):
            .object(
                [("type", .string("array")), ("items", schema(item))]
                    + (count.map { [("minItems", .int($0)), ("maxItems", .int($0))] } ?? []))
        case .map(let value, let keys):
            .object([
                ("type", .string("object")), ("propertyNames", .object([("description", .string(keys))])),
                ("additionalProperties", schema(value)),
            ])
        case .reference(let name): .object([("$ref", .string("#/$defs/\(name)"))])
        case .either(let shapes): .object([("anyOf", .array(shapes.map(schema)))])
        }
    }

    static func literal(_ l: ScenarioLiteral) -> JSONValue {
        switch l {
        case .boolean(let b): .bool(b)
        case .integer(let i): .int(i)
        case .string(let s): .string(s)
        case .list(let items): .array(items.map(literal))
        case .map(let pairs): .object(pairs.map { ($0.0, literal($0.1)) })
        }
    }
}
