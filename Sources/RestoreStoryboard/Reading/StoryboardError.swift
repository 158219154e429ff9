/// One thing wrong with a storyboard file, located the way a compiler locates it.
public struct StoryboardProblem: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// nil when the problem is about the file as a whole (it cannot be read).
    public var location: SourceLocation?
    public var message: String

    public init(file: String, location: SourceLocation?, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, or `FILE: error: MESSAGE` without a location.
    public var description: String {
        guard let location else { return "\(file): error: \(message)" }
        return "\(file):\(location.line):\(location.column): error: \(message)"
    }
}

/// Everything wrong with one or more storyboard files, sorted by file and position.
public struct StoryboardError: Error, Hashable, Sendable, CustomStringConvertible {
    public private(set) var problems: [StoryboardProblem]

    public init(problems: [StoryboardProblem]) {
        self.problems = problems.enumerated().sorted { a, b in
            let la = a.element.location ?? SourceLocation(line: 0, column: 0)
            let lb = b.element.location ?? SourceLocation(line: 0, column: 0)
            if a.element.file != b.element.file { return a.offset < b.offset }
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
    }

    public init(file: String, location: SourceLocation? = nil, message: String) {
        self.init(problems: [StoryboardProblem(file: file, location: location, message: message)])
    }

    public var description: String {
        let count = problems.count
        let summary =
            count == 1
            ? "1 error in the storyboard; fix it and run again."
            : "\(count) errors in the storyboards; fix them and run again."
        return (problems.map(\.description) + [summary]).joined(separator: "\n")
    }
}
