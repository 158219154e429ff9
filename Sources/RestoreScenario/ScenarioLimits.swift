import RestoreEngine
import Yams

/// The bounds a scenario file must stay within, so that a hostile or broken file is refused with
/// a located message instead of exhausting the stack, memory or time (README, "Limits").
public enum ScenarioLimits {
    /// Collections inside collections, counted from the top of the file. The scenario format itself
    /// needs far fewer: 64 nested nodes (two levels each) plus 64 levels of coder values.
    public static let maximumNesting = 256
    /// How many nodes aliases (`*name`) may add to the document beyond what the text itself
    /// writes. Aliases share one node in memory but every use is read, recorded and drawn again:
    /// ten nested aliases of ten items each would be ten billion nodes.
    public static let aliasNodeBudget = 100_000
    /// The largest scenario file read (a generated 100,000-controller app is about 40 MB).
    public static let maximumFileBytes = 128 * 1024 * 1024

    /// The first problem with a composed document's size once aliases are expanded: more nodes
    /// than the text's bytes plus `aliasNodeBudget` (a text of N bytes writes at most N nodes, so
    /// only aliases can get there), or deeper than `maximumNesting` (aliases of aliases nest
    /// without indenting). Walks with an explicit stack and stops at the budget, so a bomb costs
    /// at most a budget's worth of steps.
    static func expansionProblem(_ root: Node, textBytes: Int, file: String) -> Diagnostic? {
        let budget = textBytes + aliasNodeBudget
        var visited = 0
        var stack: [(node: Node, depth: Int)] = [(root, 1)]
        while let (node, depth) = stack.popLast() {
            visited += 1
            if visited > budget {
                return located(
                    node, file: file,
                    "aliases expand this document to more than \(budget) nodes (the text's \(textBytes) bytes plus \(aliasNodeBudget) nodes from aliases); write the repeated parts out, or use fewer aliases of aliases"
                )
            }
            if depth > maximumNesting {
                return located(
                    node, file: file,
                    "aliases nest this document deeper than \(maximumNesting) levels; a scenario needs far fewer")
            }
            switch node {
            case .scalar: break
            case .sequence(let items): for item in items.reversed() { stack.append((item, depth + 1)) }
            case .mapping(let mapping):
                for (key, value) in mapping.reversed() {
                    stack.append((value, depth + 1))
                    stack.append((key, depth + 1))
                }
            }
        }
        return nil
    }

    private static func located(_ node: Node, file: String, _ message: String) -> Diagnostic {
        Diagnostic(at: SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1), message)
    }
}
