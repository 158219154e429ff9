import Foundation
import Testing

@testable import RestoreReport

/// The report's events go to a second thread in batches: all of them, once each, in order.
@Suite struct ReportFeedQueueTests {
    /// Collects what the worker takes; read after `finish`, which waits for the worker.
    final class Taken: @unchecked Sendable {
        var items: [Int] = []
        var onSender = false
    }

    @Test func everyItemArrivesOnceInOrderAcrossBatchesAndALimit() {
        let taken = Taken()
        let sender = pthread_self()
        let queue = ReportFeedQueue<Int>(limit: 7) { item in
            taken.items.append(item)
            if pthread_equal(pthread_self(), sender) != 0 { taken.onSender = true }
        }
        let count = 3 * ReportFeedQueue<Int>.batchSize + 5
        for i in 0..<count { queue.send(i) }
        queue.finish()
        #expect(taken.items == Array(0..<count))
        #expect(!taken.onSender, "the worker is not the sending thread")
        queue.finish()
        #expect(taken.items.count == count, "a second finish takes nothing again")
    }

    @Test func finishingWithNothingSentReturns() {
        let taken = Taken()
        let queue = ReportFeedQueue<Int> { taken.items.append($0) }
        queue.finish()
        #expect(taken.items.isEmpty)
    }

    @Test func aFewItemsBelowOneBatchAreTakenAtFinish() {
        let taken = Taken()
        let queue = ReportFeedQueue<Int> { taken.items.append($0) }
        for i in 0..<3 { queue.send(i) }
        queue.finish()
        #expect(taken.items == [0, 1, 2])
    }
}
