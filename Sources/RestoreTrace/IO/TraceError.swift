/// Bad input or failed output, located the way a compiler would locate it.
public struct TraceError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String
    /// What to do about it.
    public var hint: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, _ message: String, hint: String? = nil) {
        self.file = file
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
