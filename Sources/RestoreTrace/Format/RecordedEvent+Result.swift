import RestoreEngine

extension RecordedEvent {
    /// The result, read straight from the line's bytes, when it is the only one of the `wanted`
    /// payloads the line has and is the literal `null`, `true` or `false`: what
    /// `decoded(wanted).result` would be, without making the whole event (most of a kilobyte)
    /// around it. A replay takes the `null` of every `viewControllerWithRestorationIdentifierPath`
    /// call so (80,400 at 200×200; decoding each was 1.5 % of a replay, grid 80, callgrind).
    /// Nil otherwise, and for a literal the callback does not take (it is decoded, and refused,
    /// the usual way).
    public func literalResult(ifOnlyOneOf wanted: EventPayloads) -> EventResult? {
        guard let range = onlyPayload(.result, of: wanted) else { return nil }
        let literal = bytes[range]
        if literal.elementsEqual("null".utf8) {
            switch callback {
            case .modelIdentifier?: return .modelIdentifier(nil)
            case .indexPath?: return .indexPath(nil)
            case .configurationForConnecting?: return .configuration(nil)
            default: return .object(nil)
            }
        }
        if callback == .modelIdentifier || callback == .indexPath || callback == .configurationForConnecting {
            return nil
        }
        if literal.elementsEqual("true".utf8) { return .bool(true) }
        if literal.elementsEqual("false".utf8) { return .bool(false) }
        return nil
    }

    /// Where `payload` sits in the line, when it is among `wanted` and the line has no other of
    /// the `wanted` payloads: the one case a fast path may read it alone, without the event.
    func onlyPayload(_ payload: EventPayloads, of wanted: EventPayloads) -> Range<Int>? {
        guard let payloads, wanted.contains(payload), let range = payloads[payload] else { return nil }
        var bit = 1
        while bit <= EventPayloads.all.rawValue {
            let p = EventPayloads(rawValue: bit)
            if p != payload, wanted.contains(p), payloads[p] != nil { return nil }
            bit <<= 1
        }
        return range
    }
}
