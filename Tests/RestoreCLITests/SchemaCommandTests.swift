import Foundation
import RestoreTestSupport
import Testing

/// `restoretrace schema scenario` prints what docs/ commits: the JSON Schema, or with
/// `--markdown` the reference.
@Suite struct SchemaCommandTests {
    static func docs(_ name: String) throws -> String {
        try String(
            contentsOf: Samples.packageRoot.appendingPathComponent("docs").appendingPathComponent(name), encoding: .utf8
        )
    }

    @Test func printsTheSchemaThatDocsCommits() throws {
        let r = try CLI.run(["schema", "scenario"], in: try CLI.temporaryDirectory())
        #expect(r.code == 0)
        #expect(r.stdout == (try Self.docs("scenario.schema.json")))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(json["additionalProperties"] as? Bool == false)
    }

    /// The reader refuses a node without `class:` unless `storyboard:` names a scene, and a view
    /// without one always: a validator run from the schema passed both.
    @Test func theSchemaRequiresAClassWhereTheReaderDoes() throws {
        let r = try CLI.run(["schema", "scenario"], in: try CLI.temporaryDirectory())
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let defs = try #require(json["$defs"] as? [String: Any])
        let node = try #require(defs["node"] as? [String: Any])
        let either = try #require(node["anyOf"] as? [[String: Any]])
        #expect(either.compactMap { $0["required"] as? [String] } == [["class"], ["storyboard"]])
        let view = try #require(defs["view"] as? [String: Any])
        #expect(view["required"] as? [String] == ["class"])
    }

    @Test func markdownIsTheReference() throws {
        let r = try CLI.run(["schema", "scenario", "--markdown"], in: try CLI.temporaryDirectory())
        #expect(r.code == 0)
        #expect(r.stdout == (try Self.docs("scenario.md")))
        #expect(r.stdout.contains("# yaml-language-server: $schema=scenario.schema.json"))
    }

    @Test func anUnknownKindIsBadInput() throws {
        let r = try CLI.run(["schema", "trace"], in: try CLI.temporaryDirectory())
        #expect(r.code == 2)
        #expect(r.stderr.contains("scenario"))
    }
}
