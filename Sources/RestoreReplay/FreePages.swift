import Foundation

/// Gives the heap's free pages back to the system between the steps of a replay.
///
/// Why: a step read ahead is made in the reading thread's malloc arena (glibc gives each thread
/// its own) and freed on the engine's, so its memory goes back to that arena, where the engine's
/// own allocations cannot reuse it, and glibc keeps it. At 200×200 that held ~25 MB through the
/// restoration, where a replay peaks. `malloc_trim(0)` returns the free pages of every arena
/// (g200 replay peak 197.6 -> 172.9 MiB with the first step run before reading ahead, see
/// `Replayer.replay`; user time unchanged within noise, 4 calls a replay).
enum FreePages {
    /// Returns free heap pages to the system where the C library can (glibc's `malloc_trim`,
    /// looked up at run time: other C libraries lack it, and then nothing is done).
    static func giveBack() {
        #if os(Linux)
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            typealias MallocTrim = @convention(c) (Int) -> Int32
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
