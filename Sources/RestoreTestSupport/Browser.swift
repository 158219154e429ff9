import Foundation

/// Headless Chromium, for the tests that open a report as a user would.
public enum Browser {
    public static var shouldRun: Bool { ProcessInfo.processInfo.environment["RESTORETRACE_SKIP_BROWSER"] != "1" }

    public static var path: String? {
        let dirs = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for d in dirs where FileManager.default.isExecutableFile(atPath: "\(d)/\(name)") { return "\(d)/\(name)" }
        }
        return nil
    }

    public static func run(_ chromium: String, _ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: chromium)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] + arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    public static func dumpDOM(_ chromium: String, _ page: URL, budget: Int = 2000) throws -> String {
        try run(chromium, ["--virtual-time-budget=\(budget)", "--dump-dom", page.absoluteString])
    }
}
