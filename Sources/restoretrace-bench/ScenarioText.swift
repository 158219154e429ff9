import RestoreEngine
import RestoreScenario

/// A scenario as JSON text (JSON is YAML too), so the benchmark can time the parser on it.
enum ScenarioText {
    static func json(_ s: Scenario) -> String {
        var out = "{\"format\":\"restoretrace-scenario/1\",\"name\":\"\(s.name)\",\"classes\":{"
        out += s.classes.keys.sorted().map { "\"\($0)\":{\"answer\":\"new\"}" }.joined(separator: ",")
        out += "},\"launchUI\":" + node(s.launchUI!) + ",\"ui\":" + node(s.ui!) + "}"
        return out
    }

    static func node(_ b: NodeBlueprint) -> String {
        var parts = ["\"class\":\"\(b.className)\""]
        if let id = b.restorationIdentifier { parts.append("\"restorationIdentifier\":\"\(id)\"") }
        if let rc = b.restorationClass { parts.append("\"restorationClass\":\"\(rc)\"") }
        if b.isCustomContainer { parts.append("\"kind\":\"container\"") }
        if let e = b.encodesChildren { parts.append("\"encodesChildren\":\(e)") }
        if let i = b.selectedIndex { parts.append("\"selectedIndex\":\(i)") }
        if !b.state.isEmpty {
            parts.append(
                "\"state\":{" + b.state.map { "\"\($0.key)\":\(value($0.value))" }.joined(separator: ",") + "}")
        }
        if !b.children.isEmpty { parts.append("\"children\":[" + b.children.map(node).joined(separator: ",") + "]") }
        if let p = b.presented { parts.append("\"presented\":" + node(p)) }
        if !b.views.isEmpty { parts.append("\"views\":[" + b.views.map(node).joined(separator: ",") + "]") }
        let v = b.viewState
        if let rows = v.rows { parts.append("\"rows\":[" + rows.map { "\"\($0)\"" }.joined(separator: ",") + "]") }
        if let sel = v.selected {
            parts.append("\"selected\":[" + sel.map { "\"\($0)\"" }.joined(separator: ",") + "]")
        }
        if let f = v.firstVisible { parts.append("\"firstVisible\":\"\(f)\"") }
        if let o = v.contentOffset {
            parts.append("\"contentOffset\":[" + o.map { "\($0)" }.joined(separator: ",") + "]")
        }
        if let m = v.modelAssociation { parts.append("\"modelAssociation\":\(m)") }
        if let r = v.selectedRange {
            parts.append("\"selectedRange\":[" + r.map(String.init).joined(separator: ",") + "]")
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    static func value(_ v: CoderValue) -> String {
        switch v {
        case .string(let s): "\"\(s)\""
        case .int(let i): String(i)
        case .double(let d): "\(d)"
        case .bool(let b): String(b)
        case .array(let a): "[" + a.map(value).joined(separator: ",") + "]"
        default: "null"
        }
    }
}
