/// One thing wrong with a scenario file, located the way a compiler locates it.
public struct ScenarioProblem: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the problem is about the file as a whole (it cannot be read).
    public var line: Int?
    /// 1-based, counted in Unicode scalars (as libyaml counts).
    public var column: Int?
    public var message: String

    public init(file: String, line: Int?, column: Int?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, or `FILE: error: MESSAGE` without a location.
    public var description: String {
        guard let line else { return "\(file): error: \(message)" }
        return "\(file):\(line):\(column ?? 1): error: \(message)"
    }
}

/// Everything wrong with a scenario file, found in one pass.
///
/// The description lists every problem, one per line, sorted by position, then a summary line,
/// so a person can fix the whole file in one go instead of one error per run.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// Sorted by line, then column; problems about the whole file come first.
    public private(set) var problems: [ScenarioProblem]

    public init(file: String, problems: [ScenarioProblem]) {
        self.file = file
        // Stable: two problems at one position keep the order they were found in.
        self.problems = problems.enumerated().sorted { a, b in
            let ka = (a.element.line ?? 0, a.element.column ?? 0, a.offset)
            let kb = (b.element.line ?? 0, b.element.column ?? 0, b.offset)
            return ka < kb
        }.map(\.element)
    }

    /// A single problem about the file as a whole (it cannot be read).
    public init(file: String, message: String) {
        self.init(file: file, problems: [ScenarioProblem(file: file, line: nil, column: nil, message: message)])
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
