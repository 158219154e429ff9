import Foundation
import RestoreEngine
import RestoreScenario
import Testing

@testable import RestoreTrace

@Suite struct TraceFormatTests {
    static func scenario() -> Scenario {
        var s = Scenario(name: "format")
        var nav = NodeBlueprint(className: "UINavigationController", restorationIdentifier: "nav")
        var list = NodeBlueprint(className: "ListController", restorationIdentifier: "list")
        list.state = [
            .init(key: "title", value: .string("Ünïcode \"quoted\"")), .init(key: "when", value: .date(1.5)),
            .init(key: "blob", value: .data([0, 255, 7])),
            .init(key: "nested", value: .dictionary(["b": .array([.int(1), .double(2.5)]), "a": .bool(true)])),
        ]
        nav.children = [list]
        s.ui = nav
        return s
    }

    static func tempPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("rt-\(UUID().uuidString).trace.jsonl").path
    }

    static func record(_ s: Scenario, to path: String) throws {
        _ = try TraceRecorder.record(header: TraceHeader(scenario: s.name, app: s.app.configuration), to: path) {
            s.run(observer: $0)
        }
    }

    @Test func sameScenarioRecordsByteIdenticalTraces() throws {
        let a = Self.tempPath()
        let b = Self.tempPath()
        try Self.record(Self.scenario(), to: a)
        try Self.record(Self.scenario(), to: b)
        let da = try Data(contentsOf: URL(fileURLWithPath: a))
        let db = try Data(contentsOf: URL(fileURLWithPath: b))
        #expect(da == db)
        #expect(da.count > 500)
    }

    @Test func everyEventRoundTripsThroughItsJSONLine() throws {
        let path = Self.tempPath()
        try Self.record(Self.scenario(), to: path)
        let reader = try TraceReader(path: path)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        var i = 1
        while let e = try reader.next() {
            // Format 2: an event with a hierarchy is its event line and a line per node.
            var written: [UInt8] = []
            EventCodec.writeLines(e.event, seq: e.seq, bounded: true, to: &written)
            let own = String(decoding: written, as: UTF8.self).split(separator: "\n").map(String.init)
            #expect(own == Array(lines[i..<min(i + own.count, lines.count)]))
            i += own.count
        }
        #expect(i == lines.count)
        #expect(reader.header.scenario == "format")
    }

    @Test func headerComesFirstWithFormatAndTool() throws {
        let path = Self.tempPath()
        try Self.record(Self.scenario(), to: path)
        let first = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[0]
        #expect(
            first.hasPrefix(
                "{\"format\":\"restoretrace-trace/2\",\"tool\":\"restoretrace 0.1.0\",\"scenario\":\"format\""))
    }

    @Test func failedRecordingLeavesNoFileAndKeepsTheOldOne() throws {
        let path = Self.tempPath()
        try "precious".write(toFile: path, atomically: true, encoding: .utf8)
        struct Boom: Error {}
        let writer = try TraceWriter(path: path, header: TraceHeader(scenario: "x", app: .init()))
        writer.writeLine(.object([("half", .bool(true))]))
        writer.discard()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        #expect(!FileManager.default.fileExists(atPath: path + ".partial"))
    }

    @Test func missingFolderIsAClearError() {
        do {
            _ = try TraceWriter(
                path: "/nonexistent-dir/x.trace.jsonl", header: TraceHeader(scenario: "x", app: .init()))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("the folder '/nonexistent-dir' does not exist"))
            #expect(error.cause == .environment)
        }
    }

    /// A folder the system refuses even to root (a path under a regular file): the error names the
    /// path and gives the system's reason, and is the environment's fault, not the input's.
    @Test func refusedWriteNamesThePathAndTheSystemsReason() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("blocker-\(UUID().uuidString)")
        try Data("a file, not a folder".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let path = blocker.path + "/x.trace.jsonl"
        do {
            _ = try TraceWriter(path: path, header: TraceHeader(scenario: "x", app: .init()))
            Issue.record("expected an error")
        } catch {
            #expect(error.cause == .environment)
            #expect(error.description.hasPrefix("\(path): error: cannot write: Not a directory"))
        }
    }

    /// A full disk: every byte after the header goes to /dev/full, which refuses with ENOSPC.
    @Test func fullDiskIsAnEnvironmentFailureAndLeavesNoFile() throws {
        let link = FileManager.default.temporaryDirectory.appendingPathComponent("full-\(UUID().uuidString)").path
        // The writer streams into NAME.partial: make that the full device.
        try FileManager.default.createSymbolicLink(atPath: link + ".partial", withDestinationPath: "/dev/full")
        defer { try? FileManager.default.removeItem(atPath: link + ".partial") }
        let file = try AtomicFileWriter(path: link)
        file.write("more than nothing\n")
        do {
            try file.commit()
            Issue.record("expected an error")
        } catch {
            #expect(error.cause == .environment)
            #expect(error.description.hasPrefix("\(link): error: writing failed: No space left on device"))
            #expect(error.diagnostic.hint?.contains("free some disk space") == true)
        }
        #expect(!FileManager.default.fileExists(atPath: link))
    }

    @Test(arguments: [
        "{\"a\":[1,2.5,-3e2,true,false,null,\"\\u00e9\\n\\\"\"]}",
        "[]", "{}", "\"\\ud83d\\ude00\"", "-0.5",
    ])
    func jsonParsesAndReserializesStably(_ text: String) throws {
        let v = try JSONParser.parse(text)
        let again = try JSONParser.parse(v.serialized)
        #expect(v == again)
    }

    @Test(arguments: ["{", "[1,]", "{\"a\" 1}", "tru", "\"unterminated", "{\"a\":1}x", "01x"])
    func malformedJSONIsLocated(_ text: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("expected \(text) to fail")
        } catch {
            #expect(error.column >= 1)
            #expect(!error.message.isEmpty)
        }
    }

    @Test func integralDoublesStayDoubles() {
        #expect(JSONValue.double(2).serialized == "2.0")
        #expect(JSONValue.int(2).serialized == "2")
        #expect(JSONValue.string("a\u{1}b").serialized == "\"a\\u0001b\"")
    }
}
