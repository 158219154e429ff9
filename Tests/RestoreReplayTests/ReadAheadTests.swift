import Foundation
import Testing

@testable import RestoreReplay

/// The hand-off between the replay's reading thread and the engine's: items in order, never
/// more than `lead` ahead, and the reading thread stopped and finished when `close` returns.
@Suite struct ReadAheadTests {
    /// What the worker did, shared with the test's thread under a lock.
    final class Log: @unchecked Sendable {
        // Unchecked Sendable: every access holds `lock`.
        private let lock = NSLock()
        private var startedItems = 0
        private var released = false
        var started: Int { lock.withLock { startedItems } }
        var producerReleased: Bool { lock.withLock { released } }
        func start() -> Int {
            lock.withLock {
                startedItems += 1
                return startedItems
            }
        }
        func release() { lock.withLock { released = true } }
    }

    /// Owned by the producer: says when the worker lets go of it.
    final class Token: Sendable {
        let log: Log
        init(_ log: Log) { self.log = log }
        deinit { log.release() }
    }

    /// Waits (up to 5 s) until `condition` holds.
    func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    func counting(upTo count: Int, _ log: Log) -> @Sendable () -> Int? {
        let token = Token(log)
        return {
            _ = token
            let n = log.start()
            return n <= count ? n : nil
        }
    }

    /// Items 1, 2, 3…, the second made only once `gate` is signalled.
    func waiting(at item: Int, for gate: DispatchSemaphore, _ log: Log) -> @Sendable () -> Int? {
        let token = Token(log)
        return {
            _ = token
            let n = log.start()
            if n == item { gate.wait() }
            return n
        }
    }

    @Test(arguments: [1, 2, 3]) func itemsArriveInOrderThenNil(lead: Int) {
        let log = Log()
        let ahead = ReadAhead(lead: lead, stackSize: 1 << 20, produce: counting(upTo: 50, log))
        var got: [Int] = []
        while let n = ahead.next() { got.append(n) }
        #expect(got == Array(1...50))
        #expect(ahead.next() == nil)
        ahead.close()
        #expect(log.producerReleased)
    }

    @Test(arguments: [1, 2]) func theWorkerIsNeverMoreThanLeadAhead(lead: Int) {
        let log = Log()
        let ahead = ReadAhead(lead: lead, stackSize: 1 << 20, produce: counting(upTo: 10, log))
        #expect(eventually { log.started == lead })
        usleep(50_000)
        #expect(log.started == lead)
        #expect(ahead.next() == 1)
        #expect(eventually { log.started == lead + 1 })
        usleep(50_000)
        #expect(log.started == lead + 1)
        ahead.close()
    }

    @Test func closeStopsAWaitingWorkerAndJoinsIt() {
        let log = Log()
        let ahead = ReadAhead(lead: 1, stackSize: 1 << 20, produce: counting(upTo: 1000, log))
        #expect(ahead.next() == 1)
        #expect(eventually { log.started == 2 })
        ahead.close()
        // Joined: the producer (and what it holds) is let go before `close` returns.
        #expect(log.producerReleased)
        #expect(log.started == 2)
        #expect(ahead.next() == nil)
    }

    @Test func closeWaitsForTheItemBeingMade() {
        let log = Log()
        let gate = DispatchSemaphore(value: 0)
        let ahead = ReadAhead(lead: 1, stackSize: 1 << 20, produce: waiting(at: 2, for: gate, log))
        #expect(ahead.next() == 1)
        #expect(eventually { log.started == 2 })
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { gate.signal() }
        ahead.close()
        #expect(log.producerReleased)
        // Item 2 was finished and dropped; no item 3 was started.
        #expect(log.started == 2)
    }

    @Test func aWorkerWithNothingToMakeEndsAtOnce() {
        let log = Log()
        let ahead = ReadAhead(lead: 1, stackSize: 1 << 20, produce: counting(upTo: 0, log))
        #expect(ahead.next() == nil)
        ahead.close()
        #expect(log.started == 1)
        #expect(log.producerReleased)
    }
}
