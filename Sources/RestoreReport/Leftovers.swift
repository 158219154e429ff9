import RestoreEngine

/// What a library call is done with but hands to its caller instead of freeing it on return: the
/// engine a replay ran (every live controller, view and archived object), a finished report's
/// feed. Freeing such a graph object by object cost `replay --no-report` ~2 % and `report` ~2 %
/// of their CPU time at 200×200; a command-line process about to exit leaves it to the exit,
/// which returns the memory at once. Other callers pass none, and nothing is kept.
///
/// Only things whose work is done go in: a report's feed only once its folder is in place, so no
/// cleanup a deinitializer would do on failure is skipped.
public final class Leftovers: @unchecked Sendable {
    // Filled by the one call it is passed to, then only held: never read or shared across threads.
    private(set) var values: [Any] = []

    public init() {}

    /// Keeps `value` alive as long as this.
    func keep(_ value: Any) { values.append(value) }

    /// Hands `keep` to a call that takes engines, or nil when there is nowhere to keep them.
    static func engines(into leftovers: Leftovers?) -> ((RestorationEngine) -> Void)? {
        guard let leftovers else { return nil }
        return { leftovers.keep($0) }
    }
}
