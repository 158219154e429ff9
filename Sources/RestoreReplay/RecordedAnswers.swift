import RestoreEngine
import RestoreTrace

/// The app's recorded answers for one step of the timeline, looked up by callback, path and
/// argument — not by position — so a run that departs from the recording can go on answering.
struct RecordedAnswers {
    struct Key: Hashable {
        var callback: Callback
        var path: String
        var argument: CoderValue?
    }
    /// The step's events, stored once (an event is most of a kilobyte); the lists index them.
    private let events: [TraceEvent]
    /// The recorded calls of each kind, in order, and how many were taken: one lookup per take.
    private var answers: [Key: Int] = [:]
    private var lists: [[Int]] = []
    private var used: [Int] = []
    private(set) var launchUI: NodeBlueprint?
    private(set) var launchUIRecorded = false

    init(segment: [TraceEvent]) {
        events = segment
        for (index, t) in segment.enumerated() {
            let e = t.event
            if e.event == .launchUIBuilt {
                launchUI = e.hierarchy
                launchUIRecorded = true
            }
            guard let cb = e.callback else { continue }
            let key = Key(callback: cb, path: e.path ?? e.receiver ?? "", argument: e.argument)
            if let slot = answers[key] {
                lists[slot].append(index)
            } else {
                answers[key] = lists.count
                lists.append([index])
                used.append(0)
            }
        }
    }

    /// The next recorded call of this kind at this path; the last one again once they run out.
    mutating func take(_ callback: Callback, path: String?, receiver: String, argument: CoderValue? = nil) -> EngineEvent? {
        guard let slot = answers[Key(callback: callback, path: path ?? receiver, argument: argument)] else { return nil }
        let i = used[slot]
        used[slot] = i + 1
        return events[lists[slot][min(i, lists[slot].count - 1)]].event
    }
}
