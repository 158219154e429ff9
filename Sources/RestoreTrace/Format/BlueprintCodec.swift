import RestoreEngine

/// Hierarchies, objects, archives and launch options as trace JSON.
enum BlueprintCodec {
    static let nodeKeys: Set<String> = [
        "class", "role", "inherits", "kind", "restorationIdentifier", "restorationClass", "storyboard", "origin",
        "state", "children", "selectedIndex", "encodesChildren", "viewLoaded", "insecureKeys", "presented", "views",
        "objects", "contentOffset", "zoomScale",
        "contentInset", "rows", "selected", "firstVisible", "modelAssociation", "selectedRange", "editable",
    ]

    static func decodeNode(_ j: JSONValue, _ field: String) throws(DecodeProblem) -> NodeBlueprint {
        let f = try Fields(j, field)
        try f.rejectUnknown(nodeKeys)
        let role: NodeBlueprint.Role = try f.string("role") == "view" ? .view : .viewController
        var b = NodeBlueprint(
            role: role, className: try f.requiredString("class"),
            restorationIdentifier: try f.string("restorationIdentifier"))
        b.inherits = try f.string("inherits")
        b.isCustomContainer = try f.string("kind") == "container"
        b.restorationClass = try f.string("restorationClass")
        if let sb = f["storyboard"] { b.storyboard = try decodeStoryboard(sb, f.name("storyboard")) }
        if let o = f["origin"] { b.origin = try decodeOrigin(o, f.name("origin")) }
        if let st = f["state"] { b.state = try ValueCodec.decodeCoder(st, f.name("state")) }
        for (i, c) in (try f.array("children") ?? []).enumerated() {
            b.children.append(try decodeNode(c, "\(f.name("children"))[\(i)]"))
        }
        b.selectedIndex = try f.int("selectedIndex")
        b.encodesChildren = try f.bool("encodesChildren")
        b.viewLoaded = try f.bool("viewLoaded")
        b.insecureKeys = try f.strings("insecureKeys") ?? []
        if let p = f["presented"] { b.presented = try decodeNode(p, f.name("presented")) }
        for (i, v) in (try f.array("views") ?? []).enumerated() {
            b.views.append(try decodeNode(v, "\(f.name("views"))[\(i)]"))
        }
        for (i, o) in (try f.array("objects") ?? []).enumerated() {
            b.objects.append(try decodeObject(o, "\(f.name("objects"))[\(i)]"))
        }
        b.viewState.contentOffset = try f.numbers("contentOffset")
        b.viewState.zoomScale = try f.double("zoomScale")
        b.viewState.contentInset = try f.numbers("contentInset")
        b.viewState.rows = try f.strings("rows")
        b.viewState.selected = try f.strings("selected")
        b.viewState.firstVisible = try f.string("firstVisible")
        b.viewState.modelAssociation = try f.bool("modelAssociation")
        b.viewState.selectedRange = try f.ints("selectedRange")
        b.viewState.editable = try f.bool("editable")
        return b
    }

    static func decodeObject(_ j: JSONValue, _ field: String) throws(DecodeProblem) -> ObjectBlueprint {
        let f = try Fields(j, field)
        try f.rejectUnknown(["class", "restorationIdentifier", "objectRestorationClass", "restorationParent", "state"])
        return ObjectBlueprint(
            restorationIdentifier: try f.string("restorationIdentifier"), className: try f.requiredString("class"),
            objectRestorationClass: try f.string("objectRestorationClass"),
            restorationParent: try f.string("restorationParent"),
            state: try f["state"].map { (s) throws(DecodeProblem) in try ValueCodec.decodeCoder(s, f.name("state")) }
                ?? [])
    }

    static func decodeOrigin(_ j: JSONValue, _ field: String) throws(DecodeProblem) -> StoryboardOrigin {
        let f = try Fields(j, field)
        try f.rejectUnknown(["file", "scene", "id"])
        return StoryboardOrigin(
            file: try f.requiredString("file"), sceneID: try f.requiredString("scene"),
            objectID: try f.requiredString("id"))
    }

    static func decodeStoryboard(_ j: JSONValue, _ field: String) throws(DecodeProblem) -> StoryboardReference {
        let f = try Fields(j, field)
        try f.rejectUnknown(["name", "identifier"])
        return StoryboardReference(name: try f.requiredString("name"), identifier: try f.requiredString("identifier"))
    }

    // MARK: Archive

    static func decodeArchive(_ j: JSONValue, _ field: String) throws(DecodeProblem) -> Archive {
        let f = try Fields(j, field)
        try f.rejectUnknown(["appLevel", "entries"])
        var archive = Archive(appLevel: try ValueCodec.decodeCoder(f["appLevel"] ?? .object([]), f.name("appLevel")))
        for (i, e) in (try f.array("entries") ?? []).enumerated() {
            archive.entries.append(try decodeEntry(e, "\(f.name("entries"))[\(i)]"))
        }
        return archive
    }

    static func decodeEntry(_ j: JSONValue, _ field: String) throws(DecodeProblem) -> ArchiveEntry {
        let f = try Fields(j, field)
        try f.rejectUnknown([
            "key", "path", "kind", "class", "restorationClass", "storyboard", "parent", "relation", "index", "coder",
            "preservedSelection", "insecureKeys",
        ])
        guard let kind = NodeKind(rawValue: try f.requiredString("kind")) else {
            throw DecodeProblem(f.name("kind"), "expected viewController, view or object")
        }
        let relation: ArchiveRelation
        switch try f.requiredString("relation") {
        case "root": relation = .root
        case "child":
            guard let i = try f.int("index"), i >= 0 else {
                throw DecodeProblem(f.name("index"), "a child needs its index (0, 1, …)")
            }
            relation = .child(i)
        case "presented": relation = .presented
        case "view": relation = .view
        case "object": relation = .object
        case let other: throw DecodeProblem(f.name("relation"), "unknown relation '\(other)'")
        }
        let key = try f.requiredString("key")
        let path = try f.strings("path") ?? []
        let parent = try f.string("parent")
        // A child's key is its parent's, its index and its identifier, as the engine (and UIKit)
        // write it: `:[01]:` or a wrong index would name a node no replay can find.
        if case .child(let i) = relation, let id = path.last, let parent, key != parent + "/:[\(i)]:/" + id {
            throw DecodeProblem(
                f.name("key"), "'\(key)' is not the child key its parent and index make ('\(parent)/:[\(i)]:/\(id)')")
        }
        var e = ArchiveEntry(
            key: key, path: path, kind: kind,
            className: try f.requiredString("class"),
            parentKey: parent, relation: relation,
            coder: try ValueCodec.decodeCoder(f["coder"] ?? .object([]), f.name("coder")))
        e.restorationClass = try f.string("restorationClass")
        if let sb = f["storyboard"] { e.storyboard = try decodeStoryboard(sb, f.name("storyboard")) }
        e.preservedSelection = try f.strings("preservedSelection")
        e.insecureKeys = try f.strings("insecureKeys") ?? []
        return e
    }

    // MARK: Launch options

    static func decodeOptions(_ j: JSONValue, _ field: String) throws(DecodeProblem) -> LaunchOptions {
        let f = try Fields(j, field)
        try f.rejectUnknown([
            "bundleVersion", "deviceLocked", "crashWhileDecoding", "crashBeforeRestoration", "extendStateRestoration",
            "data",
        ])
        var o = LaunchOptions()
        o.bundleVersion = try f.string("bundleVersion")
        o.deviceLocked = try f.bool("deviceLocked") ?? false
        o.crashWhileDecoding = try f.string("crashWhileDecoding")
        o.crashBeforeRestoration = try f.bool("crashBeforeRestoration") ?? false
        if let x = try f.string("extendStateRestoration") {
            guard let value = RestorationExtension(rawValue: x) else {
                throw DecodeProblem(f.name("extendStateRestoration"), "expected complete or never")
            }
            o.extendStateRestoration = value
        }
        if let data = f["data"] {
            let d = try Fields(data, f.name("data"))
            for (k, _) in d.pairs { o.data[k] = try d.strings(k) ?? [] }
        }
        return o
    }
}
