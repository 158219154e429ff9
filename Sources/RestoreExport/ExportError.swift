/// Why an export could not be written.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Graphviz rejected the DOT text.
    case graphvizParse(String)
    /// Graphviz could not lay out or render the graph.
    case graphvizRender(stage: String, message: String)
    /// An event line handed to the report is not a JSON object.
    case invalidEventLine(seq: Int)
    /// The events and their lines disagree in number.
    case eventCountMismatch(events: Int, lines: Int)
    /// The system refused to write the report's folder or a file in it; `reason` is its own (strerror).
    case writeFailed(path: String, reason: String)
    /// The report's folder was named, but a file has that name.
    case notAFolder(path: String)
    /// An existing folder holds more than a report: replacing it would delete someone's files.
    case notAReportFolder(path: String, holding: [String])
    /// JSON serialization failed (no event can cause it; kept so the failure is never a crash).
    case serializationFailed(String)
    /// The page template lacks a placeholder the writer fills.
    case templateMissing(String)

    public var description: String {
        switch self {
        case .graphvizParse(let message):
            "Graphviz could not parse the hierarchy graph: \(message). This is a bug in restoretrace's DOT output; please report it with the trace."
        case .graphvizRender(let stage, let message):
            "Graphviz failed during \(stage): \(message)."
        case .invalidEventLine(let seq):
            "Event line \(seq) is not a JSON object; the trace may be cut off or corrupted."
        case .eventCountMismatch(let events, let lines):
            "The report got \(events) events but \(lines) trace lines; they must be the same events."
        case .writeFailed(let path, let reason):
            "Could not write the report to '\(path)': \(reason). Check that the folder is writable."
        case .notAFolder(let path):
            "Could not write the report to '\(path)': a file with that name exists and is not a folder. A report is a folder (index.html, hierarchy.svg, data/): give a folder path (report -o, replay --report-dir), new or a report written before."
        case .notAReportFolder(let path, let holding):
            "'\(path)' is not a report folder (it holds \(holding.prefix(3).joined(separator: ", "))\(holding.count > 3 ? ", …" : "")): a report replaces its whole folder, so pick a new folder (report -o, replay --report-dir)."
        case .serializationFailed(let reason):
            "The export could not be serialized as JSON: \(reason). This is a bug in restoretrace; please report it with the trace."
        case .templateMissing(let name):
            "The report template has no '{{\(name)}}' placeholder; the embedded Web/report.html is out of date."
        }
    }
}
