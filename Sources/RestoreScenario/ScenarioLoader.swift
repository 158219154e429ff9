import Foundation

/// Reads a scenario file from disk and parses it.
public enum ScenarioLoader {
    /// Loads and validates the scenario at `path`.
    /// - Parameter path: the file, as the user typed it; problems are reported against this name.
    /// - Throws: `ScenarioError`: the file cannot be read, is not UTF-8, or has problems.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ScenarioError(file: path, message: "cannot read the scenario: \(reason(error, path: path))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let offset = firstInvalidUTF8Offset(in: Array(data))
            throw ScenarioError(
                file: path,
                message:
                    "cannot read the scenario: it is not UTF-8 text (first bad byte at offset \(offset)); save it as UTF-8"
            )
        }
        return try ScenarioParser.parse(text, file: path)
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
