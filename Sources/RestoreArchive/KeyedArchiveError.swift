import RestoreEngine

/// An archive that cannot be read: located by file and, inside the archive, by the key path and
/// `$objects` index the reader was at, with what to do about it. The command line exits 2.
public struct KeyedArchiveError: Error, CustomStringConvertible, Sendable {
    public var diagnostic: Diagnostic

    /// - Parameters:
    ///   - file: the archive's path as the user gave it.
    ///   - at: where inside the archive, e.g. `$top › kRootRestorationIdentifiersKey › $objects[3]`.
    public init(file: String, at place: String? = nil, _ message: String, hint: String? = nil) {
        let text = place.map { "\($0): \(message)" } ?? message
        diagnostic = Diagnostic(at: SourceLocation(file: file), text, hint: hint)
    }

    /// `FILE: error: PLACE: MESSAGE`, then the hint on its own line.
    public var description: String { diagnostic.description }
}
