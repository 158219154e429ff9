import RestoreEngine
import RestoreTrace

/// What the stand-in reads from one recorded call: its answer, its side effects and, for the
/// calls whose writes it replays or whose question it checks, its coder. Kept instead of the
/// whole event (most of a kilobyte), since a step can hold hundreds of thousands of calls.
final class RecordedAnswer: Sendable {
    let result: EventResult?
    let effects: CallEffects?
    let coder: [CoderEntry]?
    /// The activity a scene callback returned or left (SPEC §8).
    let activity: UserActivity?

    init(result: EventResult?, effects: CallEffects?, coder: [CoderEntry]?, activity: UserActivity? = nil) {
        self.result = result
        self.effects = effects
        self.coder = coder
        self.activity = activity
    }

    /// A call recorded with nothing to answer (most `decode` and `finishedRestoring` calls);
    /// shared, so such calls cost one pointer each.
    static let empty = RecordedAnswer(result: nil, effects: nil, coder: nil)
}

/// The app's recorded answers for one step of the timeline, looked up by callback, path and
/// argument — not by position — so a run that departs from the recording can go on answering.
///
/// A faithful replay asks for them in the order they were recorded, so they are kept in that
/// order and served from a cursor while each question is the next recorded one; the lookup
/// table (a hashed key of strings per call) is built only at the first question out of order.
/// Hashing every call's key on adding and on taking was ~10 % of a 200×200 replay.
struct RecordedAnswers {
    struct Key: Hashable {
        var callback: Callback
        var path: String
        var argument: CoderValue?
    }
    /// Every recorded call of the step, in trace order, as parallel lists: a step of a
    /// 200×200 replay has 160,604 calls, and one list of (key, answer) pairs (56 bytes a call,
    /// grown by doubling) was 22 MB of the replay's peak memory; these take 25 bytes a call.
    private var callbacks: [Callback] = []
    private var paths: [String] = []
    private var answers: [RecordedAnswer] = []
    /// The few calls with an argument (`modelIdentifier…`, `indexPath…`), by position.
    private var arguments: [Int: CoderValue] = [:]
    /// How many of the calls, from the first, have been taken in trace order.
    private var taken = 0
    /// The recorded calls of each kind, in order, and how many were taken: built at the first
    /// question out of trace order, then one lookup per take.
    private var slots: [Key: Int]?
    private var lists: [[RecordedAnswer]] = []
    private var used: [Int] = []
    private(set) var launchUI: NodeBlueprint?
    private(set) var launchUIRecorded = false

    init() {}

    /// Adds one recorded event of the step, in trace order (events other than callbacks and
    /// the launch UI are ignored).
    mutating func add(_ e: EngineEvent) {
        if e.event == .launchUIBuilt {
            launchUI = e.hierarchy
            launchUIRecorded = true
        }
        guard let cb = e.callback else { return }
        let answer =
            e.result == nil && e.effects == nil && e.coder == nil && e.activity == nil
            ? RecordedAnswer.empty
            : RecordedAnswer(result: e.result, effects: e.effects, coder: e.coder, activity: e.activity)
        // Scene calls are answered by session, legacy ones by restoration path or receiver.
        append(answer, for: Key(callback: cb, path: e.path ?? e.session ?? e.receiver ?? "", argument: e.argument))
    }

    /// Adds a recorded call's answer taken from its record without decoding the whole event
    /// (see `RecordedEvent.plainCoder`), keyed as `add(_:)` keys it.
    mutating func add(
        _ answer: RecordedAnswer, _ callback: Callback, path: String?, session: String?, receiver: String?,
        argument: CoderValue?
    ) {
        append(answer, for: Key(callback: callback, path: path ?? session ?? receiver ?? "", argument: argument))
    }

    /// Adds a recorded call that answered nothing (no result, effects, coder or activity to
    /// replay), from its envelope alone: most calls of a big step, so no event is built for them.
    mutating func addEmpty(
        _ callback: Callback, path: String?, session: String?, receiver: String?, argument: CoderValue?
    ) {
        append(
            RecordedAnswer.empty,
            for: Key(callback: callback, path: path ?? session ?? receiver ?? "", argument: argument))
    }

    private mutating func append(_ answer: RecordedAnswer, for key: Key) {
        if let argument = key.argument { arguments[callbacks.count] = argument }
        callbacks.append(key.callback)
        paths.append(key.path)
        answers.append(answer)
        guard slots != nil else { return }
        add(answer, for: key, taken: false)
    }

    /// Files one call under its key in the lookup table.
    private mutating func add(_ answer: RecordedAnswer, for key: Key, taken: Bool) {
        if let slot = slots?[key] {
            lists[slot].append(answer)
            if taken { used[slot] += 1 }
        } else {
            slots?[key] = lists.count
            lists.append([answer])
            used.append(taken ? 1 : 0)
        }
    }

    /// The lookup table, with the calls taken in trace order so far counted as taken: they are
    /// the first calls of each kind, so each kind's next call is the one it would have been.
    private mutating func buildSlots() {
        slots = Dictionary(minimumCapacity: callbacks.count)
        for i in callbacks.indices { add(answers[i], for: key(at: i), taken: i < taken) }
    }

    /// The key of the `i`th recorded call.
    private func key(at i: Int) -> Key {
        Key(callback: callbacks[i], path: paths[i], argument: arguments.isEmpty ? nil : arguments[i])
    }

    /// The launch UI, handed over once: a launch builds it once, and the decoded tree (80,201
    /// nodes, ~30 MB at 200×200) need not outlive the live UI built from it through the
    /// restoration, where a replay's memory peaks.
    mutating func takeLaunchUI() -> NodeBlueprint? {
        defer { launchUI = nil }
        return launchUI
    }

    /// Whether the step recorded any call of this kind (`respondsToSelector:` from a recording).
    func has(_ callback: Callback) -> Bool { callbacks.contains(callback) }

    /// The next recorded call of this kind at this path; the last one again once they run out.
    mutating func take(_ callback: Callback, path: String?, receiver: String, argument: CoderValue? = nil)
        -> RecordedAnswer?
    {
        let key = Key(callback: callback, path: path ?? receiver, argument: argument)
        if slots == nil {
            if taken < callbacks.count, callbacks[taken] == callback, paths[taken] == key.path,
                (arguments.isEmpty ? nil : arguments[taken]) == argument
            {
                taken += 1
                return answers[taken - 1]
            }
            buildSlots()
        }
        guard let slot = slots?[key] else { return nil }
        let i = used[slot]
        used[slot] = i + 1
        return lists[slot][min(i, lists[slot].count - 1)]
    }
}
