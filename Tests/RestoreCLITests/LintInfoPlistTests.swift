import Foundation
import RestoreTestSupport
import Testing

/// `restoretrace lint Info.plist STORYBOARD…` (SPEC §8).
@Suite struct LintInfoPlistTests {
    static let traces = Samples.traces

    @Test func aSceneAppsStoryboardIdentifiersAreReportedInert() throws {
        let r = try CLI.run(["lint", "Notes-Info.plist", "Shelf.storyboard"], in: Self.traces)
        #expect(r.code == 0)
        #expect(r.stdout.hasPrefix("Notes-Info.plist:\n  scene-based: 1 scene configuration, one scene\n"))
        #expect(
            r.stdout.contains(
                "Shelf.storyboard:14:17: warning: restoration identifier 'Tabs' on UITabBarController is inert"))
        #expect(r.stdout.contains("[legacy-restoration-inert]"))
        // The launch tree says nothing is preserved, and the storyboard's own section lists its pieces.
        #expect(
            r.stdout.contains(
                "  launch tree (0 of 5 controllers preserved):\n    ✗ Tabs (UITabBarController)  skipped, legacy-restoration-inert: the app adopts scenes"
            ))
        #expect(!r.stdout.contains("★"))
        #expect(!r.stdout.contains("no findings"))
        #expect(r.stdout.contains("1 storyboard and Info.plist: 0 errors, 8 warnings, 0 notes\n\nNext: "))
        // No advice to add Restoration IDs beside the findings that say they can go.
        for legacy in [
            "[never-preserved]", "[segue-scene-without-identifier]", "a Restoration ID in the Identity",
            "no-restoration-identifier", "ancestor-not-preserved", "view-owner-not-preserved",
        ] {
            #expect(!r.stdout.contains(legacy), "\(legacy)")
        }
        let json = try CLI.run(["lint", "Notes-Info.plist", "Shelf.storyboard", "--json"], in: Self.traces)
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let file = try #require((report["files"] as? [[String: Any]])?.first)
        let findings = try #require(file["findings"] as? [[String: Any]])
        #expect(findings.first?["code"] as? String == "legacy-restoration-inert")
        #expect(findings.first?["line"] as? Int == 14)
        #expect((file["controllers"] as? [[String: Any]])?.allSatisfy { $0["preserved"] as? Bool == false } == true)
        #expect(((report["infoPlist"] as? [String: Any])?["findings"] as? [Any])?.isEmpty == true)
        #expect(
            try CLI.run(["lint", "Notes-Info.plist", "Shelf.storyboard", "--fail-on", "warning"], in: Self.traces).code
                == 1)
    }

    @Test func aBadPlistIsBadInput() throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not a plist".utf8).write(to: dir.appendingPathComponent("Info.plist"))
        let r = try CLI.run(["lint", "Info.plist", Samples.path("Shelf.storyboard")], in: dir)
        #expect(r.code == 2)
        #expect(r.stderr.contains("Info.plist: error: not a property list"))
    }

    /// A key of the wrong type is located at its `<key>` in an XML plist (it had no line).
    @Test func aWrongKeyIsLocatedInAnXMLPlist() throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOfFile: Samples.path("Notes-Info.plist"), encoding: .utf8)
            .replacingOccurrences(
                of: "<key>NSUserActivityTypes</key>",
                with: "<key>NSUserActivityTypes</key><string>x</string><key>Dummy</key>")
        try text.write(to: dir.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["lint", "Info.plist", Samples.path("Shelf.storyboard")], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.hasPrefix("Info.plist:7:2: error: NSUserActivityTypes must be an array of strings\n"),
            "\(r.stderr)")
    }

    /// Hostile Info.plists went to Foundation unchecked: a set crashed `lint` and `record`
    /// (SIGSEGV), 203 bytes of objects that share their children never finished (1.5 GB and
    /// growing), and a 256 MB file was read whole. Each is now refused at once.
    @Test(arguments: [
        (
            "set",
            [UInt8]("bplist00".utf8) + [0xC1, 0x01, 0x51, 0x78, 0x08, 0x0A] + [UInt8](repeating: 0, count: 6)
                + [1, 1] + [0, 0, 0, 0, 0, 0, 0, 2] + [UInt8](repeating: 0, count: 15) + [0x0C],
            "holds a set (property-list object 0)"
        ),
        ("bomb", Self.sharedChildren(levels: 40), "unfolds into more than 2000000 values"),
    ])
    func aHostileBinaryInfoPlistIsRefused(_ name: String, _ bytes: [UInt8], _ said: String) throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(bytes).write(to: dir.appendingPathComponent("Info.plist"))
        let r = try CLI.run(["lint", "Info.plist", Samples.path("Shelf.storyboard")], in: dir)
        #expect(r.code == 2, "\(name): \(r.stderr)")
        #expect(r.stderr.contains("Info.plist: error: \(said)"), "\(name): \(r.stderr)")
        #expect(r.stderr.hasSuffix("1 error in the Info.plist; fix it and run again.\n"), "\(r.stderr)")
    }

    /// `levels` arrays, each naming the next one twice, over one string: 2^levels values unfolded.
    static func sharedChildren(levels: Int) -> [UInt8] {
        var out = [UInt8]("bplist00".utf8)
        var offsets: [Int] = []
        for i in 0..<levels {
            offsets.append(out.count)
            out += [0xA2, UInt8(i + 1), UInt8(i + 1)]
        }
        offsets.append(out.count)
        out += [0x51, 0x78]
        let table = out.count
        out += offsets.map(UInt8.init)
        func be8(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(v >> ($0 * 8) & 0xFF) } }
        out += [0, 0, 0, 0, 0, 0, 1, 1] + be8(levels + 1) + be8(0) + be8(table)
        return out
    }

    /// An Info.plist is kilobytes: a big file is refused before it is read, and a broken XML one
    /// is located at the line Foundation names.
    @Test func aHugeOrBrokenInfoPlistIsRefusedWithWhereAndWhy() throws {
        let dir = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("Big-Info.plist")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 5 << 20)
        try handle.close()
        let r = try CLI.run(["lint", "Big-Info.plist"], in: dir)
        #expect(r.code == 2)
        #expect(
            r.stderr.contains(
                "Big-Info.plist: error: is 5242880 bytes; an Info.plist larger than 4194304 bytes is refused"),
            "\(r.stderr)")

        let text = try String(contentsOfFile: Samples.path("Notes-Info.plist"), encoding: .utf8)
            .replacingOccurrences(of: "<string>3.0</string>", with: "<string>3.0</strin>")
        try text.write(to: dir.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        let broken = try CLI.run(["lint", "Info.plist"], in: dir)
        #expect(broken.code == 2)
        #expect(
            broken.stderr.hasPrefix("Info.plist:6:1: error: the Info.plist's XML does not parse: "), "\(broken.stderr)")
    }
}
