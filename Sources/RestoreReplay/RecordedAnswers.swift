import Foundation
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
    /// grown by doubling) was 22 MB of the replay's peak memory; these take 17 bytes a call
    /// and the path's bytes.
    private var callbacks: [Callback] = []
    /// Each call's path (else session, else receiver) as UTF-8, one after another: `pathEnds[i]`
    /// is where the `i`th ends. Taken from the trace line's bytes, so no String is made per
    /// call (a heap string for most paths at 200×200, made, kept and freed: ~2 % of a replay).
    private var pathBytes: [UInt8] = []
    private var pathEnds: [Int] = []
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
        let answer: RecordedAnswer
        switch (e.result, e.effects, e.coder, e.activity) {
        case (.none, .none, .none, .none): answer = .empty
        case let (result, effects, coder, activity):
            answer = RecordedAnswer(result: result, effects: effects, coder: coder, activity: activity)
        }
        // Scene calls are answered by session, legacy ones by restoration path or receiver.
        append(answer, for: Key(callback: cb, path: e.path ?? e.session ?? e.receiver ?? "", argument: e.argument))
    }

    /// Adds a recorded call's answer taken from its record without decoding the whole event
    /// (see `RecordedEvent.plainCoder`; `RecordedAnswer.empty` for a call that answered
    /// nothing: most calls of a big step, so no event is built for them), keyed as `add(_:)`
    /// keys it: by its path's bytes, else its session or receiver.
    mutating func add(
        _ answer: RecordedAnswer, _ callback: Callback, pathUTF8: ArraySlice<UInt8>?, session: String?,
        receiver: String?, argument: CoderValue?
    ) {
        if let pathUTF8 {
            pathBytes.append(contentsOf: pathUTF8)
        } else {
            pathBytes.append(contentsOf: (session ?? receiver ?? "").utf8)
        }
        appendCall(answer, callback, argument)
    }

    private mutating func append(_ answer: RecordedAnswer, for key: Key) {
        pathBytes.append(contentsOf: key.path.utf8)
        appendCall(answer, key.callback, key.argument)
    }

    /// Adds a call whose path was just appended to `pathBytes`.
    private mutating func appendCall(_ answer: RecordedAnswer, _ callback: Callback, _ argument: CoderValue?) {
        if let argument { arguments[callbacks.count] = argument }
        callbacks.append(callback)
        pathEnds.append(pathBytes.count)
        answers.append(answer)
        guard slots != nil else { return }
        add(answer, for: key(at: callbacks.count - 1), taken: false)
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
        Key(callback: callbacks[i], path: path(at: i), argument: arguments.isEmpty ? nil : arguments[i])
    }

    /// The `i`th call's path (else session, else receiver).
    private func path(at i: Int) -> String {
        String(decoding: pathBytes[(i == 0 ? 0 : pathEnds[i - 1])..<pathEnds[i]], as: UTF8.self)
    }

    /// Whether the `i`th call's path is `path`, as the Strings compare, from the bytes when they
    /// can tell: equal bytes are equal Strings, and ASCII bytes that differ are different ones.
    /// A String made of each filed path to compare (a heap string for most paths at 200×200)
    /// was part of what paths filed as bytes saved (1,583.9M -> 1,541.8M instructions, -2.7 %,
    /// g80 replay, callgrind).
    private func path(at i: Int, is path: String) -> Bool {
        let start = i == 0 ? 0 : pathEnds[i - 1]
        let end = pathEnds[i]
        let verdict: Bool? = pathBytes.withUnsafeBufferPointer { all in
            path.utf8.withContiguousStorageIfAvailable { wanted in
                if wanted.count == end - start,
                    wanted.isEmpty || memcmp(all.baseAddress! + start, wanted.baseAddress!, wanted.count) == 0
                {
                    return true
                }
                let ascii = !wanted.contains { $0 >= 0x80 } && !all[start..<end].contains { $0 >= 0x80 }
                return ascii ? false : nil
            } ?? nil
        }
        return verdict ?? (self.path(at: i) == path)
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

    /// The paths (else sessions, else receivers) of the step's recorded calls of this kind, in
    /// trace order.
    func paths(of callback: Callback) -> [String] { calls { $0 == callback }.map(\.path) }

    /// The step's recorded calls of the kinds `included` takes, each with its path (else session,
    /// else receiver), in trace order: one pass over the step.
    func calls(_ included: (Callback) -> Bool) -> [(callback: Callback, path: String)] {
        callbacks.indices.filter { included(callbacks[$0]) }.map { (callbacks[$0], path(at: $0)) }
    }

    /// The next recorded call of this kind at this path; the last one again once they run out.
    mutating func take(_ callback: Callback, path: String?, receiver: String, argument: CoderValue? = nil)
        -> RecordedAnswer?
    {
        let key = Key(callback: callback, path: path ?? receiver, argument: argument)
        if slots == nil {
            if taken < callbacks.count, callbacks[taken] == callback, self.path(at: taken, is: key.path),
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
