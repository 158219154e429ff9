import Foundation

/// Large results a command is done with, left for the process's exit to reclaim instead of freed
/// one object at a time: at 200×200, `record` spent ~5 % of its CPU time tearing down the scenario,
/// the outcome and the engine's controllers right before `exit` returned the memory at once, and
/// `replay`, `report` and `export` paid the same for the replay's engine, outcome and report feed.
///
/// Only the latest value is held: a test that runs commands in-process frees the previous one
/// when it parks the next, so memory stays bounded by one command's result. Output is unaffected:
/// `exit` flushes standard output, and every file a command writes is closed before it returns.
final class LeftForExit: @unchecked Sendable {
    /// The process's one slot.
    static let shared = LeftForExit()

    /// The slot commands park in: the process's own, unless a test binds one of its own to see
    /// what its command left without the commands other tests run at the same time.
    @TaskLocal static var current = shared

    private let lock = NSLock()
    private var value: Any?

    /// Keeps `value` alive until the next call, or until the process exits.
    func park(_ value: Any) {
        lock.lock()
        let previous = self.value
        self.value = value
        lock.unlock()
        _ = previous  // freed here, outside the lock
    }

    /// What is parked now.
    var parked: Any? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
