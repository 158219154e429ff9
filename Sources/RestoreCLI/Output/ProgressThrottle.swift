/// When a long command's progress line may be shown: not before the command has run for a
/// second (a run that finishes sooner stays quiet however many events it handles), then at
/// most once a second. What the line says comes from the work done (the events counted so far);
/// the clock only decides whether to say it, and the line goes to a terminal's stderr, never
/// into any output, so runs stay deterministic.
public final class ProgressThrottle {
    private let delay: Duration
    private let interval: Duration
    private let elapsed: () -> Duration
    private var nextShow: Duration

    /// - Parameters:
    ///   - delay: how long a command runs before its first progress line.
    ///   - interval: the least time between two lines.
    ///   - elapsed: the time since the command started (a test passes its own).
    public init(
        after delay: Duration = .seconds(1), every interval: Duration = .seconds(1),
        elapsed: @escaping () -> Duration
    ) {
        (self.delay, self.interval, self.elapsed, nextShow) = (delay, interval, elapsed, delay)
    }

    /// A throttle whose clock starts now.
    public static func startingNow() -> ProgressThrottle {
        let clock = ContinuousClock()
        let start = clock.now
        return ProgressThrottle { clock.now - start }
    }

    /// Whether a progress line may be shown now; a yes moves the next chance one interval on.
    public func admit() -> Bool {
        let now = elapsed()
        guard now >= nextShow else { return false }
        nextShow = now + interval
        return true
    }
}
