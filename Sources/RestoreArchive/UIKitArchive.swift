/// UIKit's restoration archive (`data.data`) as it is stored: the top-level keys, the roots
/// (`kRootRestorationIdentifiersKey`), the restoration class map, and one nested keyed archive
/// per identifier path, each with its views' nested archives (`kViewRestorationDataKey`).
public struct UIKitArchive: Sendable {
    /// One preserved object: its identifier path (the archive key) and its coder.
    public struct Object: Sendable {
        public var key: String
        /// The coder's keys, in restorationArchiveTool's order.
        public var values: [(key: String, value: KeyedValue)]
        /// `kViewRestorationDataKey`: each restorable view's identifier and coder.
        public var views: [(identifier: String, values: [(key: String, value: KeyedValue)])]
    }

    /// The file read (after finding it in a folder or container).
    public var file: String
    public var majorVersion: Int
    /// Every `$top` key that is not a root's coder, the roots list or the class map: the version
    /// keys, UIKit's app-level keys and the app's own (`application:willEncodeRestorableStateWithCoder:`).
    public var topLevel: [(key: String, value: KeyedValue)]
    public var roots: [String]
    /// Identifier path → restoration class name.
    public var restorationClasses: [(key: String, className: String)]
    public var objects: [Object]

    /// Reads and checks `data.data`'s bytes. A major version other than 2 is refused with the version found.
    /// - Parameter budget: what reading the file may cost, across its nested archives.
    public init(bytes: [UInt8], file: String, budget: KeyedBudget = KeyedBudget()) throws(KeyedArchiveError) {
        let top = try KeyedArchive(bytes: bytes, file: file, budget: budget)
        self.file = file
        guard let major = top[UIKitArchiveKeys.majorVersion] else {
            throw KeyedArchiveError(
                file: file, at: "$top",
                "has no \(UIKitArchiveKeys.majorVersion): not a UIKit state restoration archive",
                hint: "pass Library/Saved Application State/BUNDLE.savedState/data.data")
        }
        if case .string(let s) = major {
            // UIKit stores a number: "major version is '2'; reads version 2" read as a contradiction.
            throw KeyedArchiveError(
                file: file, at: "$top › \(UIKitArchiveKeys.majorVersion)",
                "the archive's major version is the string '\(s)', where UIKit stores a number: the file was not written by UIKit, or was edited",
                hint: "pass the data.data UIKit wrote, unchanged")
        }
        guard major.intValue == UIKitArchiveKeys.supportedMajorVersion else {
            throw KeyedArchiveError(
                file: file, at: "$top › \(UIKitArchiveKeys.majorVersion)",
                "the archive's major version is \(Self.text(major)); this restoretrace reads version \(UIKitArchiveKeys.supportedMajorVersion)",
                hint:
                    "a newer iOS changed the archive format: restoretrace cannot read it yet; open an issue with the file attached"
            )
        }
        majorVersion = UIKitArchiveKeys.supportedMajorVersion
        roots = try Self.roots(top, file)
        restorationClasses = try Self.classMap(top, file)
        var objects: [Object] = []
        for key in roots {
            guard let value = top[key] else { continue }  // a root UIKit listed but did not write
            guard case .data(let nested) = value else {
                throw KeyedArchiveError(
                    file: file, at: "$top › \(key)", "expected a nested keyed archive (data), found \(value.typeName)")
            }
            objects.append(try Self.object(key, nested, file, budget))
        }
        try Self.checkKeyBytes(objects, file)
        self.objects = objects
        let consumed = Set(roots + [UIKitArchiveKeys.roots, UIKitArchiveKeys.restorationClassMap])
        topLevel = top.keys.filter { !consumed.contains($0) }.sorted(by: UIKitArchiveKeys.toolOrder).map {
            ($0, top[$0]!)
        }
    }

    /// The most bytes the archive keys of its objects and their views may add up to. A view's
    /// key is its controller's key and its own identifier, and a trace and a listing write it a
    /// few times: 138 KB holding one 100,000-character identifier with 2,000 views made a 601 MB
    /// trace, and 570 KB filled a disk (r19 import hunt, H2). A real app's keys are tens of bytes
    /// each, some megabytes at most for tens of thousands of controllers and views.
    public static let maximumKeyBytes = 16 << 20

    private static func checkKeyBytes(_ objects: [Object], _ file: String) throws(KeyedArchiveError) {
        var total = 0
        for object in objects {
            let key = object.key.utf8.count
            total += key
            for view in object.views { total += key + 1 + view.identifier.utf8.count }
            guard total <= maximumKeyBytes else {
                throw KeyedArchiveError(
                    file: file, at: "$top › \(String(object.key.prefix(80)))\(object.key.count > 80 ? "…" : "")",
                    "the archive keys of its objects and their views add up to more than \(maximumKeyBytes) bytes (this one's key is \(key) bytes, with \(object.views.count) views)",
                    hint: "no restoration archive has keys this long; the file is corrupt or built to exhaust readers")
            }
        }
    }

    private static func roots(_ top: KeyedArchive, _ file: String) throws(KeyedArchiveError) -> [String] {
        guard let value = top[UIKitArchiveKeys.roots] else { return [] }
        guard case .array(let items) = value else {
            throw KeyedArchiveError(
                file: file, at: "$top › \(UIKitArchiveKeys.roots)",
                "expected an array of identifier paths, found \(value.typeName)")
        }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            guard let s = item.stringValue else {
                throw KeyedArchiveError(
                    file: file, at: "$top › \(UIKitArchiveKeys.roots)[\(i)]",
                    "expected an identifier path string, found \(item.typeName)")
            }
            if let problem = identifierPathProblem(s) {
                // Read as it is, such a key made a trace that `replay` then refused.
                throw KeyedArchiveError(
                    file: file, at: "$top › \(UIKitArchiveKeys.roots)[\(i)]",
                    "identifier path '\(s)' \(problem); UIKit writes identifiers joined by '/' with ':[n]:' child indexes",
                    hint: "the file was not written by UIKit, or was edited")
            }
            out.append(s)
        }
        return out
    }

    /// What is wrong with an identifier path UIKit could not have written, or nil.
    static func identifierPathProblem(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: \.isEmpty) { return "has an empty component" }
        for part in parts where part.hasPrefix(":[") && part.hasSuffix("]:") {
            // Written as UIKit writes it: `+1`, `01` and `-0` parse, but the key a reader makes
            // from the parent and the index (`:[1]:`) is not this one, so the trace was refused.
            let digits = part.dropFirst(2).dropLast(2)
            guard let n = Int(digits), n >= 0, String(n) == digits else {
                return "has the child index '\(part)', which is not a number ≥ 0 written in plain digits"
            }
        }
        return nil
    }

    private static func classMap(_ top: KeyedArchive, _ file: String) throws(KeyedArchiveError) -> [(
        key: String, className: String
    )] {
        guard let value = top[UIKitArchiveKeys.restorationClassMap] else { return [] }
        guard case .dictionary(let pairs) = value else {
            throw KeyedArchiveError(
                file: file, at: "$top › \(UIKitArchiveKeys.restorationClassMap)",
                "expected a dictionary, found \(value.typeName)")
        }
        var out: [(key: String, className: String)] = []
        for pair in pairs {
            guard let k = pair.key.stringValue, let c = pair.value.stringValue else {
                throw KeyedArchiveError(
                    file: file, at: "$top › \(UIKitArchiveKeys.restorationClassMap)",
                    "expected identifier path → class name strings, found \(pair.key.typeName) → \(pair.value.typeName)"
                )
            }
            out.append((k, c))
        }
        return out.sorted { $0.key < $1.key }
    }

    private static func object(_ key: String, _ bytes: [UInt8], _ file: String, _ budget: KeyedBudget)
        throws(KeyedArchiveError) -> Object
    {
        let place = "$top › \(key) (nested archive)"
        let coder = try KeyedArchive(nested: bytes, file: file, place: place, budget: budget)
        var views: [(identifier: String, values: [(key: String, value: KeyedValue)])] = []
        if let viewData = coder[UIKitArchiveKeys.viewData] {
            guard case .dictionary(let pairs) = viewData else {
                throw KeyedArchiveError(
                    file: file, at: "\(place) › \(UIKitArchiveKeys.viewData)",
                    "expected a dictionary, found \(viewData.typeName)")
            }
            for pair in pairs {
                guard let id = pair.key.stringValue, case .data(let viewBytes) = pair.value else {
                    throw KeyedArchiveError(
                        file: file, at: "\(place) › \(UIKitArchiveKeys.viewData)",
                        "expected view identifier → nested archive, found \(pair.key.typeName) → \(pair.value.typeName)"
                    )
                }
                let view = try KeyedArchive(
                    nested: viewBytes, file: file,
                    place: "\(place) › \(UIKitArchiveKeys.viewData) › \(id) (nested archive)", budget: budget)
                views.append((id, sorted(view)))
            }
            views.sort { $0.identifier < $1.identifier }
        }
        let values = sorted(coder).filter { $0.key != UIKitArchiveKeys.viewData }
        return Object(key: key, values: values, views: views)
    }

    private static func sorted(_ a: KeyedArchive) -> [(key: String, value: KeyedValue)] {
        a.keys.sorted(by: UIKitArchiveKeys.toolOrder).map { ($0, a[$0]!) }
    }

    private static func text(_ v: KeyedValue) -> String {
        switch v {
        case .int(let i): String(i)
        case .string(let s): "'\(s)'"
        case .double(let d): String(d)
        default: "a value of type \(v.typeName)"
        }
    }
}

extension UIKitArchive {
    /// The first number a trace cannot hold (NaN or an infinity: JSON has neither), with where it
    /// is, as the error `import` and `record --archive` give: written, it became `null`, and the
    /// trace was then refused by every command that read it, its value lost.
    public func untraceableNumber() -> KeyedArchiveError? {
        for (key, value) in topLevel {
            if let e = KeyedValue.untraceable(value, at: "$top › \(key)", file: file) { return e }
        }
        for object in objects {
            let place = "$top › \(object.key) (nested archive)"
            for (key, value) in object.values {
                if let e = KeyedValue.untraceable(value, at: "\(place) › \(key)", file: file) { return e }
            }
            for view in object.views {
                for (key, value) in view.values {
                    let at = "\(place) › \(UIKitArchiveKeys.viewData) › \(view.identifier) › \(key)"
                    if let e = KeyedValue.untraceable(value, at: at, file: file) { return e }
                }
            }
        }
        return nil
    }
}

extension KeyedValue {
    /// The error for the first NaN or infinity in `value` (see `UIKitArchive.untraceableNumber`).
    static func untraceable(_ value: KeyedValue, at place: String, file: String) -> KeyedArchiveError? {
        switch value {
        case .double(let d) where !d.isFinite, .date(let d) where !d.isFinite:
            return KeyedArchiveError(
                file: file, at: place,
                "holds the number \(d), which a trace cannot hold (JSON has no NaN or infinity)",
                hint:
                    "the app encoded a value that is not a finite number here; encode a finite value (or none), save the state again and import the new archive; `restoretrace archive` lists this one as it is"
            )
        case .array(let items), .set(let items):
            for (i, item) in items.enumerated() {
                if let e = untraceable(item, at: "\(place)[\(i)]", file: file) { return e }
            }
        case .dictionary(let pairs), .object(_, _, let pairs):
            for pair in pairs {
                let name = pair.key.stringValue ?? pair.key.typeName
                if let e = untraceable(pair.value, at: "\(place) › \(name)", file: file) { return e }
            }
        default: break
        }
        return nil
    }
}
