import RestoreEngine

/// Line 1 of a trace: what recorded it, which app, and what a replay needs besides the events.
public struct TraceHeader: Hashable, Sendable {
    /// The format this restoretrace writes: version 2, bounded lines (`TraceLines`).
    public static let format = "restoretrace-trace/2"
    public static let formatPrefix = "restoretrace-trace/"
    /// The version written, and every version read (1: one line per event, however long).
    public static let version = 2
    public static let readableVersions = 1...2

    /// The version a header's `format` names, when it is one of restoretrace's.
    static func version(of header: JSONValue) -> Int? {
        guard let format = header["format"]?.stringValue, format.hasPrefix(formatPrefix) else { return nil }
        return Int(format.dropFirst(formatPrefix.count))
    }
    public static let toolVersion = "0.1.0"
    /// `source` of a trace the in-app recorder wrote: its events are what UIKit did in a real app.
    public static let appSource = "app"

    public var tool = "restoretrace \(TraceHeader.toolVersion)"
    /// Who produced the events: nil for the engine (`record`), `app` for the in-app recorder
    /// (`RestoreTraceRecorder`), whose events are what UIKit really did, `uikit-archive` for
    /// UIKit's archive converted by `import` (SPEC §6, §9).
    public var source: String?
    /// The events are a real app's (`source` is `app`): where a replay parts from them, the engine
    /// and UIKit disagree, which is a fidelity finding and not the user's error.
    public var isFromApp: Bool { source == Self.appSource }
    public var scenario: String
    public var description: String?
    public var app: AppConfiguration
    /// Custom classes and their superclasses, for the class check (R4).
    public var classes: [(name: String, superclass: String)]
    /// The app's rule for `shouldRestoreApplicationState`, when it is known (a scenario): lets a
    /// what-if that changes the archive re-evaluate the answer instead of repeating it.
    public var shouldRestoreRule: RestoreRule?

    public init(
        scenario: String, description: String? = nil, app: AppConfiguration,
        classes: [(name: String, superclass: String)] = [], shouldRestoreRule: RestoreRule? = nil
    ) {
        self.scenario = scenario
        self.description = description
        self.app = app
        self.classes = classes
        self.shouldRestoreRule = shouldRestoreRule
    }

    public static func == (a: TraceHeader, b: TraceHeader) -> Bool { a.json == b.json }
    public func hash(into hasher: inout Hasher) { hasher.combine(json.serialized) }

    /// The header line as a trace starts with it, newline included (split into part lines in
    /// the rare case it is longer than `TraceLines.maxLineBytes`: thousands of custom classes).
    public func writeLine(to out: inout [UInt8]) {
        let start = out.count
        json.write(to: &out)
        TraceLines.bound(&out, lineFrom: start)
        out.append(0x0A)
    }

    public var json: JSONValue {
        .obj([
            ("format", .string(Self.format)),
            ("tool", .string(tool)),
            ("source", source.map(JSONValue.string)),
            ("scenario", .string(scenario)),
            ("description", description.map(JSONValue.string)),
            ("app", .object(appMembers)),
            ("classes", .object(classes.map { ($0.name, .string($0.superclass)) })),
            ("rules", shouldRestoreRule.map { .object([("shouldRestoreApplicationState", Self.encode($0))]) }),
        ])
    }

    /// The app's facts; the scene-based ones only for a scene-based app, so app-based traces
    /// keep the header they always had.
    private var appMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("bundleVersion", .string(app.bundleVersion)), ("systemVersion", .string(app.systemVersion)),
            ("idiom", .string(app.idiom.rawValue)),
        ]
        if app.lifecycle == .scenes {
            members += [
                ("lifecycle", .string(app.lifecycle.rawValue)),
                ("userActivityTypes", .array(app.userActivityTypes.map(JSONValue.string))),
                ("saveActivity", .string(app.activitySaving.rawValue)),
                ("legacyOptIns", .array(app.legacyOptIns.map(JSONValue.string))),
            ]
        }
        return members
    }

    static func encode(_ rule: RestoreRule) -> JSONValue {
        switch rule {
        case .always(let b): .bool(b)
        case .ifEqual(let pairs): .object([("ifEqual", coder(pairs))])
        }
    }

    /// A coder as a tree, through the one writer of typed values (its output always parses).
    private static func coder(_ entries: [CoderEntry]) -> JSONValue {
        var bytes: [UInt8] = []
        ValueCodec.writeCoder(entries, to: &bytes)
        return (try? JSONParser.parse(bytes)) ?? .object([])
    }

    static func decode(_ j: JSONValue) throws(DecodeProblem) -> TraceHeader {
        let f = try Fields(j, "")
        guard let format = try f.string("format") else {
            throw DecodeProblem("format", "is missing: line 1 must be a restoretrace trace header")
        }
        guard let version = Self.version(of: j), Self.readableVersions.contains(version),
            format == Self.formatPrefix + String(version)
        else {
            if format.hasPrefix(Self.formatPrefix), let v = Int(format.dropFirst(Self.formatPrefix.count)),
                v > Self.version
            {
                throw DecodeProblem(
                    "format",
                    "'\(format)' is newer than this restoretrace understands (\(Self.format)); upgrade restoretrace to read it"
                )
            }
            throw DecodeProblem("format", "'\(format)' is not a restoretrace trace (expected '\(Self.format)')")
        }
        try f.rejectUnknown(["format", "tool", "source", "scenario", "description", "app", "classes", "rules"])
        let app = try Fields(f["app"] ?? .object([]), "app")
        try app.rejectUnknown([
            "bundleVersion", "systemVersion", "idiom", "lifecycle", "userActivityTypes", "saveActivity", "legacyOptIns",
        ])
        let idiom =
            try app.string("idiom").map { (s) throws(DecodeProblem) -> AppConfiguration.Idiom in
                guard let i = AppConfiguration.Idiom(rawValue: s) else {
                    throw DecodeProblem("app.idiom", "expected phone or pad")
                }
                return i
            } ?? .phone
        var header = TraceHeader(
            scenario: try f.requiredString("scenario"), description: try f.string("description"),
            app: AppConfiguration(
                bundleVersion: try app.string("bundleVersion") ?? "1.0",
                systemVersion: try app.string("systemVersion") ?? "17.0", idiom: idiom))
        try decodeScenes(app, into: &header.app)
        header.tool = try f.string("tool") ?? "unknown"
        header.source = try f.string("source")
        let classes = try Fields(f["classes"] ?? .object([]), "classes")
        header.classes = try classes.requiredStrings().map { (name: $0.0, superclass: $0.1) }
        if let rules = f["rules"] {
            let r = try Fields(rules, "rules")
            try r.rejectUnknown(["shouldRestoreApplicationState"])
            switch r["shouldRestoreApplicationState"] {
            case .bool(let b)?: header.shouldRestoreRule = .always(b)
            case let v?:
                let inner = try Fields(v, "rules.shouldRestoreApplicationState")
                header.shouldRestoreRule = .ifEqual(
                    try ValueCodec.decodeCoder(
                        inner["ifEqual"] ?? .object([]), "rules.shouldRestoreApplicationState.ifEqual"))
            case nil: break
            }
        }
        return header
    }
}

extension TraceHeader {
    /// The scene-based facts of `app` (SPEC §8).
    fileprivate static func decodeScenes(_ app: Fields, into c: inout AppConfiguration) throws(DecodeProblem) {
        if let text = try app.string("lifecycle") {
            guard let lifecycle = Lifecycle(rawValue: text) else {
                throw DecodeProblem("app.lifecycle", "expected app or scenes, found '\(text)'")
            }
            c.lifecycle = lifecycle
        }
        c.userActivityTypes = try app.strings("userActivityTypes") ?? []
        if let text = try app.string("saveActivity") {
            guard let saving = ActivitySaving(rawValue: text) else {
                throw DecodeProblem("app.saveActivity", "expected background or disconnect, found '\(text)'")
            }
            c.activitySaving = saving
        }
        c.legacyOptIns = try app.strings("legacyOptIns") ?? []
    }
}
