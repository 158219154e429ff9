import Foundation

/// Builds the UIKit-archive test fixtures with Foundation's NSKeyedArchiver, as UIKit writes
/// `data.data` (CAPTURE.md §1.2–1.6), and the hostile ones by hand. The committed files in
/// `Tests/RestoreArchiveTests/Fixtures` are rebuilt with `RESTORETRACE_RECORD_GOLDENS=1`.
public enum UIKitArchiveFixtures {
    public static let directory = Samples.packageRoot.appendingPathComponent("Tests/RestoreArchiveTests/Fixtures")
    public static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Every fixture: file name → bytes.
    public static func all() throws -> [(name: String, bytes: [UInt8])] {
        let demo = stateRestorationDemo()
        return [
            ("state-restoration-demo.data", demo),
            ("state-restoration-demo.xml.plist", try xml(demo)),
            ("views-and-objects.data", viewsAndObjects()),
            ("truncated.data", Array(demo.prefix(demo.count / 2))),
            ("not-a-plist.data", Array("restoration state, not a plist\n".utf8)),
            ("version-3.data", topLevelOnly(major: 3)),
            ("cycle.data", try handBuilt(cycle)),
            ("dangling-uid.data", try handBuilt(dangling)),
            ("shared-billions.data", try handBuilt(sharedBillions)),
        ]
    }

    // MARK: The published example

    /// shagedorn/StateRestorationDemo's archive as restorationArchiveTool printed it (iOS 8.0,
    /// `Presentation/data_example.png`), key for key; the roots are the debug log's
    /// (`log_example.png`). Not published, and filled in here: the coders of the second and the
    /// city controller (the picture is cut off before them), with the demo's own key names.
    public static func stateRestorationDemo() -> [UInt8] {
        let tab = "TabController"
        let first = "TabController/:[0]:/_TtC20StateRestorationDemo19FirstViewController"
        let nav = "TabController/:[1]:/NavigationController"
        let second = "TabController/:[1]:/NavigationController/:[0]:/_TtC20StateRestorationDemo20SecondViewController"
        let city = "TabController/:[1]:/NavigationController/:[1]:/_TtC20StateRestorationDemo18CityViewController"
        return archive { a in
            a.encode([tab, first, nav, second, city] as NSArray, forKey: "kRootRestorationIdentifiersKey")
            a.encode(
                [city: "_TtC20StateRestorationDemo18CityViewController"] as NSDictionary,
                forKey: "kViewControllerRestorationClassMapKey")
            a.encode(2, forKey: "kUIStateRestorationArchiveMajorVersionKey")
            a.encode(1, forKey: "kUIStateRestorationArchiveMinorVersionKey")
            a.encode("1" as NSString, forKey: "UIApplicationStateRestorationBundleVersion")
            a.encode("8.0" as NSString, forKey: "UIApplicationStateRestorationSystemVersion")
            // 2014-07-06 16:05:18 +0000
            a.encode(
                NSDate(timeIntervalSinceReferenceDate: 426_355_518), forKey: "UIApplicationStateRestorationTimestamp")
            a.encode(NSNumber(value: 0), forKey: "UIApplicationStateRestorationUserInterfaceIdiom")
            a.encode(
                nested { c in
                    c.encode(IdentifierPathProxy(nav), forKey: "kTabBarSelectedViewControllerKey")
                    c.encode(true, forKey: "kViewControllerViewWasLoadedKey")
                }, forKey: tab)
            a.encode(
                nested { c in
                    c.encode(Float(0.8926057), forKey: "encodingKeySliderValue")
                    c.encode(true, forKey: "kViewControllerViewWasLoadedKey")
                }, forKey: first)
            a.encode(
                nested { c in
                    c.encode([second, city] as NSArray, forKey: "kUIViewControllerChildrenKey")
                    c.encode(true, forKey: "kViewControllerViewWasLoadedKey")
                }, forKey: nav)
            a.encode(
                nested { c in
                    c.encode(1, forKey: "encodingKeySegmentIndex")
                    c.encode(true, forKey: "kViewControllerViewWasLoadedKey")
                }, forKey: second)
            a.encode(
                nested { c in
                    c.encode(NSMutableString(string: "Zürich"), forKey: "encodingKeyCityName")
                    c.encode(true, forKey: "kViewControllerViewWasLoadedKey")
                }, forKey: city)
        }
    }

    /// A root with a restorable table (`kViewRestorationDataKey`), a presented controller, a
    /// registered object, a set, data, an object of a class the reader does not know, the iOS
    /// 11.3 top-level keys (CAPTURE.md §1.3) and an app key written in willEncodeRestorableState.
    public static func viewsAndObjects() -> [UInt8] {
        archive { a in
            a.encode(
                ["Nav", "Nav/:[0]:/List", "Nav/:[0]:/List/Editor", "Store"] as NSArray,
                forKey: "kRootRestorationIdentifiersKey")
            a.encode(["Store": "StoreRestorer"] as NSDictionary, forKey: "kViewControllerRestorationClassMapKey")
            a.encode(2, forKey: "kUIStateRestorationArchiveMajorVersionKey")
            a.encode(1, forKey: "kUIStateRestorationArchiveMinorVersionKey")
            a.encode("41" as NSString, forKey: "UIApplicationStateRestorationBundleVersion")
            a.encode("11.3" as NSString, forKey: "UIApplicationStateRestorationSystemVersion")
            a.encode(
                NSDate(timeIntervalSinceReferenceDate: 545_000_000), forKey: "UIApplicationStateRestorationTimestamp")
            a.encode(NSNumber(value: 1), forKey: "UIApplicationStateRestorationUserInterfaceIdiom")
            a.encode(20, forKey: "interfaceVersion")
            a.encode(["Nav/:[0]:/List"] as NSArray, forKey: "kFirstRespondersKey")
            a.encode(1, forKey: "kIgnoreSnapshotKey")
            a.encode(
                [
                    "_UIWindow+RootViewController": [
                        "HorizontalSizeClassStringKey": "UIUserInterfaceSizeClassCompact",
                        "VerticalSizeClassStringKey": "UIUserInterfaceSizeClassRegular",
                    ]
                ] as NSDictionary, forKey: "WindowIdentifierToSizeClassMapKey")
            a.encode(NSDate(timeIntervalSinceReferenceDate: 544_000_000), forKey: "mod-date")
            a.encode(
                nested { c in
                    c.encode(["Nav/:[0]:/List"] as NSArray, forKey: "kUIViewControllerChildrenKey")
                    c.encode(true, forKey: "kViewControllerViewWasLoadedKey")
                }, forKey: "Nav")
            let table = nested { v in
                v.encode([0.0, 120.5] as NSArray, forKey: "kUIScrollViewContentOffsetKey")
                v.encode(["m2"] as NSArray, forKey: "kUITableViewSelectedModelIdentifiersKey")
            }
            a.encode(
                nested { c in
                    c.encode(
                        IdentifierPathProxy("Nav/:[0]:/List/Editor"),
                        forKey: "kUIViewControllerPresentedViewControllerKey")
                    c.encode(IdentifierPathProxy("Store"), forKey: "store")
                    c.encode(["table": table] as NSDictionary, forKey: "kViewRestorationDataKey")
                    c.encode(NSSet(array: ["a"]), forKey: "tags")
                    c.encode(Data([0xCA, 0xFE]) as NSData, forKey: "token")
                    c.encode(Swatch(name: "tint", white: 0.5), forKey: "tint")
                    c.encode(true, forKey: "kViewControllerViewWasLoadedKey")
                }, forKey: "Nav/:[0]:/List")
            a.encode(
                nested { c in
                    c.encode("draft" as NSString, forKey: "text")
                    c.encode(true, forKey: "kViewControllerViewWasLoadedKey")
                }, forKey: "Nav/:[0]:/List/Editor")
            a.encode(nested { c in c.encode("main" as NSString, forKey: "name") }, forKey: "Store")
        }
    }

    /// One controller under an identifier `identifierLength` characters long, with `views` views
    /// sharing one small coder: a few kilobytes whose keys (each view's is its controller's and
    /// its own) add up to `identifierLength × views` bytes.
    public static func longKeyWithViews(identifierLength: Int, views: Int) -> [UInt8] {
        let key = String(repeating: "K", count: identifierLength)
        return archive { a in
            a.encode([key] as NSArray, forKey: "kRootRestorationIdentifiersKey")
            a.encode(2, forKey: "kUIStateRestorationArchiveMajorVersionKey")
            a.encode(1, forKey: "kUIStateRestorationArchiveMinorVersionKey")
            let view = nested { v in v.encode([0.0, 1.0] as NSArray, forKey: "kUIScrollViewContentOffsetKey") }
            let all = NSMutableDictionary()
            for i in 0..<views { all["v\(i)"] = view }
            a.encode(nested { c in c.encode(all, forKey: "kViewRestorationDataKey") }, forKey: key)
        }
    }

    /// Only the top level, with this major version.
    static func topLevelOnly(major: Int) -> [UInt8] {
        archive { a in
            a.encode([] as NSArray, forKey: "kRootRestorationIdentifiersKey")
            a.encode(major, forKey: "kUIStateRestorationArchiveMajorVersionKey")
            a.encode(0, forKey: "kUIStateRestorationArchiveMinorVersionKey")
        }
    }

    // MARK: Building

    static func archive(secure: Bool = false, _ body: (NSKeyedArchiver) -> Void) -> [UInt8] {
        let a = NSKeyedArchiver(requiringSecureCoding: secure)
        a.outputFormat = .binary
        body(a)
        a.finishEncoding()
        return renamingClasses(a.encodedData)
    }

    /// The stand-ins' class names as UIKit's: swift-corelibs-foundation ignores
    /// `setClassName(_:for:)`, so the class descriptions in `$objects` are rewritten.
    private static func renamingClasses(_ data: Data) -> [UInt8] {
        let names = [
            String(reflecting: IdentifierPathProxy.self): "_UIObjectIdentifierPathProxy",
            String(reflecting: Swatch.self): "UIColor",
            String(reflecting: SceneSessionStandIn.self): "UISceneSession",
            String(reflecting: SceneConfigurationStandIn.self): "UISceneConfiguration",
        ]
        guard
            var root = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                as? [String: Any],
            let objects = root["$objects"] as? [Any]
        else { return [UInt8](data) }
        root["$objects"] = objects.map { object -> Any in
            guard var info = object as? [String: Any], let name = info["$classname"] as? String, let new = names[name]
            else { return object }
            info["$classname"] = new
            info["$classes"] = [new, "NSObject"]
            return info
        }
        return (try? PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)).map {
            [UInt8]($0)
        }
            ?? [UInt8](data)
    }

    /// A per-object coder: a keyed archive of its own, stored as data (CAPTURE.md §1.3).
    private static func nested(_ body: (NSKeyedArchiver) -> Void) -> NSData { Data(archive(body)) as NSData }

    private static func xml(_ binary: [UInt8]) throws -> [UInt8] {
        let plist = try PropertyListSerialization.propertyList(from: Data(binary), options: [], format: nil)
        return [UInt8](try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0))
    }

    // MARK: Hostile archives, written as XML with {"CF$UID": n}, stored binary

    private static let cycle = """
        <dict><key>$archiver</key><string>NSKeyedArchiver</string><key>$version</key><integer>100000</integer>
        <key>$top</key><dict><key>kUIStateRestorationArchiveMajorVersionKey</key><integer>2</integer>
        <key>kRootRestorationIdentifiersKey</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
        <key>$objects</key><array><string>$null</string>
        <dict><key>$class</key><dict><key>CF$UID</key><integer>2</integer></dict>
        <key>NS.objects</key><array><dict><key>CF$UID</key><integer>1</integer></dict></array></dict>
        <dict><key>$classname</key><string>NSArray</string><key>$classes</key><array><string>NSArray</string></array></dict>
        </array></dict>
        """

    private static let dangling = """
        <dict><key>$archiver</key><string>NSKeyedArchiver</string><key>$version</key><integer>100000</integer>
        <key>$top</key><dict><key>kUIStateRestorationArchiveMajorVersionKey</key><integer>2</integer>
        <key>kRootRestorationIdentifiersKey</key><dict><key>CF$UID</key><integer>99</integer></dict></dict>
        <key>$objects</key><array><string>$null</string></array></dict>
        """

    /// Three arrays of 2,000 references each to the next: 8 billion values from a few kilobytes.
    private static var sharedBillions: String {
        let refs = { (n: Int) in String(repeating: "<dict><key>CF$UID</key><integer>\(n)</integer></dict>", count: 2000)
        }
        let array = { (n: Int) in
            "<dict><key>$class</key><dict><key>CF$UID</key><integer>4</integer></dict><key>NS.objects</key><array>\(refs(n))</array></dict>"
        }
        return """
            <dict><key>$archiver</key><string>NSKeyedArchiver</string><key>$version</key><integer>100000</integer>
            <key>$top</key><dict><key>kUIStateRestorationArchiveMajorVersionKey</key><integer>2</integer>
            <key>kRootRestorationIdentifiersKey</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
            <key>$objects</key><array><string>$null</string>\(array(2))\(array(3))\(array(5))
            <dict><key>$classname</key><string>NSArray</string><key>$classes</key><array><string>NSArray</string></array></dict>
            <string>x</string></array></dict>
            """
    }

    private static func handBuilt(_ body: String) throws -> [UInt8] {
        let text =
            #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"# + body + "</plist>"
        let plist = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
        return [UInt8](try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0))
    }
}

/// Stands in for `UISceneSession`: the three keys its `encodeWithCoder:` writes (CAPTURE.md §5).
final class SceneSessionStandIn: NSObject, NSCoding {
    let identifier: String
    let configuration: String
    init(_ identifier: String, configuration: String) {
        self.identifier = identifier
        self.configuration = configuration
    }
    func encode(with coder: NSCoder) {
        coder.encode(SceneConfigurationStandIn(configuration), forKey: "_UISceneSessionSceneConfiguration")
        coder.encode("UIWindowSceneSessionRoleApplication" as NSString, forKey: "_UISceneSessionRole")
        coder.encode(identifier as NSString, forKey: "_UISceneSessionPersistentIdentifier")
    }
    required init?(coder: NSCoder) { nil }
}

/// Stands in for `UISceneConfiguration` (its keys are not published: a name and a role).
final class SceneConfigurationStandIn: NSObject, NSCoding {
    let name: String
    init(_ name: String) { self.name = name }
    func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "_name")
        coder.encode("UIWindowSceneSessionRoleApplication" as NSString, forKey: "_role")
    }
    required init?(coder: NSCoder) { nil }
}

/// Stands in for UIKit's `_UIObjectIdentifierPathProxy`: one key, the identifier path.
final class IdentifierPathProxy: NSObject, NSCoding {
    let path: String
    init(_ path: String) { self.path = path }
    func encode(with coder: NSCoder) {
        coder.encode(path as NSString, forKey: "kObjectIdentifierPathProxyIdentifierPathKey")
    }
    required init?(coder: NSCoder) { nil }
}

/// An object of a class the reader does not interpret (archived as `UIColor`).
final class Swatch: NSObject, NSCoding {
    let name: String
    let white: Double
    init(name: String, white: Double) {
        self.name = name
        self.white = white
    }
    func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "UIColorName")
        coder.encode(white, forKey: "UIWhite")
    }
    required init?(coder: NSCoder) { nil }
}
