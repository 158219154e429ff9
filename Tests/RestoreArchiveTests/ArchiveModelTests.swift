import Foundation
import RestoreArchive
import RestoreEngine
import RestoreTestSupport
import Testing

/// UIKit's archive as the engine's model (SPEC §9), and where the archive is found.
@Suite struct ArchiveModelTests {
    static func model(_ name: String) throws -> Archive {
        try UIKitArchive(bytes: try KeyedArchiveTests.bytes(name), file: name).model
    }

    @Test func identifierPathsBecomeKeysPathsAndRelations() throws {
        let m = try Self.model("state-restoration-demo.data")
        #expect(
            m.entries.map(\.pathString) == [
                "TabController", "TabController/_TtC20StateRestorationDemo19FirstViewController",
                "TabController/NavigationController",
                "TabController/NavigationController/_TtC20StateRestorationDemo20SecondViewController",
                "TabController/NavigationController/_TtC20StateRestorationDemo18CityViewController",
            ])
        #expect(m.entries.map(\.relation) == [.root, .child(0), .child(1), .child(0), .child(1)])
        #expect(
            m.entries.map(\.parentKey) == [
                nil, "TabController", "TabController", "TabController/:[1]:/NavigationController",
                "TabController/:[1]:/NavigationController",
            ])
        #expect(
            m.entries.map(\.className) == [
                "UITabBarController", "_TtC20StateRestorationDemo19FirstViewController", "UINavigationController",
                "_TtC20StateRestorationDemo20SecondViewController", "_TtC20StateRestorationDemo18CityViewController",
            ])
        #expect(m.entries.last?.restorationClass == "_TtC20StateRestorationDemo18CityViewController")
        #expect(m.entries[0].coder.first?.value == .reference("TabController/:[1]:/NavigationController"))
        #expect(m.entries[0].coder.allSatisfy { $0.isSystem })
        #expect(m.entries[1].coder.first.map { !$0.isSystem } == true)
    }

    @Test func appLevelKeysUseTheEngineNames() throws {
        let m = try Self.model("state-restoration-demo.data")
        #expect(m.appLevelValue(ReservedKeys.bundleVersion) == .string("1"))
        #expect(m.appLevelValue(ReservedKeys.userInterfaceIdiom) == .int(0))
        #expect(m.appLevelValue("kUIStateRestorationArchiveMinorVersionKey") == .int(1))
    }

    @Test func viewsPresentedControllersAndObjects() throws {
        let m = try Self.model("views-and-objects.data")
        let byKey = Dictionary(uniqueKeysWithValues: m.entries.map { ($0.key, $0) })
        let table = try #require(byKey["Nav/:[0]:/List/table"])
        #expect(table.kind == .view)
        #expect(table.relation == .view)
        #expect(table.className == "UITableView")
        #expect(table.path == ["Nav", "List", "table"])
        #expect(byKey["Nav/:[0]:/List/Editor"]?.relation == .presented)
        #expect(byKey["Nav/:[0]:/List/Editor"]?.kind == .viewController)
        #expect(byKey["Store"]?.kind == .object)
        #expect(byKey["Store"]?.relation == .object)
        #expect(byKey["Store"]?.restorationClass == "StoreRestorer")
        let tint = byKey["Nav/:[0]:/List"]?.coder.first { $0.key == "tint" }?.value
        #expect(tint == .dictionary(["$class": "UIColor", "UIColorName": "tint", "UIWhite": 0.5]))
        #expect(m.appLevelValue("mod-date") == .date(544_000_000))
        #expect(m.appLevel.first { $0.key == "mod-date" }?.isSystem == false)
    }

    @Test func findsTheArchiveInAContainerOrItsSavedStateFolder() throws {
        let dir = try Samples.temporaryDirectory("restoretrace-archive")
        let saved = dir.appendingPathComponent("Library/Saved Application State/com.example.app.savedState")
        try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
        let file = saved.appendingPathComponent("data.data")
        try Data(try KeyedArchiveTests.bytes("state-restoration-demo.data")).write(to: file)
        #expect(try UIKitArchiveFile.locate(dir.path) == file.path)
        #expect(try UIKitArchiveFile.locate(saved.path) == file.path)
        #expect(try UIKitArchiveFile.locate(file.path) == file.path)
        #expect(UIKitArchiveFile.isArchive(file.path))
        #expect(!UIKitArchiveFile.isArchive(Samples.path("homepwner.trace.jsonl")))

        let other = saved.deletingLastPathComponent().appendingPathComponent("com.example.other.savedState")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data(try KeyedArchiveTests.bytes("state-restoration-demo.data")).write(
            to: other.appendingPathComponent("data.data"))
        do {
            _ = try UIKitArchiveFile.locate(dir.path)
            Issue.record("two archives were not refused")
        } catch { #expect(error.description.contains("holds 2 archives")) }

        let empty = try Samples.temporaryDirectory("restoretrace-empty")
        do {
            _ = try UIKitArchiveFile.locate(empty.path)
            Issue.record("an empty folder was accepted")
        } catch { #expect(error.description.contains("holds no data.data")) }
    }
}
