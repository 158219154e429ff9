import RestoreEngine
import Testing

@testable import RestoreReplay

/// The stand-in's answers are served in trace order from a cursor while the run asks for them
/// in that order, and by callback and path once it does not: both ways give what a lookup by
/// key always gave.
@Suite struct RecordedAnswersTests {
    /// An encode call at `path` whose coder holds `n`.
    func call(_ path: String, _ n: Int, _ callback: Callback = .encode) -> EngineEvent {
        var e = EngineEvent(launch: 1, phase: .preservation, callback: callback)
        e.path = path
        e.receiver = "C"
        e.coder = [CoderEntry(key: "n", value: .int(n))]
        return e
    }

    func answers(_ calls: [EngineEvent]) -> RecordedAnswers {
        var a = RecordedAnswers()
        for c in calls { a.add(c) }
        return a
    }

    func n(_ answer: RecordedAnswer?) -> Int? {
        if case .int(let n)? = answer?.coder?.first?.value { n } else { nil }
    }

    @Test func callsAskedInTraceOrderGetTheirOwnAnswers() {
        var a = answers([call("a", 1), call("b", 2), call("a", 3)])
        #expect(n(a.take(.encode, path: "a", receiver: "C")) == 1)
        #expect(n(a.take(.encode, path: "b", receiver: "C")) == 2)
        #expect(n(a.take(.encode, path: "a", receiver: "C")) == 3)
        // Run out: the last one again.
        #expect(n(a.take(.encode, path: "a", receiver: "C")) == 3)
        #expect(a.take(.decode, path: "a", receiver: "C") == nil)
    }

    @Test func callsAskedOutOfOrderAreAnsweredByCallbackAndPath() {
        var a = answers([call("a", 1), call("b", 2), call("a", 3), call("c", 4), call("b", 5)])
        #expect(n(a.take(.encode, path: "a", receiver: "C")) == 1)  // in order
        #expect(n(a.take(.encode, path: "a", receiver: "C")) == 3)  // out of order: a's second
        #expect(n(a.take(.encode, path: "b", receiver: "C")) == 2)
        #expect(n(a.take(.encode, path: "b", receiver: "C")) == 5)
        #expect(n(a.take(.encode, path: "b", receiver: "C")) == 5)
        #expect(n(a.take(.encode, path: "c", receiver: "C")) == 4)
        #expect(a.take(.encode, path: "d", receiver: "C") == nil)
        // A path-less call is looked up by its receiver.
        var app = answers([call("x", 6, .willEncodeApplication)])
        app.add(
            {
                var e = call("", 7, .willEncodeApplication)
                e.path = nil
                e.receiver = "AppDelegate"
                return e
            }())
        #expect(n(app.take(.willEncodeApplication, path: nil, receiver: "AppDelegate")) == 7)
        #expect(n(app.take(.willEncodeApplication, path: "x", receiver: "C")) == 6)
    }

    @Test func callsAddedAfterALookupAreFound() {
        var a = answers([call("a", 1), call("b", 2)])
        #expect(n(a.take(.encode, path: "b", receiver: "C")) == 2)
        a.add(call("a", 3))
        #expect(n(a.take(.encode, path: "a", receiver: "C")) == 1)
        #expect(n(a.take(.encode, path: "a", receiver: "C")) == 3)
        #expect(a.has(.encode))
        #expect(!a.has(.decode))
    }

    /// Paths are kept as their bytes; they still match as Strings do: "é" as one scalar and as
    /// "e" + U+0301 are the same path, in trace order and out of it, and other bytes are not.
    @Test func pathsMatchAsStringsDo() {
        var a = answers([call("caf\u{E9}", 1), call("b", 2), call("caf\u{E9}", 3)])
        #expect(n(a.take(.encode, path: "cafe\u{301}", receiver: "C")) == 1)
        #expect(a.take(.encode, path: "cafe", receiver: "C") == nil)
        #expect(n(a.take(.encode, path: "cafe\u{301}", receiver: "C")) == 3)
        var b = answers([call("\u{212B}", 4)])
        #expect(n(b.take(.encode, path: "\u{C5}", receiver: "C")) == 4)
    }

    /// The launch UI is handed over once (a launch builds it once), so its tree is let go.
    @Test func theLaunchUIIsHandedOverOnce() {
        var built = EngineEvent(launch: 2, phase: .launch, event: .launchUIBuilt)
        built.hierarchy = NodeBlueprint(className: "UITabBarController", restorationIdentifier: "Tabs")
        var a = answers([built])
        #expect(a.takeLaunchUI()?.restorationIdentifier == "Tabs")
        #expect(a.takeLaunchUI() == nil)
        #expect(a.launchUIRecorded)
    }
}
