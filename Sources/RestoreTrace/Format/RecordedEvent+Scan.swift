import RestoreEngine

extension RecordedEvent {
    /// The envelope of a line in the shape the writer writes, its payloads checked as JSON but
    /// not decoded; nil for anything else (a problem, a null, a duplicate member, an unknown
    /// one), which the reader then decodes whole to report it exactly as it always has.
    static func scan(_ bytes: [UInt8], file: String, line: Int, joined: Bool = false) -> RecordedEvent? {
        var p = JSONParser(bytes: bytes, at: 0)
        var envelope = TraceEvent(seq: 0, event: EngineEvent(launch: 0, phase: .launch))
        var bodyStart: Int?
        var payloads = PayloadRanges()
        var seen: UInt32 = 0  // a bit per member, by its position in `EventField.allCases`
        do {
            try p.enterObject()
            var first = true
            while let keyRange = try p.nextMemberKey(first: &first) {
                guard let (field, bit) = field(named: keyRange, in: p), seen & bit == 0 else { return nil }
                seen |= bit
                if let payload = field.payload {
                    let start = p.i
                    try p.skipValue()
                    payloads[payload] = start..<p.i
                    continue
                }
                guard try plainMember(field, &p, into: &envelope) else { return nil }
                if field == .seq, seen == bit, p.i < bytes.count, bytes[p.i] == UInt8(ascii: ","),
                    bytes.starts(with: Self.seqPrefix)
                {
                    bodyStart = p.i + 1
                }
            }
            guard p.atEnd() else { return nil }
        } catch {
            return nil
        }
        // The members a line cannot do without, and the one check that needs two of them.
        guard seen & Self.required == Self.required, (try? EventField.checkCallbackOrEvent(envelope.event)) != nil
        else {
            return nil
        }
        return RecordedEvent(
            seq: envelope.seq, envelope: envelope.event, bytes: bytes, bodyStart: bodyStart, payloads: payloads,
            file: file, line: line, joined: joined)
    }

    /// Reads an envelope member's value into `line`, as `EventField.decode` reads it; false when
    /// that refuses it (or it is null). A plain integer or string is read straight from the
    /// bytes: making a `JSONValue` (a boxed enum) of each of a line's eight or so members first
    /// was half of scanning a line, and every line of a trace is scanned.
    private static func plainMember(_ field: EventField, _ p: inout JSONParser, into line: inout TraceEvent)
        throws(JSONParseError) -> Bool
    {
        let start = p.i
        switch field {
        case .seq, .launch:
            guard let n = p.plainInt() else { break }
            if field == .seq {
                line.seq = n
            } else {
                guard n >= 1 else { return false }
                line.event.launch = n
            }
            return true
        case .phase, .callback, .event, .receiver, .path, .key, .session, .configuration, .kill, .reason:
            guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: "\"") else { break }
            let text = try p.string()
            switch field {
            case .phase:
                guard let phase = Phase(rawValue: text) else { return false }
                line.event.phase = phase
            case .callback:
                guard let c = Callback(rawValue: text) else { return false }
                line.event.callback = c
            case .event:
                guard let s = SystemEvent(rawValue: text) else { return false }
                line.event.event = s
            case .kill:
                guard let kind = KillKind(rawValue: text) else { return false }
                line.event.kill = kind
            case .receiver: line.event.receiver = text
            case .path: line.event.path = text
            case .key: line.event.key = text
            case .session: line.event.session = text
            case .configuration: line.event.configuration = text
            default: line.event.reason = text
            }
            return true
        default: break
        }
        // Anything else (an argument, a null, a value of the wrong type): the generic way.
        p.i = start
        let value = try p.value()
        if value.isNull { return false }
        do { try field.decode(value, into: &line) } catch { return false }
        return true
    }

    private static let seqPrefix = Array("{\"\(EventField.seq.name)\":".utf8)
    private static let required = [EventField.seq, .launch, .phase].reduce(UInt32(0)) { $0 | bit(of: $1) }

    /// The member whose key is at `range`, recognised from the key's bytes, and its bit.
    private static func field(named range: Range<Int>, in p: JSONParser) -> (EventField, UInt32)? {
        for (i, name) in EventField.utf8Names.enumerated() where p.bytes(range, are: name) {
            return (EventField.allCases[i], 1 << UInt32(i))
        }
        return nil
    }

    private static func bit(of field: EventField) -> UInt32 {
        1 << UInt32(EventField.allCases.firstIndex(of: field)!)
    }
}
