import Foundation

/// Hands items from the thread that makes them to one worker thread that takes them in order.
///
/// The report is fed by the replay, which runs on one core: building the page's data from each
/// recorded event (escaping it into `data/*.js`, indexing the timeline, decoding the hierarchy the
/// drawing reads) on the second core takes that work off the replay's path. At 200x200 it was
/// 0.6 s of a 2.3 s report overhead, done while the replay waited.
///
/// Items go over in batches (one lock per batch on either side); the producer waits once `limit`
/// items are pending, so memory stays bounded however far the worker falls behind.
final class ReportFeedQueue<Item>: @unchecked Sendable {
    // Guarded by `condition`.
    private var pending: [Item] = []
    private var closed = false
    private var workerWaits = false
    private var producerWaits = false
    private let condition = NSCondition()
    private let done = DispatchSemaphore(value: 0)
    private let limit: Int

    /// Starts the worker thread, which calls `take` with each item, in order, until `finish`.
    /// - Parameter batchSize: items the producer holds before handing them over (1 for items
    ///   that are batches already).
    init(limit: Int = 4_096, batchSize: Int = ReportFeedQueue.batchSize, take: @escaping @Sendable (Item) -> Void) {
        self.limit = limit
        self.batchSize = batchSize
        pending.reserveCapacity(limit)
        let thread = Thread { [self] in
            var batch: [Item] = []
            batch.reserveCapacity(limit)
            while nextBatch(into: &batch) {
                for item in batch { take(item) }
                batch.removeAll(keepingCapacity: true)
            }
            done.signal()
        }
        thread.start()
    }

    /// Queues one item for the worker. Items go over in batches of `batchSize`: handing each
    /// over alone woke the worker 240,818 times at 200x200 (1 s of futex calls).
    func send(_ item: Item) {
        outgoing.append(item)
        if outgoing.count >= batchSize { handOver() }
    }

    /// Items the producer holds until a batch is full; touched by the producer only.
    private var outgoing: [Item] = []
    private let batchSize: Int
    static var batchSize: Int { 256 }

    private func handOver() {
        condition.lock()
        while pending.count >= limit && !closed {
            producerWaits = true
            condition.wait()
        }
        if pending.isEmpty {
            swap(&pending, &outgoing)
        } else {
            pending.append(contentsOf: outgoing)
            outgoing.removeAll(keepingCapacity: true)
        }
        if workerWaits { condition.broadcast() }
        condition.unlock()
    }

    /// Lets the worker take what is queued, then waits for it to stop; later calls return at once.
    func finish() {
        if !outgoing.isEmpty { handOver() }
        condition.lock()
        let first = !closed
        closed = true
        condition.broadcast()
        condition.unlock()
        if first { done.wait() }
    }

    /// The worker's side: swaps the pending items into `batch`; false once closed and empty.
    private func nextBatch(into batch: inout [Item]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty && !closed {
            workerWaits = true
            condition.wait()
            workerWaits = false
        }
        if pending.isEmpty { return false }
        swap(&pending, &batch)
        if producerWaits {
            producerWaits = false
            condition.broadcast()
        }
        return true
    }
}
