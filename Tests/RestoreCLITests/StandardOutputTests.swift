import Foundation
import RestoreTestSupport
import Testing

/// Standard output that cannot be written (a full disk) is a failure of the environment: exit 3,
/// naming standard output. It crashed (a `try!` in Foundation's `FileHandle.write`) or was lost
/// behind exit 0 (`print`'s buffered errors).
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
struct StandardOutputTests {
    static func run(_ arguments: [String], in directory: URL) throws -> CLI.Result {
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = arguments
        p.currentDirectoryURL = directory
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let err = Pipe()
        p.standardOutput = full
        p.standardError = err
        try p.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Result(code: p.terminationStatus, stdout: "", stderr: String(decoding: e, as: UTF8.self))
    }

    @Test func everyCommandWritingToAFullStandardOutputExits3() throws {
        let dir = try CLI.temporaryDirectory()
        let trace = CLI.sample("homepwner.trace.jsonl")
        for arguments in [
            ["export", trace, "--format", "json"], ["record", CLI.sample("homepwner.yaml"), "-o", "-"],
            ["import", UIKitArchiveFixtures.path("state-restoration-demo.data"), "-o", "-"], ["archive", trace],
            ["replay", trace, "--no-report", "--json"], ["diff", trace, trace],
            ["lint", CLI.sample("Shelf.storyboard")],
            ["schema", "scenario"],
            // Help and the version were printed and exit 0 whatever became of them (r19 CLI hunt).
            ["--help"], ["export", "--help"], ["help", "export"], ["--version"],
        ] {
            let r = try Self.run(arguments, in: dir)
            #expect(r.code == 3, "\(arguments): \(r.code) \(r.stderr)")
            #expect(
                r.stderr.hasPrefix("standard output: error: cannot write: No space left on device\n"),
                "\(arguments): \(r.stderr)")
            // The hint fits every command, not only those that take -o.
            #expect(r.stderr.contains("(> FILE, or -o FILE where the command takes it)"), "\(arguments): \(r.stderr)")
        }
    }

    /// A command that found a difference (exit 1) but could not print it exits 3 too.
    @Test func aDifferenceThatCannotBePrintedExits3() throws {
        let r = try Self.run(
            ["diff", CLI.sample("demo-travel.trace.jsonl"), CLI.sample("force-quit-by-user.trace.jsonl")],
            in: try CLI.temporaryDirectory())
        #expect(r.code == 3)
        #expect(r.stderr.hasPrefix("standard output: error: cannot write: No space left on device\n"))
    }
}
