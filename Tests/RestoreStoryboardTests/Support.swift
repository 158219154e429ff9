import Foundation
import RestoreEngine
import RestoreStoryboard

/// The hand-written storyboards in `Fixtures/`, in Interface Builder's own format.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func read(_ name: String) throws -> StoryboardDocument {
        try StoryboardReader.read(path: path(name))
    }

    /// The problems reading a bad fixture reports.
    static func problems(_ name: String) -> [Diagnostic] {
        do {
            _ = try StoryboardReader.read(path: path(name))
            return []
        } catch {
            return error.problems
        }
    }
}

extension RestoreEngine.SourceLocation {
    /// `LINE:COLUMN`, to compare positions without naming the file.
    var lineColumn: String { "\(line ?? 0):\(column ?? 0)" }
}
