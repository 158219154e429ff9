import Foundation

/// Standard input, read once: a command may read its trace more than once (a replay, then the
/// report), and a pipe can only be read once.
public enum StandardInput {
    /// Every byte of standard input.
    public static var bytes: [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return cached }
        let read = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        cached = read
        return read
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var cached: [UInt8]?
}
