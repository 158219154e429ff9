import Foundation
import RestoreArchive
import RestoreTestSupport
import Testing

/// The committed fixtures are what the generator builds (rebuilt with RESTORETRACE_RECORD_GOLDENS=1).
@Suite struct FixtureTests {
    @Test func committedFixturesMatchTheGenerator() throws {
        for (name, bytes) in try UIKitArchiveFixtures.all() {
            let path = UIKitArchiveFixtures.path(name)
            if Golden.recording {
                try FileManager.default.createDirectory(
                    at: UIKitArchiveFixtures.directory, withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                Issue.record("Rebuilt fixture \(name); run again without RESTORETRACE_RECORD_GOLDENS to verify.")
                continue
            }
            let committed = try #require(FileManager.default.contents(atPath: path), "fixture \(name) is missing")
            // Foundation writes dictionaries in hash order, so equal archives may differ in bytes:
            // they must read the same (or fail the same way).
            #expect(
                Self.reading([UInt8](committed)) == Self.reading(bytes),
                "fixture \(name) differs from what the generator builds")
        }
    }

    private static func reading(_ bytes: [UInt8]) -> String {
        do { return "\(try UIKitArchive(bytes: bytes, file: "f").model)" } catch { return error.description }
    }
}
