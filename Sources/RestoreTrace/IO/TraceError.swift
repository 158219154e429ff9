/// Bad input or failed output, located the way a compiler would locate it.
public struct TraceError: Error, CustomStringConvertible, Sendable {
    /// Whose problem it is: the input's (a trace that does not read) or the machine's (a write
    /// the system refused). The command line exits 2 for one and 3 for the other (SPEC §6).
    public enum Cause: Sendable, Hashable {
        case badInput
        case environment
    }

    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    /// What to do about it.
    public var hint: String?
    public var cause: Cause

    public init(
        file: String, line: Int? = nil, column: Int? = nil, _ message: String, hint: String? = nil,
        cause: Cause = .badInput
    ) {
        self.file = file
        self.cause = cause
        self.line = line
        self.column = column
        self.message = message
        self.hint = hint
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let line, line > 0, let column { location += ":\(column)" }
        return "\(location): error: \(message)" + (hint.map { "\n  hint: \($0)" } ?? "")
    }
}
