import Foundation
import RestoreReport
import Testing

@testable import RestoreCLI

/// `record` leaves its result for the process's exit instead of freeing it object by object; a
/// process that runs many commands (the tests) still holds only the latest one.
@Suite struct LeftForExitTests {
    final class Tracked {}

    @Test func parkingKeepsOnlyTheLatestValueAlive() {
        // A slot of its own: tests running `record` in parallel park in the shared one.
        let slot = LeftForExit()
        weak var first: Tracked?
        weak var second: Tracked?
        do {
            let a = Tracked()
            let b = Tracked()
            first = a
            second = b
            slot.park(a)
            slot.park(b)
        }
        #expect(first == nil)
        #expect(second != nil)
        #expect((slot.parked as? Tracked) === second)
    }

    @Test func recordParksItsResultForTheExit() throws {
        let dir = NSTemporaryDirectory() + "restoretrace-exit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let trace = dir + "/demo.trace.jsonl"
        #expect(RestoreTraceMain.run(["record", "-o", trace, "--json"]) == 0)
        // Other tests may record in parallel: the one parked is a recording's result, whichever ran last.
        #expect(LeftForExit.shared.parked is Recording.Result)
        #expect(FileManager.default.fileExists(atPath: trace))
    }
}
