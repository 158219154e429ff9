import Foundation

/// Timing and memory helpers. The benchmark is the one place wall-clock time is allowed.
enum Measure {
    /// Median seconds of `runs` runs of `body`, plus the last result.
    static func median<T>(_ runs: Int, _ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
        var times: [Double] = []
        var last: T?
        for _ in 0..<max(1, runs) {
            let clock = ContinuousClock()
            let start = clock.now
            last = try body()
            let d = clock.now - start
            times.append(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
        }
        times.sort()
        return (times[times.count / 2], last!)
    }

    /// Peak resident memory of this process so far, in bytes.
    static func peakMemory() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    static func seconds(_ s: Double) -> String {
        if s < 0.001 { return String(format: "%.0f µs", s * 1e6) }
        if s < 1 { return String(format: "%.1f ms", s * 1e3) }
        return String(format: "%.2f s", s)
    }

    static func bytes(_ n: Int) -> String {
        if n < 1 << 20 { return String(format: "%.1f KB", Double(n) / 1024) }
        return String(format: "%.1f MB", Double(n) / 1_048_576)
    }
}
