import Foundation

/// Items made one after another on a thread of its own and handed to the thread that takes
/// them, in the order they were made, at most `lead` ahead of it: the worker starts item k + lead
/// only once item k has been taken. How a replay reads and parses the next step of the timeline
/// on a second core while the engine runs the current one.
///
/// The worker stops once `produce` returns nil, or at `close`, after the item it is making;
/// `close` waits for it, so nothing the worker was handed is touched after `close` returns (the
/// OS thread ends just after, and the last reference to the hand-off may go on either thread).
/// With one core the two threads take turns; the items and their order are the same.
final class ReadAhead<Item: Sendable>: @unchecked Sendable {
    // Unchecked Sendable: `ready`, `made`, `taken`, `stopping` and `finished` are read and
    // written only with `condition` locked; `produce` is set before the worker starts and then
    // read, called and let go only by the worker.
    private let condition = NSCondition()
    private var produce: (@Sendable () -> Item?)?
    /// How many items may be made (or being made) and not taken yet.
    let lead: Int
    /// Items made and not taken yet, oldest first.
    private var ready: [Item] = []
    /// Items the worker has started making, and items taken.
    private var made = 0
    private var taken = 0
    private var stopping = false
    private var finished = false

    /// Starts the worker thread.
    /// - Parameters:
    ///   - lead: how many items may be made (or being made) and not taken yet; at least 1.
    ///   - stackSize: the worker's stack, in bytes.
    ///   - produce: makes the next item; nil when there are no more. Called on the worker only.
    init(lead: Int, stackSize: Int, produce: @escaping @Sendable () -> Item?) {
        self.lead = max(1, lead)
        self.produce = produce
        let thread = Thread { [self] in work() }
        // Told apart from the engine's thread in perf and gdb.
        thread.name = "replay read-ahead"
        thread.stackSize = stackSize
        thread.start()
    }

    private func work() {
        makeItems()
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Makes and hands over items until there are no more or `close` stops it; `produce` (and
    /// what it holds: the replay's reader) is let go on return, before the worker is finished.
    private func makeItems() {
        guard let produce = produce.take() else { return }
        while mayStartNext(), let item = produce() {
            condition.lock()
            defer { condition.unlock() }
            guard !stopping else { return }
            ready.append(item)
            condition.broadcast()
        }
    }

    /// Waits until the next item may be started (fewer than `lead` made and not taken).
    /// - Returns: false when the worker is to stop.
    private func mayStartNext() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while made - taken >= lead, !stopping { condition.wait() }
        guard !stopping else { return false }
        made += 1
        return true
    }

    /// The next item, in the order they were made, waiting for it if need be; nil once the
    /// worker has made its last (or was stopped) and every item made has been taken.
    func next() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty, !finished { condition.wait() }
        guard !ready.isEmpty else { return nil }
        taken += 1
        condition.broadcast()
        return ready.removeFirst()
    }

    /// Whether the worker has stopped: it made its last item, or `close` stopped it.
    var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return finished
    }

    /// Stops the worker after the item it is making (items not taken are dropped) and waits
    /// until it has stopped: nothing it was handed is touched by it afterwards.
    func close() {
        condition.lock()
        stopping = true
        ready.removeAll()
        condition.broadcast()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
