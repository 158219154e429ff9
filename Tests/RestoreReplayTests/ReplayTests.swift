import Foundation
import RestoreEngine
import RestoreReplay
import RestoreTrace
import Testing

@Suite struct ReplayTests {
    @Test func faithfulReplayMatchesEveryRecordedEvent() throws {
        let (path, recorded) = try Fixtures.record(Fixtures.tabApp())
        let result = try Replayer.replay(path: path)
        #expect(result.divergence == nil)
        #expect(result.recordedEvents == result.replayedEvents)
        #expect(result.recordedEvents > 20)
        #expect(result.outcome == recorded)
    }

    @Test func replayingTwiceGivesTheSameOutcome() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let a = try Replayer.replay(path: path)
        let b = try Replayer.replay(path: path)
        #expect(a.outcome == b.outcome)
        #expect(a.replayedEvents == b.replayedEvents)
    }

    @Test func changedAnswerDivergesAtThatEvent() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        var lines = try Fixtures.lines(path)
        let i = try #require(
            lines.firstIndex { $0.contains("\"callback\":\"viewControllerWithRestorationIdentifierPath:coder:\"") })
        // The restoration class now answers nil.
        let seq = try #require(JSONParser.parse(lines[i])["seq"]?.intValue)
        lines[i] = lines[i].replacing(#/"result":\{.*\}\}$/#, with: "\"result\":null}")
        try Fixtures.write(lines, to: path)
        let result = try Replayer.replay(path: path)
        let d = try #require(result.divergence)
        // The stand-in answers nil as recorded, so the engine diverges right after it: the detail is not decoded.
        #expect(d.seq > seq)
        #expect(
            result.outcome.restoration?.nodes.first { $0.path == "Tabs/homeNav/detail" }?.reason
                == .restorationClassReturnedNil)
    }

    @Test func removedEventDivergesWhereItWas() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        var lines = try Fixtures.lines(path)
        let i = try #require(lines.firstIndex { $0.contains("\"callback\":\"decodeRestorableStateWithCoder:\"") })
        let seq = try #require(JSONParser.parse(lines[i])["seq"]?.intValue)
        lines.remove(at: i)
        // Renumber so the file stays well-formed: the replay, not the reader, must notice.
        // (Only event lines have a seq: a hierarchy's node lines follow their event line.)
        var next = seq
        for j in i..<lines.count where lines[j].hasPrefix("{\"seq\":") {
            lines[j] = lines[j].replacingOccurrences(of: "{\"seq\":\(next + 1),", with: "{\"seq\":\(next),")
            next += 1
        }
        try Fixtures.write(lines, to: path)
        let d = try #require(try Replayer.replay(path: path).divergence)
        #expect(d.seq == seq)
        #expect(d.replayed?.contains("decodeRestorableStateWithCoder:") == true)
        #expect(d.rule?.hasPrefix("R5") == true)
    }

    @Test func whatIfShouldRestoreFalseLosesEverything() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let base = try Replayer.replay(path: path)
        let r = try Replayer.replay(path: path, whatIf: WhatIf([.shouldRestore(false)]))
        #expect(r.outcome.restoration?.performed == false)
        #expect(r.outcome.restoration?.reason == .restoreDeclined)
        let diff = OutcomeDiff(before: base.outcome, after: r.outcome)
        #expect(diff.lost.count == base.outcome.restoration!.count.done)
    }

    @Test func whatIfBundleVersionReevaluatesTheAppsRule() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let r = try Replayer.replay(path: path, whatIf: WhatIf([.bundleVersion("2.0")]))
        #expect(r.outcome.restoration?.reason == .restoreDeclined)
        let same = try Replayer.replay(path: path, whatIf: WhatIf([.bundleVersion("1.0")]))
        #expect(same.outcome.restoration?.performed == true)
    }

    @Test func whatIfDeviceLockedRestoresNothing() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let r = try Replayer.replay(path: path, whatIf: WhatIf([.deviceLocked(true)]))
        #expect(r.outcome.restoration?.reason == .deviceLocked)
    }

    @Test func whatIfAnswerNilDropsTheSubtree() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let r = try Replayer.replay(path: path, whatIf: WhatIf([.answer(path: "Tabs/homeNav/detail", .nil)]))
        #expect(
            r.outcome.restoration?.nodes.first { $0.path == "Tabs/homeNav/detail" }?.reason
                == .restorationClassReturnedNil)
    }

    @Test func whatIfDropIdentifierSkipsTheNodeAndBelow() throws {
        let (path, _) = try Fixtures.record(Fixtures.tabApp())
        let r = try Replayer.replay(path: path, whatIf: WhatIf([.dropIdentifier(path: "Tabs/homeNav")]))
        let p = try #require(r.outcome.preservation)
        #expect(
            p.nodes.first {
                $0.locator == "Tabs/<UINavigationController>" && $0.className == "UINavigationController"
                    && $0.reason == .noRestorationIdentifier
            } != nil)
        #expect(p.nodes.first { $0.locator == "Tabs/<UINavigationController>/home" }?.reason == .ancestorNotPreserved)
        #expect(r.outcome.restoration?.nodes.contains { $0.path == "Tabs/homeNav/home" } == false)
    }

    @Test func tableSelectionSurvivesReorderingWithModelAssociation() throws {
        let (path, recorded) = try Fixtures.record(Fixtures.tabApp())
        _ = path
        #expect(!recorded.diagnostics.contains { $0.code == .selectionMoved || $0.code == .selectionDropped })
        #expect(recorded.restoration?.nodes.first { $0.path == "Tabs/homeNav/home/list" }?.status == .restored)
    }
}
