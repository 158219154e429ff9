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
    public static let activity = EventPayloads(rawValue: 64)
    public static let all: EventPayloads = [.coder, .result, .effects, .options, .hierarchy, .archive, .activity]
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
    /// The restoration path, made a String only when asked, as `key` is: a replay files each
    /// call's answer under the path's bytes (`pathUTF8`); a String of it for every line (a heap
    /// string for most paths at 200×200) was ~1.5 % of a replay (grid 80, callgrind).
    public var path: String? { pathText ?? pathRange.map(text(at:)) }
    private let pathText: String?
    private let pathRange: Range<Int>?
    /// The archive key, made a String only when asked: a scanned line keeps where a plain key
    /// and receiver are in `bytes` instead. Making both Strings for every line (a heap string
    /// each, most of them never read) was ~4 % of a replay (grid 80, callgrind).
    public var key: String? { keyText ?? keyRange.map(text(at:)) }
    private let keyText: String?
    private let keyRange: Range<Int>?
    private let receiverRange: Range<Int>?
    private let rest: Rest
    /// The line's bytes, without the newline; in trace format 2, an event with a hierarchy or an
    /// archive is its event line and the node and entry lines after it, joined by newlines.
    public let bytes: [UInt8]
    /// Format 2: the node and entry lines after the event line (nil in format 1, or without any).
    let group: LineGroup?
    /// The event line was spelled out by part lines (format 2): its columns are not the file's.
    let eventLineIsJoined: Bool
    /// Where the members after `{"seq":N,` start, when the line begins exactly so.
    let bodyStart: Int?
    /// Where each payload's value is in `bytes`; nil when the line was decoded whole instead.
    let payloads: PayloadRanges?

    /// The rarer envelope members, or the whole event of a line that did not take the fast path.
    private enum Rest: Sendable {
        case members(
            receiver: String?, argument: CoderValue?, kill: KillKind?, reason: String?, session: String?,
            configuration: String?)
        /// Indirect: a whole event is large, and most lines take the fast path.
        indirect case whole(EngineEvent)
    }

    /// A line that was decoded whole (it did not take the fast path).
    init(whole t: TraceEvent, bytes: [UInt8], file: String, line: Int) {
        let e = t.event
        (seq, launch, phase, callback, event, pathText, keyText) = (
            t.seq, e.launch, e.phase, e.callback, e.event, e.path, e.key
        )
        (pathRange, keyRange, receiverRange) = (nil, nil, nil)
        rest = .whole(e)
        self.bytes = bytes
        self.file = file
        self.line = line
        bodyStart = nil
        payloads = nil
        group = nil
        eventLineIsJoined = false
    }

    /// A line read by `scan`: `e` holds the envelope only; a plain path, key and receiver are
    /// where `plain` says in `bytes` (and nil in `e`).
    init(
        seq: Int, envelope e: EngineEvent, bytes: [UInt8], bodyStart: Int?, payloads: PayloadRanges, file: String,
        line: Int, joined: Bool, plain: PlainRanges = PlainRanges()
    ) {
        (self.seq, launch, phase, callback, event, pathText, keyText) = (
            seq, e.launch, e.phase, e.callback, e.event, e.path, e.key
        )
        (pathRange, keyRange, receiverRange) = (plain.path, plain.key, plain.receiver)
        rest = .members(
            receiver: e.receiver, argument: e.argument, kill: e.kill, reason: e.reason, session: e.session,
            configuration: e.configuration)
        self.bytes = bytes
        self.bodyStart = bodyStart
        self.payloads = payloads
        self.file = file
        self.line = line
        group = nil
        eventLineIsJoined = joined
    }

    /// This record with the lines after its event line: `bytes` is the event line, the node and
    /// entry lines joined by newlines, and `group` says where each is.
    private init(_ r: RecordedEvent, bytes: [UInt8], group: LineGroup) {
        (seq, file, line, launch, phase, callback, event, pathText, keyText, rest) = (
            r.seq, r.file, r.line, r.launch, r.phase, r.callback, r.event, r.pathText, r.keyText, r.rest
        )
        // The event line comes first in `bytes`: the ranges in it stay where they were.
        (pathRange, keyRange, receiverRange) = (r.pathRange, r.keyRange, r.receiverRange)
        (bodyStart, payloads, eventLineIsJoined) = (r.bodyStart, r.payloads, r.eventLineIsJoined)
        self.bytes = bytes
        self.group = group
    }

    func grouped(bytes: [UInt8], group: LineGroup) -> RecordedEvent { RecordedEvent(self, bytes: bytes, group: group) }

    /// The values of `hierarchy` and `archive` on the event line (format 2: the counts of the
    /// lines after it), nil when absent; the line has been checked as JSON.
    func groupHeads() -> (hierarchy: JSONValue?, archive: JSONValue?) {
        func value(_ p: EventPayloads) -> JSONValue? {
            guard let range = payloads?[p] else { return nil }
            var parser = JSONParser(bytes: bytes, at: range.lowerBound)
            return try? parser.value()
        }
        return (value(.hierarchy), value(.archive))
    }

    /// The envelope as an event (payloads nil, unless the line was decoded whole).
    public var envelope: EngineEvent {
        switch rest {
        case .whole(let event): return event
        case .members(let receiver, let argument, let kill, let reason, let session, let configuration):
            var e = EngineEvent(launch: launch, phase: phase, callback: callback, event: event)
            let receiver = receiver ?? receiverRange.map(text(at:))
            (e.receiver, e.path, e.key, e.argument, e.kill, e.reason) = (receiver, path, key, argument, kill, reason)
            (e.session, e.configuration) = (session, configuration)
            return e
        }
    }

    /// Whether the line has any of these payloads (a line decoded whole may: true).
    public func hasAny(of wanted: EventPayloads) -> Bool {
        guard let payloads else { return true }
        // Each payload's bit in turn: an array literal of them here was an allocation per call.
        var bit = 1
        while bit <= EventPayloads.all.rawValue {
            let p = EventPayloads(rawValue: bit)
            if wanted.contains(p), payloads[p] != nil { return true }
            bit <<= 1
        }
        return false
    }

    /// Whether the line carries an archive (a member `archive` that is not null), without decoding it.
    public var carriesArchive: Bool {
        guard let payloads else {
            if case .whole(let e) = rest { return e.archive != nil }
            return false
        }
        guard let range = payloads[.archive] else { return false }
        return bytes[range.lowerBound] != UInt8(ascii: "n")
    }

    /// The receiver, argument and scene session of the envelope, without making the whole event.
    public var receiver: String? {
        switch rest {
        case .whole(let e): e.receiver
        case .members(let receiver, _, _, _, _, _): receiver ?? receiverRange.map(text(at:))
        }
    }

    /// The path's UTF-8 (nil: no path), read from the line's bytes when it is there: what a
    /// replay files an answer under, without making a String of it.
    public var pathUTF8: ArraySlice<UInt8>? {
        if let pathRange { return bytes[pathRange] }
        return pathText.map { ArraySlice($0.utf8) }
    }

    /// Whether the line has a path, without making it.
    public var hasPath: Bool {
        if case .some = pathRange { return true }
        if case .some = pathText { return true }
        return false
    }

    /// Whether the key (nil: none) is one of `keys`, read from the line's bytes when it is there.
    func keyIsIn(_ keys: ArchiveKeySet) -> Bool {
        guard let keyRange else { return key.map(keys.contains) ?? false }
        return bytes.withUnsafeBufferPointer { keys.contains(bytes: UnsafeBufferPointer(rebasing: $0[keyRange])) }
    }

    /// The plain (unescaped) string at `range` of the line.
    private func text(at range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    public var argument: CoderValue? {
        switch rest {
        case .whole(let e): e.argument
        case .members(_, let argument, _, _, _, _): argument
        }
    }
    public var session: String? {
        switch rest {
        case .whole(let e): e.session
        case .members(_, _, _, _, let session, _): session
        }
    }

    /// The callback's selector or the system event's name.
    public var name: String { callback?.rawValue ?? event?.rawValue ?? "?" }

    /// The event with the asked payloads decoded, with the reader's located errors.
    public func decoded(_ wanted: EventPayloads = .all) throws(TraceError) -> EngineEvent {
        guard let payloads else { return envelope }
        var line = TraceEvent(seq: seq, event: envelope)
        for field in EventField.allCases {
            guard let p = field.payload, wanted.contains(p), let range = payloads[p] else { continue }
            if field == .coder {
                var scanner = JSONParser(bytes: bytes, at: range.lowerBound)
                if let coder = ValueCodec.scanCoder(&scanner) {
                    line.event.coder = coder
                    continue
                }
            }
            var parser = JSONParser(bytes: bytes, at: range.lowerBound)
            var links: LineGroup.Links?
            do {
                var value = try parser.value()
                if let group, field == .hierarchy, !value.isNull, let fast = group.blueprint(in: bytes) {
                    line.event.hierarchy = fast
                    continue
                }
                if let group, field == .hierarchy, !value.isNull { (value, links) = try group.hierarchy(in: bytes) }
                if let group, field == .archive, !value.isNull { value = try group.archive(head: value, in: bytes) }
                try field.decode(value, into: &line)
            } catch let problem as DecodeProblem {
                let message = "field '\(problem.field)' \(problem.message)"
                if let (l, column) = group?.locate(problem.field, links: links, in: bytes) {
                    throw TraceError(file: file, line: l, column: column, message)
                }
                throw TraceError(file: file, line: self.line, message)
            } catch let located as TraceError {
                throw located
            } catch {
                // Checked when the line was read; not expected here.
                throw TraceError(file: file, line: self.line, "malformed JSON in '\(field.name)'")
            }
        }
        return line.event
    }

    /// The coder, read straight from the line's bytes, when it is the only one of the `wanted`
    /// payloads the line has and is in the writer's plain shape: what `decoded(wanted)` would
    /// decode, without making the whole event (most of a kilobyte) around it. A replay takes
    /// the coder of every `encode` call so (80,201 at 200×200). Nil otherwise.
    public func plainCoder(ifOnlyOneOf wanted: EventPayloads) -> [CoderEntry]? {
        guard let range = onlyPayload(.coder, of: wanted) else { return nil }
        var scanner = JSONParser(bytes: bytes, at: range.lowerBound)
        return ValueCodec.scanCoder(&scanner)
    }

    /// Checks every payload as the reader does when it reads a line whole, with its located error
    /// (the column of the member at fault); returns the event so decoded, for a caller that needs it.
    @discardableResult
    public func check() throws(TraceError) -> EngineEvent {
        do { return try decoded() } catch {
            var e = error
            if e.diagnostic.location?.column == nil, let field = Self.field(of: e.diagnostic.message) {
                let end = bytes.firstIndex(of: 0x0A) ?? bytes.count
                e.diagnostic.location?.column =
                    eventLineIsJoined ? 1 : LineGroup.column(ofMember: field, in: Array(bytes[..<end]))
            }
            throw e
        }
    }

    /// `field 'coder.Key' …` → `coder`.
    private static func field(of message: String) -> String? {
        guard message.hasPrefix("field '") else { return nil }
        let name = message.dropFirst("field '".count).prefix { $0 != "'" }
        return name.split(whereSeparator: { $0 == "." || $0 == "[" }).first.map(String.init)
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
    public func archiveKeys() throws(TraceError) -> Set<String>? { try archiveKeySet().map { Set($0.strings) } }

    /// `archiveKeys()` as the reader keeps them to check restored keys (see `ArchiveKeySet`).
    func archiveKeySet() throws(TraceError) -> ArchiveKeySet? {
        if let payloads, payloads[.archive] == nil { return nil }
        if let group, payloads?[.archive] != nil {
            if let keys = group.archiveKeys(in: bytes) { return keys }
        } else if let range = payloads?[.archive], let keys = try? Self.scanArchiveKeys(bytes, at: range.lowerBound) {
            return ArchiveKeySet(keys)
        }
        return try decoded(.archive).archive.map { ArchiveKeySet($0.entries.map(\.key)) }
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

/// Where a scanned line's plain (unescaped) path, key and receiver strings are in its bytes.
struct PlainRanges {
    var path, key, receiver: Range<Int>?
}

/// Where each payload's value is in a line; a few ranges, kept inline rather than in a dictionary.
struct PayloadRanges: Sendable {
    private var coder, result, effects, options, hierarchy, archive, activity: Range<Int>?

    subscript(_ p: EventPayloads) -> Range<Int>? {
        get {
            switch p {
            case .coder: coder
            case .result: result
            case .effects: effects
            case .options: options
            case .hierarchy: hierarchy
            case .archive: archive
            case .activity: activity
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
            case .activity: activity = newValue
            default: break
            }
        }
    }
}
