/// How serious a finding is; its raw value is the word a located message uses (`error:`).
public enum Severity: String, Sendable, Comparable {
    case info, warning, error
    public static func < (a: Severity, b: Severity) -> Bool {
        let order: [Severity] = [.info, .warning, .error]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}

/// Where in an input file something is, the way a compiler reports it.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the finding is about the file as a whole (it cannot be read).
    public var line: Int?
    /// 1-based, counted in Unicode scalars; nil when only the line is known.
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE` or `FILE:LINE:COLUMN`: a line always comes with a column (1 when the problem is
    /// the line as a whole), so every located message reads the same way (SPEC §6).
    public var description: String {
        guard let line else { return file }
        return "\(file):\(line):\(column ?? 1)"
    }

    /// By line, then column, within one file; a location without a line (the whole file) comes first.
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.file, a.line ?? 0, a.column ?? 0) < (b.file, b.line ?? 0, b.column ?? 0)
    }
}

/// A finding, explained in words: an engine finding about a node (with its reason code and the
/// launch it happened in), or a problem with an input file (a scenario, a trace) at a source
/// location. Both render the same way, `FILE:LINE:COLUMN: error: MESSAGE`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Why, for engine findings (stable: used in JSON); nil for a problem with an input file.
    public var code: ReasonCode?
    public var severity: Severity
    public var message: String
    /// Where in an input file the problem is; nil for engine findings.
    public var location: SourceLocation?
    /// The node the finding is about: its restoration path and its locator.
    public var path: String?
    public var locator: String?
    /// The launch the engine finding happened in.
    public var launch: Int?
    /// What to do about it, when the message alone does not say.
    public var hint: String?

    /// An engine finding about a node.
    public init(code: ReasonCode, severity: Severity, path: String?, locator: String?, message: String, launch: Int) {
        self.code = code
        self.severity = severity
        self.path = path
        self.locator = locator
        self.message = message
        self.launch = launch
    }

    /// A problem with an input file, at `location`.
    public init(_ severity: Severity = .error, at location: SourceLocation, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE` (as much of the location as is known), then the hint
    /// on its own line; just the message for an engine finding, which has no location.
    public var description: String {
        let located = location.map { "\($0): \(severity.rawValue): \(message)" } ?? message
        return located + (hint.map { "\n  hint: \($0)" } ?? "")
    }
}
