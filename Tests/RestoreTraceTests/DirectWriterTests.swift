import Foundation
import Testing
import RestoreEngine
import RestoreScenario
@testable import RestoreTrace

/// The direct writer (`EventCodec.write`) must produce exactly the bytes of the tree writer
/// (`EventCodec.encode(…).serialized`), which defines the trace format.
@Suite struct DirectWriterTests {
    final class Collector: EngineObserver {
        var events: [EngineEvent] = []
        func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) { events.append(event) }
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every sample in `Traces/`, the benchmark's generated app, and the format test's scenario.
    static func scenarios() throws -> [Scenario] {
        let traces = packageRoot.appendingPathComponent("Traces")
        let names = try FileManager.default.contentsOfDirectory(atPath: traces.path).filter { $0.hasSuffix(".yaml") }.sorted()
        var out = try names.map { try ScenarioLoader.load(path: traces.appendingPathComponent($0).path) }
        out.append(ScenarioGenerator.generate(controllers: 300))
        out.append(TraceFormatTests.scenario())
        return out
    }

    static func direct(_ e: EngineEvent, seq: Int?) -> String {
        var out: [UInt8] = []
        EventCodec.write(e, seq: seq, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func everyRecordedEventWritesTheTreeBytes() throws {
        let scenarios = try Self.scenarios()
        #expect(scenarios.count >= 22)
        var checked = 0
        for s in scenarios {
            let collector = Collector()
            _ = s.run(observer: collector)
            for (i, e) in collector.events.enumerated() {
                #expect(Self.direct(e, seq: i + 1) == EventCodec.encode(e, seq: i + 1).serialized, "\(s.name) event \(i + 1)")
                #expect(Self.direct(e, seq: nil) == EventCodec.encode(e, seq: nil).serialized, "\(s.name) event \(i + 1)")
                checked += 1
            }
        }
        #expect(checked > 2500)
    }

    /// Members the samples rarely or never produce.
    static func unusualEvents() -> [EngineEvent] {
        var node = NodeBlueprint(className: "Odd\u{1}\"\\Class", restorationIdentifier: "id\n\t\r✓")
        node.role = .view
        node.inherits = "UITableView"
        node.isCustomContainer = true
        node.restorationClass = "R"
        node.storyboard = StoryboardReference(name: "Main", identifier: "scene")
        node.state = [CoderEntry(key: "k", value: .dictionary(["b": .data([1, 2, 3, 4]), "a": .date(-2.5e20)]), isSystem: true)]
        node.selectedIndex = -3
        node.encodesChildren = false
        node.presented = NodeBlueprint(className: "P", restorationIdentifier: nil)
        node.objects = [ObjectBlueprint(restorationIdentifier: "o", className: "O", objectRestorationClass: "ORC", state: [CoderEntry(key: "x", value: .reference("r"))])]
        node.viewState.contentOffset = [0, 1.5, -0.0, .infinity]
        node.viewState.zoomScale = 1e300
        node.viewState.contentInset = []
        node.viewState.rows = ["a", ""]
        node.viewState.selected = []
        node.viewState.firstVisible = "f"
        node.viewState.modelAssociation = false
        node.viewState.selectedRange = [0, Int.max, Int.min]
        node.viewState.editable = true
        var options = LaunchOptions()
        options.bundleVersion = "2.0"
        options.deviceLocked = true
        options.crashWhileDecoding = "c"
        options.data = ["z": ["1"], "a": []]
        var effects = CallEffects()
        effects.madeKeyAndVisible = true
        effects.ignoredSnapshot = true
        effects.newRoot = .newObject(ObjectBlueprint(restorationIdentifier: nil, className: "N", objectRestorationClass: nil, state: []))
        var entry = ArchiveEntry(key: "k", path: ["a", "b"], kind: .view, className: "C", parentKey: "p", relation: .child(7), coder: [CoderEntry(key: "n", value: .array([.int(-1), .double(0.1), .bool(false)]))])
        entry.restorationClass = "RC"
        entry.storyboard = StoryboardReference(name: "S", identifier: "I")
        entry.preservedSelection = ["m"]

        let results: [EventResult] = [
            .bool(true), .bool(false), .object(nil), .object(.existing(className: "E", path: "a/b")), .object(.new(node)),
            .object(.newObject(ObjectBlueprint(restorationIdentifier: "o", className: "O", objectRestorationClass: nil, state: []))),
            .modelIdentifier(nil), .modelIdentifier("m\"1"), .indexPath(nil), .indexPath([0, 12]), .indexPath([]), .crashed,
        ]
        var events: [EngineEvent] = results.map { r in
            var e = EngineEvent(launch: 12, phase: .restoration, callback: .decode)
            e.result = r
            return e
        }
        var full = EngineEvent(launch: 1, phase: .termination, event: .kill)
        full.receiver = "r"; full.path = "p"; full.key = "k"; full.kill = .debugger; full.reason = "why"
        full.argument = .array([.string("s"), .dictionary([:])])
        full.coder = [CoderEntry(key: "", value: .string(""), isSystem: false)]
        full.effects = effects
        full.options = options
        full.hierarchy = node
        full.archive = Archive(appLevel: [CoderEntry(key: "v", value: .string("1"), isSystem: true)], entries: [entry])
        events.append(full)
        var empty = EngineEvent(launch: 1, phase: .preservation, callback: .shouldSave)
        empty.effects = CallEffects()
        empty.archive = Archive()
        empty.options = LaunchOptions()
        events.append(empty)
        return events
    }

    @Test(arguments: unusualEvents())
    func unusualMembersWriteTheTreeBytes(_ e: EngineEvent) {
        #expect(Self.direct(e, seq: 7) == EventCodec.encode(e, seq: 7).serialized)
        #expect(Self.direct(e, seq: nil) == EventCodec.encode(e, seq: nil).serialized)
    }

    @Test(arguments: ["", "plain", "\"", "\\", "a\u{0}b\u{1f}c\u{7f}", "\n\r\t\u{8}\u{c}", "é✓😀\u{2028}", "</script>"])
    func stringsEscapeLikeTheTree(_ s: String) {
        var out: [UInt8] = []
        out.appendJSONString(s)
        #expect(String(decoding: out, as: UTF8.self) == JSONValue.string(s).serialized)
    }

    @Test(arguments: [0, 7, 10, 99, 100, 123_456_789, -1, -10, Int.max, Int.min])
    func intsWriteLikeTheTree(_ i: Int) {
        var out: [UInt8] = []
        out.appendJSONInt(i)
        #expect(String(decoding: out, as: UTF8.self) == JSONValue.int(i).serialized)
    }
}
