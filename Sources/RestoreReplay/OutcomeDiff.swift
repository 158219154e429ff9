import Foundation
import RestoreEngine
import RestoreTrace

/// How one node's fate moved between two runs.
public struct NodeChange: Hashable, Sendable {
    public enum Direction: String, Sendable { case gained, lost, changed, added, removed }
    public var phase: Phase
    public var locator: String
    public var direction: Direction
    public var before: NodeOutcome?
    public var after: NodeOutcome?

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

/// The node-by-node difference between two outcomes (last preservation, last restoration).
public struct OutcomeDiff: Hashable, Sendable {
    public var changes: [NodeChange] = []
    public var preservationPerformed: (Bool, Bool)?
    public var restorationPerformed: (Bool, Bool)?
    public var restorationReason: (ReasonCode?, ReasonCode?)?
    /// Scene sessions whose saved or restored activity moved (scene-based apps).
    public var sceneChanges: [SceneChange] = []

    public static func == (a: OutcomeDiff, b: OutcomeDiff) -> Bool {
        a.changes == b.changes && a.sceneChanges == b.sceneChanges && a.lines == b.lines
    }
    public func hash(into h: inout Hasher) { h.combine(changes) }

    public var isEmpty: Bool {
        changes.isEmpty && preservationPerformed == nil && restorationPerformed == nil && restorationReason == nil
            && sceneChanges.isEmpty
    }
    public var gained: [NodeChange] { changes.filter { $0.direction == .gained } }
    public var lost: [NodeChange] { changes.filter { $0.direction == .lost } }

    public init(before: Outcome, after: Outcome) {
        compare(before.preservation, after.preservation, phase: .preservation)
        compare(before.restoration, after.restoration, phase: .restoration)
        sceneChanges = SceneChange.changes(before.scenes, after.scenes)
        if let b = before.preservation, let a = after.preservation, b.performed != a.performed {
            preservationPerformed = (b.performed, a.performed)
        }
        if let b = before.restoration, let a = after.restoration {
            if b.performed != a.performed { restorationPerformed = (b.performed, a.performed) }
            if b.reason != a.reason { restorationReason = (b.reason, a.reason) }
        }
    }

    private mutating func compare(_ before: PhaseOutcome?, _ after: PhaseOutcome?, phase: Phase) {
        let b = before?.nodes ?? []
        let a = after?.nodes ?? []
        let good: Set<NodeStatus> = [.preserved, .restored]
        // The first node after with each identity, by index: read from the end, the first one
        // is the one left. (A string built per node, `"#" + position`, and each looked up two or
        // three times, were 9.7 % of a 200×200 `--drop-id` replay.)
        var afterBy: [NodeIdentity: Int] = [:]
        afterBy.reserveCapacity(a.count)
        for i in a.indices.reversed() { afterBy[NodeIdentity(a[i])] = i }
        var seen = Set<NodeIdentity>(minimumCapacity: b.count + a.count)
        // By index: a `NodeOutcome` is a dozen fields, and copying each out of the arrays to read
        // its status was a third of this diff.
        for j in b.indices {
            let id = NodeIdentity(b[j])
            guard seen.insert(id).inserted else { continue }
            guard let found = afterBy[id] else {
                // A node restored before and not even archived now was lost.
                changes.append(
                    NodeChange(
                        phase: phase, locator: b[j].locator,
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
                NodeChange(phase: phase, locator: b[j].locator, direction: direction, before: b[j], after: a[found]))
        }
        for i in a.indices where seen.insert(NodeIdentity(a[i])).inserted {
            changes.append(
                NodeChange(
                    phase: phase, locator: a[i].locator, direction: good.contains(a[i].status) ? .gained : .added,
                    before: nil, after: a[i]))
        }
    }

    /// Human lines, most important first.
    public var lines: [String] {
        var out: [String] = []
        if let (b, a) = preservationPerformed {
            out.append("preservation: \(b ? "performed" : "not performed") → \(a ? "performed" : "not performed")")
        }
        if let (b, a) = restorationPerformed {
            out.append("restoration: \(b ? "performed" : "not performed") → \(a ? "performed" : "not performed")")
        }
        if let (b, a) = restorationReason {
            out.append("restoration reason: \(b?.rawValue ?? "none") → \(a?.rawValue ?? "none")")
        }
        for c in changes { out.append("\(c.phase.rawValue): \(c.sentence)") }
        for c in sceneChanges { out.append("scene \(c.sentence)") }
        return out
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
/// one, so a node whose identifier changed is still itself; else its locator.
private struct NodeIdentity: Hashable {
    let byPosition: Bool
    let text: String

    init(_ n: NodeOutcome) {
        if let position = n.position {
            byPosition = true
            text = position
        } else {
            byPosition = false
            text = n.locator
        }
    }
}
