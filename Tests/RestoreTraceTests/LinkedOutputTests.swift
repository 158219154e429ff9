import Foundation
import RestoreTestSupport
import Testing

@testable import RestoreTrace

/// An output path that is a symbolic link to a regular file: the file the link names gets the
/// new bytes and the link stays a link (as with the shell's `>`), instead of the link being
/// replaced by a copy.
@Suite struct LinkedOutputTests {
    private static func write(_ text: String, to path: String) throws {
        let file = try AtomicFileWriter(path: path)
        file.write(text)
        try file.commit()
    }

    private static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `real.jsonl` holding "old", and `link.jsonl` naming it.
    private static func linkToAFile(in folder: URL) throws -> (real: String, link: String) {
        let real = folder.appendingPathComponent("real.jsonl").path
        let link = folder.appendingPathComponent("link.jsonl").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        return (real, link)
    }

    @Test func aLinkToAFileUpdatesTheFileAndStaysALink() throws {
        let folder = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (real, link) = try Self.linkToAFile(in: folder)
        try Self.write("new\n", to: link)
        #expect(Self.contents(real) == "new\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == real)
        #expect(!FileManager.default.fileExists(atPath: real + ".partial"))
        #expect(!FileManager.default.fileExists(atPath: link + ".partial"))
    }

    /// A relative link target is taken from the link's folder, through a chain of two links.
    @Test func aRelativeChainOfLinksIsFollowedFromEachLinksFolder() throws {
        let folder = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sub = folder.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
        let real = sub.appendingPathComponent("real.jsonl").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: real))
        let inner = sub.appendingPathComponent("inner").path
        try FileManager.default.createSymbolicLink(atPath: inner, withDestinationPath: "real.jsonl")
        let outer = folder.appendingPathComponent("outer").path
        try FileManager.default.createSymbolicLink(atPath: outer, withDestinationPath: "sub/inner")
        try Self.write("new\n", to: outer)
        #expect(Self.contents(real) == "new\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: outer)) == "sub/inner")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: inner)) == "real.jsonl")
    }

    /// A link to a file that does not exist yet creates that file, as `>` does.
    @Test func aDanglingLinkCreatesTheFileItNames() throws {
        let folder = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("later.jsonl").path
        let link = folder.appendingPathComponent("link.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        try Self.write("made\n", to: link)
        #expect(Self.contents(real) == "made\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == real)
    }

    /// A failed run leaves the linked file as it was and no partial file anywhere.
    @Test func aDiscardedWriteLeavesTheLinkedFileAlone() throws {
        let folder = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (real, link) = try Self.linkToAFile(in: folder)
        let file = try AtomicFileWriter(path: link)
        file.write("half")
        file.discard()
        #expect(Self.contents(real) == "old\n")
        #expect(!FileManager.default.fileExists(atPath: real + ".partial"))
    }
}
