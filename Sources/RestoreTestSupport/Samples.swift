import Foundation

/// The package's own files the tests read: the samples in `Traces/`, and fresh temporary folders.
public enum Samples {
    /// The package root, found from this file's path (`Sources/RestoreTestSupport/Samples.swift`).
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Traces/`, where the sample scenarios and their committed traces live.
    public static let traces = packageRoot.appendingPathComponent("Traces")

    /// The path of `Traces/NAME` (a scenario or a trace, with its extension).
    public static func path(_ name: String) -> String { traces.appendingPathComponent(name).path }

    /// Every sample scenario's file name (`*.yaml`), sorted.
    public static var scenarioNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? []).filter { $0.hasSuffix(".yaml") }
            .sorted()
    }

    /// A new, empty folder under the system's temporary folder.
    public static func temporaryDirectory(_ prefix: String = "restoretrace-tests") throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
