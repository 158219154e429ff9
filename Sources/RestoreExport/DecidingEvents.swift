import RestoreEngine

/// For each node that was lost or skipped, the timeline event where its fate was decided: the
/// restoration class's answer, the app delegate's answer, the container's decode, or the
/// preservation walk's skip. The page links the node to that event and the event back to it.
struct DecidingEvents {
    /// `seq` of the deciding event per side and node locator.
    private var decided: [Anchor.Side: [String: Int]] = [:]

    /// The answers that decide whether a node comes back, by reason, most specific first.
    static func answers(for reason: ReasonCode?) -> [Callback] {
        switch reason {
        case .restorationClassReturnedNil?, .classMismatch?:
            return [.restorationClassViewController, .restorationClassObject, .delegateViewController]
        case .notFound?: return [.delegateViewController, .storyboardInstantiate, .restorationClassViewController]
        default: return [.decode, .delegateViewController, .restorationClassViewController, .restorationClassObject]
        }
    }

    init(outcome: Outcome, events: [EngineEvent]) {
        self.init(outcome: outcome, digests: events.map(EventDigest.init))
    }

    init(outcome: Outcome, digests events: [EventDigest]) {
        if let p = outcome.preservation { decide(p, side: .preservation, phase: .preservation, events: events) }
        if let r = outcome.restoration { decide(r, side: .restoration, phase: .restoration, events: events) }
    }

    private mutating func decide(_ phase: PhaseOutcome, side: Anchor.Side, phase name: Phase, events: [EventDigest]) {
        // Nothing lost or skipped, nothing to link: a big app that came back whole pays nothing here.
        guard phase.nodes.hasAny([.skipped, .notRestored]) else {
            decided[side] = [:]
            return
        }
        // Indexes of the phase's events by path, in order, so a big trace is read once.
        var byPath: [String: [Int]] = [:]
        var gate: Int?
        for (i, e) in events.enumerated() where e.launch == phase.launch && e.phase == name {
            if let path = e.path { byPath[path, default: []].append(i) }
            if e.callback == .shouldSave || e.callback == .shouldSaveSecure || e.callback == .shouldRestore
                || e.callback == .shouldRestoreSecure
            {
                gate = i
            }
        }
        // Positions, not copies: a big app's phase has a hundred thousand nodes.
        let byLocator = Dictionary(
            phase.nodes.indices.map { (phase.nodes[$0].locator, $0) }, uniquingKeysWith: { a, _ in a })
        var found: [String: Int] = [:]
        for n in phase.nodes where n.status == .skipped || n.status == .notRestored {
            // A node lost because of another is decided where that one was: follow the cause to
            // the node whose own answer failed, then look for its answer, then its container's decode.
            var subject = n
            var seen: Set<String> = [n.locator]
            while let cause = subject.cause, let at = byLocator[cause], case let next = phase.nodes[at],
                !seen.contains(cause),
                next.status == .skipped || next.status == .notRestored
            {
                seen.insert(cause)
                subject = next
            }
            var wanted = Self.answers(for: subject.reason)
            var candidates = [subject.path, subject.cause, n.path].compactMap { $0 }.compactMap { byPath[$0] }
            // A node skipped at preservation has no event of its own (it is never encoded): it was
            // left out while its parent was encoded. Pointed at the shouldSave… gate, "decided at
            // application:shouldSaveApplicationState:" named a callback that had said YES.
            if subject.status == .skipped, let parent = subject.parent, let at = byLocator[parent],
                let path = phase.nodes[at].path, let encoded = byPath[path]
            {
                candidates.insert(encoded, at: 0)
                wanted.insert(.encode, at: 0)
            }
            var pick: Int?
            for callback in wanted where pick == nil {
                for list in candidates where pick == nil {
                    pick = list.last { events[$0].callback == callback }
                }
            }
            if pick == nil { pick = candidates.first?.last }
            if pick == nil, !phase.performed || n.status == .skipped { pick = gate }
            if let pick { found[n.locator] = pick + 1 }
        }
        decided[side] = found
    }

    /// The `seq` of the event that decided `n`'s fate on `side`, if the trace has one.
    func seq(for n: NodeOutcome, side: Anchor.Side) -> Int? { decided[side]?[n.locator] }

    /// Event `seq` → the rows (anchor and locator) of the nodes it decided, for the timeline's
    /// links back; sorted by seq and anchor so the page's bytes never depend on hashing.
    var nodesBySeq: [(seq: Int, nodes: [(anchor: String, locator: String)])] {
        var out: [Int: [(anchor: String, locator: String)]] = [:]
        for (side, map) in decided {
            for (locator, seq) in map { out[seq, default: []].append((Anchor.node(side, locator), locator)) }
        }
        return out.keys.sorted().map { seq in (seq, out[seq]!.sorted { $0.anchor < $1.anchor }) }
    }
}
