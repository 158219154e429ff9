import RestoreArchive
import RestoreExport
import RestoreReplay
import RestoreScenario
import RestoreTrace

/// Why a command could not do its job, sorted by who can fix it: the input's author (a bad
/// scenario, trace or flag) or the machine (a write the system refused). SPEC §6 gives each its
/// own exit code, so a script can tell a typo from a full disk.
public struct RestoreFailure: Error, CustomStringConvertible, Sendable {
    public enum Cause: Sendable, Hashable {
        /// The input is wrong; the message locates it (`file:line:column: error: …`).
        case badInput
        /// The environment failed: a write was refused, the disk is full, a folder is read-only.
        case environment
    }

    public var cause: Cause
    /// The whole message for people, already located.
    public var message: String

    public init(_ cause: Cause, _ message: String) {
        self.cause = cause
        self.message = message
    }

    public var description: String { message }

    /// A trace that cannot be read, or a trace or output file that cannot be written.
    public init(_ error: TraceError) {
        self.init(error.cause == .environment ? .environment : .badInput, error.description)
    }

    /// Every problem of a scenario file, each located.
    public init(_ error: ScenarioError) { self.init(.badInput, error.description) }

    /// UIKit's archive cannot be read (damaged, hostile, a newer format), located in the file.
    public init(_ error: KeyedArchiveError) { self.init(.badInput, error.description) }

    /// A `--set` that does not parse.
    public init(_ error: WhatIfError) { self.init(.badInput, "error: " + error.description) }

    /// A drawing or an export that could not be made (Graphviz) or written.
    public init(_ error: ExportError) {
        if case .writeFailed(let path, let reason) = error {
            self.init(.environment, Self.cannotWrite(path, reason))
        } else {
            self.init(.badInput, error.description)
        }
    }

    /// The report could not be made (Graphviz) or written into `directory`.
    public init(_ error: ExportError, writing directory: String) {
        if case .writeFailed(let path, let reason) = error {
            // `replay` has no -o: its report folder is --report-dir (r19 CLI hunt).
            self.init(
                .environment,
                Self.cannotWrite(
                    path, reason, elsewhere: "put the report somewhere else (report -o DIR, replay --report-dir DIR)"))
        } else {
            self.init(.badInput, "\(directory): error: cannot write the report: \(error.description)")
        }
    }

    private static func cannotWrite(
        _ path: String, _ reason: String, elsewhere: String = "write somewhere else with -o"
    ) -> String {
        "\(path): error: cannot write: \(reason)\n  hint: check that the folder is writable and the disk has room, or \(elsewhere)"
    }
}
