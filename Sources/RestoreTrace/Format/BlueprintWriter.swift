import RestoreEngine

/// Coder values, blueprints, archives and launch options straight to bytes: the trace's only
/// encoder of them (the decoders are in `ValueCodec` and `BlueprintCodec`).
extension ValueCodec {
    static func write<Out: JSONByteSink>(_ v: CoderValue, system: Bool = false, to out: inout Out) {
        out.append(123)
        switch v {
        case .string(let s):
            out.appendLiteral(#""string":"#)
            out.appendJSONString(s)
        case .int(let i):
            out.appendLiteral(#""int":"#)
            out.appendJSONInt(i)
        case .double(let d):
            out.appendLiteral(#""double":"#)
            out.appendJSONDouble(d)
        case .bool(let b):
            out.appendLiteral(#""bool":"#)
            out.appendJSONBool(b)
        case .data(let bytes):
            out.appendLiteral(#""data":"#)
            out.appendJSONString(Base64.encode(bytes))
        case .date(let t):
            out.appendLiteral(#""date":"#)
            out.appendJSONDouble(t)
        case .reference(let key):
            out.appendLiteral(#""ref":"#)
            out.appendJSONString(key)
        case .array(let items):
            out.appendLiteral(#""array":["#)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(44) }
                write(item, to: &out)
            }
            out.append(93)
        case .dictionary(let map):
            out.appendLiteral(#""dictionary":{"#)
            var first = true
            for key in map.keys.sorted() {
                out.appendJSONKey(key, first: &first)
                write(map[key]!, to: &out)
            }
            out.append(125)
        }
        // UIKit's own keys carry the marker inside the typed value, after the type.
        if system { out.appendLiteral(#","system":true"#) }
        out.append(125)
    }

    static func writeCoder<Out: JSONByteSink>(_ entries: [CoderEntry], to out: inout Out) {
        var first = true
        out.append(123)
        for e in entries {
            out.appendJSONKey(e.key, first: &first)
            write(e.value, system: e.isSystem, to: &out)
        }
        out.append(125)
    }
}

extension BlueprintCodec {
    static func write<Out: JSONByteSink>(_ b: NodeBlueprint, to out: inout Out) {
        var first = true
        out.append(123)
        writeMembers(b, nested: true, first: &first, to: &out)
        out.append(125)
    }

    /// A node's members without its braces; `nested` false leaves out the nodes hung from it
    /// (children, presented, views), which trace format 2 writes as lines of their own.
    static func writeMembers<Out: JSONByteSink>(_ b: NodeBlueprint, nested: Bool, first: inout Bool, to out: inout Out)
    {
        writeIdentity(b, first: &first, to: &out)
        writeStructure(b, nested: nested, first: &first, to: &out)
        writeViewState(b.viewState, first: &first, to: &out)
    }

    /// The members that say what the node is: its class, role, identifiers, storyboard and state.
    private static func writeIdentity<Out: JSONByteSink>(_ b: NodeBlueprint, first: inout Bool, to out: inout Out) {
        out.appendJSONFixedKey("class", first: &first)
        out.appendJSONString(b.className)
        if b.role == .view {
            out.appendJSONFixedKey("role", first: &first)
            out.appendJSONString("view")
        }
        if let i = b.inherits {
            out.appendJSONFixedKey("inherits", first: &first)
            out.appendJSONString(i)
        }
        if b.isCustomContainer {
            out.appendJSONFixedKey("kind", first: &first)
            out.appendJSONString("container")
        }
        if let r = b.restorationIdentifier {
            out.appendJSONFixedKey("restorationIdentifier", first: &first)
            out.appendJSONString(r)
        }
        if let r = b.restorationClass {
            out.appendJSONFixedKey("restorationClass", first: &first)
            out.appendJSONString(r)
        }
        if let sb = b.storyboard {
            out.appendJSONFixedKey("storyboard", first: &first)
            write(sb, to: &out)
        }
        if let origin = b.origin {
            out.appendJSONFixedKey("origin", first: &first)
            write(origin, to: &out)
        }
        if !b.state.isEmpty {
            out.appendJSONFixedKey("state", first: &first)
            ValueCodec.writeCoder(b.state, to: &out)
        }
    }

    /// The members that hang other nodes from this one: children, presented, views, objects.
    private static func writeStructure<Out: JSONByteSink>(
        _ b: NodeBlueprint, nested: Bool, first: inout Bool, to out: inout Out
    ) {
        if nested, !b.children.isEmpty {
            out.appendJSONFixedKey("children", first: &first)
            writeNodes(b.children, to: &out)
        }
        if let i = b.selectedIndex {
            out.appendJSONFixedKey("selectedIndex", first: &first)
            out.appendJSONInt(i)
        }
        if let e = b.encodesChildren {
            out.appendJSONFixedKey("encodesChildren", first: &first)
            out.appendJSONBool(e)
        }
        if let v = b.viewLoaded {
            out.appendJSONFixedKey("viewLoaded", first: &first)
            out.appendJSONBool(v)
        }
        if !b.insecureKeys.isEmpty {
            out.appendJSONFixedKey("insecureKeys", first: &first)
            out.appendJSONStrings(b.insecureKeys)
        }
        if nested, let p = b.presented {
            out.appendJSONFixedKey("presented", first: &first)
            write(p, to: &out)
        }
        if nested, !b.views.isEmpty {
            out.appendJSONFixedKey("views", first: &first)
            writeNodes(b.views, to: &out)
        }
        if !b.objects.isEmpty {
            out.appendJSONFixedKey("objects", first: &first)
            out.append(91)
            for (i, o) in b.objects.enumerated() {
                if i > 0 { out.append(44) }
                write(o, to: &out)
            }
            out.append(93)
        }
    }

    /// A view's built-in state (SPEC §2, §3): scroll position, rows, selection, text range.
    private static func writeViewState<Out: JSONByteSink>(_ s: ViewState, first: inout Bool, to out: inout Out) {
        if let c = s.contentOffset {
            out.appendJSONFixedKey("contentOffset", first: &first)
            writeNumbers(c, to: &out)
        }
        if let z = s.zoomScale {
            out.appendJSONFixedKey("zoomScale", first: &first)
            out.appendJSONDouble(z)
        }
        if let c = s.contentInset {
            out.appendJSONFixedKey("contentInset", first: &first)
            writeNumbers(c, to: &out)
        }
        if let r = s.rows {
            out.appendJSONFixedKey("rows", first: &first)
            out.appendJSONStrings(r)
        }
        if let r = s.selected {
            out.appendJSONFixedKey("selected", first: &first)
            out.appendJSONStrings(r)
        }
        if let f = s.firstVisible {
            out.appendJSONFixedKey("firstVisible", first: &first)
            out.appendJSONString(f)
        }
        if let m = s.modelAssociation {
            out.appendJSONFixedKey("modelAssociation", first: &first)
            out.appendJSONBool(m)
        }
        if let r = s.selectedRange {
            out.appendJSONFixedKey("selectedRange", first: &first)
            out.append(91)
            for (i, n) in r.enumerated() {
                if i > 0 { out.append(44) }
                out.appendJSONInt(n)
            }
            out.append(93)
        }
        if let e = s.editable {
            out.appendJSONFixedKey("editable", first: &first)
            out.appendJSONBool(e)
        }
    }

    private static func writeNodes<Out: JSONByteSink>(_ nodes: [NodeBlueprint], to out: inout Out) {
        out.append(91)
        for (i, n) in nodes.enumerated() {
            if i > 0 { out.append(44) }
            write(n, to: &out)
        }
        out.append(93)
    }

    private static func writeNumbers<Out: JSONByteSink>(_ numbers: [Double], to out: inout Out) {
        out.append(91)
        for (i, d) in numbers.enumerated() {
            if i > 0 { out.append(44) }
            out.appendJSONDouble(d)
        }
        out.append(93)
    }

    static func write<Out: JSONByteSink>(_ o: ObjectBlueprint, to out: inout Out) {
        var first = true
        out.append(123)
        out.appendJSONFixedKey("class", first: &first)
        out.appendJSONString(o.className)
        if let r = o.restorationIdentifier {
            out.appendJSONFixedKey("restorationIdentifier", first: &first)
            out.appendJSONString(r)
        }
        if let r = o.objectRestorationClass {
            out.appendJSONFixedKey("objectRestorationClass", first: &first)
            out.appendJSONString(r)
        }
        if let p = o.restorationParent {
            out.appendJSONFixedKey("restorationParent", first: &first)
            out.appendJSONString(p)
        }
        if !o.state.isEmpty {
            out.appendJSONFixedKey("state", first: &first)
            ValueCodec.writeCoder(o.state, to: &out)
        }
        out.append(125)
    }

    /// `{"file":…,"scene":…,"id":…}`: where a node built from a storyboard file came from.
    static func write<Out: JSONByteSink>(_ o: StoryboardOrigin, to out: inout Out) {
        out.appendLiteral(#"{"file":"#)
        out.appendJSONString(o.file)
        out.appendLiteral(#","scene":"#)
        out.appendJSONString(o.sceneID)
        out.appendLiteral(#","id":"#)
        out.appendJSONString(o.objectID)
        out.append(125)
    }

    static func write<Out: JSONByteSink>(_ s: StoryboardReference, to out: inout Out) {
        out.appendLiteral(#"{"name":"#)
        out.appendJSONString(s.name)
        out.appendLiteral(#","identifier":"#)
        out.appendJSONString(s.identifier)
        out.append(125)
    }

    static func write<Out: JSONByteSink>(_ a: Archive, to out: inout Out) {
        out.appendLiteral(#"{"appLevel":"#)
        ValueCodec.writeCoder(a.appLevel, to: &out)
        out.appendLiteral(#","entries":["#)
        for (i, e) in a.entries.enumerated() {
            if i > 0 { out.append(44) }
            write(e, to: &out)
        }
        out.appendLiteral("]}")
    }

    static func write<Out: JSONByteSink>(_ e: ArchiveEntry, to out: inout Out) {
        var first = true
        out.append(123)
        writeMembers(e, first: &first, to: &out)
        out.append(125)
    }

    /// An archive entry's members without its braces (trace format 2 prefixes its index).
    static func writeMembers<Out: JSONByteSink>(_ e: ArchiveEntry, first: inout Bool, to out: inout Out) {
        out.appendJSONFixedKey("key", first: &first)
        out.appendJSONString(e.key)
        out.appendJSONFixedKey("path", first: &first)
        out.appendJSONComponents(of: e.pathString, separatedBy: UInt8(ascii: "/"))
        out.appendJSONFixedKey("kind", first: &first)
        out.appendJSONString(e.kind.rawValue)
        out.appendJSONFixedKey("class", first: &first)
        out.appendJSONString(e.className)
        if let r = e.restorationClass {
            out.appendJSONFixedKey("restorationClass", first: &first)
            out.appendJSONString(r)
        }
        if let sb = e.storyboard {
            out.appendJSONFixedKey("storyboard", first: &first)
            write(sb, to: &out)
        }
        if let p = e.parentKey {
            out.appendJSONFixedKey("parent", first: &first)
            out.appendJSONString(p)
        }
        out.appendJSONFixedKey("relation", first: &first)
        switch e.relation {
        case .root: out.appendJSONString("root")
        case .child(let i):
            out.appendJSONString("child")
            out.appendJSONFixedKey("index", first: &first)
            out.appendJSONInt(i)
        case .presented: out.appendJSONString("presented")
        case .view: out.appendJSONString("view")
        case .object: out.appendJSONString("object")
        }
        out.appendJSONFixedKey("coder", first: &first)
        ValueCodec.writeCoder(e.coder, to: &out)
        if let s = e.preservedSelection {
            out.appendJSONFixedKey("preservedSelection", first: &first)
            out.appendJSONStrings(s)
        }
        if !e.insecureKeys.isEmpty {
            out.appendJSONFixedKey("insecureKeys", first: &first)
            out.appendJSONStrings(e.insecureKeys)
        }
    }

    static func write<Out: JSONByteSink>(_ o: LaunchOptions, to out: inout Out) {
        var first = true
        out.append(123)
        if let v = o.bundleVersion {
            out.appendJSONFixedKey("bundleVersion", first: &first)
            out.appendJSONString(v)
        }
        out.appendJSONFixedKey("deviceLocked", first: &first)
        out.appendJSONBool(o.deviceLocked)
        if let c = o.crashWhileDecoding {
            out.appendJSONFixedKey("crashWhileDecoding", first: &first)
            out.appendJSONString(c)
        }
        if o.crashBeforeRestoration {
            out.appendJSONFixedKey("crashBeforeRestoration", first: &first)
            out.appendJSONBool(true)
        }
        if let x = o.extendStateRestoration {
            out.appendJSONFixedKey("extendStateRestoration", first: &first)
            out.appendJSONString(x.rawValue)
        }
        if !o.data.isEmpty {
            out.appendJSONFixedKey("data", first: &first)
            var inner = true
            out.append(123)
            for key in o.data.keys.sorted() {
                out.appendJSONKey(key, first: &inner)
                out.appendJSONStrings(o.data[key]!)
            }
            out.append(125)
        }
        out.append(125)
    }
}
