import Foundation
import RestoreEngine
import RestoreTrace

/// An `archive-written` event read for the page without decoding its archive's objects: the page
/// shows the app-level keys and how many objects there are, and a big app's archive is most of
/// its trace. Trace format 1 holds the objects in the line's `archive.entries` array: they are
/// skipped byte by byte (strings and nesting only) and counted. Format 2 has the count there and
/// one entry line per object after the event line: those lines are counted. Either way the event
/// line is decoded with an empty object list.
struct ReportArchiveLine {
    /// The event, its archive holding the app-level keys only.
    var event: EngineEvent
    /// How many objects the archive holds.
    var objects: Int

    /// Nil when the event is not in the writer's plain shape; the caller then decodes it whole.
    /// - Parameter bytes: the record's bytes (format 2: its event line and entry lines, joined by
    ///   newlines), from a line the replay has proved (see `Replayer.replay(observe:)`).
    init?(_ bytes: [UInt8]) {
        let eventEnd = Self.newline(in: bytes, from: 0) ?? bytes.count
        var s = Scanner(bytes: bytes, end: eventEnd)
        guard let entries = s.archiveEntries() else { return nil }
        let objects: Int
        switch entries.count {
        case .elements(let n):
            guard eventEnd == bytes.count else { return nil }
            objects = n
        case .lines(let announced):
            guard Self.entryLines(bytes, after: eventEnd) == announced else { return nil }
            objects = announced
        }
        let slim =
            Array(bytes[..<entries.range.lowerBound]) + Array("[]".utf8)
            + Array(bytes[entries.range.upperBound..<eventEnd])
        guard let value = try? JSONParser.parse(slim), let decoded = try? EventCodec.decode(value),
            decoded.event.archive != nil
        else { return nil }
        event = decoded.event
        self.objects = objects
    }

    /// How many lines after the event line are entry lines as the writer writes them
    /// (`{"entry":I,…}`); nil when another line (a node line) is among them.
    static func entryLines(_ bytes: [UInt8], after eventEnd: Int) -> Int? {
        let prefix = Array("{\"entry\":".utf8)
        var count = 0
        var start = eventEnd + 1
        while start < bytes.count {
            guard bytes[start...].starts(with: prefix) else { return nil }
            count += 1
            start = (newline(in: bytes, from: start) ?? bytes.count) + 1
        }
        return count
    }

    /// The index of the first newline at or after `from`: found with memchr, as an archive's
    /// lines are most of a big trace.
    static func newline(in bytes: [UInt8], from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { b -> Int? in
            guard let base = b.baseAddress, let found = memchr(base + from, 0x0A, b.count - from) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// What an archive's `entries` member says.
    enum EntriesCount {
        /// Format 1: the array's elements, counted.
        case elements(Int)
        /// Format 2: how many entry lines follow the event line.
        case lines(Int)
    }

    /// Just enough JSON to find `archive.entries` at the top level and count its elements.
    private struct Scanner {
        let bytes: [UInt8]
        /// Where the event line ends: the scan stays on it.
        let end: Int
        var i = 0

        /// The range of the `entries` value and what it says: its elements counted (format 1) or
        /// the number of entry lines that follow (format 2).
        mutating func archiveEntries() -> (range: Range<Int>, count: EntriesCount)? {
            guard let archive = member(named: "archive", inObjectAt: 0) else { return nil }
            guard let start = member(named: "entries", inObjectAt: archive) else { return nil }
            i = start
            if i < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                var n = 0
                while i < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]), n < Int.max / 20 {
                    n = n * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                    i += 1
                }
                return (start..<i, .lines(n))
            }
            guard take(UInt8(ascii: "[")) else { return nil }
            var count = 0
            space()
            if take(UInt8(ascii: "]")) { return (start..<i, .elements(0)) }
            while true {
                guard skipValue() else { return nil }
                count += 1
                space()
                if take(UInt8(ascii: "]")) { return (start..<i, .elements(count)) }
                guard take(UInt8(ascii: ",")) else { return nil }
            }
        }

        /// Where the value of `name` starts, in the object at `at`.
        mutating func member(named name: String, inObjectAt at: Int) -> Int? {
            i = at
            space()
            guard take(UInt8(ascii: "{")) else { return nil }
            let wanted = Array("\"\(name)\"".utf8)
            while true {
                space()
                let keyStart = i
                guard skipString() else { return nil }
                let isWanted = bytes[keyStart..<i].elementsEqual(wanted)
                space()
                guard take(UInt8(ascii: ":")) else { return nil }
                space()
                if isWanted { return i }
                guard skipValue() else { return nil }
                space()
                guard take(UInt8(ascii: ",")) else { return nil }
            }
        }

        mutating func space() {
            while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D {
                i += 1
            }
        }

        mutating func take(_ b: UInt8) -> Bool {
            guard i < end, bytes[i] == b else { return false }
            i += 1
            return true
        }

        mutating func skipString() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while i < end {
                switch bytes[i] {
                case UInt8(ascii: "\\"): i += 2
                case UInt8(ascii: "\""):
                    i += 1
                    return true
                default: i += 1
                }
            }
            return false
        }

        /// Skips any value: strings whole, objects and arrays by their nesting.
        mutating func skipValue() -> Bool {
            guard i < end else { return false }
            switch bytes[i] {
            case UInt8(ascii: "\""): return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while i < end {
                    switch bytes[i] {
                    case UInt8(ascii: "\""):
                        guard skipString() else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            i += 1
                            return true
                        }
                    default: break
                    }
                    i += 1
                }
                return false
            default:
                while i < end, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[i]) {
                    i += 1
                }
                return true
            }
        }
    }
}
