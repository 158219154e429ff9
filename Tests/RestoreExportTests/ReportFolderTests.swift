import Foundation
import Testing

@testable import RestoreExport

/// The report folder is replaced whole, in one step, and a killed run's leftovers are cleaned up.
@Suite struct ReportFolderTests {
    static func parentDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "restoretrace-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func anExistingReportIsReplacedWholeAndNothingIsLeftBeside() throws {
        let parent = try Self.parentDirectory()
        let report = parent.appendingPathComponent("r")
        try AtomicFolderWrite(directory: report).write(["index.html": Data("old".utf8)])
        try AtomicFolderWrite(directory: report).write([
            "index.html": Data("new".utf8), "hierarchy.svg": Data("<svg/>".utf8),
        ])
        #expect(try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["r"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: report.path).sorted() == [
                "hierarchy.svg", "index.html",
            ])
    }

    @Test func aKilledRunsTemporaryFolderIsRemovedByTheNextRun() throws {
        let parent = try Self.parentDirectory()
        // What a run killed mid-write leaves: a temporary sibling named after a process that is gone.
        let dead = Int32.max - 7
        let leftover = parent.appendingPathComponent(".r.\(AtomicFolderWrite.temporaryMarker)-\(dead)-1")
        try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: false)
        try Data("half".utf8).write(to: leftover.appendingPathComponent("index.html"))
        try AtomicFolderWrite(directory: parent.appendingPathComponent("r")).write(["index.html": Data("x".utf8)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["r"])
    }

    @Test func aFolderWithOtherFilesIsNotReplaced() throws {
        let parent = try Self.parentDirectory()
        try Data("mine".utf8).write(to: parent.appendingPathComponent("notes.txt"))
        #expect(throws: ExportError.self) {
            try AtomicFolderWrite(directory: parent).write(["index.html": Data("x".utf8)])
        }
        #expect(try String(contentsOf: parent.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["notes.txt"])
    }
}
