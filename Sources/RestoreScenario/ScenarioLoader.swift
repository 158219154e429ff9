import Foundation
import RestoreEngine

/// Reads a scenario file from disk and parses it.
public enum ScenarioLoader {
    /// Loads and validates the scenario at `path`.
    /// - Parameter path: the file, as the user typed it; problems are reported against this name.
    /// - Throws: `ScenarioError`: the file cannot be read, is not UTF-8, or has problems.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        // The bytes are let go once they are text, and the text once it is a tree: the parse
        // does not need both copies, and the reader does not need the text.
        try ScenarioParser.parse(text(path: path), file: path == "-" ? "<stdin>" : path)
    }

    /// The file's text, checked to be UTF-8.
    private static func text(path: String) throws(ScenarioError) -> String {
        let data: Data
        if path == "-" {
            let input = StandardInput.read(upTo: ScenarioLimits.maximumFileBytes)
            if input.overflowed {
                throw ScenarioError(
                    file: "<stdin>",
                    message:
                        "standard input runs past the \(ScenarioLimits.maximumFileBytes / 1_048_576) MB a scenario may have; is this the right input?"
                )
            }
            data = Data(input.bytes)
        } else {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
            if size > ScenarioLimits.maximumFileBytes {
                throw ScenarioError(
                    file: path,
                    message:
                        "the scenario is \(size / 1_048_576) MB, over the \(ScenarioLimits.maximumFileBytes / 1_048_576) MB a scenario may have; split the app into smaller scenarios"
                )
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let handle = FileHandle(forReadingAtPath: path)
            {
                // Read only as far as a scenario may go: a device or a pipe (`/dev/zero`) has no
                // size to check first.
                defer { try? handle.close() }
                data = (try? handle.read(upToCount: ScenarioLimits.maximumFileBytes + 1)) ?? Data()
                if data.count > ScenarioLimits.maximumFileBytes {
                    throw ScenarioError(
                        file: path,
                        message:
                            "the scenario runs past the \(ScenarioLimits.maximumFileBytes / 1_048_576) MB a scenario may have; is this the right file?"
                    )
                }
            } else {
                do {
                    data = try Data(contentsOf: URL(fileURLWithPath: path))
                } catch {
                    throw ScenarioError(file: path, message: "cannot read the scenario: \(reason(error, path: path))")
                }
            }
        }
        return try text(data: data, file: path == "-" ? "<stdin>" : path)
    }

    /// Parses a scenario's bytes: UTF-8 is checked first, and the first bad byte is located.
    public static func parse(data: Data, file: String) throws(ScenarioError) -> Scenario {
        try ScenarioParser.parse(text(data: data, file: file), file: file)
    }

    /// The bytes as text; the first byte that is not UTF-8 is located.
    private static func text(data: Data, file: String) throws(ScenarioError) -> String {
        if let other = otherKind(data, file: file) {
            throw ScenarioError(file: file, line: 1, column: 1, message: other)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let bytes = Array(data)
            let offset = firstInvalidUTF8Offset(in: bytes)
            let line = bytes[..<offset].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
            let byte = JSONCompatibility.hexDigits(Int(bytes[offset]), width: 2)
            throw ScenarioError(
                file: file, line: line, column: column,
                message:
                    "the scenario is not UTF-8 text: byte 0x\(byte) here (offset \(offset)) is not valid UTF-8; save the file as UTF-8"
            )
        }
        return text
    }

    /// What to do with a file of another of the tool's kinds given where a scenario goes (a trace,
    /// UIKit's archive, a storyboard, an Info.plist), instead of the YAML error it would get.
    static func otherKind(_ data: Data, file: String) -> String? {
        let head = String(decoding: data.prefix(512), as: UTF8.self)
        let name = file == "<stdin>" ? "-" : file
        if head.hasPrefix("{\"format\":\"restoretrace-trace/") {
            return
                "this is a restoretrace trace, not a scenario: replay it (restoretrace replay \(name)), or give record the scenario it was recorded from"
        }
        if data.starts(with: Array("bplist00".utf8)) {
            return
                "this is a binary property list (UIKit's restoration archive?), not a scenario: print it with restoretrace archive \(name), or relaunch a scenario against it with restoretrace record SCENARIO --archive \(name)"
        }
        // XML: a scenario is a YAML mapping or a JSON object, never text starting with `<`.
        guard head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<") else { return nil }
        if head.contains("<document type=\"com.apple.InterfaceBuilder") {
            // The smallest scenario that records it, to write beside it: a user starts from their
            // own Main.storyboard, and the schema alone does not say which three keys do it.
            let fileName = file == "<stdin>" ? "Main.storyboard" : URL(fileURLWithPath: file).lastPathComponent
            let storyboard = fileName.hasSuffix(".storyboard") ? String(fileName.dropLast(11)) : fileName
            return
                "this is a storyboard, not a scenario: lint it (restoretrace lint \(name)), or record it as the app's main storyboard from a scenario beside it, such as: name: \(storyboard), app: {mainStoryboard: \(storyboard)}, storyboards: {\(storyboard): \(fileName)} (one key a line; restoretrace schema scenario lists the others, such as ui and timeline)"
        }
        if head.contains("<!DOCTYPE plist") || head.contains("<plist") {
            return
                "this is a property list, not a scenario: an app's Info.plist goes in a scenario as app: {infoPlist: \(name)}; UIKit's archive is read with restoretrace archive \(name)"
        }
        return nil
    }

    /// A short reason, without Foundation's long localized sentences that repeat the path.
    private static func reason(_ error: Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return (error as NSError).localizedDescription
    }

    /// The byte offset where UTF-8 decoding first fails.
    private static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return offset
            case .error: return offset
            }
        }
    }
}
