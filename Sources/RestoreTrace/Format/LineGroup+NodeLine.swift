import RestoreEngine

extension LineGroup {
    /// One node line decoded in one pass over its bytes: each member's key is matched where it
    /// is (no String made for it, no list of members built), and its value decoded straight into
    /// the node, as `BlueprintCodec.decodeNode` decodes it. Parsing the line into members first
    /// and then looking each of a node's 26 fields up among them by name was ~5 % of a 200×200
    /// replay, which decodes two 80,201-node hierarchies.
    ///
    /// Nil when the line is anything but what the writer writes — a field twice, an unknown or
    /// escaped key, a value of the wrong type, a nested node, bytes after the object — so that the
    /// caller takes the nested way, which reports the problem, located, exactly as it always has.
    static func nodeLine(_ m: Member, in bytes: [UInt8], index: Int) -> (
        node: NodeBlueprint, parent: Int?, slot: String?
    )? {
        guard m.range.lowerBound < m.range.upperBound, bytes[m.range.lowerBound] == UInt8(ascii: "{") else {
            return nil
        }
        var p = JSONParser(bytes: bytes, at: m.range.lowerBound)
        var node = NodeBlueprint(className: "")
        var hasClass = false
        var parent: Int?
        var slot: String?
        var seen: UInt32 = 0
        do {
            try p.enterObject()
            var first = true
            while let key = try p.nextMemberKey(first: &first) {
                guard let field = NodeLineField.matching(key, in: p) else { return nil }
                let bit: UInt32 = 1 << field.rawValue
                // The first member is the node's index, and no member comes twice.
                guard seen & bit == 0, (field == .node) == (seen == 0) else { return nil }
                seen |= bit
                // The index, the parent and a state in the writer's plain shape are read straight
                // from the bytes: making a `JSONValue` of them first (a number's text as a String,
                // a tree of the state's members) was a fifth of decoding a node line.
                switch field {
                case .node, .parent:
                    guard let n = p.plainInt() else { break }
                    if field == .node {
                        guard n == index else { return nil }
                    } else {
                        parent = n
                    }
                    continue
                case .state:
                    var scanner = p
                    guard let state = ValueCodec.scanCoder(&scanner) else { break }
                    p = scanner
                    node.state = state
                    continue
                // A plain string is made straight from its bytes, without a boxed `JSONValue`
                // around it (the class, identifier, slot and role of every node).
                case .slot, .className, .role, .inherits, .kind, .restorationIdentifier, .restorationClass:
                    guard let text = p.plainStringValue() else { break }
                    if field == .slot {
                        slot = text
                    } else {
                        apply(field, text, to: &node, hasClass: &hasClass)
                    }
                    continue
                case .contentOffset, .contentInset:
                    guard let numbers = p.plainDoubles() else { break }
                    if field == .contentOffset {
                        node.viewState.contentOffset = numbers
                    } else {
                        node.viewState.contentInset = numbers
                    }
                    continue
                default: break
                }
                let value = try p.value()
                switch field {
                case .node:
                    guard value.intValue == index else { return nil }
                    continue
                case .parent:
                    guard let i = value.intValue else { return nil }
                    parent = i
                    continue
                case .slot:
                    guard let s = value.stringValue else { return nil }
                    slot = s
                    continue
                default: break
                }
                // `null` is an absent field, as `Fields` reads it.
                if value.isNull { continue }
                guard decode(field, value, into: &node, hasClass: &hasClass) else { return nil }
            }
        } catch {
            return nil
        }
        guard p.i == m.range.upperBound, hasClass else { return nil }
        return (node, parent, slot)
    }

    /// One field's value into `node`; false when `decodeNode` would have thrown on it.
    private static func decode(
        _ field: NodeLineField, _ v: JSONValue, into node: inout NodeBlueprint, hasClass: inout Bool
    ) -> Bool {
        switch field {
        case .node, .parent, .slot, .children, .presented, .views: return false
        case .className, .role, .inherits, .kind, .restorationIdentifier, .restorationClass:
            guard let s = v.stringValue else { return false }
            apply(field, s, to: &node, hasClass: &hasClass)
        case .storyboard:
            guard let s = try? BlueprintCodec.decodeStoryboard(v, "storyboard") else { return false }
            node.storyboard = s
        case .origin:
            guard let o = try? BlueprintCodec.decodeOrigin(v, "origin") else { return false }
            node.origin = o
        case .state:
            guard let s = try? ValueCodec.decodeCoder(v, "state") else { return false }
            node.state = s
        case .selectedIndex:
            guard let i = v.intValue else { return false }
            node.selectedIndex = i
        case .encodesChildren:
            guard let b = v.boolValue else { return false }
            node.encodesChildren = b
        case .viewLoaded:
            guard let b = v.boolValue else { return false }
            node.viewLoaded = b
        case .insecureKeys:
            guard let s = strings(v) else { return false }
            node.insecureKeys = s
        case .objects:
            guard let a = v.arrayValue else { return false }
            var objects: [ObjectBlueprint] = []
            objects.reserveCapacity(a.count)
            for o in a {
                guard let object = try? BlueprintCodec.decodeObject(o, "objects") else { return false }
                objects.append(object)
            }
            node.objects = objects
        default: return decodeViewState(field, v, into: &node.viewState)
        }
        return true
    }

    /// A string field's value into `node`.
    private static func apply(_ field: NodeLineField, _ s: String, to node: inout NodeBlueprint, hasClass: inout Bool) {
        switch field {
        case .className:
            node.className = s
            hasClass = true
        case .role: node.role = s == "view" ? .view : .viewController
        case .inherits: node.inherits = s
        case .kind: node.isCustomContainer = s == "container"
        case .restorationIdentifier: node.restorationIdentifier = s
        case .restorationClass: node.restorationClass = s
        default: break
        }
    }

    /// A view's state field (`contentOffset` … `editable`) into `state`.
    private static func decodeViewState(_ field: NodeLineField, _ v: JSONValue, into state: inout ViewState) -> Bool {
        switch field {
        case .contentOffset:
            guard let n = numbers(v) else { return false }
            state.contentOffset = n
        case .zoomScale:
            guard let d = v.doubleValue else { return false }
            state.zoomScale = d
        case .contentInset:
            guard let n = numbers(v) else { return false }
            state.contentInset = n
        case .rows:
            guard let s = strings(v) else { return false }
            state.rows = s
        case .selected:
            guard let s = strings(v) else { return false }
            state.selected = s
        case .firstVisible:
            guard let s = v.stringValue else { return false }
            state.firstVisible = s
        case .modelAssociation:
            guard let b = v.boolValue else { return false }
            state.modelAssociation = b
        case .selectedRange:
            guard let a = v.arrayValue else { return false }
            var ints: [Int] = []
            for e in a {
                guard let i = e.intValue else { return false }
                ints.append(i)
            }
            state.selectedRange = ints
        case .editable:
            guard let b = v.boolValue else { return false }
            state.editable = b
        default: return false
        }
        return true
    }

    private static func strings(_ v: JSONValue) -> [String]? {
        guard let a = v.arrayValue else { return nil }
        var out: [String] = []
        out.reserveCapacity(a.count)
        for e in a {
            guard let s = e.stringValue else { return nil }
            out.append(s)
        }
        return out
    }

    private static func numbers(_ v: JSONValue) -> [Double]? {
        guard let a = v.arrayValue else { return nil }
        var out: [Double] = []
        out.reserveCapacity(a.count)
        for e in a {
            guard let d = e.doubleValue else { return nil }
            out.append(d)
        }
        return out
    }
}

/// The members a node line may have: its index, where it hangs, and `BlueprintCodec.nodeKeys`.
enum NodeLineField: Int, CaseIterable {
    case node, parent, slot
    case className, role, inherits, kind, restorationIdentifier, restorationClass, storyboard, origin, state
    case children, selectedIndex, encodesChildren, viewLoaded, insecureKeys, presented, views, objects
    case contentOffset, zoomScale, contentInset, rows, selected, firstVisible, modelAssociation, selectedRange
    case editable

    /// The key as written in a trace.
    var key: String { self == .className ? "class" : "\(self)" }

    /// Each field's key as bytes, to match a key where it is in the line.
    private static let keys: [(bytes: [UInt8], field: NodeLineField)] = allCases.map { (Array($0.key.utf8), $0) }

    /// The field whose key is the bytes in `range`, compared as written (an escaped key is none).
    static func matching(_ range: Range<Int>, in p: JSONParser) -> NodeLineField? {
        let count = range.count
        for (bytes, field) in keys where bytes.count == count {
            var equal = true
            var k = range.lowerBound
            for b in bytes {
                if p.bytes[k] != b {
                    equal = false
                    break
                }
                k += 1
            }
            if equal { return field }
        }
        return nil
    }
}
