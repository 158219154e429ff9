import Foundation
import RestoreTestSupport
import Testing

/// Paths of one character — `.`, a file named `s`, a folder `c` — are what users type. Foundation's
/// `deletingLastPathComponent` stopped the process on them (an illegal instruction, exit 132),
/// in `archive`, `import` and `record`.
@Suite struct ShortPathTests {
    /// A container folder `c` holding the demo app's legacy archive, in `dir`.
    static func container(in dir: URL, named name: String) throws {
        let saved = dir.appendingPathComponent("\(name)/Library/Saved Application State/com.example.demo.savedState")
        try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: UIKitArchiveFixtures.path("state-restoration-demo.data"),
            toPath: saved.appendingPathComponent("data.data").path)
    }

    @Test func archiveAndImportReadTheCurrentFolderAndOneLetterNames() throws {
        let dir = try CLI.temporaryDirectory()
        try Self.container(in: dir, named: "c")
        let inside = dir.appendingPathComponent("c")
        for (arguments, folder) in [
            (["archive", "."], inside), (["archive", "c"], dir), (["archive", "c/"], dir),
            (["import", ".", "-o", "../t1.jsonl"], inside), (["import", "c", "-o", "t2.jsonl"], dir),
        ] {
            let r = try CLI.run(arguments, in: folder)
            #expect(r.code == 0, "\(arguments): \(r.code) \(r.stderr)")
            if arguments[0] == "archive" {
                #expect(r.stdout.contains("[View Controller] TabController "), "\(arguments)")
            }
        }
        for trace in ["t1.jsonl", "t2.jsonl"] {
            let text = try String(contentsOf: dir.appendingPathComponent(trace), encoding: .utf8)
            #expect(text.contains(#""scenario":"com.example.demo""#), "\(trace)")
        }
        // A one-letter archive file, not in a .savedState folder: the app is named after the file.
        try FileManager.default.copyItem(
            atPath: UIKitArchiveFixtures.path("state-restoration-demo.data"),
            toPath: dir.appendingPathComponent("d").path)
        let r = try CLI.run(["import", "d", "-o", "t3.jsonl"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        #expect(
            try String(contentsOf: dir.appendingPathComponent("t3.jsonl"), encoding: .utf8).contains(#""scenario":"d""#)
        )
    }

    @Test func recordReadsAScenarioWithAOneLetterName() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(
            atPath: CLI.sample("demo-travel.yaml"), toPath: dir.appendingPathComponent("s").path)
        let r = try CLI.run(["record", "s", "-o", "t"], in: dir)
        #expect(r.code == 0, "\(r.stderr)")
        let recorded = try Data(contentsOf: dir.appendingPathComponent("t"))
        #expect(recorded == (try Data(contentsOf: URL(fileURLWithPath: CLI.sample("demo-travel.trace.jsonl")))))
    }
}
