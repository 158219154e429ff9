import Foundation

/// The one way restoretrace hands a property list to Foundation: UIKit's archives, the scene
/// sessions' files and the app's Info.plist all come through here.
///
/// `PropertyListSerialization` turns a whole file into Swift values at once, before any limit of
/// ours applies, so what it is given must be safe to turn:
/// - a binary plist (any `bplist0?` header: Foundation reads every one) is walked first by
///   `BinaryPlistScan`, which refuses a set (a crash in Foundation) and a shared-object bomb (a
///   hang that grows by gigabytes);
/// - a text plist must be XML (UIKit writes binary; `plutil -convert xml1` writes XML; nothing of
///   Apple's writes the old OpenStep text, which Foundation parses at about 60 bytes of memory per
///   byte of file: 16 MB took 962 MB) and at most `limit` bytes (XML takes about 17: 60 MB took
///   1.0 GB).
public enum PropertyListGate {
    /// Why a property list was not handed to Foundation, or what Foundation said of it.
    public enum Refusal: Error, Equatable {
        /// A binary plist that is damaged, or holds what UIKit never writes (the scan's words).
        case binary(message: String, hint: String)
        /// Text that is not XML: OpenStep, or not a property list at all.
        case notXML
        /// An XML plist over the size this caller allows.
        case xmlTooBig(bytes: Int, limit: Int)
        /// XML that does not parse: Foundation's description, which names the line, if it gave one.
        case xml(String?)
    }

    /// The value the property list in `bytes` holds.
    /// - Parameter xmlLimit: the largest XML plist read, in bytes.
    public static func value(of bytes: [UInt8], xmlLimit: Int) throws(Refusal) -> Any {
        let binary = bytes.starts(with: Array("bplist".utf8))
        if binary {
            if let problem = BinaryPlistScan.problem(in: bytes) {
                throw .binary(message: problem.message, hint: problem.hint)
            }
        } else {
            guard looksLikeXML(bytes) else { throw .notXML }
            guard bytes.count <= xmlLimit else { throw .xmlTooBig(bytes: bytes.count, limit: xmlLimit) }
        }
        do {
            return try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            if binary {
                throw .binary(
                    message: "is a damaged or truncated binary property list (\(bytes.count) bytes)",
                    hint: "copy the file again; it may have been cut short while it was written or copied")
            }
            throw .xml((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String)
        }
    }

    /// Whether the bytes start, past white space and a byte-order mark, as an XML document does.
    static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i < bytes.count && bytes[i] == UInt8(ascii: "<")
    }

    /// The line Foundation's description of an XML error names ("… on line 12"), if any.
    public static func line(in description: String) -> Int? {
        guard let range = description.range(of: "line ") else { return nil }
        return Int(description[range.upperBound...].prefix { $0.isNumber })
    }
}
