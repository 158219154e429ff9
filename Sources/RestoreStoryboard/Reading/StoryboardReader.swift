import Foundation
import RestoreEngine

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads `.storyboard` files: the XML Interface Builder writes, every document version from
/// Xcode 4.6 (`version="2.0"`) to today's (`3.0`).
///
/// Streaming: `XMLParser` hands each element over once and only what restoration depends on is
/// kept (scenes, controllers, identifiers, segues, views with a restoration identifier), so a
/// large storyboard never exists as a tree in memory. Problems are collected over the whole
/// file and thrown together, each with its line and column.
public enum StoryboardReader {
    /// Reads the storyboard at `path`.
    /// - Parameter path: the file, as the user typed it; problems are reported against it.
    /// - Throws: `StoryboardError`: the file cannot be read, is not XML, is not an iOS
    ///   storyboard, or refers to objects it does not contain.
    public static func read(path: String) throws(StoryboardError) -> StoryboardDocument {
        // `-` is standard input (SPEC §6), named so in messages.
        if path == "-" {
            let input = StandardInput.read(upTo: maximumBytes)
            if input.overflowed { throw tooBig("<stdin>") }
            return try parse(Data(input.bytes), file: "<stdin>")
        }
        var isDirectory: ObjCBool = false
        // Xcode compiles Main.storyboard into the folder Main.storyboardc inside the app.
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
            path.split(separator: "/").last?.hasSuffix(".storyboardc") == true
        {
            throw StoryboardError(at: SourceLocation(file: path), message: compiledMessage("a .storyboardc folder"))
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            let handle = FileHandle(forReadingAtPath: path)
        else {
            let reason =
                !FileManager.default.fileExists(atPath: path)
                ? "no such file"
                : isDirectory.boolValue
                    ? "it is a directory; give the storyboards in it, such as '\(path.hasSuffix("/") ? path : path + "/")*.storyboard'"
                    : "it cannot be read"
            throw StoryboardError(at: SourceLocation(file: path), message: "cannot read the storyboard: \(reason)")
        }
        defer { try? handle.close() }
        // Read only as far as a storyboard may go: a device (`/dev/zero`) has no size to check first.
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            // Not "the file is empty": say what the system said.
            throw StoryboardError(
                at: SourceLocation(file: path), message: "cannot read the storyboard: \(error.localizedDescription)")
        }
        if data.count > maximumBytes { throw tooBig(path) }
        return try parse(data, file: path)
    }

    /// The largest storyboard read: Interface Builder's biggest are a few megabytes.
    public static let maximumBytes = 128 << 20

    private static func tooBig(_ file: String) -> StoryboardError {
        StoryboardError(
            at: SourceLocation(file: file),
            message:
                "runs past the \(maximumBytes >> 20) MB a storyboard may have; is this the right file? (split a storyboard this large in Xcode: Editor › Refactor to Storyboard)"
        )
    }

    /// Parses storyboard XML already in memory.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the name to report problems against; the storyboard's name is its last path
    ///     component without `.storyboard`.
    public static func parse(_ data: Data, file: String) throws(StoryboardError) -> StoryboardDocument {
        if let compiled = compiledStoryboardProblem(data, file: file) { throw compiled }
        if let encoding = declaredEncodingProblem(data, file: file) { throw encoding }
        if let found = StoryboardPrescan.firstProblem(in: data) {
            let message =
                switch found.problem {
                case .doctype:
                    "the file has a DOCTYPE (a DTD), which Interface Builder never writes in a storyboard; is this the right file? Its entities are not expanded, and no file they name is read"
                case .crowdedElement:
                    "an element here has over \(StoryboardPrescan.maximumAttributes) attributes, which Interface Builder never writes (a few dozen at most); is the file generated or damaged?"
                }
            throw StoryboardError(
                at: SourceLocation(file: file, line: found.line, column: found.column), message: message)
        }
        let collector = StoryboardCollector(file: file, bytes: data)
        let parser = XMLParser(data: data)
        parser.delegate = collector
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let finished = parser.parse()
        if let syntax = collector.syntaxProblem {
            throw StoryboardError(problems: [syntax])
        }
        if !finished {
            throw StoryboardError(
                at: collector.currentLocation(parser),
                message: "the storyboard is not well-formed XML; open it in Xcode or check it with 'xmllint'")
        }
        return try collector.finish()
    }

    /// The storyboard name UIKit uses for a file: `Base.lproj/Main.storyboard` → `Main`.
    public static func storyboardName(forFile file: String) -> String {
        var name = Substring(file.split(separator: "/").last ?? Substring(file))
        if name.hasSuffix(".storyboard") { name = name.dropLast(".storyboard".count) }
        return String(name)
    }

    /// Xcode writes storyboards as UTF-8. Another declared encoding goes to libxml2's converters,
    /// and a mutated file declaring UTF-7 crashed the process inside libxml2 (found by
    /// restoretrace-fuzz): such a file is refused before it is parsed, at the encoding's name.
    private static func declaredEncodingProblem(_ data: Data, file: String) -> StoryboardError? {
        let head = Array(data.prefix(256))
        guard head.starts(with: Array("<?xml".utf8)), let end = find(Array("?>".utf8), in: head),
            let key = find(Array("encoding=".utf8), in: Array(head[..<end]))
        else { return nil }
        let quote = key + "encoding=".utf8.count
        guard quote < end, head[quote] == UInt8(ascii: "\"") || head[quote] == UInt8(ascii: "'") else { return nil }
        let valueEnd = head[(quote + 1)..<end].firstIndex(of: head[quote]) ?? end
        let name = String(decoding: head[(quote + 1)..<valueEnd], as: UTF8.self)
        guard !["utf-8", "utf8"].contains(name.lowercased()) else { return nil }
        let line = head[..<quote].filter { $0 == 0x0A }.count + 1
        let lineStart = head[..<quote].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return StoryboardError(
            at: SourceLocation(file: file, line: line, column: quote - lineStart + 2),
            message:
                "the storyboard declares the encoding '\(name)'; storyboards are UTF-8 (Xcode writes encoding=\"UTF-8\"): save it as UTF-8"
        )
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func compiledMessage(_ what: String) -> String {
        "this is a compiled storyboard (\(what)), which restoretrace cannot read; pass the .storyboard source file from the project instead"
    }

    /// A `.storyboardc` is a folder of compiled nibs and a binary plist: say so instead of an XML error.
    private static func compiledStoryboardProblem(_ data: Data, file: String) -> StoryboardError? {
        if data.starts(with: Array("bplist".utf8)) {
            return StoryboardError(at: SourceLocation(file: file), message: compiledMessage("binary plist"))
        }
        if data.isEmpty {
            return StoryboardError(
                at: SourceLocation(file: file), message: "the file is empty; a storyboard is Interface Builder XML")
        }
        return nil
    }
}
