import Foundation
import RestoreEngine
import RestoreReplay
import RestoreTrace
import Testing

/// The replay reads lines lazily (`TraceReader.nextRecord`) and compares them byte for byte;
/// these hold that to what decoding whole (`next`) and comparing decoded events would say.
@Suite struct LazyReadTests {
    @Test func recordsDecodeToTheSameEventsAsWholeLines() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let whole = try TraceReader(path: path)
        let lazy = try TraceReader(path: path)
        var count = 0
        var withArchive = 0
        while let t = try whole.next() {
            let r = try #require(try lazy.nextRecord())
            #expect(r.seq == t.seq)
            #expect(r.line == whole.lineNumber)
            #expect(try r.decoded() == t.event)
            #expect(try r.decoded([]).callback == t.event.callback)
            #expect(try r.decoded([]).path == t.event.path)
            #expect(try r.archiveKeys() == t.event.archive.map { Set($0.entries.map(\.key)) })
            if t.event.archive != nil { withArchive += 1 }
            var written: [UInt8] = []
            EventCodec.writeLines(t.event, seq: nil, bounded: false, to: &written)
            #expect(r.matches(written: written))
            count += 1
        }
        #expect(try lazy.nextRecord() == nil)
        #expect(count > 20)
        #expect(withArchive == 1)
    }

    @Test func aRecordDoesNotMatchAnotherEvent() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let reader = try TraceReader(path: path)
        let a = try #require(try reader.nextRecord())
        let b = try #require(try reader.nextRecord())
        var written: [UInt8] = []
        EventCodec.writeLines(try b.decoded(), seq: nil, bounded: false, to: &written)
        #expect(!a.matches(written: written))
        #expect(b.matches(written: written))
    }

    /// A line written differently (spaces, member order) still matches its event.
    @Test func reformattedLinesStillReplay() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        var lines = try Fixtures.lines(path)
        let i = try #require(lines.firstIndex { $0.contains("\"callback\":\"encodeRestorableStateWithCoder:\"") })
        lines[i] = lines[i].replacingOccurrences(of: "\",\"", with: "\", \"")
        let j = try #require(lines.firstIndex { $0.contains("\"event\":\"archive-written\"") })
        lines[j] = lines[j].replacingOccurrences(of: "{\"seq\":", with: "{ \"seq\" : ")
        try Fixtures.write(lines, to: path)
        let r = try Replayer.replay(path: path)
        #expect(r.divergence == nil)
        #expect(r.recordedEvents == r.replayedEvents)
    }

    /// A payload the replay only compares (here a coder UIKit handed to decode) is not
    /// decoded: an edit there shows up as a divergence at that event.
    @Test func tamperedComparedPayloadIsADivergence() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        var lines = try Fixtures.lines(path)
        let i = try #require(
            lines.firstIndex {
                $0.contains("\"callback\":\"decodeRestorableStateWithCoder:\"") && $0.contains("\"scroll\":{\"int\":3}")
            })
        lines[i] = lines[i].replacingOccurrences(of: "\"scroll\":{\"int\":3}", with: "\"scroll\":{\"int\":4}")
        let seq = try #require(JSONParser.parse(lines[i])["seq"]?.intValue)
        try Fixtures.write(lines, to: path)
        let r = try Replayer.replay(path: path)
        let d = try #require(r.divergence)
        #expect(d.seq == seq)
        #expect(d.recorded?.contains("\"scroll\":{\"int\":4}") == true)
        #expect(d.replayed?.contains("\"scroll\":{\"int\":3}") == true)
        #expect(d.context.count == 4)
    }

    /// A payload the stand-in answers with is decoded, with the reader's located error.
    @Test func badAnswerPayloadIsALocatedError() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        var lines = try Fixtures.lines(path)
        let i = try #require(
            lines.firstIndex {
                $0.contains("\"callback\":\"encodeRestorableStateWithCoder:\"") && $0.contains("\"scroll\":{\"int\":3}")
            })
        lines[i] = lines[i].replacingOccurrences(of: "\"scroll\":{\"int\":3}", with: "\"scroll\":{\"integer\":3}")
        try Fixtures.write(lines, to: path)
        do {
            _ = try Replayer.replay(path: path)
            Issue.record("expected the replay to refuse the trace")
        } catch {
            #expect(error.location.line == i + 1)
            #expect(error.diagnostic.message.contains("field 'coder.scroll' unknown or mistyped value 'integer'"))
        }
    }

    /// A hierarchy is decoded straight from its node lines (no nested JSON tree): every slot,
    /// the order within each, and the members of a node come back as they were written.
    @Test func aHierarchyDecodesStraightFromItsNodeLines() throws {
        func node(_ cls: String, _ id: String?, role: NodeBlueprint.Role = .viewController) -> NodeBlueprint {
            NodeBlueprint(role: role, className: cls, restorationIdentifier: id)
        }
        var scroll = node("UIScrollView", "scroll", role: .view)
        scroll.viewState.contentOffset = [0, 120.5]
        var label = node("UILabel", nil, role: .view)
        label.views = [node("UIImageView", "icon", role: .view)]
        var detail = node("DetailController", "detail")
        detail.state = [CoderEntry(key: "row", value: .int(7))]
        detail.views = [scroll, label]
        var modal = node("UINavigationController", "modal")
        modal.children = [node("EditController", "edit")]
        var root = node("UITabBarController", "Tabs")
        root.selectedIndex = 1
        root.children = [node("UIViewController", "first"), detail]
        root.presented = modal
        root.views = [node("UIView", "badge", role: .view)]
        let path = try Fixtures.temporaryPath("hierarchy.trace.jsonl")
        let writer = try TraceWriter(path: path, header: TraceHeader(scenario: "hierarchy", app: AppConfiguration()))
        var start = EngineEvent(launch: 1, phase: .launch, event: .appRunning)
        start.hierarchy = root
        writer.writeEvent(start, seq: 1)
        try writer.commit()
        let record = try #require(try TraceReader(path: path).nextRecord())
        #expect(record.bytes.split(separator: 0x0A).count == 1 + 9)
        #expect(try record.decoded(.hierarchy).hierarchy == root)
        // Node lines out of pre-order (a node hung from one whose subtree has ended) still read:
        // the nested way takes them, as it always has.
        var lines = try Fixtures.lines(path).filter { !$0.isEmpty }
        lines[1] = lines[1].replacingOccurrences(of: #""nodes":9"#, with: #""nodes":10"#)
        lines.append(#"{"node":9,"parent":1,"slot":"children","class":"LateController"}"#)
        try Fixtures.write(lines, to: path)
        var late = root
        late.children[0].children = [node("LateController", nil)]
        let edited = try #require(try TraceReader(path: path).nextRecord())
        #expect(try edited.decoded(.hierarchy).hierarchy == late)
    }
}
