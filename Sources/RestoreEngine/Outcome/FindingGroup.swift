/// Findings that say the same thing about different nodes, folded into one entry: a big app
/// repeats one warning for every node (14,850 times on a 100×100 app), and a reader needs the
/// cause once, how often, and where to look first.
public struct FindingGroup: Hashable, Sendable {
    /// The stable reason code; nil for problems with an input file.
    public var code: ReasonCode?
    public var severity: Severity
    /// The message with the node it names replaced by `‹node›`, so findings differing only in
    /// their node share it.
    public var cause: String
    /// The findings in the group, in the order the engine reported them.
    public var members: [Diagnostic]

    /// How many findings the group folds.
    public var count: Int { members.count }

    /// The first `limit` nodes the group is about (path, else locator), in report order.
    public func firstPaths(_ limit: Int) -> [String] {
        Array(members.lazy.compactMap { $0.path ?? $0.locator }.prefix(limit))
    }

    /// Groups `diagnostics` by severity, code and cause, in the order each group first appears
    /// (never a dictionary's order, so output stays deterministic).
    public static func grouping(_ diagnostics: [Diagnostic]) -> [FindingGroup] {
        var groups: [FindingGroup] = []
        var index: [Key: Int] = [:]
        for d in diagnostics {
            let key = Key(code: d.code, severity: d.severity, cause: cause(of: d))
            if let i = index[key] {
                groups[i].members.append(d)
            } else {
                index[key] = groups.count
                groups.append(FindingGroup(code: d.code, severity: d.severity, cause: key.cause, members: [d]))
            }
        }
        return groups
    }

    /// The message without the node it is about: its path, its locator and its identifier
    /// (the last component, as the message quotes it) become `‹node›`.
    ///
    /// Only where the message quotes them (`` `Name` ``, `(Path)`, `'Name'`): replaced anywhere,
    /// a session `photo` turned the type `com.example.photoActivity` into `com.example.‹node›Activity`,
    /// and two findings about different types were folded into one about a type that does not exist.
    public static func cause(of d: Diagnostic) -> String {
        var text = d.message
        let names = [d.path, d.locator].compactMap { $0 }.filter { !$0.isEmpty }
        for name in names.sorted(by: { $0.count > $1.count }) {
            for (open, close) in [("`", "`"), ("(", ")"), ("'", "'")] {
                text = text.replacing(open + name + close, with: open + "‹node›" + close)
            }
        }
        for name in names {
            let last = name.split(separator: "/").last.map(String.init) ?? name
            text = text.replacing("`\(last)`", with: "`‹node›`")
        }
        // Messages name a node as "`Name` (Path)": that pair reads as one placeholder.
        return text.replacing("`‹node›` (‹node›)", with: "‹node›")
    }

    private struct Key: Hashable {
        var code: ReasonCode?
        var severity: Severity
        var cause: String
    }
}
