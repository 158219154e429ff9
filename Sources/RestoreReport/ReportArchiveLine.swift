import RestoreEngine
import RestoreTrace

/// An `archive-written` line read for the page without decoding its archive's objects: the page
/// shows the app-level keys and how many objects there are, and a big app's archive is most of
/// its trace. The objects are skipped byte by byte (strings and nesting only), counted, and the
/// line decoded with an empty object list.
struct ReportArchiveLine {
    /// The event, its archive holding the app-level keys only.
    var event: EngineEvent
    /// How many objects the archive holds.
    var objects: Int

    /// Nil when the line is not in the writer's plain shape; the caller then decodes it whole.
    init?(_ bytes: [UInt8]) {
        var s = Scanner(bytes: bytes)
        guard let entries = s.archiveEntries() else { return nil }
        let slim =
            Array(bytes[..<entries.range.lowerBound]) + Array("[]".utf8) + Array(bytes[entries.range.upperBound...])
        guard let value = try? JSONParser.parse(slim), let decoded = try? EventCodec.decode(value),
            decoded.event.archive != nil
        else { return nil }
        event = decoded.event
        objects = entries.count
    }

    /// Just enough JSON to find `archive.entries` at the top level and count its elements.
    private struct Scanner {
        let bytes: [UInt8]
        var i = 0

        /// The range of the `entries` array's value and its element count.
        mutating func archiveEntries() -> (range: Range<Int>, count: Int)? {
            guard let archive = member(named: "archive", inObjectAt: 0) else { return nil }
            guard let start = member(named: "entries", inObjectAt: archive) else { return nil }
            i = start
            guard take(UInt8(ascii: "[")) else { return nil }
            var count = 0
            space()
            if take(UInt8(ascii: "]")) { return (start..<i, 0) }
            while true {
                guard skipValue() else { return nil }
                count += 1
                space()
                if take(UInt8(ascii: "]")) { return (start..<i, count) }
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
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D {
                i += 1
            }
        }

        mutating func take(_ b: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == b else { return false }
            i += 1
            return true
        }

        mutating func skipString() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while i < bytes.count {
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
            guard i < bytes.count else { return false }
            switch bytes[i] {
            case UInt8(ascii: "\""): return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while i < bytes.count {
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
                while i < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[i]) {
                    i += 1
                }
                return true
            }
        }
    }
}
