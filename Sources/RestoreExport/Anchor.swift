import RestoreEngine

/// Element ids and URL fragments for nodes, shared by the SVG and the page so links meet.
///
/// Ids use only `[A-Za-z0-9_-]` and `.XX` byte escapes, so one string is at once a valid HTML
/// id, a URL fragment that needs no percent-encoding and an XML attribute that needs no escaping.
enum Anchor {
    enum Side: String {
        case preservation = "p"
        case restoration = "r"
    }

    /// The report's anchor for a node (`node-p-Tab.2Fnav`).
    static func node(_ side: Side, _ locator: String) -> String { "node-\(side.rawValue)-" + encode(locator) }

    /// The SVG element id of a node: distinct from the page anchor so the page keeps unique ids.
    static func svg(_ side: Side, _ locator: String) -> String { "g" + node(side, locator) }

    /// The report's anchor for a scene session's card (`session-main`).
    static func session(_ id: String) -> String { "session-" + encode(id) }

    /// Locators longer than this many bytes get a shortened anchor.
    static let longLocator = 64

    /// The locator's bytes escaped; a long locator keeps its first 48 bytes and a 64-bit hash of
    /// the whole after `.Z` (a sequence `escape` never writes, so it cannot meet a short one's).
    static func encode(_ s: String) -> String {
        guard s.utf8.count > longLocator else { return escape(s.utf8) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: stable across runs and platforms
        for byte in s.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16, uppercase: true)
        return escape(s.utf8.prefix(48)) + ".Z" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func escape<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount + 8)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "."), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
