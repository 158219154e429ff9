import Foundation
import RestoreEngine

/// The members of an event line that can be big, decoded only on request.
public struct EventPayloads: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let coder = EventPayloads(rawValue: 1)
    public static let result = EventPayloads(rawValue: 2)
    public static let effects = EventPayloads(rawValue: 4)
    public static let options = EventPayloads(rawValue: 8)
    public static let hierarchy = EventPayloads(rawValue: 16)
    public static let archive = EventPayloads(rawValue: 32)
    public static let all: EventPayloads = [.coder, .result, .effects, .options, .hierarchy, .archive]
    /// In the order `EventCodec.decode` reads them, so the first problem found is the same.
    static let inOrder: [(EventPayloads, String)] = [
        (.coder, "coder"), (.result, "result"), (.effects, "effects"), (.options, "options"), (.hierarchy, "hierarchy"),
        (.archive, "archive"),
    ]
}

/// One event line as a replay needs it: the envelope (seq, launch, phase, callback or event,
/// receiver, path, key, argument, kill, reason) decoded and checked, the payloads kept as the
/// line's bytes. A replay compares most lines byte for byte and decodes only the answers the
/// stand-in app gives, so the payloads of the rest never become trees. A class, and the
/// envelope kept as its few fields rather than a whole `EngineEvent` (most of a kilobyte):
/// a replay holds a timeline step's records at once.
public final class RecordedEvent: Sendable {
    public let seq: Int
    /// Where the line is, for located errors.
    public let file: String
    public let line: Int
    public let launch: Int
    public let phase: Phase
    public let callback: Callback?
    public let event: SystemEvent?
    public let path: String?
    public let key: String?
    private let rest: Rest
    /// The line's bytes, without the newline.
    public let bytes: [UInt8]
    /// Where the members after `{"seq":N,` start, when the line begins exactly so.
    let bodyStart: Int?
    /// Where each payload's value is in `bytes`; nil when the line was decoded whole instead.
    let payloads: PayloadRanges?

    /// The rarer envelope members, or the whole event of a line that did not take the fast path.
    private enum Rest: Sendable {
        case members(receiver: String?, argument: CoderValue?, kill: KillKind?, reason: String?)
        case whole(Box)
    }
    private final class Box: Sendable {
        let event: EngineEvent
        init(_ event: EngineEvent) { self.event = event }
    }

    /// A line that was decoded whole (it did not take the fast path).
    init(whole t: TraceEvent, bytes: [UInt8], file: String, line: Int) {
        let e = t.event
        (seq, launch, phase, callback, event, path, key) = (
            t.seq, e.launch, e.phase, e.callback, e.event, e.path, e.key
        )
        rest = .whole(Box(e))
        self.bytes = bytes
        self.file = file
        self.line = line
        bodyStart = nil
        payloads = nil
    }

    /// A line read by `scan`: `e` holds the envelope only.
    private init(
        seq: Int, envelope e: EngineEvent, bytes: [UInt8], bodyStart: Int?, payloads: PayloadRanges, file: String,
        line: Int
    ) {
        (self.seq, launch, phase, callback, event, path, key) = (
            seq, e.launch, e.phase, e.callback, e.event, e.path, e.key
        )
        rest = .members(receiver: e.receiver, argument: e.argument, kill: e.kill, reason: e.reason)
        self.bytes = bytes
        self.bodyStart = bodyStart
        self.payloads = payloads
        self.file = file
        self.line = line
    }

    /// The envelope as an event (payloads nil, unless the line was decoded whole).
    public var envelope: EngineEvent {
        switch rest {
        case .whole(let box): return box.event
        case .members(let receiver, let argument, let kill, let reason):
            var e = EngineEvent(launch: launch, phase: phase, callback: callback, event: event)
            (e.receiver, e.path, e.key, e.argument, e.kill, e.reason) = (receiver, path, key, argument, kill, reason)
            return e
        }
    }

    /// The callback's selector or the system event's name.
    public var name: String { callback?.rawValue ?? event?.rawValue ?? "?" }

    /// The event with the asked payloads decoded, with the reader's located errors.
    public func decoded(_ wanted: EventPayloads = .all) throws(TraceError) -> EngineEvent {
        var e = envelope
        guard let payloads else { return e }
        for (p, name) in EventPayloads.inOrder where wanted.contains(p) {
            guard let range = payloads[p] else { continue }
            var parser = JSONParser(bytes: bytes, at: range.lowerBound)
            do {
                try EventCodec.decodePayload(p, try parser.value(), into: &e)
            } catch let problem as DecodeProblem {
                throw TraceError(file: file, line: line, "field '\(problem.field)' \(problem.message)")
            } catch {
                // Checked when the line was read; not expected here.
                throw TraceError(file: file, line: line, "malformed JSON in '\(name)'")
            }
        }
        return e
    }

    /// True when `written` (an event as `EventCodec.write(_:seq: nil, to:)` writes it) is this
    /// line without its `seq`, byte for byte.
    public func matches(written: [UInt8]) -> Bool {
        guard let bodyStart, written.count - 1 == bytes.count - bodyStart else { return false }
        return written.withUnsafeBufferPointer { w in
            bytes.withUnsafeBufferPointer { b in
                memcmp(w.baseAddress! + 1, b.baseAddress! + bodyStart, w.count - 1) == 0
            }
        }
    }

    /// The line without `seq` as the writer writes it (how divergences show recorded events);
    /// the raw line if a payload does not decode.
    public var comparableText: String {
        guard let e = try? decoded() else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        EventCodec.write(e, seq: nil, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The keys of the archive this line carries (nil without one), read without decoding the
    /// archive; an archive of unusual shape is decoded whole, for its located problem.
    public func archiveKeys() throws(TraceError) -> Set<String>? {
        if let range = payloads?[.archive], let keys = try? Self.scanArchiveKeys(bytes, at: range.lowerBound) {
            return keys
        }
        return try decoded(.archive).archive.map { Set($0.entries.map(\.key)) }
    }

    /// `archive.entries[*].key`, or nil when the archive is not the plain shape the writer writes.
    private static func scanArchiveKeys(_ bytes: [UInt8], at offset: Int) throws(JSONParseError) -> Set<String>? {
        var p = JSONParser(bytes: bytes, at: offset)
        var keys = Set<String>()
        var sawEntries = false
        try p.enterObject()
        var first = true
        while let member = try p.nextMemberKey(first: &first) {
            guard !sawEntries, p.bytes(member, are: "entries") else {
                try p.skipValue()
                continue
            }
            sawEntries = true
            try p.enterArray()
            var firstEntry = true
            while try p.nextElement(first: &firstEntry) {
                try p.enterObject()
                var firstField = true
                var key: String?
                while let field = try p.nextMemberKey(first: &firstField) {
                    if key == nil, p.bytes(field, are: "key") {
                        guard case .string(let k) = try p.value() else { return nil }
                        key = k
                    } else {
                        try p.skipValue()
                    }
                }
                guard let key else { return nil }
                keys.insert(key)
            }
        }
        return keys
    }
}

extension RecordedEvent {
    /// The envelope of a line in the shape the writer writes, its payloads checked as JSON but
    /// not decoded; nil for anything else (a problem, a null, a duplicate member, an unknown
    /// one), which the reader then decodes whole to report it exactly as it always has.
    static func scan(_ bytes: [UInt8], file: String, line: Int) -> RecordedEvent? {
        var p = JSONParser(bytes: bytes, at: 0)
        var seq: Int?
        var launch: Int?
        var phase: Phase?
        var bodyStart: Int?
        var e = EngineEvent(launch: 0, phase: .launch)
        var payloads = PayloadRanges()
        var seen: UInt32 = 0
        do {
            try p.enterObject()
            var first = true
            while let keyRange = try p.nextMemberKey(first: &first) {
                guard let member = Member.named(keyRange, in: p), seen & member.bit == 0 else { return nil }
                seen |= member.bit
                if let payload = member.payload {
                    let start = p.i
                    try p.skipValue()
                    payloads[payload] = start..<p.i
                    continue
                }
                let value = try p.value()
                switch (member, value) {
                case (.seq, .int(let n)):
                    seq = n
                    if seen == member.bit, p.i < bytes.count, bytes[p.i] == UInt8(ascii: ","),
                        bytes.starts(with: Self.seqPrefix)
                    {
                        bodyStart = p.i + 1
                    }
                case (.launch, .int(let n)) where n >= 1: launch = n
                case (.phase, .string(let s)): phase = Phase(rawValue: s)
                case (.callback, .string(let s)):
                    guard let c = Callback(rawValue: s) else { return nil }
                    e.callback = c
                case (.event, .string(let s)):
                    guard let k = SystemEvent(rawValue: s) else { return nil }
                    e.event = k
                case (.receiver, .string(let s)): e.receiver = s
                case (.path, .string(let s)): e.path = s
                case (.key, .string(let s)): e.key = s
                case (.kill, .string(let s)):
                    guard let k = KillKind(rawValue: s) else { return nil }
                    e.kill = k
                case (.reason, .string(let s)): e.reason = s
                case (.argument, .object):
                    guard let a = try? ValueCodec.decode(value, "argument") else { return nil }
                    e.argument = a
                default: return nil
                }
            }
            guard p.atEnd() else { return nil }
        } catch {
            return nil
        }
        guard let seq, let launch, let phase, (e.callback == nil) != (e.event == nil) else { return nil }
        e.launch = launch
        e.phase = phase
        return RecordedEvent(
            seq: seq, envelope: e, bytes: bytes, bodyStart: bodyStart, payloads: payloads, file: file, line: line)
    }

    private static let seqPrefix = Array(#"{"seq":"#.utf8)

    /// The members of an event line (`EventCodec.keys`), recognised from the key's bytes.
    private enum Member: Int, CaseIterable {
        case seq, launch, phase, callback, event, receiver, path, key, argument, kill, reason
        case coder, result, effects, options, hierarchy, archive

        var bit: UInt32 { 1 << UInt32(rawValue) }

        var name: StaticString {
            switch self {
            case .seq: "seq"
            case .launch: "launch"
            case .phase: "phase"
            case .callback: "callback"
            case .event: "event"
            case .receiver: "receiver"
            case .path: "path"
            case .key: "key"
            case .argument: "argument"
            case .kill: "kill"
            case .reason: "reason"
            case .coder: "coder"
            case .result: "result"
            case .effects: "effects"
            case .options: "options"
            case .hierarchy: "hierarchy"
            case .archive: "archive"
            }
        }

        var payload: EventPayloads? {
            switch self {
            case .coder: .coder
            case .result: .result
            case .effects: .effects
            case .options: .options
            case .hierarchy: .hierarchy
            case .archive: .archive
            default: nil
            }
        }

        static func named(_ range: Range<Int>, in p: JSONParser) -> Member? {
            allCases.first { p.bytes(range, are: $0.name) }
        }
    }
}

/// Where each payload's value is in a line; a few ranges, kept inline rather than in a dictionary.
struct PayloadRanges: Sendable {
    private var coder, result, effects, options, hierarchy, archive: Range<Int>?

    subscript(_ p: EventPayloads) -> Range<Int>? {
        get {
            switch p {
            case .coder: coder
            case .result: result
            case .effects: effects
            case .options: options
            case .hierarchy: hierarchy
            case .archive: archive
            default: nil
            }
        }
        set {
            switch p {
            case .coder: coder = newValue
            case .result: result = newValue
            case .effects: effects = newValue
            case .options: options = newValue
            case .hierarchy: hierarchy = newValue
            case .archive: archive = newValue
            default: break
            }
        }
    }
}
