import Foundation
import RestoreScenario
import RestoreTrace

/// A validator for the part of JSON Schema (draft 2020-12) that `restoretrace schema` emits:
/// `$ref` into `#/$defs`, `type`, `enum`, `const`, `properties`, `required`,
/// `additionalProperties`, `propertyNames`, `items`, `minItems`, `maxItems`, `anyOf`, `minLength`,
/// `pattern`.
///
/// A keyword outside that subset is reported as a problem rather than ignored, so the schema
/// cannot grow a rule this validator silently skips.
public struct SchemaValidator: Sendable {
    public let schema: JSONValue
    /// Keywords that only annotate.
    static let annotations: Set<String> = ["$schema", "title", "description", "default"]
    static let checked: Set<String> = [
        "$ref", "$defs", "type", "enum", "const", "properties", "required", "additionalProperties", "propertyNames",
        "items", "minItems", "maxItems", "anyOf", "minLength", "pattern",
    ]

    public init(schema: JSONValue) { self.schema = schema }

    /// Every problem, as `/json/pointer: what is wrong`; empty when `value` is valid.
    public func problems(_ value: ScenarioDocument.Value) -> [String] {
        var out: [String] = []
        check(value, against: schema, at: "", into: &out)
        return out
    }

    private func check(
        _ value: ScenarioDocument.Value, against s: JSONValue, at pointer: String, into out: inout [String]
    ) {
        guard let keywords = s.members else {
            out.append("\(pointer): the schema here is not an object")
            return
        }
        for (k, _) in keywords where !Self.annotations.contains(k) && !Self.checked.contains(k) {
            out.append("\(pointer): unsupported schema keyword '\(k)'")
        }
        if let ref = s["$ref"]?.stringValue {
            guard ref.hasPrefix("#/$defs/"), let target = schema["$defs"]?[String(ref.dropFirst(8))] else {
                out.append("\(pointer): unresolvable $ref '\(ref)'")
                return
            }
            check(value, against: target, at: pointer, into: &out)
        }
        if let types = s["type"], !matches(value, types) {
            out.append("\(pointer): expected \(types.serialized), found \(Self.describe(value))")
            return
        }
        if let allowed = s["enum"]?.arrayValue, !allowed.contains(where: { equal(value, $0) }) {
            out.append("\(pointer): \(Self.describe(value)) is not one of \(s["enum"]!.serialized)")
        }
        if let constant = s["const"], !equal(value, constant) {
            out.append("\(pointer): expected \(constant.serialized), found \(Self.describe(value))")
        }
        if let options = s["anyOf"]?.arrayValue { checkAlternatives(value, options, pointer, &out) }
        if case .string(let text) = value {
            // Both count and match code points, as JSON Schema does (ECMA-262 patterns).
            if let min = s["minLength"]?.intValue, text.unicodeScalars.count < min {
                out.append("\(pointer): \(Self.describe(value)) is shorter than \(min)")
            }
            if let pattern = s["pattern"]?.stringValue {
                if let regex = try? NSRegularExpression(pattern: pattern) {
                    let range = NSRange(text.startIndex..., in: text)
                    if regex.firstMatch(in: text, range: range) == nil {
                        out.append("\(pointer): \(Self.describe(value)) does not match \(pattern)")
                    }
                } else {
                    out.append("\(pointer): the schema's pattern \(pattern) does not compile")
                }
            }
        }
        if case .map(let pairs) = value { checkObject(pairs, s, pointer, &out) }
        if case .list(let items) = value {
            if let min = s["minItems"]?.intValue, items.count < min {
                out.append("\(pointer): \(items.count) items, fewer than \(min)")
            }
            if let max = s["maxItems"]?.intValue, items.count > max {
                out.append("\(pointer): \(items.count) items, more than \(max)")
            }
            if let item = s["items"] {
                for (i, v) in items.enumerated() { check(v, against: item, at: "\(pointer)/\(i)", into: &out) }
            }
        }
    }

    /// Valid when one alternative fits. Otherwise the problems of the closest alternative of the
    /// right type (fewest problems, none of them about the value's own type), as an editor would
    /// show them, or a single line when no alternative stands out.
    private func checkAlternatives(
        _ value: ScenarioDocument.Value, _ options: [JSONValue], _ pointer: String, _ out: inout [String]
    ) {
        var candidates: [[String]] = []
        for option in options {
            var trial: [String] = []
            check(value, against: option, at: pointer, into: &trial)
            if trial.isEmpty { return }
            let wrongType = trial.contains {
                $0.hasPrefix("\(pointer): expected ") || $0.hasPrefix("\(pointer): \(Self.describe(value)) ")
            }
            if !wrongType { candidates.append(trial) }
        }
        let fewest = candidates.map(\.count).min()
        let closest = candidates.filter { $0.count == fewest }
        if closest.count == 1 {
            out += closest[0]
        } else {
            out.append("\(pointer): \(Self.describe(value)) matches none of the alternatives")
        }
    }

    private func checkObject(
        _ pairs: [(String, ScenarioDocument.Value)], _ s: JSONValue, _ pointer: String, _ out: inout [String]
    ) {
        let properties = s["properties"]?.members ?? []
        for name in s["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        where !pairs.contains(where: { $0.0 == name }) {
            out.append("\(pointer): missing required key '\(name)'")
        }
        for (key, v) in pairs {
            if let property = properties.first(where: { $0.0 == key })?.1 {
                check(v, against: property, at: "\(pointer)/\(key)", into: &out)
            } else if let additional = s["additionalProperties"] {
                if additional == .bool(false) {
                    out.append("\(pointer): unknown key '\(key)'")
                } else if additional != .bool(true) {
                    check(v, against: additional, at: "\(pointer)/\(key)", into: &out)
                }
            }
        }
    }

    private func matches(_ value: ScenarioDocument.Value, _ types: JSONValue) -> Bool {
        let names = types.arrayValue?.compactMap(\.stringValue) ?? [types.stringValue].compactMap { $0 }
        return names.contains { name in
            switch (name, value) {
            case ("null", .null), ("boolean", .bool), ("integer", .int), ("number", .int), ("number", .double),
                ("string", .string), ("array", .list), ("object", .map):
                true
            default: false
            }
        }
    }

    private func equal(_ value: ScenarioDocument.Value, _ json: JSONValue) -> Bool {
        switch (value, json) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        default: false
        }
    }

    static func describe(_ value: ScenarioDocument.Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): String(b)
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .string(let s): "'\(s)'"
        case .list: "a list"
        case .map: "a mapping"
        }
    }
}

extension JSONValue {
    /// An object's members in order, or nil when it is not an object.
    public var members: [(String, JSONValue)]? { if case .object(let o) = self { o } else { nil } }
}
