import Foundation
import Testing

/// Every `--json` output names its shape, `"format": "restoretrace-KIND/N"`, so a script can
/// check what it reads.
@Suite struct JSONFormatTests {
    static let trace = CLI.sample("demo-travel.trace.jsonl")

    static func object(_ arguments: [String], code: Int32 = 0) throws -> [String: Any] {
        let r = try CLI.run(arguments, in: try CLI.temporaryDirectory())
        #expect(r.code == code, "\(arguments): \(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test(arguments: [
        (["record", "-o", "d.jsonl", "--json"], "restoretrace-outcome/1", Int32(0)),
        (["replay", trace, "--json", "--no-report"], "restoretrace-outcome/1", 0),
        (["export", trace, "--format", "json"], "restoretrace-outcome/1", 0),
        (["archive", trace, "--json"], "restoretrace-archive/1", 0),
        (["diff", trace, CLI.sample("homepwner.trace.jsonl"), "--json"], "restoretrace-diff/1", 1),
    ])
    func everyJSONOutputCarriesItsFormat(_ arguments: [String], _ format: String, _ code: Int32) throws {
        let json = try Self.object(arguments, code: code)
        #expect(json["format"] as? String == format)
    }

    @Test func archiveJSONHasTheShapeOfUIKitsArchive() throws {
        let json = try Self.object(["archive", Self.trace, "--json"])
        #expect(json["source"] as? String == "trace")
        #expect(json["written"] as? Bool == true)
        let top = try #require(json["topLevel"] as? [String: Any])
        #expect((top["kUIStateRestorationArchiveMajorVersionKey"] as? [String: Any])?["int"] as? Int == 2)
        #expect(
            (top["UIApplicationStateRestorationBundleVersion"] as? [String: Any])?["string"] as? String != nil)
        // UIKit's stored names, as the text listing and a data.data's listing give them.
        #expect(top["UIApplicationStateRestorationBundleVersionKey"] == nil)
        let classes = try #require(json["restorationClasses"] as? [String: String])
        #expect(classes.values.contains("TripDetailViewController"))
        let objects = try #require(json["objects"] as? [[String: Any]])
        let nav = try #require(objects.first { $0["key"] as? String == "Tabs/:[0]:/tripsNav" })
        #expect(nav["path"] as? String == "Tabs/tripsNav")
        #expect(nav["kind"] as? String == "viewController")
        #expect(nav["class"] as? String == "UINavigationController")
        let children = try #require(
            ((nav["values"] as? [String: Any])?["kUIViewControllerChildrenKey"] as? [String: Any])?["array"]
                as? [[String: Any]])
        // Children are references to other objects' archive keys, as in UIKit's archive.
        let first = try #require(children.first?["ref"] as? String)
        #expect(objects.contains { $0["key"] as? String == first })
    }

    @Test func archiveJSONOfATraceWithoutAnArchiveSaysSo() throws {
        let json = try Self.object(["archive", CLI.sample("save-declined.trace.jsonl"), "--json"])
        #expect(json["format"] as? String == "restoretrace-archive/1")
        #expect(json["written"] as? Bool == false)
        #expect((json["reason"] as? String)?.contains("No archive was written") == true)
        #expect((json["objects"] as? [Any])?.isEmpty == true)
    }
}
