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
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 8)
        appendEncoded(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `node(side, locator)` appended as bytes, for the node rows written straight to bytes.
    static func appendNode(_ side: Side, _ locator: String, to out: inout [UInt8]) {
        out.appendMarkup("node-")
        out.append(side == .preservation ? UInt8(ascii: "p") : UInt8(ascii: "r"))
        out.append(UInt8(ascii: "-"))
        appendEncoded(locator, to: &out)
    }

    /// `encode(s)` appended as bytes.
    static func appendEncoded(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { bytes in
            guard bytes.count > longLocator else {
                escape(bytes, to: &out)
                return
            }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: stable across runs and platforms
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            escape(UnsafeBufferPointer(rebasing: bytes.prefix(48)), to: &out)
            out.append(UInt8(ascii: "."))
            out.append(UInt8(ascii: "Z"))
            for shift in stride(from: 60, through: 0, by: -4) {
                out.append(hexDigits[Int((hash >> UInt64(shift)) & 0xF)])
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func escape(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "."))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            }
        }
    }
}
