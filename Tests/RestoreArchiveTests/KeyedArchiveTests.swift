import Foundation
import RestoreArchive
import RestoreTestSupport
import Testing

/// The keyed-archive resolver on the fixtures NSKeyedArchiver built, and on hostile files.
@Suite struct KeyedArchiveTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: UIKitArchiveFixtures.path(name))))
    }

    static func failure(_ name: String) throws -> String {
        do {
            _ = try UIKitArchive(bytes: try bytes(name), file: name)
            Issue.record("\(name) was read")
            return ""
        } catch let error as KeyedArchiveError {
            return error.description
        }
    }

    @Test func resolvesThePublishedExampleTopLevel() throws {
        let a = try KeyedArchive(bytes: try Self.bytes("state-restoration-demo.data"), file: "d")
        #expect(a["kUIStateRestorationArchiveMajorVersionKey"] == .int(2))
        #expect(a["UIApplicationStateRestorationSystemVersion"] == .string("8.0"))
        #expect(a["UIApplicationStateRestorationTimestamp"] == .date(426_355_518))
        #expect(a["UIApplicationStateRestorationUserInterfaceIdiom"] == .int(0))
        guard case .array(let roots)? = a["kRootRestorationIdentifiersKey"] else {
            Issue.record("roots are not an array")
            return
        }
        #expect(roots.count == 5)
        #expect(roots.first == .string("TabController"))
        guard case .dictionary(let map)? = a["kViewControllerRestorationClassMapKey"] else {
            Issue.record("the class map is not a dictionary")
            return
        }
        #expect(map.map(\.value) == [.string("_TtC20StateRestorationDemo18CityViewController")])
    }

    @Test func nestedArchivesHoldProxiesFloatsAndMutableStrings() throws {
        let a = try UIKitArchive(bytes: try Self.bytes("state-restoration-demo.data"), file: "d")
        let tab = try #require(a.objects.first { $0.key == "TabController" })
        #expect(tab.values.map(\.key) == ["kTabBarSelectedViewControllerKey", "kViewControllerViewWasLoadedKey"])
        #expect(tab.values[0].value == .proxy("TabController/:[1]:/NavigationController"))
        #expect(tab.values[1].value == .bool(true))
        let first = try #require(a.objects.first { $0.key.hasSuffix("FirstViewController") })
        // A float, kept as the shortest decimal of the float (as the tool printed it).
        #expect(first.values.first?.value == .double(0.8926057))
        let city = try #require(a.objects.last)
        #expect(city.values.first?.value == .string("Zürich"))
    }

    @Test func xmlAndBinaryReadTheSame() throws {
        let binary = try UIKitArchive(bytes: try Self.bytes("state-restoration-demo.data"), file: "d").model
        let xml = try UIKitArchive(bytes: try Self.bytes("state-restoration-demo.xml.plist"), file: "d").model
        #expect(binary == xml)
    }

    @Test func setsDataViewsAndUnknownClasses() throws {
        let a = try UIKitArchive(bytes: try Self.bytes("views-and-objects.data"), file: "d")
        let list = try #require(a.objects.first { $0.key == "Nav/:[0]:/List" })
        let values = Dictionary(uniqueKeysWithValues: list.values.map { ($0.key, $0.value) })
        #expect(values["tags"] == .set([.string("a")]))
        #expect(values["token"] == .data([0xCA, 0xFE]))
        guard case .object(let name, let chain, let fields)? = values["tint"] else {
            Issue.record("the unknown class is not kept as a typed object")
            return
        }
        #expect(name == "UIColor")
        #expect(chain == ["UIColor", "NSObject"])
        #expect(fields.map(\.key) == [.string("UIColorName"), .string("UIWhite")])
        #expect(values["kViewRestorationDataKey"] == nil)
        #expect(list.views.map(\.identifier) == ["table"])
        #expect(
            list.views[0].values.map(\.key) == [
                "kUIScrollViewContentOffsetKey", "kUITableViewSelectedModelIdentifiersKey",
            ])
    }

    @Test func hostileArchivesAreLocatedErrors() throws {
        #expect(try Self.failure("truncated.data").contains("error: is a damaged or truncated binary property list"))
        #expect(try Self.failure("not-a-plist.data").contains("error: is not a property list"))
        #expect(
            try Self.failure("version-3.data").contains(
                "$top › kUIStateRestorationArchiveMajorVersionKey: the archive's major version is 3; this restoretrace reads version 2"
            ))
        #expect(try Self.failure("cycle.data").contains("CF$UID references form a cycle: $objects[1] → $objects[1]"))
        #expect(try Self.failure("dangling-uid.data").contains("CF$UID 99 points past the end of $objects (1 objects)"))
        #expect(try Self.failure("shared-billions.data").contains("reaches more than 250000 values"))
        #expect(
            try Self.failure("shared-billions.data").hasPrefix(
                "shared-billions.data: error: $top › kRootRestorationIdentifiersKey"))
    }

    @Test func aPlistThatIsNotAKeyedArchiveIsRefused() throws {
        let plist = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .binary, options: 0)
        #expect(throws: KeyedArchiveError.self) { try KeyedArchive(bytes: [UInt8](plist), file: "p") }
        do { _ = try KeyedArchive(bytes: [UInt8](plist), file: "p") } catch {
            #expect(error.description.contains("not a keyed archive: it has no $top and $objects"))
        }
    }

    @Test func archivesWithoutAVersionAreNotUIKits() throws {
        let a = NSKeyedArchiver(requiringSecureCoding: false)
        a.encode("x" as NSString, forKey: "k")
        a.finishEncoding()
        do {
            _ = try UIKitArchive(bytes: [UInt8](a.encodedData), file: "k")
            Issue.record("read")
        } catch {
            #expect(error.description.contains("has no kUIStateRestorationArchiveMajorVersionKey"))
        }
    }
}
