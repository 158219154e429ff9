import Foundation

/// Standard output as a destination that can fail: a full disk is a failure of the environment
/// (exit 3, naming standard output), not a crash — `FileHandle.write(_:)` traps on a write error
/// (a `try!` inside Foundation) — nor output lost behind exit 0 (`print`'s buffered errors are
/// never looked at). Written with write(2), unbuffered: every caller hands over a whole text.
public enum StandardOutput {
    /// The name errors give it.
    public static let name = "standard output"

    private static let lock = NSLock()
    /// The first write the system refused (its errno); read through `check`.
    nonisolated(unsafe) private static var refused: Int32?

    /// Writes `bytes` whole.
    public static func write(_ bytes: some Collection<UInt8>) throws(TraceError) {
        if let code = writeAll(Array(bytes)) { throw failure(code) }
    }

    /// Writes `text` for a command's printed output, which does not stop for a failed write: the
    /// first failure is kept, and `check` throws it once the command is done.
    public static func print(_ text: String) { print(bytes: Array(text.utf8)) }

    /// `print` for bytes: a piece of a command's output written as it is made.
    public static func print(bytes: [UInt8]) {
        guard let code = writeAll(bytes) else { return }
        lock.withLock { refused = refused ?? code }
    }

    /// Throws the first failure `print` met.
    public static func check() throws(TraceError) {
        if let code = lock.withLock({ refused }) { throw failure(code) }
    }

    /// Writes every byte to `descriptor` with write(2), again after EINTR and for what a short
    /// write left; the errno of the failed write, or nil when every byte went out. (Standard error
    /// is written so too: FileHandle traps on a closed pipe once SIGPIPE is ignored.)
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32 = 1) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // Nothing written and no error: nothing more will go (not expected of a descriptor).
            if n == 0 { return EIO }
            done += n
        }
        return nil
    }

    static func failure(_ code: Int32) -> TraceError {
        let hint =
            switch code {
            // Not every command takes -o (archive, diff, lint, schema, replay --json): name both ways.
            case ENOSPC, EDQUOT:
                "free some disk space, or send the output elsewhere (> FILE, or -o FILE where the command takes it)"
            case EPIPE:
                "the program reading the output stopped before the end (such as head); run it again without it to see everything"
            default: "send the output elsewhere (> FILE, or -o FILE where the command takes it)"
            }
        return TraceError(
            file: name, "cannot write: \(String(cString: strerror(code)))", hint: hint, cause: .environment)
    }
}
