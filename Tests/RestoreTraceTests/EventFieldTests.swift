import RestoreEngine
import Testing

@testable import RestoreTrace

/// `EventField` is the one declaration of the event line: the writer, the whole-line reader and
/// the lazy reader all follow it.
@Suite struct EventFieldTests {
    /// An event with every member the schema declares (but `event`: it has a callback).
    static func everyMember() -> EngineEvent {
        var e = EngineEvent(launch: 2, phase: .restoration, callback: .decode)
        e.event = nil
        e.receiver = "DetailViewController"
        e.path = "Nav/Detail"
        e.key = "Nav/Detail"
        e.session = "main"
        e.configuration = "Default Configuration"
        e.activity = UserActivity(
            type: "com.example.browse", userInfo: [CoderEntry(key: "item", value: .string("42"))],
            nonPlistKeys: ["item"], responders: ["Detail"])
        e.argument = .string("scene")
        e.coder = [CoderEntry(key: "itemID", value: .int(7), isSystem: false)]
        e.result = .bool(true)
        var effects = CallEffects()
        effects.madeKeyAndVisible = true
        e.effects = effects
        e.kill = .user
        var options = LaunchOptions()
        options.deviceLocked = true
        e.options = options
        e.reason = "because"
        e.hierarchy = NodeBlueprint(className: "UINavigationController", restorationIdentifier: "Nav")
        e.archive = Archive()
        return e
    }

    @Test func theWriterWritesTheMembersInTheDeclaredOrder() throws {
        let line = EventCodec.line(Self.everyMember(), seq: 9)
        guard case .object(let members) = try JSONParser.parse(line) else {
            Issue.record("not an object: \(line)")
            return
        }
        // A line has a callback or a system event, never both.
        #expect(members.map(\.0) == EventField.allCases.filter { $0 != .event }.map(\.name))
    }

    /// `writeMembers` names each case in turn (so each write is inlined): it writes exactly
    /// what writing every case of `allCases` in order writes, for a callback and a system event.
    @Test func writeMembersWritesEveryCaseInTheDeclaredOrder() {
        var system = Self.everyMember()
        system.callback = nil
        system.event = .launch
        for e in [Self.everyMember(), system] {
            for grouped in [false, true] {
                var expected: [UInt8] = []
                var first = true
                for field in EventField.allCases {
                    field.write(e, seq: 9, to: &expected, first: &first, grouped: grouped)
                }
                var written: [UInt8] = []
                EventField.writeMembers(e, seq: 9, grouped: grouped, to: &written)
                #expect(written == expected)
            }
        }
    }

    @Test func theLazyReaderAgreesWithTheWholeLineReaderOnEveryMember() throws {
        let line = Array(EventCodec.line(Self.everyMember(), seq: 9).utf8)
        let whole = try EventCodec.decode(JSONParser.parse(line))
        let scanned = try #require(RecordedEvent.scan(line, file: "t.jsonl", line: 2))
        #expect(scanned.seq == 9)
        #expect(try scanned.decoded() == whole.event)
        #expect(whole.event == Self.everyMember())
    }

    @Test func onlyDeclaredMembersAreAccepted() throws {
        let line = #"{"seq":1,"launch":1,"phase":"launch","event":"app-running","colour":"red"}"#
        #expect(throws: DecodeProblem.self) { try EventCodec.decode(JSONParser.parse(line)) }
        #expect(RecordedEvent.scan(Array(line.utf8), file: "t.jsonl", line: 2) == nil)
    }

    @Test func theEnvelopeAndThePayloadsPartitionTheMembers() {
        let payloads = EventField.allCases.compactMap(\.payload)
        #expect(EventPayloads(payloads) == .all)
        #expect(Set(payloads.map(\.rawValue)).count == payloads.count)
    }

    /// An event without its hierarchy, written with the tree's node count (a live tree compared
    /// in place), is the event line the event with that hierarchy has in a grouped trace.
    @Test func aNodeCountWritesTheHierarchysGroupedEventLine() {
        var tree = NodeBlueprint(className: "UINavigationController", restorationIdentifier: "nav")
        tree.children = [NodeBlueprint(className: "UIViewController", restorationIdentifier: "a")]
        tree.views = [NodeBlueprint(role: .view, className: "UIScrollView", restorationIdentifier: "s")]
        for var e in [
            EngineEvent(launch: 1, phase: .launch, event: .appRunning),
            Self.everyMember(),
        ] {
            e.hierarchy = tree
            var withTree: [UInt8] = []
            EventField.writeMembers(e, seq: 9, grouped: true, to: &withTree)
            e.hierarchy = nil
            var counted: [UInt8] = []
            EventField.writeMembers(e, seq: 9, grouped: true, nodeCount: 3, to: &counted)
            #expect(String(decoding: counted, as: UTF8.self) == String(decoding: withTree, as: UTF8.self))
            #expect(String(decoding: counted, as: UTF8.self).contains(#""hierarchy":{"nodes":3}"#))
        }
    }
}
