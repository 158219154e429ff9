/// Resolves `CF$UID` references through `$objects`, depth first, refusing cycles, absurd
/// nesting and absurd totals (see `KeyedArchive`'s limits).
struct KeyedResolver {
    let objects: [Any]
    let file: String
    let place: String?
    /// `$objects` indices on the way from `$top` to the value being resolved.
    private var stack: [Int] = []
    private var resolved = 0
    /// Each `$objects` entry sorted once: bridging an NSArray or NSDictionary to Swift copies it,
    /// and a shared object is reached many times.
    private var nodes: [Int: PropertyListNode] = [:]

    /// The file's budget, which every archive read from it shares.
    let budget: KeyedBudget

    init(objects: [Any], file: String, place: String?, budget: KeyedBudget) {
        self.objects = objects
        self.file = file
        self.place = place
        self.budget = budget
    }

    /// `A › B › C`, after the nested archive's own place.
    func describe(_ parts: [String]) -> String {
        ((place.map { [$0] } ?? []) + parts).joined(separator: " › ")
    }

    /// A value as it appears in `$top` or in an object's keys: a reference, or a plain value.
    mutating func inline(_ raw: Any, at where_: String, depth: Int) throws(KeyedArchiveError) -> KeyedValue {
        try count(at: where_, depth: depth)
        switch PropertyListNode(raw) {
        case .uid(let uid): return try object(uid, at: where_, depth: depth + 1)
        case .string(let s): return .string(s)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .bool(let b): return .bool(b)
        case .data(let d): return .data(d)
        case .date(let t): return .date(t)
        case .array(let items):
            var out: [KeyedValue] = []
            for (i, item) in items.enumerated() {
                out.append(try inline(item, at: "\(where_)[\(i)]", depth: depth + 1))
            }
            return .array(out)
        case .dictionary(let d):
            var fields: [KeyedPair] = []
            for key in d.keys.sorted() {
                fields.append(
                    KeyedPair(key: .string(key), value: try inline(d[key]!, at: "\(where_).\(key)", depth: depth + 1)))
            }
            return .dictionary(fields)
        case .unsupported(let type):
            throw error(at: where_, "holds a value of type \(type), which no keyed archive contains")
        }
    }

    /// The object `$objects[uid]`.
    private mutating func object(_ uid: Int, at where_: String, depth: Int) throws(KeyedArchiveError) -> KeyedValue {
        let here = "\(where_) ($objects[\(uid)])"
        guard uid < objects.count else {
            throw error(at: here, "CF$UID \(uid) points past the end of $objects (\(objects.count) objects)")
        }
        if stack.contains(uid) {
            let loop = (stack.drop { $0 != uid } + [uid]).map { "$objects[\($0)]" }.joined(separator: " → ")
            throw error(at: here, "CF$UID references form a cycle: \(loop)")
        }
        stack.append(uid)
        defer { stack.removeLast() }
        let raw = objects[uid]
        let node = nodes[uid] ?? PropertyListNode(raw)
        nodes[uid] = node
        if uid == 0, case .string("$null") = node { return .null }
        guard case .dictionary(let dict) = node, let classRef = dict["$class"] else {
            return try inline(raw, at: here, depth: depth)
        }
        let (name, chain) = try className(classRef, at: here)
        return try KeyedClasses.decode(name: name, chain: chain, fields: dict, at: here, depth: depth, &self)
    }

    /// `$classname` and `$classes` of the class an object's `$class` points to.
    private func className(_ ref: Any, at here: String) throws(KeyedArchiveError) -> (String, [String]) {
        guard case .uid(let c) = PropertyListNode(ref), c < objects.count,
            case .dictionary(let info) = PropertyListNode(objects[c]), let name = info["$classname"] as? String
        else {
            throw error(at: here, "$class does not point to a class description with a $classname")
        }
        return (name, (info["$classes"] as? [Any])?.compactMap { $0 as? String } ?? [name])
    }

    private mutating func count(at where_: String, depth: Int) throws(KeyedArchiveError) {
        try budget.resolve(file: file, at: where_)
        resolved += 1
        guard resolved <= KeyedArchive.maximumValues else {
            throw error(
                at: where_,
                "resolving the archive reaches more than \(KeyedArchive.maximumValues) values (objects shared over and over)",
                hint: "no restoration archive is this large; the file is corrupt or built to exhaust readers")
        }
        guard depth <= KeyedArchive.maximumDepth else {
            throw error(at: where_, "values nest more than \(KeyedArchive.maximumDepth) levels deep")
        }
    }

    func error(at where_: String, _ message: String, hint: String? = nil) -> KeyedArchiveError {
        KeyedArchiveError(
            file: file, at: where_, message,
            hint: hint ?? "the archive is damaged; copy it again from the device or simulator")
    }
}
