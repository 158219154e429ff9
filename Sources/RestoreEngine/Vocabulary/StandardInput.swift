import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Standard input (`-`, SPEC §6), read once and kept: a command may read its input more than once
/// (a replay, then the report), and a pipe can only be read once.
///
/// Read only as far as the reader asks: a scenario, a storyboard, an archive and a trace each have
/// a limit, and `/dev/zero` or a runaway pipe has no size to check first. Read in full, it grew
/// until Foundation's `readDataToEndOfFile` trapped (SIGILL) under a memory limit, or took the
/// machine's memory without one.
public enum StandardInput {
    /// What standard input held, up to a limit.
    public struct Contents: Sendable {
        /// The bytes read, at most the limit asked for.
        public var bytes: [UInt8]
        /// Standard input holds more than the limit: `bytes` is only its beginning.
        public var overflowed: Bool
    }

    /// Standard input's first `limit` bytes, and whether more follow. A later call with a larger
    /// limit goes on reading where an earlier one stopped.
    public static func read(upTo limit: Int) -> Contents {
        lock.lock()
        defer { lock.unlock() }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        // One byte past the limit tells "exactly the limit" from "more".
        while !atEnd, cached.count <= limit {
            let wanted = min(chunk.count, limit + 1 - cached.count)
            let n = chunk.withUnsafeMutableBytes { readStandardInput($0.baseAddress, wanted) }
            if n > 0 {
                cached.append(contentsOf: chunk[..<n])
            } else if n < 0, errno == EINTR {
                continue
            } else {
                // End of input, or an error reading it (a closed descriptor): what came is all there is.
                atEnd = true
            }
        }
        return cached.count > limit
            ? Contents(bytes: Array(cached[..<limit]), overflowed: true) : Contents(bytes: cached, overflowed: false)
    }

    private static func readStandardInput(_ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(0, buffer, count)
        #else
            Darwin.read(0, buffer, count)
        #endif
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cached: [UInt8] = []
    nonisolated(unsafe) private static var atEnd = false
}
