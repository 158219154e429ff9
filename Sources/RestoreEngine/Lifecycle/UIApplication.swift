/// The app's fixed facts, written into the app-level coder at preservation (P2).
public struct AppConfiguration: Hashable, Sendable {
    public enum Idiom: String, Sendable {
        case phone, pad
        /// `UIUserInterfaceIdiom`'s raw value, as the archive stores it.
        public var number: Int { self == .phone ? 0 : 1 }
    }
    public var bundleVersion: String
    public var systemVersion: String
    public var idiom: Idiom
    public init(bundleVersion: String = "1.0", systemVersion: String = "17.0", idiom: Idiom = .phone) {
        self.bundleVersion = bundleVersion
        self.systemVersion = systemVersion
        self.idiom = idiom
    }
}

/// `UIApplication` as far as restoration goes: the window, the class registry, snapshot control,
/// and lookups of objects that already exist at a restoration path.
public final class UIApplication {
    public let window = UIWindow()
    public var configuration: AppConfiguration
    public var classes = ClassHierarchy()
    public internal(set) var launchNumber = 1
    public internal(set) var launchOptions = LaunchOptions()
    var snapshotIgnored = false
    /// Controllers that exist now, by restoration path (launch UI, objects obtained this launch).
    var liveControllers: [String: UIViewController] = [:]
    /// The reverse of `liveControllers`, so an answer can be recognised as existing in O(1).
    var livePaths: [ObjectIdentifier: String] = [:]
    var liveObjects: [String: UIStateRestoringObject] = [:]
    /// The archive being restored in this launch; indexed by path only if someone asks.
    var restoringArchive: Archive? { didSet { archivedByPath = nil } }
    private var archivedByPath: [String: Int]?
    /// The archive entry being obtained right now.
    var currentEntry: Int?

    public init(configuration: AppConfiguration = AppConfiguration()) {
        self.configuration = configuration
    }

    /// `-[UIApplication ignoreSnapshotOnNextApplicationLaunch]` (P10).
    public func ignoreSnapshotOnNextApplicationLaunch() { snapshotIgnored = true }

    /// The controller that exists now at this restoration path, if any (R3 step 3).
    public func viewController(atRestorationPath path: String) -> UIViewController? { liveControllers[path] }

    /// The archived entry at this path in the archive being restored, if any: what a restoration
    /// class can learn about the node it is asked for (its archived class, its storyboard).
    public func archivedEntry(atPath path: String) -> ArchiveEntry? {
        guard let archive = restoringArchive else { return nil }
        // The engine is usually asking about the entry it is restoring right now.
        if let i = currentEntry, archive.entries[i].pathString == path { return archive.entries[i] }
        if archivedByPath == nil {
            var index: [String: Int] = [:]
            index.reserveCapacity(archive.entries.count)
            for (i, e) in archive.entries.enumerated() where index[e.pathString] == nil { index[e.pathString] = i }
            archivedByPath = index
        }
        return archivedByPath![path].map { archive.entries[$0] }
    }

    /// The object registered at this restoration path, if any (R6).
    public func registeredObject(atRestorationPath path: String) -> UIStateRestoringObject? { liveObjects[path] }

    /// Indexes a controller and everything below it that has a full restoration path.
    func index(_ vc: UIViewController, at path: String) {
        liveControllers[path] = vc
        livePaths[ObjectIdentifier(vc)] = path
        for object in vc.restorableObjects {
            if let id = object.restorationIdentifier, !id.isEmpty { liveObjects[path + "/" + id] = object }
        }
        for child in vc.children {
            if let id = child.restorationIdentifier, !id.isEmpty { index(child, at: path + "/" + id) }
        }
        if let presented = vc.presentedViewController, let id = presented.restorationIdentifier, !id.isEmpty {
            index(presented, at: path + "/" + id)
        }
    }

    func resetIndex() {
        liveControllers = [:]
        livePaths = [:]
        liveObjects = [:]
        if let root = window.rootViewController, let id = root.restorationIdentifier, !id.isEmpty {
            index(root, at: id)
        }
    }
}
