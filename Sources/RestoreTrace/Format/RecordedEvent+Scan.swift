import Foundation
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
        var plain = PlainRanges()
        var seen: UInt32 = 0  // a bit per member, by its position in `EventField.allCases`
        do {
            try p.enterObject()
            var first = true
            var next = 0
            while let keyRange = try p.nextMemberKey(first: &first) {
                guard let (field, bit) = field(named: keyRange, in: p, from: &next), seen & bit == 0 else { return nil }
                seen |= bit
                if let payload = field.payload {
                    let start = p.i
                    try p.skipValue()
                    payloads[payload] = start..<p.i
                    continue
                }
                guard try plainMember(field, &p, into: &envelope, plain: &plain) else { return nil }
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
            file: file, line: line, joined: joined, plain: plain)
    }

    /// Reads an envelope member's value into `line`, as `EventField.decode` reads it; false when
    /// that refuses it (or it is null). A plain integer or string is read straight from the
    /// bytes: making a `JSONValue` (a boxed enum) of each of a line's eight or so members first
    /// was half of scanning a line, and every line of a trace is scanned.
    /// A plain path, key or receiver is not made a String: where it is goes in `plain` (see
    /// `RecordedEvent.key`).
    private static func plainMember(
        _ field: EventField, _ p: inout JSONParser, into line: inout TraceEvent,
        plain: inout PlainRanges
    ) throws(JSONParseError) -> Bool {
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
        case .phase, .callback, .event, .kill:
            guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: "\"") else { break }
            // A name without escapes is looked up by its bytes: making a String of it and then
            // comparing that with each case's raw value was 14 % of scanning a line.
            if let name = plainString(&p) {
                switch field {
                case .phase:
                    guard let phase = Self.phases.value(named: name, in: p.bytes) else { return false }
                    line.event.phase = phase
                case .callback:
                    guard let c = Self.callbacks.value(named: name, in: p.bytes) else { return false }
                    line.event.callback = c
                case .event:
                    guard let e = Self.systemEvents.value(named: name, in: p.bytes) else { return false }
                    line.event.event = e
                default:
                    guard let kind = Self.killKinds.value(named: name, in: p.bytes) else { return false }
                    line.event.kill = kind
                }
                return true
            }
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
            default:
                guard let kind = KillKind(rawValue: text) else { return false }
                line.event.kill = kind
            }
            return true
        case .receiver, .path, .key, .session, .configuration, .reason:
            guard p.i < p.bytes.count, p.bytes[p.i] == UInt8(ascii: "\"") else { break }
            if field == .key || field == .receiver || field == .path, let range = plainString(&p) {
                switch field {
                case .key: plain.key = range
                case .path: plain.path = range
                default: plain.receiver = range
                }
                return true
            }
            let text = try p.string()
            switch field {
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

    /// The member whose key is at `range`, recognised from the key's bytes, and its bit. Members
    /// come in the writer's order, so the search starts after the last one found (`next`): one
    /// comparison a key, where trying every name in turn was 10 % of scanning a line.
    private static func field(named range: Range<Int>, in p: JSONParser, from next: inout Int)
        -> (EventField, UInt32)?
    {
        let names = EventField.utf8Names
        for step in 0..<names.count {
            let i = (next + step) % names.count
            if same(p.bytes, range, as: names[i]) {
                next = i + 1
                return (EventField.allCases[i], 1 << UInt32(i))
            }
        }
        return nil
    }

    /// Whether `bytes[range]` is `word`.
    fileprivate static func same(_ bytes: [UInt8], _ range: Range<Int>, as word: [UInt8]) -> Bool {
        guard range.count == word.count else { return false }
        return bytes.withUnsafeBufferPointer { b in
            word.withUnsafeBufferPointer { w in
                ShortBytes.equal(b.baseAddress! + range.lowerBound, w.baseAddress!, w.count)
            }
        }
    }

    /// The contents of the string at the parser's position, stepped over, when it has no escape
    /// (its value is then those bytes); nil, and nothing consumed, otherwise.
    private static func plainString(_ p: inout JSONParser) -> Range<Int>? {
        let start = p.i + 1
        let k = p.plainRunEnd(from: start)
        guard k < p.bytes.count, p.bytes[k] == UInt8(ascii: "\"") else { return nil }
        p.i = k + 1
        return start..<k
    }

    private static let phases = RawNames<Phase>()
    private static let callbacks = RawNames<Callback>()
    private static let systemEvents = RawNames<SystemEvent>()
    private static let killKinds = RawNames<KillKind>()

    private static func bit(of field: EventField) -> UInt32 {
        1 << UInt32(EventField.allCases.firstIndex(of: field)!)
    }
}

/// An enum's cases by the bytes of their raw values, to recognise a name in a line without
/// making a String of it.
private struct RawNames<T: RawRepresentable & CaseIterable>: Sendable where T.RawValue == String, T: Sendable {
    private let names: [(bytes: [UInt8], value: T)]

    init() { names = T.allCases.map { (Array($0.rawValue.utf8), $0) } }

    /// The case whose raw value is `bytes[range]`, or nil.
    func value(named range: Range<Int>, in bytes: [UInt8]) -> T? {
        for name in names where RecordedEvent.same(bytes, range, as: name.bytes) { return name.value }
        return nil
    }
}
