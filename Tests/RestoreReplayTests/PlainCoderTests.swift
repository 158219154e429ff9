import Foundation
import RestoreEngine
import RestoreTestSupport
import RestoreTrace
import Testing

/// The coder a replay takes from an `encode` call's record without decoding the whole event
/// is the one decoding the event gives, and it is taken only when nothing else is wanted.
@Suite struct PlainCoderTests {
    static let traces = ((try? FileManager.default.contentsOfDirectory(atPath: Samples.traces.path)) ?? [])
        .filter { $0.hasSuffix(".trace.jsonl") }.sorted()

    @Test(arguments: traces) func theCoderIsTheDecodedOne(_ name: String) throws {
        let reader = try TraceReader(path: Samples.traces.appendingPathComponent(name).path)
        let wanted: EventPayloads = [.result, .effects, .coder]
        var taken = 0
        while let r = try reader.nextRecord() {
            let decoded = try r.decoded(wanted)
            if let coder = r.plainCoder(ifOnlyOneOf: wanted) {
                #expect(coder == decoded.coder, "line \(r.line)")
                #expect(decoded.result == nil && decoded.effects == nil, "line \(r.line)")
                taken += 1
            }
            #expect(r.plainCoder(ifOnlyOneOf: [.result, .effects]) == nil)
        }
        if name.hasPrefix("homepwner") { #expect(taken > 0) }
    }

    /// A literal result (`null`, `true`, `false`) taken from the bytes is the one decoding the
    /// event gives, for every sample's every line and every set of payloads a replay asks for.
    @Test(arguments: traces) func theLiteralResultIsTheDecodedOne(_ name: String) throws {
        let reader = try TraceReader(path: Samples.traces.appendingPathComponent(name).path)
        let asked: [EventPayloads] = [[.result, .effects, .coder], [.result, .activity], [.result, .effects]]
        var taken = 0
        while let r = try reader.nextRecord() {
            for wanted in asked {
                guard let result = r.literalResult(ifOnlyOneOf: wanted) else { continue }
                let decoded = try r.decoded(wanted)
                #expect(result == decoded.result, "line \(r.line)")
                #expect(decoded.effects == nil && decoded.coder == nil && decoded.activity == nil, "line \(r.line)")
                taken += 1
            }
        }
        if name.hasPrefix("homepwner") { #expect(taken > 0) }
    }

    /// A literal the callback does not take (a Boolean for a model identifier) is left to
    /// decoding, which refuses it with its located error.
    @Test func aLiteralTheCallbackRefusesIsLeftToDecoding() throws {
        let lines = [
            #"{"format":"restoretrace-trace/2","tool":"t","scenario":"s","app":{"bundleVersion":"1.0","systemVersion":"17.0","idiom":"phone"}}"#,
            #"{"seq":1,"launch":1,"phase":"launch","event":"app-running"}"#,
            #"{"seq":2,"launch":1,"phase":"preservation","callback":"modelIdentifierForElementAtIndexPath:inView:","receiver":"T","result":true}"#,
            #"{"seq":3,"launch":1,"phase":"preservation","callback":"modelIdentifierForElementAtIndexPath:inView:","receiver":"T","result":null}"#,
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("literal-\(UUID()).jsonl").path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try TraceReader(path: path)
        _ = try reader.nextRecord(checkingPayloads: false)
        let refused = try #require(try reader.nextRecord(checkingPayloads: false))
        #expect(refused.literalResult(ifOnlyOneOf: [.result, .effects]) == nil)
        #expect(throws: TraceError.self) { try refused.decoded([.result, .effects]) }
        let none = try #require(try reader.nextRecord(checkingPayloads: false))
        #expect(none.literalResult(ifOnlyOneOf: [.result, .effects]) == .modelIdentifier(nil))
    }

    @Test func notTakenBesideAnAnswer() throws {
        let lines = [
            #"{"format":"restoretrace-trace/2","tool":"t","scenario":"s","app":{"bundleVersion":"1.0","systemVersion":"17.0","idiom":"phone"}}"#,
            #"{"seq":1,"launch":1,"phase":"launch","event":"app-running"}"#,
            #"{"seq":2,"launch":1,"phase":"preservation","callback":"application:shouldSaveApplicationState:","receiver":"AppDelegate","coder":{"k":{"int":1}},"result":true}"#,
            #"{"seq":3,"launch":1,"phase":"preservation","callback":"application:willEncodeRestorableStateWithCoder:","receiver":"AppDelegate","coder":{"k":{"int":2},"d":{"date":5.0}}}"#,
            #"{"seq":4,"launch":1,"phase":"preservation","callback":"application:willEncodeRestorableStateWithCoder:","receiver":"AppDelegate","coder":{"k":{"int":3}}}"#,
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("plain-coder-\(UUID()).jsonl").path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try TraceReader(path: path)
        let wanted: EventPayloads = [.result, .effects, .coder]
        _ = try reader.nextRecord()
        let withResult = try #require(try reader.nextRecord())
        #expect(withResult.plainCoder(ifOnlyOneOf: wanted) == nil)
        let withDate = try #require(try reader.nextRecord())
        #expect(withDate.plainCoder(ifOnlyOneOf: wanted) == nil)
        let plain = try #require(try reader.nextRecord())
        #expect(plain.plainCoder(ifOnlyOneOf: wanted) == [CoderEntry(key: "k", value: .int(3), isSystem: false)])
    }
}
