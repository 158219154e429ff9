/// `docs/scenario.md`: the reference of every scenario key, generated from `ScenarioKeys` like
/// the JSON Schema, so the two never differ (`restoretrace schema scenario --markdown` prints it).
public enum ScenarioReference {
    /// The whole reference, in Markdown.
    public static var markdown: String {
        var out = [
            "# Scenario format reference (`\(Scenario.format)`)",
            "",
            "<!-- Generated from ScenarioKeys (Sources/RestoreScenario/Reference) by `restoretrace schema scenario --markdown`; do not edit by hand. -->",
            "",
            "A scenario is a YAML (or JSON) file. Unknown keys are errors, reported with file, line and column.",
            "Keys marked *not read yet* belong to the format but are still refused by this version.",
            "A key that has a default may be given as null (`~`, `null`, or nothing after the colon): that is the key left out,",
            "except `crashWhileDecoding`, where an empty value is refused as a path left out by mistake, and an answer, where null is `nil`.",
            "",
            "For completion and validation in an editor, save the JSON Schema next to your scenarios and",
            "name it on the first line (the YAML extension of VS Code and other editors using",
            "yaml-language-server read it):",
            "",
            "```sh",
            "restoretrace schema scenario > scenario.schema.json",
            "```",
            "",
            "```yaml",
            "# yaml-language-server: $schema=scenario.schema.json",
            "name: my-app",
            "```",
            "",
        ]
        for d in ScenarioKeys.definitions { out += section(d) }
        return out.joined(separator: "\n")
    }

    static func section(_ d: ScenarioDefinition) -> [String] {
        var out = ["## \(d.name)", "", d.summary, ""]
        if let shape = d.shape {
            out += ["One of: \(describe(shape))", ""]
            return out
        }
        out += ["| key | type | default | meaning |", "|---|---|---|---|"]
        for k in d.keys {
            let meaning = k.summary + (k.isRead ? "" : " *Not read yet.*")
            out.append(
                "| `\(k.name)` | \(cell(describe(k.shape))) | \(cell(defaultText(k.defaultValue))) | \(cell(meaning)) |"
            )
        }
        out.append("")
        return out
    }

    static func defaultText(_ d: ScenarioDefault) -> String {
        switch d {
        case .required: "**required**"
        case .literal(let l): "`\(l.yaml)`"
        case .described(let words): words
        case .requiredUnless(_, let words): words
        }
    }

    /// How a shape reads in the reference: `text`, `[node]`, `{restoration path: answer}`.
    static func describe(_ shape: ScenarioShape) -> String {
        switch shape {
        case .text: "text"
        case .name: "text, not empty"
        case .identifier: "text, one line, no `/`"
        case .line: "text, one line, not empty"
        case .boolean: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .null: "nothing"
        case .words(let words): words.map { "`\($0)`" }.joined(separator: " \\| ")
        case .constant(let c): "`\(c)`"
        case .list(let item, let count): "[\(describe(item))]" + (count.map { " of \($0)" } ?? "")
        case .map(let value, let keys): "{\(keys): \(describe(value))}"
        case .reference(let name): "[\(name)](#\(name.lowercased()))"
        case .either(let shapes): shapes.map(describe).joined(separator: " or ")
        }
    }

    /// Table cells cannot hold a raw `|` or a line break.
    static func cell(_ text: String) -> String {
        var out = ""
        var previous: Character = " "
        for c in text {
            if c == "|", previous != "\\" { out += "\\|" } else if c == "\n" { out += " " } else { out.append(c) }
            previous = c
        }
        return out
    }
}
