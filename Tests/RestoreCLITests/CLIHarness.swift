import Foundation
import RestoreTestSupport
import Testing

/// Runs the built `restoretrace` binary, as a user would.
enum CLI {
    static let packageRoot = Samples.packageRoot

    static var binary: URL { executable("restoretrace") }

    /// One of the package's built executables (`restoretrace`, `restoretrace-bench`).
    static func executable(_ name: String) -> URL {
        let build = packageRoot.appendingPathComponent(".build")
        for config in ["debug", "release"] {
            let candidate = build.appendingPathComponent(config).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return build.appendingPathComponent("debug/\(name)")
    }

    struct Result {
        var code: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `restoretrace ARGS` (or another of the package's executables) in `directory`.
    static func run(_ arguments: [String], in directory: URL, executable name: String = "restoretrace") throws
        -> Result
    {
        let binary = executable(name)
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("\(binary.path) is missing: run `swift build` before the tests")
            return Result(code: -1, stdout: "", stderr: "")
        }
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        p.currentDirectoryURL = directory
        return try collect(p)
    }

    /// Starts `p`, feeds it `input` on standard input (if any) and collects its exit code and output.
    static func collect(_ p: Process, stdin input: Data? = nil) throws -> Result {
        let (inPipe, out, err) = (Pipe(), Pipe(), Pipe())
        if input != nil { p.standardInput = inPipe }
        p.standardOutput = out
        p.standardError = err
        try p.run()
        if let input {
            inPipe.fileHandleForWriting.write(input)
            try inPipe.fileHandleForWriting.close()
        }
        // Both pipes are read at once, before waiting: read one after the other, a child that
        // filled the other's 64 KiB buffer first (a sanitizer's report on standard error) blocked
        // on it, and the test hung.
        nonisolated(unsafe) var e = Data()
        let stderrRead = DispatchSemaphore(value: 0)
        Thread {
            e = err.fileHandleForReading.readDataToEndOfFile()
            stderrRead.signal()
        }.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        stderrRead.wait()
        p.waitUntilExit()
        return Result(
            code: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
            stderr: String(decoding: e, as: UTF8.self))
    }

    /// Waits up to `seconds` for `p` to end; one still running then is killed (SIGKILL) and
    /// waited for. - Returns: whether it ended by itself.
    static func waitOrKill(_ p: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while p.isRunning, Date() < deadline { usleep(10_000) }
        guard p.isRunning else { return true }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        return false
    }

    /// Runs a shell script in `directory` with the built `restoretrace` first on PATH, the way a
    /// user runs an example from the README or `--help`.
    static func shell(_ script: String, in directory: URL) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        p.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        p.environment = environment
        return try collect(p)
    }

    /// A fresh folder holding a copy of `Traces/`, so examples that write beside a sample write there.
    static func sandbox() throws -> URL {
        let dir = try temporaryDirectory()
        try FileManager.default.copyItem(at: Samples.traces, to: dir.appendingPathComponent("Traces"))
        return dir
    }

    static func temporaryDirectory() throws -> URL { try Samples.temporaryDirectory("restoretrace-e2e") }

    static func sample(_ name: String) -> String { Samples.path(name) }
}
