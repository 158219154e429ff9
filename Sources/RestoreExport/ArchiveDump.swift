import RestoreEngine

/// Prints a restoration archive the way Apple's `restorationArchiveTool` does: the restoration
/// class map, the top-level keys, then one block per preserved object.
public enum ArchiveDump {
    /// The dump of the last archive written in a trace, or nil if none was.
    public static func text(events: [EngineEvent]) -> String? {
        events.last { $0.event == .archiveWritten && $0.archive != nil }?.archive.map(text)
    }

    /// The dump of one archive, in the layout of restorationArchiveTool's published output
    /// (CAPTURE.md §1.6): the class map, `Top Level` with the archive version keys first, then one
    /// block per object; in each block the values follow dot leaders to one column, three dots
    /// past the longest key. Deterministic: the class map is sorted, everything else keeps archive order.
    public static func text(_ archive: Archive) -> String {
        var out = "Restoration class map is {\n"
        for (key, className) in archive.restorationClassMap.sorted(by: { $0.key < $1.key }) {
            out += "    \(quoted(key)) = \(quoted(className));\n"
        }
        out += "}\nTop Level\n---------\n"
        // The engine's own archives are version 2.1 and do not store it; UIKit's do.
        var top: [(String, String)] = []
        for (key, version) in [(majorVersionKey, "2"), (minorVersionKey, "1")]
        where archive.appLevelValue(key) == nil {
            top.append((key, version))
        }
        top += archive.appLevel.map { (topLevelName($0.key), topLevelValue($0)) }
        out += block(top)
        for e in archive.entries {
            out += "[\(kindName(e.kind))] \(bare(e.key)) (Class: \(bare(e.className)))\n"
            out += block(e.coder.map { ($0.key, describe($0.value, indent: 1)) })
        }
        return out
    }

    static let majorVersionKey = "kUIStateRestorationArchiveMajorVersionKey"
    static let minorVersionKey = "kUIStateRestorationArchiveMinorVersionKey"

    /// `    key.....value` lines, the values in one column.
    static func block(_ lines: [(key: String, value: String)]) -> String {
        let keys = lines.map { bare($0.key) }
        let width = (keys.map(\.count).max() ?? 0) + 3
        return zip(keys, lines).map { key, line in
            "    " + key + String(repeating: ".", count: width - key.count) + line.value + "\n"
        }.joined()
    }

    /// UIKit's constants are named `…Key`; their string values, which the tool prints, are not.
    static func topLevelName(_ key: String) -> String {
        ReservedKeys.appLevel.contains(key) && key.hasSuffix("Key") ? String(key.dropLast(3)) : key
    }

    static func topLevelValue(_ entry: CoderEntry) -> String {
        if entry.key == ReservedKeys.userInterfaceIdiom { return CoderText.idiom(entry.value) }
        return describe(entry.value, indent: 1)
    }

    static func kindName(_ kind: NodeKind) -> String {
        switch kind {
        case .viewController: "View Controller"
        case .view: "View"
        case .object: "Object"
        }
    }

    /// `NSObject -description` style: strings bare at the top, quoted inside collections.
    static func describe(_ value: CoderValue, indent: Int, nested: Bool = false) -> String {
        let pad = String(repeating: "    ", count: indent)
        switch value {
        case .string(let s): return nested ? quoted(s) : bare(s)
        case .int(let i): return String(i)
        case .double(let d): return CoderValue.format(d)
        case .bool(let b): return b ? "Yes" : "No"
        case .data(let bytes):
            var hex = ""
            for (i, b) in bytes.enumerated() {
                if i > 0, i % 4 == 0 { hex += " " }
                hex += String(b, radix: 16).count == 1 ? "0" + String(b, radix: 16) : String(b, radix: 16)
            }
            return "<\(hex)>"
        case .date(let t): return CoderText.date(t)
        case .reference(let key):
            return nested ? quoted("Object Identifier Proxy: " + key) : "Object Identifier Proxy: " + bare(key)
        case .array(let items):
            if items.isEmpty { return "( )" }
            let inner = items.map { pad + "    " + describe($0, indent: indent + 1, nested: true) }
            return "(\n" + inner.joined(separator: ",\n") + "\n" + pad + ")"
        case .dictionary(let map):
            if map.isEmpty { return "{ }" }
            let inner = map.keys.sorted().map {
                pad + "    " + "\(bare($0)) = " + describe(map[$0]!, indent: indent + 1, nested: true) + ";"
            }
            return "{\n" + inner.joined(separator: "\n") + "\n" + pad + "}"
        }
    }

    /// A string printed bare (a key, a class name, a top-level string value) with its line breaks
    /// written as `\n` and `\r`: the listing's layout is its lines, and a name holding a line
    /// break could otherwise print a `[View Controller] …` block or a key line of its own.
    public static func bare(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return s }
        return s.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Quotes like `NSString` in a collection's description.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if ch.value < 0x20 || ch.value == 0x7F {
                    out += "\\U" + Escape.hex4(ch.value)
                } else {
                    out.unicodeScalars.append(ch)
                }
            }
        }
        return out + "\""
    }
}
