import Foundation
import RestoreEngine
import RestoreReplay
import RestoreTrace
import Testing

/// A what-if that makes the stand-in build a controller the recording never built gives it
/// the views its class has in the trace's hierarchies (the first to show one wins).
@Suite struct LearnedViewsTests {
    /// The tab app, preserved again after the relaunch: what a new controller's views are
    /// shows in the events of that preservation.
    private static func recordTwoBackgrounds() throws -> String {
        var s = Fixtures.tabApp()
        s.timeline.append(.background)
        return try Fixtures.record(s).path
    }

    /// Replays with a new controller at `controller`; the paths of the views the replay
    /// preserved below it after the relaunch.
    private static func preservedViews(ofNew controller: String, _ path: String) throws -> [String] {
        let r = try Replayer.replay(path: path, whatIf: WhatIf([.answer(path: controller, .new)]), keepEvents: true)
        return r.events.compactMap { e in
            guard e.launch == 2, e.callback == .encode, let p = e.path, p.hasPrefix(controller + "/") else {
                return nil
            }
            return p
        }
    }

    private static func preservedViewsOfNewDetail(_ path: String) throws -> [String] {
        try preservedViews(ofNew: "Tabs/homeNav/detail", path)
    }

    /// The app's hierarchies show `HomeController` with its table, `DetailController` with no
    /// views: so are the new ones.
    @Test func aNewControllerHasTheViewsItsClassHasInTheTrace() throws {
        let path = try Self.recordTwoBackgrounds()
        #expect(try Self.preservedViews(ofNew: "Tabs/homeNav/home", path) == ["Tabs/homeNav/home/list"])
        #expect(try Self.preservedViewsOfNewDetail(path) == [])
    }

    /// A marker line not in the writer's shape (a member written `null`, so the line is read
    /// whole) that carries a hierarchy showing `DetailController` with a scroll view: the new
    /// controller gets that view, as the hierarchy of any line read whole teaches.
    @Test(arguments: ["kill", "launch"])
    func aMarkerReadWholeTeachesItsHierarchysViews(marker: String) throws {
        let path = try Self.recordTwoBackgrounds()
        var lines = try Fixtures.lines(path)
        let i = try #require(lines.firstIndex { $0.contains(#""event":"\#(marker)""#) })
        lines[i].removeLast()
        lines[i] += #","configuration":null,"hierarchy":{"nodes":2}}"#
        lines.insert(
            contentsOf: [
                #"{"node":0,"class":"DetailController","restorationIdentifier":"detail"}"#,
                #"{"node":1,"parent":0,"slot":"views","class":"UIScrollView","role":"view","restorationIdentifier":"pane"}"#,
            ], at: i + 1)
        try Fixtures.write(lines, to: path)
        #expect(try Self.preservedViewsOfNewDetail(path) == ["Tabs/homeNav/detail/pane"])
    }
}
