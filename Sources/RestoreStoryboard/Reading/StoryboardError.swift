import RestoreEngine

/// Everything wrong with one or more storyboard files, each problem a located `Diagnostic`
/// (`File.storyboard:LINE:COLUMN: error: …`), sorted by file and position.
public struct StoryboardError: Error, Hashable, Sendable, CustomStringConvertible {
    public private(set) var problems: [Diagnostic]
    /// Files among the problems' that are the app's Info.plist though not named `.plist` (read
    /// as one for what they hold), for the summary's words.
    public var infoPlistFiles: Set<String> = []

    public init(problems: [Diagnostic]) {
        // Files in the order given; within a file by position; ties keep the order found.
        var fileOrder: [String: Int] = [:]
        for p in problems where fileOrder[p.location?.file ?? ""] == nil {
            fileOrder[p.location?.file ?? ""] = fileOrder.count
        }
        self.problems = problems.enumerated().sorted { a, b in
            let la = a.element.location
            let lb = b.element.location
            let ka = (fileOrder[la?.file ?? ""] ?? 0, la?.line ?? 0, la?.column ?? 0, a.offset)
            let kb = (fileOrder[lb?.file ?? ""] ?? 0, lb?.line ?? 0, lb?.column ?? 0, b.offset)
            return ka < kb
        }.map(\.element)
    }

    /// One problem at `location` (or about the whole file when it has no line).
    public init(at location: SourceLocation, message: String) {
        self.init(problems: [Diagnostic(at: location, message)])
    }

    public var description: String {
        let count = problems.count
        // Named by its file: the problem may be in the Info.plist, not in a storyboard.
        let files = Set(problems.compactMap { $0.location?.file })
        let plist = files.contains { $0.hasSuffix(".plist") || infoPlistFiles.contains($0) }
        let storyboards = files.count - (plist ? 1 : 0)
        let place =
            storyboards == 0
            ? (plist ? "the Info.plist" : "the storyboard")
            : (storyboards == 1 ? "the storyboard" : "the storyboards") + (plist ? " and the Info.plist" : "")
        let summary =
            count == 1
            ? "1 error in \(place); fix it and run again."
            : "\(count) errors in \(place); fix them and run again."
        return (problems.map(\.description) + [summary]).joined(separator: "\n")
    }
}
