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
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            var isDirectory: ObjCBool = false
            let reason =
                !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                ? "no such file" : isDirectory.boolValue ? "it is a directory" : "it cannot be read"
            throw StoryboardError(at: SourceLocation(file: path), message: "cannot read the storyboard: \(reason)")
        }
        return try parse(data, file: path)
    }

    /// Parses storyboard XML already in memory.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the name to report problems against; the storyboard's name is its last path
    ///     component without `.storyboard`.
    public static func parse(_ data: Data, file: String) throws(StoryboardError) -> StoryboardDocument {
        if let compiled = compiledStoryboardProblem(data, file: file) { throw compiled }
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

    /// A `.storyboardc` is a folder of compiled nibs and a binary plist: say so instead of an XML error.
    private static func compiledStoryboardProblem(_ data: Data, file: String) -> StoryboardError? {
        if data.starts(with: Array("bplist".utf8)) {
            return StoryboardError(
                at: SourceLocation(file: file),
                message:
                    "this is a compiled storyboard (binary plist), which restoretrace cannot read; pass the .storyboard source file from the project instead"
            )
        }
        if data.isEmpty {
            return StoryboardError(
                at: SourceLocation(file: file), message: "the file is empty; a storyboard is Interface Builder XML")
        }
        return nil
    }
}
