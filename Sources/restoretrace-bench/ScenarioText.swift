import RestoreEngine
import RestoreScenario

/// A scenario as text: JSON (one line, the parser's fast route) or block-style YAML (the same
/// content through the YAML library), so the benchmark can time `record` on both.
enum ScenarioText {
    /// A scenario file's content, in key order, before it is spelt as JSON or YAML.
    indirect enum Tree {
        case object([(String, Tree)])
        case array([Tree])
        case string(String)
        /// A number or boolean, already spelt.
        case literal(String)
    }

    static func json(_ s: Scenario) -> String { json(tree(s)) }

    static func yaml(_ s: Scenario) -> String {
        var out = ""
        if case .object(let pairs) = tree(s) { yamlMapping(pairs, indent: 0, firstLine: nil, into: &out) }
        return out
    }

    static func tree(_ s: Scenario) -> Tree {
        // Without a launch UI, the restoration classes make the whole tree again.
        .object(
            [
                ("format", .string("restoretrace-scenario/1")),
                ("name", .string(s.name)),
                ("classes", .object(s.classes.keys.sorted().map { ($0, .object([("answer", .string("new"))])) })),
            ] + (s.launchUI.map { [("launchUI", node($0))] } ?? []) + [("ui", node(s.ui!))])
    }

    static func node(_ b: NodeBlueprint) -> Tree {
        var parts: [(String, Tree)] = [("class", .string(b.className))]
        if let id = b.restorationIdentifier { parts.append(("restorationIdentifier", .string(id))) }
        if let rc = b.restorationClass { parts.append(("restorationClass", .string(rc))) }
        if b.isCustomContainer { parts.append(("kind", .string("container"))) }
        if let e = b.encodesChildren { parts.append(("encodesChildren", .literal(String(e)))) }
        if let i = b.selectedIndex { parts.append(("selectedIndex", .literal(String(i)))) }
        if !b.state.isEmpty { parts.append(("state", .object(b.state.map { ($0.key, value($0.value)) }))) }
        if !b.children.isEmpty { parts.append(("children", .array(b.children.map(node)))) }
        if let p = b.presented { parts.append(("presented", node(p))) }
        if !b.views.isEmpty { parts.append(("views", .array(b.views.map(node)))) }
        let v = b.viewState
        if let rows = v.rows { parts.append(("rows", .array(rows.map { .string("\($0)") }))) }
        if let sel = v.selected { parts.append(("selected", .array(sel.map { .string("\($0)") }))) }
        if let f = v.firstVisible { parts.append(("firstVisible", .string("\(f)"))) }
        if let o = v.contentOffset { parts.append(("contentOffset", .array(o.map { .literal("\($0)") }))) }
        if let m = v.modelAssociation { parts.append(("modelAssociation", .literal(String(m)))) }
        if let r = v.selectedRange { parts.append(("selectedRange", .array(r.map { .literal(String($0)) }))) }
        return .object(parts)
    }

    static func value(_ v: CoderValue) -> Tree {
        switch v {
        case .string(let s): .string(s)
        case .int(let i): .literal(String(i))
        case .double(let d): .literal("\(d)")
        case .bool(let b): .literal(String(b))
        case .array(let a): .array(a.map(value))
        default: .literal("null")
        }
    }

    static func json(_ t: Tree) -> String {
        switch t {
        case .object(let pairs): "{" + pairs.map { quoted($0.0) + ":" + json($0.1) }.joined(separator: ",") + "}"
        case .array(let items): "[" + items.map(json).joined(separator: ",") + "]"
        case .string(let s): quoted(s)
        case .literal(let l): l
        }
    }

    /// A double-quoted string; the escapes used are the same in JSON and YAML.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Block style: a mapping per line, `- ` for items that are mappings; scalars and lists of
    /// scalars stay in flow style (JSON spelling, which YAML reads the same).
    static func yamlMapping(_ pairs: [(String, Tree)], indent: Int, firstLine: String?, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        for (i, (key, value)) in pairs.enumerated() {
            let lead = i == 0 ? firstLine ?? pad : pad
            switch value {
            case .object(let inner) where !inner.isEmpty:
                out += lead + yamlKey(key) + ":\n"
                yamlMapping(inner, indent: indent + 2, firstLine: nil, into: &out)
            case .array(let items) where items.contains(where: isMapping):
                out += lead + yamlKey(key) + ":\n"
                for item in items { yamlItem(item, indent: indent + 2, into: &out) }
            default:
                out += lead + yamlKey(key) + ": " + json(value) + "\n"
            }
        }
    }

    static func yamlItem(_ item: Tree, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        if case .object(let pairs) = item, !pairs.isEmpty {
            yamlMapping(pairs, indent: indent + 2, firstLine: pad + "- ", into: &out)
        } else {
            out += pad + "- " + json(item) + "\n"
        }
    }

    /// Identifier-like keys stay plain, as a person writes them; anything else is quoted.
    static func yamlKey(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            }
        return plain ? key : quoted(key)
    }

    static func isMapping(_ t: Tree) -> Bool {
        if case .object(let pairs) = t { return !pairs.isEmpty }
        return false
    }
}
