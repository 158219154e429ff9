import Foundation
import Testing

/// Ctrl-C (or `kill`) while an output is being written removes it, as a failure does: it left
/// `OUT.partial` and a report's `.DIR.restoretrace-tmp-PID-N/` behind.
@Suite struct InterruptTests {
    /// A scenario big enough that recording it takes a while after its trace file is opened.
    static func bigScenario(in dir: URL) throws {
        let children = (0..<20_000).map {
            #"{"class":"UIViewController","restorationIdentifier":"c\#($0)","state":{"k":"\#(String(repeating: "x", count: 200))"}}"#
        }
        let json =
            #"{"name":"w","ui":{"class":"UINavigationController","restorationIdentifier":"N","children":["#
            + children.joined(separator: ",") + "]}}"
        try json.write(to: dir.appendingPathComponent("w.json"), atomically: true, encoding: .utf8)
    }

    /// Records the big scenario in `dir` (through `/bin/sh -c SCRIPT` when given, `$0` being the
    /// binary), sends `signal` once its trace file is being written, and waits for the end.
    static func recordSignalled(_ signal: Int32, in dir: URL, shell script: String? = nil) throws -> Process {
        try bigScenario(in: dir)
        let p = Process()
        let record = ["record", "w.json", "-o", "w.trace.jsonl"]
        if let script {
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", script, CLI.binary.path]
        } else {
            p.executableURL = CLI.binary
            p.arguments = record
        }
        p.currentDirectoryURL = dir
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        let partial = dir.appendingPathComponent("w.trace.jsonl.partial").path
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: partial), p.isRunning, Date() < deadline { usleep(2_000) }
        try #require(p.isRunning, "the record finished before the signal could be sent")
        kill(p.processIdentifier, signal)
        p.waitUntilExit()
        return p
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedRecordLeavesNoPartialFile(signal: Int32) throws {
        let dir = try CLI.temporaryDirectory()
        let p = try Self.recordSignalled(signal, in: dir)
        // Ended by the signal, as a shell needs to stop a loop, once the output was removed.
        #expect(p.terminationReason == .uncaughtSignal)
        #expect(p.terminationStatus == signal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["w.json"])
    }

    /// The signals are blocked, never ignored: set to SIG_IGN after dispatch's own handler was
    /// in place, the kernel threw them away, and neither Ctrl-C nor `timeout` ended the run
    /// (about 2 runs in 100; SIGINT alone in 1 in 5, r20 fuzz). A run stuck opening a FIFO is
    /// signalled, ten times over, and each ends at once, by the signal.
    @Test func signalsAreBlockedNotIgnoredAndEveryRunEnds() throws {
        let dir = try CLI.temporaryDirectory()
        let fifo = dir.appendingPathComponent("p.jsonl").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // SIGHUP, SIGINT and SIGTERM: bits 0, 1 and 14 of /proc's masks.
        let taken: UInt64 = 1 << 0 | 1 << 1 | 1 << 14
        func mask(_ name: String, of pid: Int32) throws -> UInt64 {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(name + ":") })
            return try #require(UInt64(line.split(separator: "\t").last ?? "", radix: 16))
        }
        for _ in 0..<10 {
            let p = Process()
            p.executableURL = CLI.binary
            p.arguments = ["replay", "p.jsonl", "--no-report"]
            p.currentDirectoryURL = dir
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Long enough for dispatch to have set its handler (the race was lost after it).
            usleep(300_000)
            #expect(try mask("SigBlk", of: p.processIdentifier) & taken == taken)
            #expect(try mask("SigIgn", of: p.processIdentifier) & taken == 0)
            kill(p.processIdentifier, SIGTERM)
            guard CLI.waitOrKill(p, seconds: 10) else {
                Issue.record("SIGTERM did not end the run")
                continue
            }
            #expect(p.terminationReason == .uncaughtSignal)
            #expect(p.terminationStatus == SIGTERM)
        }
    }

    /// A signal the parent ignores (`nohup`, `trap '' TERM`) stays ignored: the run goes on and
    /// its output is written whole.
    @Test func anIgnoredSignalStaysIgnored() throws {
        let dir = try CLI.temporaryDirectory()
        let p = try Self.recordSignalled(
            SIGTERM, in: dir, shell: "trap '' TERM; exec \"$0\" record w.json -o w.trace.jsonl")
        #expect(p.terminationReason == .exit)
        #expect(p.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["w.json", "w.trace.jsonl"])
    }
}
