import Foundation
import Testing

@testable import RestoreScenario

@Suite("Loading scenario files")
struct ScenarioLoaderTests {
    /// A fresh file in a temporary folder.
    func temporaryFile(_ name: String, _ bytes: [UInt8]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "restoretrace-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test func missingFileIsAnErrorNamingTheFile() {
        do {
            _ = try ScenarioLoader.load(path: "/nonexistent/scenario.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.problems.map(\.description) == [
                    "/nonexistent/scenario.yaml: error: cannot read the scenario: no such file"
                ])
            #expect(error.description.hasSuffix("1 error in /nonexistent/scenario.yaml; fix it and run again."))
        }
    }

    @Test func directoryIsNotAScenario() {
        let dir = FileManager.default.temporaryDirectory.path
        do {
            _ = try ScenarioLoader.load(path: dir)
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.first?.message == "cannot read the scenario: it is a directory")
            #expect(error.problems.first?.location?.line == nil)
        }
    }

    @Test func nonUTF8FileIsAClearError() throws {
        // The bad byte is on line 2, after a two-scalar character: located by line and column.
        let path = try temporaryFile("latin1.yaml", Array("description: é\nname: caf".utf8) + [0xE9, 0x0A])
        do {
            _ = try ScenarioLoader.load(path: path)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "\(path):2:10: error: the scenario is not UTF-8 text: byte 0xE9 here (offset 25) is not valid UTF-8; save the file as UTF-8"
                ))
        }
    }

    @Test func problemsInAFileNameThePathAsGiven() throws {
        let path = try temporaryFile("bad.yaml", Array("name: x\nui: {clas: A}\n".utf8))
        do {
            _ = try ScenarioLoader.load(path: path)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.problems.map(\.description).contains(
                    "\(path):2:6: error: unknown key 'clas' in 'ui' (did you mean 'class'?)"))
        }
    }

    @Test func byteOrderMarkIsAccepted() throws {
        let path = try temporaryFile("bom.yaml", [0xEF, 0xBB, 0xBF] + Array("name: bom\n".utf8))
        #expect(try ScenarioLoader.load(path: path).name == "bom")
    }
}
