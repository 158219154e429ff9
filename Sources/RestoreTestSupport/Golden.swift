import Foundation
import Testing

/// Golden files in a `Goldens` folder beside the test file, re-recorded with
/// `RESTORETRACE_RECORD_GOLDENS=1`.
///
/// A recording run fails on purpose, so a golden that is missing or just rewritten can never
/// make a test pass by itself.
public enum Golden {
    /// Whether this run re-records goldens instead of checking them.
    public static var recording: Bool { ProcessInfo.processInfo.environment["RESTORETRACE_RECORD_GOLDENS"] == "1" }

    /// The `Goldens` folder beside `file` (the calling test file by default).
    public static func directory(beside file: String = #filePath) -> URL {
        URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    /// Checks `actual` against the golden `name` (or records it), reporting the first differing line.
    public static func check(
        _ actual: String, named name: String, beside file: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let directory = directory(beside: file)
        let url = directory.appendingPathComponent(name)
        if recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record(
                "Recorded golden \(name); run again without RESTORETRACE_RECORD_GOLDENS to verify.",
                sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "Golden \(name) is missing; record it with RESTORETRACE_RECORD_GOLDENS=1.",
                sourceLocation: sourceLocation)
            return
        }
        if actual != expected { Issue.record(firstDifference(name, actual, expected), sourceLocation: sourceLocation) }
    }

    private static func firstDifference(_ name: String, _ actual: String, _ expected: String) -> Comment {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
        return
            "\(name) differs from its golden at line \(line + 1):\n  expected: \(line < e.count ? String(e[line]) : "<end>")\n  actual:   \(line < a.count ? String(a[line]) : "<end>")"
    }
}
