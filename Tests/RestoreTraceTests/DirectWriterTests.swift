import Foundation
import RestoreEngine
import RestoreScenario
import RestoreTestSupport
import Testing

@testable import RestoreTrace

/// The event writer (`EventCodec.write`) is the format's one encoder: whatever it writes, the
/// reader must decode back to the same event. (The committed traces in `Traces/` pin the bytes.)
@Suite struct DirectWriterTests {
    /// Every sample in `Traces/`, the benchmark's generated app, and the format test's scenario.
    static func scenarios() throws -> [Scenario] {
        var out = try Samples.scenarioNames.map { try ScenarioLoader.load(path: Samples.path($0)) }
        out.append(ScenarioGenerator.generate(controllers: 300))
        out.append(TraceFormatTests.scenario())
        return out
    }

    /// Writes the event, reads it back, and checks nothing was lost or changed.
    static func roundTrips(_ e: EngineEvent, seq: Int, _ comment: Comment? = nil) throws {
        let line = EventCodec.line(e, seq: seq)
        let back = try EventCodec.decode(JSONParser.parse(line))
        #expect(back.seq == seq, comment)
        #expect(back.event == e, comment)
        // Without `seq` the line is the same object minus its first member (what replay compares).
        #expect(EventCodec.line(e, seq: nil) == "{" + line.drop { $0 != "," }.dropFirst(), comment)
    }

    @Test func everyRecordedEventDecodesBackToItself() throws {
        let scenarios = try Self.scenarios()
        #expect(scenarios.count >= 22)
        var checked = 0
        for s in scenarios {
            let collector = EventLog()
            _ = s.run(observer: collector)
            for (i, e) in collector.events.enumerated() {
                try Self.roundTrips(e, seq: i + 1, "\(s.name) event \(i + 1)")
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
        node.state = [
            CoderEntry(key: "k", value: .dictionary(["b": .data([1, 2, 3, 4]), "a": .date(-2.5e20)]), isSystem: true)
        ]
        node.selectedIndex = -3
        node.encodesChildren = false
        node.presented = NodeBlueprint(className: "P", restorationIdentifier: nil)
        node.objects = [
            ObjectBlueprint(
                restorationIdentifier: "o", className: "O", objectRestorationClass: "ORC",
                state: [CoderEntry(key: "x", value: .reference("r"))])
        ]
        node.viewState.contentOffset = [0, 1.5, -0.0, 1e-300]
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
        effects.newRoot = .newObject(
            ObjectBlueprint(restorationIdentifier: nil, className: "N", objectRestorationClass: nil, state: []))
        var entry = ArchiveEntry(
            key: "p/:[7]:/b", path: ["a", "b"], kind: .view, className: "C", parentKey: "p", relation: .child(7),
            coder: [CoderEntry(key: "n", value: .array([.int(-1), .double(0.1), .bool(false)]))])
        entry.restorationClass = "RC"
        entry.storyboard = StoryboardReference(name: "S", identifier: "I")
        entry.preservedSelection = ["m"]

        let results: [EventResult] = [
            .bool(true), .bool(false), .object(nil), .object(.existing(className: "E", path: "a/b")),
            .object(.new(node)),
            .object(
                .newObject(
                    ObjectBlueprint(restorationIdentifier: "o", className: "O", objectRestorationClass: nil, state: []))
            ),
            .modelIdentifier(nil), .modelIdentifier("m\"1"), .indexPath(nil), .indexPath([0, 12]), .indexPath([]),
            .crashed,
        ]
        var events: [EngineEvent] = results.map { r in
            // A result is read by its callback's rules: a data source's nil is not an object's nil.
            let callback: Callback =
                switch r {
                case .modelIdentifier: .modelIdentifier
                case .indexPath: .indexPath
                default: .decode
                }
            var e = EngineEvent(launch: 12, phase: .restoration, callback: callback)
            e.result = r
            return e
        }
        var full = EngineEvent(launch: 1, phase: .termination, event: .kill)
        full.receiver = "r"
        full.path = "p"
        full.key = "k"
        full.kill = .debugger
        full.reason = "why"
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
    func unusualMembersDecodeBackToThemselves(_ e: EngineEvent) throws {
        try Self.roundTrips(e, seq: 7)
    }

    @Test(arguments: [
        ("", #""""#), ("plain", #""plain""#), ("\"", #""\"""#), ("\\", #""\\""#),
        ("a\u{0}b\u{1f}c", #""a\u0000b\u001fc""#), ("\n\r\t\u{8}", #""\n\r\t\u0008""#),
        ("é✓😀\u{2028}", "\"é✓😀\u{2028}\""), ("</script>", #""</script>""#),
    ])
    func stringsEscapeExactlyAsTheFormatSays(_ s: String, _ expected: String) throws {
        var out: [UInt8] = []
        out.appendJSONString(s)
        #expect(String(decoding: out, as: UTF8.self) == expected)
        #expect(try JSONParser.parse(out) == .string(s))
    }

    @Test(arguments: [0, 7, 10, 99, 100, 123_456_789, -1, -10, Int.max, Int.min])
    func intsWriteTheirDecimalDigits(_ i: Int) throws {
        var out: [UInt8] = []
        out.appendJSONInt(i)
        #expect(String(decoding: out, as: UTF8.self) == String(i))
        #expect(try JSONParser.parse(out) == .int(i))
    }
}
