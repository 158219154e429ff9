import RestoreCLI
import Testing

/// Progress lines of record and replay: shown only for runs a person waits for, at a steady pace.
@Suite struct ProgressThrottleTests {
    /// A clock the test moves by hand.
    final class Clock {
        var now: Duration = .zero
    }

    /// The times (ms) at which a line would be shown, for callbacks at `steps` (ms since the start).
    func shown(at steps: [Int]) -> [Int] {
        let clock = Clock()
        let throttle = ProgressThrottle { clock.now }
        return steps.filter { step in
            clock.now = .milliseconds(step)
            return throttle.admit()
        }
    }

    @Test func aRunUnderASecondStaysQuietHoweverMuchWorkItDoes() {
        // 1M events/s with a callback every 10,000 events: 99 callbacks before the first second.
        #expect(shown(at: Array(stride(from: 10, through: 990, by: 10))).isEmpty)
    }

    @Test func aLongRunSpeaksOnceItHasRunASecondThenOnceASecond() {
        #expect(shown(at: Array(stride(from: 100, through: 3_500, by: 100))) == [1_000, 2_000, 3_000])
    }

    @Test func slowWorkSpeaksAtEachCallbackOnceTheSecondHasPassed() {
        // A callback per step of a slow replay: each may speak, none before the first second.
        #expect(shown(at: [400, 2_500, 2_600, 6_000]) == [2_500, 6_000])
    }
}
