import RestoreEngine

/// Everything wrong with a scenario file, found in one pass.
///
/// The description lists every problem, one per line, sorted by position, then a summary line,
/// so a person can fix the whole file in one go instead of one error per run.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// Located problems, sorted by line, then column; problems about the whole file come first.
    public private(set) var problems: [Diagnostic]

    public init(file: String, problems: [Diagnostic]) {
        self.file = file
        // Stable: two problems at one position keep the order they were found in.
        self.problems = problems.enumerated().sorted { a, b in
            let ka = (a.element.location?.line ?? 0, a.element.location?.column ?? 0, a.offset)
            let kb = (b.element.location?.line ?? 0, b.element.location?.column ?? 0, b.offset)
            return ka < kb
        }.map(\.element)
    }

    /// A single problem at a position in the file (1:1 for the start).
    public init(file: String, line: Int, column: Int, message: String) {
        self.init(
            file: file, problems: [Diagnostic(at: SourceLocation(file: file, line: line, column: column), message)])
    }

    /// A single problem about the file as a whole (it cannot be read).
    public init(file: String, message: String) {
        self.init(file: file, problems: [Diagnostic(at: SourceLocation(file: file), message)])
    }

    public var description: String {
        let count = problems.count
        let summary =
            count == 1
            ? "1 error in \(file); fix it and run again."
            : "\(count) errors in \(file); fix them and run again."
        return (problems.map(\.description) + [summary]).joined(separator: "\n")
    }
}
