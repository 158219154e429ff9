import Dispatch
import Foundation

/// Outputs being written — a `NAME.partial` file, a report's temporary folder — removed when the
/// process is interrupted (Ctrl-C, `kill`, a closed terminal) before it could finish or discard
/// them, so an interrupted run leaves nothing behind, as a failed one does.
///
/// The signals are taken on a dispatch queue, not in a signal handler, so the removal is ordinary
/// code (a folder of files is removed with FileManager); the process then ends by the signal, as
/// it would have without the cleanup (a shell shows 128 + N: 130 for Ctrl-C).
public enum InterruptCleanup {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var outputs: [Int: String] = [:]
    nonisolated(unsafe) private static var nextID = 0
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Takes SIGINT, SIGTERM and SIGHUP for the rest of the process (the command-line tool calls
    /// this once, first, before any other thread exists; a library user who does not is left with
    /// the default behaviour).
    ///
    /// The signals are blocked on this thread, and so on every thread started after it, and read
    /// through dispatch's signal sources (a `signalfd` on Linux, which sees a signal only while it
    /// is blocked). They were set to SIG_IGN once the sources were made instead, and dispatch sets
    /// its own handler on its manager thread, later: when SIG_IGN came second, the kernel threw
    /// every signal away, and Ctrl-C, `timeout` and a CI's cancel did nothing until SIGKILL, which
    /// left `NAME.partial` behind (about 2 runs in 100, r20 fuzz). A blocked signal is never
    /// ignored, nor lost: one sent before the sources are in place waits for them.
    public static func install() {
        lock.withLock {
            guard sources.isEmpty else { return }
            var taken: [Int32] = []
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                // A signal the parent set to be ignored (`nohup`, a background job's SIGINT)
                // stays ignored.
                var current = sigaction()
                sigaction(signalNumber, nil, &current)
                // SIG_IGN is the handler value 1 (<signal.h>); a function pointer is not Equatable.
                if let handler = current.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) == 1 {
                    continue
                }
                taken.append(signalNumber)
            }
            var blocked = sigset_t()
            sigemptyset(&blocked)
            for signalNumber in taken { sigaddset(&blocked, signalNumber) }
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            for signalNumber in taken {
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { interrupted(by: signalNumber) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Names an output being written (a file or a folder); returns the ticket `finished` takes.
    public static func writing(_ path: String) -> Int {
        lock.withLock {
            nextID += 1
            outputs[nextID] = path
            return nextID
        }
    }

    /// The output was put in place or thrown away: nothing to remove for it any more.
    public static func finished(_ ticket: Int) {
        _ = lock.withLock { outputs.removeValue(forKey: ticket) }
    }

    /// The outputs being written now, oldest first (for tests).
    static var pending: [String] { lock.withLock { outputs.sorted { $0.key < $1.key }.map(\.value) } }

    private static func interrupted(by signalNumber: Int32) {
        // Held to the end: an output started meanwhile would not be seen.
        lock.lock()
        for path in outputs.values {
            // Moved aside first, in one step: threads still writing a report's files into the
            // folder would otherwise refill it while it is removed, and the removal would fail.
            let aside = path + ".interrupted-\(getpid())"
            let gone = rename(path, aside) == 0 ? aside : path
            try? FileManager.default.removeItem(atPath: gone)
        }
        outputs.removeAll()
        // Ended here, with the lock held, so no output is started or put in place meanwhile, and
        // by the signal itself: a shell stops a loop (`for t in *.jsonl; do restoretrace …; done`)
        // only for a child the signal ended, and went on to the next file after an exit 130
        // (r20 review). The default action, unblocked on this thread alone and sent to it, ends
        // the process; dispatch's own handler and every other thread's mask are left as they are.
        signal(signalNumber, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signalNumber)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(signalNumber)
        // Not reached unless the signal could not end the process: the status a shell gives it.
        // `_exit`, not `exit`: the main thread is still running, and exit handlers are not safe.
        _exit(128 + signalNumber)
    }
}
