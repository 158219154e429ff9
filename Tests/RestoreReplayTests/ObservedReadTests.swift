import Foundation
import RestoreEngine
import RestoreReplay
import RestoreTrace
import Testing

/// A replay hands every line it reads to its observer, so a report can take them from the same
/// pass over the trace.
@Suite struct ObservedReadTests {
    @Test func theObserverSeesEveryRecordOnceInOrder() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        var seen: [Int] = []
        var bytes: [[UInt8]] = []
        let result = try Replayer.replay(
            path: path,
            observe: {
                seen.append($0.seq)
                bytes.append($0.bytes)
            })
        #expect(result.matched)
        #expect(seen == Array(1...result.recordedEvents))
        let reader = try TraceReader(path: path)
        var i = 0
        while let r = try reader.nextRecord() {
            #expect(r.bytes == bytes[i])
            i += 1
        }
        #expect(i == seen.count)
    }
}
