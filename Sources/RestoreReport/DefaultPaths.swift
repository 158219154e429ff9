import Foundation

/// Where outputs go when the user does not say: beside their input, named after it.
public enum DefaultPaths {
    /// The file `record` writes with no scenario: the built-in demo's trace in the current folder.
    public static let demoTrace = "restoretrace-demo.trace.jsonl"

    /// `Traces/login.yaml` → `Traces/login.trace.jsonl`; the demo (nil) → `./restoretrace-demo.trace.jsonl`.
    public static func trace(forScenario scenarioPath: String?) -> String {
        guard let scenarioPath else { return demoTrace }
        if scenarioPath == "-" { return "stdin.trace.jsonl" }
        return strip(scenarioPath, [".yaml", ".yml", ".json"]) + ".trace.jsonl"
    }

    /// `x.trace.jsonl` → `x-report` beside it.
    public static func reportDirectory(forTrace tracePath: String) -> String {
        if tracePath == "-" { return "stdin-report" }
        return strip(tracePath, [".trace.jsonl", ".jsonl", ".json", ".trace"]) + "-report"
    }

    /// `path` without the first of `extensions` it ends with.
    private static func strip(_ path: String, _ extensions: [String]) -> String {
        var base = path
        for ext in extensions where base.hasSuffix(ext) {
            base.removeLast(ext.count)
            break
        }
        return base
    }

    /// The size of the file at `path` in bytes, 0 when it cannot be read.
    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// `512 B`, `3.4 KB`, `1.2 MB`.
    static func byteCount(_ n: Int) -> String {
        if n < 1024 { return "\(n) B" }
        if n < 1024 * 1024 { return String(format: "%.1f KB", Double(n) / 1024) }
        return String(format: "%.1f MB", Double(n) / 1024 / 1024)
    }
}
