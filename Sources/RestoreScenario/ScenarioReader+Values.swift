import RestoreEngine

/// Typed readers: each returns nil and records a located problem when the node has the wrong type.
extension ScenarioReader {
    /// Any scalar's text, as written: `bundleVersion: 1.10` keeps "1.10" rather than the float 1.1.
    /// Null, lists and mappings are not strings.
    func string(_ node: ScenarioNode, _ what: @autoclosure () -> String) -> String? {
        guard case .scalar(let scalar) = node else {
            fail(node, "expected a string for \(what()), found \(Self.describe(node))")
            return nil
        }
        switch CoreScalar(scalar) {
        case .null:
            fail(node, "expected a string for \(what()), found \(Self.describe(node))")
            return nil
        case .invalid(let why):
            fail(node, "\(what()): \(why)")
            return nil
        default:
            return scalar.string
        }
    }

    /// A string that must not be empty (class names, restoration identifiers of objects...).
    func name(_ node: ScenarioNode, _ what: @autoclosure () -> String) -> String? {
        guard let text = string(node, what()) else { return nil }
        guard !text.isEmpty else {
            fail(node, "\(what()) must not be empty")
            return nil
        }
        return text
    }

    func bool(_ node: ScenarioNode, _ what: @autoclosure () -> String) -> Bool? {
        if case .scalar(let scalar) = node, case .bool(let b) = CoreScalar(scalar) { return b }
        fail(node, "expected a boolean (true or false) for \(what()), found \(Self.describe(node))")
        return nil
    }

    func int(_ node: ScenarioNode, _ what: @autoclosure () -> String) -> Int? {
        if case .scalar(let scalar) = node {
            switch CoreScalar(scalar) {
            case .int(let i): return i
            // The schema's `integer` is any number without a fraction (JSON Schema): `1.0` is 1, as
            // a validator run from the schema says. (Refused, a scenario the schema passed failed.)
            case .double(let d) where d.rounded() == d && abs(d) <= 9_007_199_254_740_992: return Int(d)
            default: break
            }
        }
        fail(node, "expected an integer for \(what()), found \(Self.describe(node))")
        return nil
    }

    /// An integer or a float, as a Double; infinities and NaN are not geometry.
    func number(_ node: ScenarioNode, _ what: @autoclosure () -> String) -> Double? {
        if case .scalar(let scalar) = node {
            switch CoreScalar(scalar) {
            case .int(let i): return Double(i)
            case .double(let d) where d.isFinite: return d
            default: break
            }
        }
        fail(node, "expected a number for \(what()), found \(Self.describe(node))")
        return nil
    }

    /// One of a closed set of words, with a suggestion for a typo.
    func word(_ node: ScenarioNode, _ what: @autoclosure () -> String, _ choices: [String]) -> String? {
        guard case .scalar(let scalar) = node, case .string(let text) = CoreScalar(scalar) else {
            fail(node, "expected \(Self.alternatives(choices)) for \(what()), found \(Self.describe(node))")
            return nil
        }
        guard choices.contains(text) else {
            fail(
                node,
                "unknown \(what()) '\(text)'" + Self.suggestion(for: text, among: choices)
                    + "; expected \(Self.alternatives(choices))")
            return nil
        }
        return text
    }

    /// `a`, `a or b`, `a, b or c`.
    static func alternatives(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
    }

    // MARK: Coder values

    /// VALUE: string, integer, float, boolean, or a list or map of those.
    func coderValue(_ node: ScenarioNode, _ what: @autoclosure () -> String, depth: Int = 0) -> CoderValue? {
        guard depth < Self.maximumDepth else {
            fail(node, "\(what()) is nested more than \(Self.maximumDepth) levels deep")
            return nil
        }
        if case .scalar(let scalar) = node {
            switch CoreScalar(scalar) {
            case .string(let s): return .string(s)
            case .int(let i): return .int(i)
            case .double(let d) where d.isFinite: return .double(d)
            case .double:
                // JSON has no infinity or NaN: such a value could not be written into the trace.
                fail(
                    node, "\(what()) is '\(scalar.string)'; coder values must be finite numbers (quote it for the text)"
                )
                return nil
            case .bool(let b): return .bool(b)
            case .null:
                fail(
                    node,
                    "\(what()) is null; a coder value is a string, integer, float, boolean, list or map (quote it for the text \"\(scalar.string)\")"
                )
                return nil
            case .invalid(let why):
                fail(node, "\(what()): \(why)")
                return nil
            }
        }
        if case .sequence(let sequence) = node {
            var items: [CoderValue] = []
            var ok = true
            for (i, item) in sequence.enumerated() {
                if let value = coderValue(item, "\(what())[\(i)]", depth: depth + 1) {
                    items.append(value)
                } else {
                    ok = false
                }
            }
            return ok ? .array(items) : nil
        }
        if case .mapping = node {
            guard let pairs = pairs(node, of: what()) else { return nil }
            var map: [String: CoderValue] = [:]
            var ok = true
            for pair in pairs {
                if let value = coderValue(pair.value, "\(what()).\(pair.key)", depth: depth + 1) {
                    map[pair.key] = value
                } else {
                    ok = false
                }
            }
            return ok ? .dictionary(map) : nil
        }
        fail(
            node, "\(what()) is \(Self.describe(node)); a coder value is a string, integer, float, boolean, list or map"
        )
        return nil
    }

    /// `{KEY: VALUE}` → coder entries in file order (encode order matters to the trace).
    func entries(_ node: ScenarioNode, _ what: @autoclosure () -> String) -> [CoderEntry]? {
        guard let pairs = pairs(node, of: what()) else { return nil }
        var result: [CoderEntry] = []
        for pair in pairs {
            if pair.key.isEmpty { fail(pair.keyNode, "a coder key in \(what()) must not be empty") }
            if let value = coderValue(pair.value, "'\(pair.key)'") {
                result.append(CoderEntry(key: pair.key, value: value))
            }
        }
        return result
    }

    /// Deeper than any real UI; keeps hostile input from exhausting the stack.
    static let maximumDepth = 64

    // MARK: Restoration paths

    /// A restoration path `A/B/C`: identifiers joined by `/`, none empty.
    func path(_ text: String, at node: ScenarioNode, _ what: @autoclosure () -> String) -> String? {
        let problem: String?
        if text.isEmpty {
            problem = "it is empty"
        } else if text.hasPrefix("/") {
            problem = "it starts with '/'"
        } else if text.hasSuffix("/") {
            problem = "it ends with '/'"
        } else if text.contains("//") {
            problem = "it has an empty component ('//')"
        } else {
            problem = nil
        }
        if let problem {
            fail(
                node,
                "malformed restoration path '\(text)' in \(what()): \(problem); write identifiers joined by '/', like 'TabController/NavigationController/Detail'"
            )
            return nil
        }
        return text
    }
}

extension Fields {
    /// The value of an optional key; an explicit null (`key: ~`, JSON `null`) counts as absent,
    /// so JSON writers that emit every field still parse.
    @inline(__always)
    func present(_ key: String) -> ScenarioNode? {
        mayHave(key) ? presentValue(key) : nil
    }

    /// `present` for a key that may be there.
    private func presentValue(_ key: String) -> ScenarioNode? {
        guard let node = self[key] else { return nil }
        if case .scalar(let scalar) = node, Self.mayBeNull(scalar), CoreScalar(scalar) == .null { return nil }
        return node
    }

    /// False for a scalar `CoreScalar` cannot type as null, found without typing it (which
    /// copies its text into the result): a quoted one with no tag or the string tag (every
    /// JSON string), or a plain untagged one that does not start like `~`, `null`, `Null`,
    /// `NULL` or the empty text.
    private static func mayBeNull(_ scalar: ScenarioNode.Scalar) -> Bool {
        if scalar.tag.utf8.isEmpty {
            guard scalar.isPlain else { return false }
            guard let first = scalar.string.utf8.first else { return true }
            return first == UInt8(ascii: "~") || first == UInt8(ascii: "n") || first == UInt8(ascii: "N")
        }
        return !sameKey(scalar.tag, ScenarioNode.Scalar.stringTag)
    }
}
