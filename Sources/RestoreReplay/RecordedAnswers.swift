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
    private var answers: [Key: [EngineEvent]] = [:]
    private var used: [Key: Int] = [:]
    private(set) var launchUI: NodeBlueprint?
    private(set) var launchUIRecorded = false

    init(segment: [TraceEvent]) {
        for t in segment {
            let e = t.event
            if e.event == .launchUIBuilt {
                launchUI = e.hierarchy
                launchUIRecorded = true
            }
            guard let cb = e.callback else { continue }
            answers[Key(callback: cb, path: e.path ?? e.receiver ?? "", argument: e.argument), default: []].append(e)
        }
    }

    /// The next recorded call of this kind at this path; the last one again once they run out.
    mutating func take(_ callback: Callback, path: String?, receiver: String, argument: CoderValue? = nil) -> EngineEvent? {
        let key = Key(callback: callback, path: path ?? receiver, argument: argument)
        guard let list = answers[key], !list.isEmpty else { return nil }
        let i = used[key, default: 0]
        used[key] = i + 1
        return list[min(i, list.count - 1)]
    }
}
