import RestoreEngine

/// Bad input or failed output: one located `Diagnostic`, and whose problem it is.
public struct TraceError: Error, CustomStringConvertible, Sendable {
    /// Whose problem it is: the input's (a trace that does not read) or the machine's (a write
    /// the system refused). The command line exits 2 for one and 3 for the other (SPEC §6).
    public enum Cause: Sendable, Hashable {
        case badInput
        case environment
    }

    public var diagnostic: Diagnostic
    public var cause: Cause
    /// The file ends inside a line or an event: a recording cut off by a crash, readable up to
    /// its last whole event (SPEC §4), which a reader takes as the end of the trace.
    public var isCutOff = false

    public init(
        file: String, line: Int? = nil, column: Int? = nil, _ message: String, hint: String? = nil,
        cause: Cause = .badInput
    ) {
        diagnostic = Diagnostic(at: SourceLocation(file: file, line: line, column: column), message, hint: hint)
        self.cause = cause
    }

    /// Where the problem is.
    public var location: SourceLocation { diagnostic.location ?? SourceLocation(file: "") }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, then the hint on its own line.
    public var description: String { diagnostic.description }
}

extension TraceError {
    /// A trace line that is not JSON. The last line of a file without its newline is read as cut
    /// off (an interrupted recording), which says what to do; any other line is located at the
    /// parser's column. Every reader of lines (whole events, node and entry lines, part lines)
    /// words it this one way.
    /// Where a file ends inside a line or an event (`isCutOff`), at column 1 of `line`.
    static func cutOff(file: String, line: Int, _ message: String, hint: String) -> TraceError {
        var cut = TraceError(file: file, line: line, column: 1, message, hint: hint)
        cut.isCutOff = true
        return cut
    }

    static func malformedJSON(_ error: JSONParseError, file: String, line: Int, unterminated: Bool) -> TraceError {
        // Cut where it was written: the file's last line, ending before its value does. A
        // mistake inside it (an edited line saved without its newline) is an error as any.
        guard !unterminated || !error.atEnd else {
            return .cutOff(
                file: file, line: line,
                "the last line is cut off (\(error.message)); the \(line - 1) lines before it are whole",
                hint: "the recording was interrupted: record it again, or delete the last line to use what is there")
        }
        return TraceError(file: file, line: line, column: error.column, "malformed JSON: \(error.message)")
    }
}
