import Foundation
import RestoreWeb
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

    /// A page and a drawing as a report writes them, as far as the folder check reads them.
    static func page(_ text: String) -> Data {
        Data(("<!doctype html>\n" + String(decoding: AtomicFolderWrite.pageMark, as: UTF8.self) + "\n" + text).utf8)
    }
    static let drawing = Data(
        ("<?xml?>\n" + String(decoding: AtomicFolderWrite.drawingMark, as: UTF8.self) + " -->\n<svg/>").utf8)

    @Test func anExistingReportIsReplacedWholeAndNothingIsLeftBeside() throws {
        let parent = try Self.parentDirectory()
        let report = parent.appendingPathComponent("r")
        try AtomicFolderWrite(directory: report).write(["index.html": Self.page("old")])
        try AtomicFolderWrite(directory: report).write(["index.html": Self.page("new"), "hierarchy.svg": Self.drawing])
        #expect(try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8).hasSuffix("new"))
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

    /// The names a report writes are not enough to call a folder a report: someone's own page, or
    /// a `data/` of their own beside a report's page, is not replaced (it was, and was gone).
    @Test func aFolderThatOnlyLooksLikeAReportIsNotReplaced() throws {
        let parent = try Self.parentDirectory()
        let own = parent.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: false)
        try Data("<h1>my site</h1>".utf8).write(to: own.appendingPathComponent("index.html"))
        #expect(throws: ExportError.self) {
            try AtomicFolderWrite(directory: own).write(["index.html": Self.page("x")])
        }
        #expect(try String(contentsOf: own.appendingPathComponent("index.html"), encoding: .utf8) == "<h1>my site</h1>")

        let mixed = parent.appendingPathComponent("mixed")
        try FileManager.default.createDirectory(
            at: mixed.appendingPathComponent("data"), withIntermediateDirectories: true)
        try Self.page("old").write(to: mixed.appendingPathComponent("index.html"))
        try Data("precious".utf8).write(to: mixed.appendingPathComponent("data/measurements.csv"))
        try Data("x".utf8).write(to: mixed.appendingPathComponent("data/events-0001.js"))
        #expect(AtomicFolderWrite.notReportFiles(in: mixed.path) == ["data/measurements.csv"])
        #expect(throws: ExportError.self) {
            try AtomicFolderWrite(directory: mixed).write(["index.html": Self.page("x")])
        }
        #expect(
            try String(contentsOf: mixed.appendingPathComponent("data/measurements.csv"), encoding: .utf8) == "precious"
        )

        // A report's own chunk files, and only they, are a report's.
        for name in [
            "events-0001.js", "nodes-p-0012.js", "nodes-r-12345.js", "diagnostics-0002.js", "nodes.js", "timeline.js",
        ] {
            #expect(AtomicFolderWrite.isChunkName(name), "\(name)")
        }
        for name in ["events-1.js", "events-0001.json", "my-0001.js", "nodes-x-0001.js", "events-00a1.js"] {
            #expect(!AtomicFolderWrite.isChunkName(name), "\(name)")
        }
    }

    /// The mark the check looks for is the one the page template writes near its start.
    @Test func theReportPageCarriesTheMarkNearItsStart() {
        let head = Array(WebAssets.html.utf8.prefix(1024))
        let mark = AtomicFolderWrite.pageMark
        #expect((0...(head.count - mark.count)).contains { head[$0..<$0 + mark.count].elementsEqual(mark) })
    }
}
