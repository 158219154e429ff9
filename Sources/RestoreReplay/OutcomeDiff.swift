import Foundation
import RestoreEngine
import RestoreTrace

/// How one node's fate moved between two runs.
public struct NodeChange: Hashable, Sendable {
    public enum Direction: String, Sendable { case gained, lost, changed, added, removed }
    public var phase: Phase
    /// The launch of a restoration change, when the outcomes have more than one.
    public var launch: Int?
    public var locator: String
    public var direction: Direction
    public var before: NodeOutcome?
    public var after: NodeOutcome?

    /// `restoration`, or `restoration (launch 2)` when the outcomes have several launches.
    public var phaseName: String { phase.named(launch: launch) }

    public var sentence: String {
        // The node as it reads now, and as it read before if its identifier changed.
        var name = "`\(after?.locator ?? locator)`"
        if let b = before, let a = after, b.locator != a.locator { name += " (was `\(b.locator)`)" }
        let b = before.map(Self.describe) ?? "absent"
        let a = after.map(Self.describe) ?? "not in the archive"
        switch direction {
        case .gained: return "\(name) is now \(a) (was \(b))"
        case .lost: return "\(name) is now \(a) (was \(b))"
        case .changed: return "\(name) changed: \(b) → \(a)"
        case .added: return "\(name) appears: \(a)"
        case .removed: return "\(name) is gone (was \(b))"
        }
    }

    /// A node's fate in a few words: `restored via restorationClass`, `not-restored (not-found)`.
    public static func describe(_ n: NodeOutcome) -> String {
        var s = n.status.rawValue
        if let via = n.via, n.status == .restored { s += " via \(via.rawValue)" }
        if let r = n.reason { s += " (\(r.rawValue))" }
        return s
    }
}

/// How a whole phase moved: performed or not, its reason, and (a restoration) how many nodes
/// came back.
public struct PhaseChange: Hashable, Sendable {
    public var phase: Phase
    /// The launch of a restoration, when the outcomes have more than one (nil otherwise, and
    /// for the preservation).
    public var launch: Int?
    public var performed: (before: Bool, after: Bool)?
    public var reason: (before: ReasonCode?, after: ReasonCode?)?
    /// Restored (or preserved) of total, before and after.
    public var before: (done: Int, total: Int)
    public var after: (done: Int, total: Int)

    public static func == (a: PhaseChange, b: PhaseChange) -> Bool {
        a.phase == b.phase && a.launch == b.launch && a.performed?.before == b.performed?.before
            && a.performed?.after == b.performed?.after && a.reason?.before == b.reason?.before
            && a.reason?.after == b.reason?.after && a.before == b.before && a.after == b.after
    }
    public func hash(into h: inout Hasher) {
        h.combine(phase)
        h.combine(launch)
    }

    /// `restoration`, or `restoration (launch 2)` when the outcomes have several.
    public var name: String { phase.named(launch: launch) }

    /// Whether its performed state or reason moved (its counts alone are the nodes' changes).
    var isChange: Bool { performed != nil || reason != nil }

    /// `restored 8 of 9 → 0 of 0`.
    public var counts: String {
        let verb = phase == .preservation ? "preserved" : "restored"
        return "\(verb) \(before.done) of \(before.total) → \(after.done) of \(after.total)"
    }
}

extension Phase {
    /// `restoration`, or `restoration (launch 2)` for a change at one of several launches.
    func named(launch: Int?) -> String { rawValue + (launch.map { " (launch \($0))" } ?? "") }
}

/// A finding one run has and the other does not (R13's older-version warning a `bundleVersion`
/// what-if adds, R14's duplicate instance an `answer:…=new` makes).
public struct FindingChange: Hashable, Sendable {
    /// True for a finding only the second run has.
    public var isNew: Bool
    public var diagnostic: Diagnostic
    /// Whether the sentence names the finding's launch: the outcomes have several, and a finding
    /// made at each read as two identical lines.
    public var namesLaunch = false

    /// `new finding: warning [duplicate-instance] …` or `finding gone: warning […] …`.
    public var sentence: String {
        let code = diagnostic.code.map { " [\($0.rawValue)]" } ?? ""
        let launch = namesLaunch ? diagnostic.launch.map { " (launch \($0))" } ?? "" : ""
        return
            "\(isNew ? "new finding" : "finding gone")\(launch): \(diagnostic.severity.rawValue)\(code) \(diagnostic.message)"
    }

    /// The findings of `after` not in `before` and the reverse, each as often as it is missing
    /// (a finding made twice and once is one change), in each run's order: gone ones first.
    /// A finding about a node is the same finding when the node is the same one by structure
    /// (its position), though its locator and so its message were renumbered (`<Class>#1` once a
    /// sibling lost its identifier); one about no node is the same when its words are.
    static func changes(_ before: Outcome, _ after: Outcome) -> [FindingChange] {
        guard before.diagnostics != after.diagnostics else { return [] }
        let keyBefore = FindingKey.maker(before)
        let keyAfter = FindingKey.maker(after)
        let gone = unmatched(before.diagnostics, keyBefore, against: after.diagnostics, keyAfter)
        let new = unmatched(after.diagnostics, keyAfter, against: before.diagnostics, keyBefore)
        return gone.map { FindingChange(isNew: false, diagnostic: $0) }
            + new.map { FindingChange(isNew: true, diagnostic: $0) }
    }
}

extension FindingChange {
    /// The findings of `these` that `those` lacks, each as often as it is missing, in order.
    fileprivate static func unmatched(
        _ these: [Diagnostic], _ key: (Diagnostic) -> FindingKey, against those: [Diagnostic],
        _ otherKey: (Diagnostic) -> FindingKey
    ) -> [Diagnostic] {
        var left: [FindingKey: Int] = [:]
        for d in those { left[otherKey(d), default: 0] += 1 }
        return these.filter { d in
            let k = key(d)
            guard let n = left[k], n > 0 else { return true }
            left[k] = n - 1
            return false
        }
    }
}

/// Which finding a diagnostic is, across two runs (see `FindingChange.changes`).
private struct FindingKey: Hashable {
    let code: ReasonCode?
    let severity: Severity
    let launch: Int?
    /// The node's position, else its locator; nil for a finding about no node.
    let node: String?
    /// The words, for a finding about no node.
    let message: String?

    /// Keys for one outcome's diagnostics: a locator is looked up among its nodes once.
    static func maker(_ outcome: Outcome) -> (Diagnostic) -> FindingKey {
        // Only a preservation's nodes have positions: a restoration's locator stands for itself.
        var positions: [String: String] = [:]
        for n in outcome.preservation?.nodes ?? [] where positions[n.locator] == nil {
            positions[n.locator] = n.position
        }
        return { d in
            let node = d.locator.map { positions[$0] ?? $0 }
            return FindingKey(
                code: d.code, severity: d.severity, launch: d.launch, node: node, message: node == nil ? d.message : nil
            )
        }
    }
}

/// The node-by-node difference between two outcomes: the last preservation, the restoration at
/// every launch (paired in order), the findings, and the scene sessions.
public struct OutcomeDiff: Hashable, Sendable {
    public var changes: [NodeChange] = []
    /// Phases whose performed state, reason or counts moved.
    public var phaseChanges: [PhaseChange] = []
    /// Findings one run has and the other not.
    public var findingChanges: [FindingChange] = []
    /// Scene sessions whose saved or restored activity moved (scene-based apps).
    public var sceneChanges: [SceneChange] = []
    /// Whether either outcome restored at some launch: the gains and losses are counted there.
    private var countsRestoration = false

    public static func == (a: OutcomeDiff, b: OutcomeDiff) -> Bool {
        a.changes == b.changes && a.sceneChanges == b.sceneChanges && a.lines == b.lines
    }
    public func hash(into h: inout Hasher) { h.combine(changes) }

    public var isEmpty: Bool {
        changes.isEmpty && !phaseChanges.contains(where: \.isChange) && findingChanges.isEmpty && sceneChanges.isEmpty
    }
    /// Nodes that came back at a launch and did not before (a node at two launches counts at
    /// each). Without any restoration in either run, nodes newly preserved. A node's
    /// preservation and restoration were counted both, so dropping one identifier lost "2".
    public var gained: [NodeChange] { counted.filter { $0.direction == .gained } }
    /// Nodes that no longer come back, counted as `gained` is.
    public var lost: [NodeChange] { counted.filter { $0.direction == .lost } }
    private var counted: [NodeChange] { changes.filter { isCounted($0.phase) } }
    /// Whether a phase's changes are what `gained` and `lost` count.
    private func isCounted(_ phase: Phase) -> Bool { (phase == .restoration) == countsRestoration }

    public init(before: Outcome, after: Outcome) {
        compare(before.preservation, after.preservation, phase: .preservation, launch: nil)
        let several = before.launches.count > 1 || after.launches.count > 1
        countsRestoration = before.launches.contains(where: \.performed) || after.launches.contains(where: \.performed)
        for i in 0..<max(before.launches.count, after.launches.count) {
            let b = i < before.launches.count ? before.launches[i] : nil
            let a = i < after.launches.count ? after.launches[i] : nil
            let launch = several ? (a ?? b)?.launch : nil
            compare(b, a, phase: .restoration, launch: launch)
        }
        findingChanges = FindingChange.changes(before, after)
        if several { for i in findingChanges.indices { findingChanges[i].namesLaunch = true } }
        sceneChanges = SceneChange.changes(before.scenes, after.scenes)
    }

    private mutating func comparePhase(_ b: PhaseOutcome?, _ a: PhaseOutcome?, phase: Phase, launch: Int?) {
        guard b != nil || a != nil else { return }
        var change = PhaseChange(
            phase: phase, launch: launch, before: b?.count ?? (0, 0), after: a?.count ?? (0, 0))
        if let b, let a {
            if b.performed != a.performed { change.performed = (b.performed, a.performed) }
            if b.reason != a.reason { change.reason = (b.reason, a.reason) }
        }
        if change.isChange || change.before != change.after { phaseChanges.append(change) }
    }

    private mutating func compare(_ before: PhaseOutcome?, _ after: PhaseOutcome?, phase: Phase, launch: Int?) {
        comparePhase(before, after, phase: phase, launch: launch)
        let b = before?.nodes ?? []
        let a = after?.nodes ?? []
        let good: Set<NodeStatus> = [.preserved, .restored]
        // Each node's identity counted by occurrence: two siblings sharing an identifier (R11)
        // are two nodes, paired in order (the second was skipped, so a diff said "restored 5 of
        // 5 → 0 of 0; 4 lost"). By index, and built once per side: a string per node looked up
        // two or three times was 9.7 % of a 200×200 `--drop-id` replay.
        let beforeIDs = NodeIdentity.all(b)
        var afterBy: [NodeIdentity: Int] = [:]
        afterBy.reserveCapacity(a.count)
        for (i, id) in NodeIdentity.all(a).enumerated() { afterBy[id] = i }
        var found = [Int?](repeating: nil, count: b.count)
        var matched = [Bool](repeating: false, count: a.count)
        var matchedCount = 0
        for j in b.indices {
            if let i = afterBy[beforeIDs[j]] {
                found[j] = i
                matched[i] = true
                matchedCount += 1
            }
        }
        // What is left is paired by locator, in order: a side without positions (an imported
        // archive) against one with them. Only the leftovers: counting every node's locator as
        // well (with `FindingKey.maker` walking every launch's nodes) made a 200×200 `--drop-id`
        // what-if 3.05–3.17 s against 2.56–2.80 s for round 17's binary; now 2.73–2.94 s.
        if matchedCount < a.count, matchedCount < b.count {
            var leftBy: [NodeIdentity: Int] = [:]
            for (i, id) in NodeIdentity.byLocator(a, only: { !matched[$0] }) { leftBy[id] = i }
            for (j, id) in NodeIdentity.byLocator(b, only: { found[$0] == nil }) {
                guard let i = leftBy[id] else { continue }
                found[j] = i
                matched[i] = true
            }
        }
        for j in b.indices {
            guard let found = found[j] else {
                // A node restored before and not even archived now was lost.
                changes.append(
                    NodeChange(
                        phase: phase, launch: launch, locator: b[j].locator,
                        direction: good.contains(b[j].status) ? .lost : .removed, before: b[j], after: nil))
                continue
            }
            // A node whose fate is the same is not a change, even when its locator moved (an
            // unmarked sibling renumbered `<Class>#1` once another lost its identifier).
            let (was, now) = (b[j].status, a[found].status)
            guard was != now || b[j].reason != a[found].reason || b[j].via != a[found].via else { continue }
            let direction: NodeChange.Direction =
                good.contains(now) && !good.contains(was)
                ? .gained : !good.contains(now) && good.contains(was) ? .lost : .changed
            changes.append(
                NodeChange(
                    phase: phase, launch: launch, locator: b[j].locator, direction: direction, before: b[j],
                    after: a[found]))
        }
        for i in a.indices where !matched[i] {
            changes.append(
                NodeChange(
                    phase: phase, launch: launch, locator: a[i].locator,
                    direction: good.contains(a[i].status) ? .gained : .added, before: nil, after: a[i]))
        }
    }

    /// Human lines, most important first: whole phases, the counted nodes, scene sessions,
    /// findings, the other nodes.
    public var lines: [String] {
        var out: [String] = []
        for p in phaseChanges {
            if let (b, a) = p.performed {
                out.append("\(p.name): \(b ? "performed" : "not performed") → \(a ? "performed" : "not performed")")
            }
            if let (b, a) = p.reason {
                out.append("\(p.name) reason: \(b?.rawValue ?? "none") → \(a?.rawValue ?? "none")")
            }
        }
        // The counted changes first (what `gained` and `lost` count), then the findings, then the
        // rest: a summary cut at 30 lines showed 30 uncounted preservation lines of a big drop.
        for c in counted { out.append("\(c.phaseName): \(c.sentence)") }
        for c in sceneChanges { out.append("scene \(c.sentence)") }
        for f in findingChanges { out.append(f.sentence) }
        for c in changes where !isCounted(c.phase) { out.append("\(c.phaseName): \(c.sentence)") }
        return out
    }

    /// The restorations whose count moved, in a few words: `restored 8 of 9 → 0 of 0`, or per
    /// launch (`launch 2: restored 0 of 3 → 2 of 3`) when the outcomes have several; without
    /// any restoration, the preservation's.
    public var countLines: [String] {
        let moved = phaseChanges.filter { isCounted($0.phase) && $0.before != $0.after }
        return moved.map { p in (p.launch.map { "launch \($0): " } ?? "") + p.counts }
    }

    /// Scene sessions that came back and did not before, and the reverse.
    public var sceneCounts: (gained: Int, lost: Int) {
        (sceneChanges.filter(\.gained).count, sceneChanges.filter(\.lost).count)
    }

    /// `1 new finding, 2 gone`, or nil when the findings did not move.
    public var findingCount: String? {
        guard !findingChanges.isEmpty else { return nil }
        let new = findingChanges.filter(\.isNew).count
        return "\(new) new finding\(new == 1 ? "" : "s"), \(findingChanges.count - new) gone"
    }
}

/// Where two traces of the same app first part.
public enum TraceDiff {
    public struct Result: Sendable {
        public var firstDifference: Divergence?
        public var eventsA: Int
        public var eventsB: Int
        public var outcome: OutcomeDiff
        public var headerA: TraceHeader
        public var headerB: TraceHeader
        public var identical: Bool { firstDifference == nil && outcome.isEmpty }
    }

    /// Finds the first event where the traces part, reading both a record at a time as `replay`
    /// reads one, and replays both for the outcome change.
    ///
    /// Why not decode every event and write it again to compare, then replay one trace and the
    /// other: at 200×200 (240,818 events a trace) that took 9.6 s and 442 MB. Now:
    /// - two records with the same bytes are the same event, so only records whose bytes differ
    ///   are decoded and compared as the writer writes them (a hand-edited line may differ in
    ///   spacing alone);
    /// - the comparison stops at the first difference: the replays read both traces to the end
    ///   anyway, and check every line as `nextRecord()` does (a line in both traces is checked
    ///   in A's), so the counts, the cut and every located error come from them;
    /// - A's replay runs on a second thread from the start, while the traces are compared here
    ///   and B is replayed here;
    /// - B is not replayed when the traces agree event for event under one header and neither is
    ///   cut off: a replay's outcome comes from the header and the events alone.
    ///
    /// That checks lines in another order than reading both traces in step, so on a bad input it
    /// could meet another of its problems first. When anything fails, both traces are read again
    /// in step, as `diff` always read them, and the first problem found so is the one said (a
    /// cut-off trace is refused then too); only a problem the replays alone find is said as it
    /// came, A's before B's. Bad input pays for the second reading, good input does not.
    /// - Parameter keep: handed each replay's engine once the diff is done, for a caller that would
    ///   rather not pay to free them here (see `Replayer.replay(keepingEngine:)`).
    public static func diff(
        _ a: String, _ b: String, keepingEngines keep: ((RestorationEngine) -> Void)? = nil
    ) throws(TraceError) -> Result {
        let replayA = SideReplay(path: a, keepingEngine: keep != nil)
        do {
            let result = try compare(a, b, replayA, keep)
            // Handed over here, not on A's thread: `keep` need not be safe to call from another thread.
            replayA.engine.map { keep?($0) }
            return result
        } catch {
            // A's thread is let finish first: it reads the same files.
            _ = replayA.wait()
            try checkInStep(a, b)
            throw error
        }
    }

    /// Reads both traces in step, every line decoded and checked, A's before B's at each event,
    /// and throws the first problem met; then refuses a cut-off trace.
    private static func checkInStep(_ a: String, _ b: String) throws(TraceError) {
        let ra = try TraceReader(path: a)
        let rb = try TraceReader(path: b)
        while true {
            let ea = try ra.next()
            let eb = try rb.next()
            if ea == nil, eb == nil { break }
        }
        for cut in [ra.cutOff, rb.cutOff].compactMap({ $0 }) { throw refusal(cut) }
    }

    /// Past a cut the outcome is unknown: every difference after it would be the cut's.
    private static func refusal(_ cut: TraceError) -> TraceError {
        TraceError(
            file: cut.location.file, line: cut.location.line, column: 1,
            "diff compares whole traces, and this one is cut off: \(cut.diagnostic.message)",
            hint: "record it again, or replay it alone to see the events before the cut")
    }

    private static func compare(
        _ a: String, _ b: String, _ replayA: SideReplay, _ keep: ((RestorationEngine) -> Void)?
    ) throws(TraceError) -> Result {
        let ra = try TraceReader(path: a)
        let rb = try TraceReader(path: b)
        var first: Divergence?
        // The last events both traces agree on, for the divergence's context (written out only then).
        var agreed: [RecordedEvent] = []
        while first == nil {
            // Payloads are checked by the replays, and here for the records compared decoded.
            let ea = try ra.nextRecord(checkingPayloads: false)
            let eb = try rb.nextRecord(checkingPayloads: false)
            if ea == nil, eb == nil { break }
            if let ea, let eb, sameBytes(ea.bytes, eb.bytes) {
                agreed.append(ea)
                if agreed.count > 8 { agreed.removeFirst(4) }
                continue
            }
            try ea?.check()
            try eb?.check()
            let (ta, tb) = (ea?.comparableText, eb?.comparableText)
            if let ea, ta == tb {
                agreed.append(ea)
                if agreed.count > 8 { agreed.removeFirst(4) }
                continue
            }
            let e = (ea ?? eb)!.envelope
            first = Divergence(
                seq: ea?.seq ?? eb!.seq, recorded: ta, replayed: tb,
                context: agreed.suffix(4).map(\.comparableText), rule: Divergence.rule(for: e), path: e.path)
        }
        // Both read to the end here, so a cut would show: a cut-off B is replayed, and refused below.
        let same = first == nil && ra.header == rb.header && ra.cutOff == nil && rb.cutOff == nil
        let resultB =
            same ? nil : Swift.Result { () throws(TraceError) in try Replayer.replay(path: b, keepingEngine: keep) }
        let resultA = try replayA.wait().get()
        let replayedB = try resultB?.get() ?? resultA
        for cut in [resultA.cutOff, replayedB.cutOff].compactMap({ $0 }) { throw refusal(cut) }
        return Result(
            firstDifference: first, eventsA: resultA.recordedEvents, eventsB: replayedB.recordedEvents,
            outcome: OutcomeDiff(before: resultA.outcome, after: replayedB.outcome), headerA: ra.header,
            headerB: rb.header)
    }

    private static func sameBytes(_ x: [UInt8], _ y: [UInt8]) -> Bool {
        guard x.count == y.count, !x.isEmpty else { return x.count == y.count }
        return x.withUnsafeBufferPointer { p in
            y.withUnsafeBufferPointer { q in memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0 }
        }
    }
}

/// One trace replayed on a thread of its own (`diff` replays its first trace so).
private final class SideReplay: @unchecked Sendable {
    // Written by the thread before `done` is signalled, read after `wait` returns.
    private var result: Swift.Result<ReplayResult, TraceError>?
    /// The replay's engine, kept when asked to, once `wait` has returned.
    private(set) var engine: RestorationEngine?
    private let done = DispatchSemaphore(value: 0)
    /// `wait` has returned once (read and written on the caller's thread only).
    private var finished = false

    init(path: String, keepingEngine: Bool) {
        let thread = Thread { [self] in
            result = Swift.Result { () throws(TraceError) -> ReplayResult in
                try Replayer.replay(path: path, keepingEngine: keepingEngine ? { self.engine = $0 } : nil)
            }
            done.signal()
        }
        // The main thread's stack on Linux (`ulimit -s` 8192): the engine recurses on deep hierarchies.
        thread.stackSize = Replayer.readingStackSize
        thread.start()
    }

    /// The replay's result once it has finished (at once after the first call).
    func wait() -> Swift.Result<ReplayResult, TraceError> {
        if !finished {
            done.wait()
            finished = true
        }
        return result!
    }
}

/// Which node a node outcome is, before and after a change: its structural position where it has
/// one, so a node whose identifier changed is still itself; else its locator; and which of the
/// nodes with that key it is, in order.
private struct NodeIdentity: Hashable {
    let byPosition: Bool
    let text: String
    let occurrence: Int

    /// Every node's identity, in order.
    static func all(_ nodes: [NodeOutcome]) -> [NodeIdentity] {
        var positions: [String: Int] = [:]
        var locators: [String: Int] = [:]
        var identities: [NodeIdentity] = []
        identities.reserveCapacity(nodes.count)
        for n in nodes {
            if let position = n.position {
                let occurrence = positions[position, default: 0]
                positions[position] = occurrence + 1
                identities.append(NodeIdentity(byPosition: true, text: position, occurrence: occurrence))
            } else {
                let occurrence = locators[n.locator, default: 0]
                locators[n.locator] = occurrence + 1
                identities.append(NodeIdentity(byPosition: false, text: n.locator, occurrence: occurrence))
            }
        }
        return identities
    }

    /// The identity by locator alone of the nodes whose index passes `only`, with that index.
    static func byLocator(_ nodes: [NodeOutcome], only: (Int) -> Bool) -> [(Int, NodeIdentity)] {
        var seen: [String: Int] = [:]
        return nodes.indices.filter(only).map { i in
            let occurrence = seen[nodes[i].locator, default: 0]
            seen[nodes[i].locator] = occurrence + 1
            return (i, NodeIdentity(byPosition: false, text: nodes[i].locator, occurrence: occurrence))
        }
    }
}
