import Foundation
import RestoreEngine
import RestoreTestSupport
import RestoreTrace
import Testing

@testable import RestoreExport

/// The streaming chrome-trace writer gives the bytes the Foundation-serialized exporter gave.
@Suite struct ChromeTraceWriterTests {
    static let traces = ((try? FileManager.default.contentsOfDirectory(atPath: Samples.traces.path)) ?? [])
        .filter { $0.hasSuffix(".trace.jsonl") }.sorted()

    @Test(arguments: traces) func sampleExportsAsFoundationWroteIt(_ name: String) throws {
        let reader = try TraceReader(path: Samples.path(name))
        let events = try reader.readAll().map(\.event)
        let expected = try FoundationChromeTrace.json(events: events, scenario: reader.header.scenario)
        #expect(ChromeTraceExporter.json(events: events, scenario: reader.header.scenario) == expected)
    }

    /// The export decodes only the payloads the timeline shows; the rest must not matter.
    @Test(arguments: traces) func theShownPayloadsAreEnough(_ name: String) throws {
        let whole = try TraceReader(path: Samples.path(name))
        let all = try whole.readAll().map(\.event)
        let reader = try TraceReader(path: Samples.path(name))
        var out: [UInt8] = []
        var writer = ChromeTraceWriter(scenario: reader.header.scenario, into: &out)
        while let record = try reader.nextRecord() {
            writer.append(try record.decoded([.coder, .result, .activity]), to: &out)
        }
        writer.finish(&out)
        #expect(
            String(decoding: out, as: UTF8.self)
                == ChromeTraceExporter.json(events: all, scenario: whole.header.scenario))
    }

    /// Every string member, with text JSON must escape, and both kinds of flow arrow.
    @Test func escapedTextAndFlowsMatchFoundation() throws {
        let odd = "a\"b\\c/d\te\nf\u{1}g · é 😀\u{7F}\u{85}"
        var saved = EngineEvent(launch: 1, phase: .preservation, event: .activitySaved)
        saved.session = "S/" + odd
        saved.activity = UserActivity(type: odd, userInfo: [CoderEntry(key: odd, value: .int(1))])
        var encode = EngineEvent(launch: 1, phase: .preservation, callback: .encode)
        (encode.receiver, encode.path, encode.key, encode.reason) = (odd, "Tab/" + odd, "k" + odd, odd)
        encode.coder = [CoderEntry(key: odd, value: .string(odd)), CoderEntry(key: "plain", value: .bool(true))]
        encode.result = .indexPath([1, 2])
        var connect = EngineEvent(launch: 2, phase: .restoration, callback: .willConnectToSession)
        (connect.session, connect.configuration, connect.activity) = (saved.session, odd, saved.activity)
        connect.result = .object(nil)
        var decode = EngineEvent(launch: 2, phase: .restoration, callback: .decode)
        (decode.key, decode.path, decode.result) = (encode.key, encode.path, .modelIdentifier(odd))
        let events = [saved, encode, EngineEvent(launch: 2, phase: .launch, event: .launch), connect, decode]
        let text = ChromeTraceExporter.json(events: events, scenario: odd)
        #expect(text == (try FoundationChromeTrace.json(events: events, scenario: odd)))
        #expect(text.components(separatedBy: #""ph":"s""#).count == 3, "an activity arrow and an archive arrow")
    }
}
