import Foundation
import RestoreEngine

/// Reading one event: its event line and, in trace format 2, the node and entry lines after it.
extension TraceReader {
    /// An event as read: its event line, its bytes (format 2: the event line and its group's
    /// lines, joined by newlines), the group, and the line scanned or parsed.
    struct EventLines {
        var line: TraceLine
        var bytes: [UInt8]
        var group: LineGroup?
        /// The event line in the writer's shape, read lazily (nil for any other shape).
        var scanned: RecordedEvent?
        /// The event line as JSON, when it was parsed to find its group.
        var value: JSONValue?
    }

    /// What a format-2 line is, from its first member: an event, a node or an entry line.
    enum LineKind: Equatable {
        case event, node, entry
    }

    static func kind(of bytes: [UInt8], from start: Int = 0) -> LineKind {
        // The writer's lines start with their first key as it is: no parser needed for them
        // (every line of a trace is asked, 1 % of a replay). Anything else is parsed.
        for (prefix, kind) in prefixes where bytes.count - start >= prefix.count {
            if bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress! + start, prefix, prefix.count) == 0 }) {
                return kind
            }
        }
        var p = JSONParser(bytes: bytes, at: start)
        var first = true
        guard (try? p.enterObject()) != nil, let name = try? p.nextMemberKey(first: &first) else { return .event }
        if p.bytes(name, are: "node") { return .node }
        if p.bytes(name, are: "entry") { return .entry }
        return .event
    }

    private static let prefixes: [([UInt8], LineKind)] = [
        (Array(#"{"node":"#.utf8), .node), (Array(#"{"entry":"#.utf8), .entry),
        (Array("{\"\(EventField.seq.name)\":".utf8), .event),
    ]

    /// The next event's lines, or nil at the end of the file.
    func readEvent() throws(TraceError) -> EventLines? {
        guard cutOff == nil else { return nil }
        let next: TraceLine?
        do { next = try source.next() } catch  where error.isCutOff { return cut(error) }
        guard let line = next else {
            // `record` streams into NAME.partial and renames it when it is done
            // (`AtomicFileWriter`): one left behind (the recording was killed, or the machine
            // went down) is cut off at its end, often between two lines, where no line shows it.
            guard file.hasSuffix(AtomicFileWriter.partialSuffix) else { return nil }
            return cut(
                .cutOff(
                    file: file, line: lineNumber + 1,
                    "the file is a recording that did not finish: record writes NAME\(AtomicFileWriter.partialSuffix) and renames it to NAME when it is done",
                    hint:
                        "the recording was stopped before it ended: record it again; the events before line \(lineNumber + 1) were read"
                ))
        }
        setLineNumber(line.number)
        let scanned = RecordedEvent.scan(line.bytes, file: file, line: line.number, joined: line.isJoined)
        // The file's last line without its newline, and not JSON: cut off where it was written.
        if line.unterminated, scanned == nil {
            do { _ = try JSONParser.parse(line.bytes) } catch {
                let failure = TraceError.malformedJSON(error, file: file, line: line.number, unterminated: true)
                if failure.isCutOff { return cut(failure) }
                throw failure
            }
        }
        guard formatVersion >= 2 else { return EventLines(line: line, bytes: line.bytes, scanned: scanned) }
        // A line `scan` read is an event line: its first key is an event member, never `node`
        // or `entry` (asking again was ~110 instructions a line).
        let kind = scanned != nil ? .event : Self.kind(of: line.bytes)
        guard kind == .event else {
            let what = kind == .node ? "node" : "entry"
            throw TraceError(
                file: file, line: line.number, column: 1,
                "a\(kind == .entry ? "n" : "") \(what) line with no event: event \(expectedSeq - 1)'s lines are complete before it",
                hint: "\(what) lines follow the event line that counts them; was the file edited or a line deleted?")
        }
        var read = EventLines(line: line, bytes: line.bytes, scanned: scanned)
        let heads: (hierarchy: JSONValue?, archive: JSONValue?)
        if let scanned {
            heads = scanned.groupHeads()
        } else {
            // Not the writer's shape: the whole line is decoded later; a line that is not JSON
            // is reported there, as in format 1.
            guard let value = try? JSONParser.parse(line.bytes) else { return read }
            read.value = value
            heads = (value[EventField.hierarchy.name], value[EventField.archive.name])
        }
        let counts: (nodes: Int, entries: Int)
        do { counts = try LineGroup.counts(hierarchy: heads.hierarchy, archive: heads.archive) } catch {
            throw TraceError(
                file: file, line: line.number,
                column: line.isJoined ? 1 : LineGroup.column(ofMember: error.field, in: line.bytes),
                "field '\(error.field)' \(error.message)")
        }
        guard LineGroup.present(heads.hierarchy) || LineGroup.present(heads.archive) else { return read }
        var group = LineGroup(file: file)
        // Sized once (see `extent`), from the lines the file has: the counts are not checked yet.
        let (nodes, entries) = counts
        let extent = source.extent(ofLines: nodes > Int.max - entries ? Int.max : nodes + entries)
        read.bytes.reserveCapacity(read.bytes.count + extent.bytes)
        group.nodes.reserveCapacity(min(nodes, extent.lines))
        group.entries.reserveCapacity(min(entries, extent.lines - min(nodes, extent.lines)))
        let seq = scanned.map { "event \($0.seq)" } ?? "the event on line \(line.number)"
        for (kind, count) in [(LineKind.node, counts.nodes), (.entry, counts.entries)] {
            let what = kind == .node ? "node" : "entry"
            for i in 0..<count {
                read.bytes.append(0x0A)
                let start = read.bytes.count
                let member: TraceLine?
                do { member = try source.next(appendingTo: &read.bytes) } catch  where error.isCutOff {
                    return cut(error)
                }
                // A member line cut off where it was written, and not JSON: the end of the trace.
                if let member, member.unterminated {
                    do { _ = try JSONParser.parse(Array(read.bytes[start...])) } catch {
                        let failure = TraceError.malformedJSON(
                            error, file: file, line: member.number, unterminated: true)
                        if failure.isCutOff { return cut(failure) }
                        throw failure
                    }
                }
                guard let member else {
                    return cut(
                        .cutOff(
                            file: file, line: line.number,
                            "the trace ends inside \(seq): it announces \(count) \(what) lines and \(i) follow it",
                            hint: "the recording was cut off; the events before line \(line.number) were read"))
                }
                guard Self.kind(of: read.bytes, from: start) == kind else {
                    throw TraceError(
                        file: file, line: member.number, column: 1,
                        "\(seq) on line \(line.number) announces \(count) \(what) lines, but only \(i) follow it: this line is not a\(kind == .entry ? "n" : "") \(what) line",
                        hint:
                            "a \(what) count that does not match its lines: was the file edited or cut, or did a recording go on after one was killed mid-write?"
                    )
                }
                let m = LineGroup.Member(
                    range: start..<read.bytes.count, line: member.number, unterminated: member.unterminated)
                if kind == .node { group.nodes.append(m) } else { group.entries.append(m) }
            }
        }
        read.group = group
        read.scanned = scanned?.grouped(bytes: read.bytes, group: group)
        return read
    }

    /// The file ends inside an event: the trace ends before it (SPEC §4).
    private func cut(_ error: TraceError) -> EventLines? {
        cutOff = error
        Self.onCutOff?(error)
        return nil
    }
}
