import Foundation
import RestoreTestSupport
import Testing

/// The DocC article's and the README's RestoreTesting examples are the tested calls, so they cannot drift.
@Suite struct DocumentationExampleTests {
    static let root = URL(fileURLWithPath: Samples.path("x")).deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    @Test(arguments: ["Sources/RestoreTesting/RestoreTesting.docc/CheckingWhatComesBack.md", "README.md"])
    func everyExpectationShownIsOneTheTestsMake(_ document: String) throws {
        let tests = try Self.text("Tests/RestoreTestingTests/RestorationExpectationTests.swift")
        let shown = try Self.text(document).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix(".expectRestored(") || $0.hasPrefix(".expectLost(") }
        #expect(shown.count >= 3)
        for line in shown { #expect(tests.contains(line), "\(document) shows `\(line)`, which no test makes") }
        // Every scenario file it records is a committed sample.
        for line in try Self.text(document).split(separator: "\n") where line.contains("record(file: \"") {
            let path = line.split(separator: "\"")[1]
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(String(path)).path))
        }
    }
}
