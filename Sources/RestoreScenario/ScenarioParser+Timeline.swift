import RestoreEngine

/// `timeline:` (SPEC §3): `background`, `{kill: KIND}`, `launch` or `{launch: {...}}`.
extension ScenarioReader {
    static let stepWords = ["background", "kill", "launch", "close", "disconnect"]
    /// The steps only a scene-based app has, for the messages that list the steps of a scenario
    /// with scenes (read before the timeline).
    var sceneSteps: String {
        sessionNodes.isEmpty ? "" : " (or, with scenes, {close: SESSION} or {disconnect: SESSION})"
    }
    /// The options of `{background: {...}}`.
    static let backgroundKeys = ["crashWhileEncoding"]
    static let launchKeys = [
        "bundleVersion", "deviceLocked", "crashWhileDecoding", "crashBeforeRestoration", "extendStateRestoration",
        "data",
    ]

    func timeline(_ n: ScenarioNode) -> [TimelineStep]? {
        guard let items = list(n, of: "'timeline'") else { return nil }
        var steps: [TimelineStep] = []
        for (i, item) in items.enumerated() {
            let crashes = (decoding: crashReferences.count, encoding: encodeCrashReferences.count)
            guard let step = step(item, "timeline step \(i + 1)") else { continue }
            if let mark = item.mark {
                keyLocations.steps[steps.count] = SourceLocation(file: file, line: mark.line, column: mark.column)
            }
            // The step's crash key, if it had one: a reference this step added.
            let reference =
                crashReferences.count > crashes.decoding
                ? crashReferences.last
                : encodeCrashReferences.count > crashes.encoding ? encodeCrashReferences.last : nil
            if let mark = reference?.node.mark {
                keyLocations.byStep[steps.count] = SourceLocation(file: file, line: mark.line, column: mark.column)
            }
            steps.append(step)
        }
        return steps
    }

    private func step(_ n: ScenarioNode, _ what: String) -> TimelineStep? {
        if case .scalar(let s) = n, case .string(let word) = CoreScalar(s) {
            switch word {
            case "background": return .background
            case "launch": return .launch(LaunchOptions())
            case "kill":
                fail(n, "'kill' needs a kind: write '{kill: system}', '{kill: user}' or '{kill: debugger}'")
            default:
                fail(
                    n,
                    "unknown \(what) '\(word)'" + Self.suggestion(for: word, among: Self.stepWords)
                        + "; a step is background, {kill: system|user|debugger}, launch or {launch: {...}}"
                        + sceneSteps)
            }
            return nil
        }
        guard case .mapping(let mapping) = n else {
            fail(
                n,
                "expected a step (background, {kill: KIND}, launch or {launch: {...}}\(sceneSteps)) for \(what), found \(Self.describe(n))"
            )
            return nil
        }
        guard mapping.count == 1 else {
            fail(
                n,
                "\(what) has \(mapping.count) keys; a step is one of background, {kill: KIND} or {launch: {...}}\(sceneSteps), one per list item"
            )
            return nil
        }
        guard let f = fields(n, of: what, allowed: Self.stepWords) else { return nil }
        if let step = sceneStep(f) { return step }
        if f.has("background") {
            guard let options = f.present("background") else { return .background }
            guard let o = fields(options, of: "'background'", allowed: Self.backgroundKeys) else { return nil }
            guard let v = o.present("crashWhileEncoding"), let text = string(v, "'crashWhileEncoding'") else {
                return .background
            }
            encodeCrashReferences.append((text, v))
            return path(text, at: v, "'crashWhileEncoding'").map(TimelineStep.backgroundCrashingWhileEncoding)
        }
        if let v = f["kill"] {
            return word(v, "kill kind", KillKind.allCases.map(\.rawValue)).flatMap(KillKind.init(rawValue:)).map(
                TimelineStep.kill)
        }
        if f.has("launch") {
            // `- launch:` with nothing after it is a plain launch.
            guard let options = f.present("launch") else { return .launch(LaunchOptions()) }
            return launchOptions(options).map(TimelineStep.launch)
        }
        return nil
    }

    private func launchOptions(_ n: ScenarioNode) -> LaunchOptions? {
        guard let f = fields(n, of: "'launch'", allowed: Self.launchKeys) else { return nil }
        var o = LaunchOptions()
        if let v = f.present("bundleVersion") { o.bundleVersion = string(v, "'bundleVersion'") }
        if let v = f.present("deviceLocked"), let b = bool(v, "'deviceLocked'") { o.deviceLocked = b }
        if let v = f["crashWhileDecoding"] {
            // An empty path would crash nothing: almost certainly a path left out by mistake.
            let empty =
                "'crashWhileDecoding' needs the restoration path of the node that crashes, like 'Nav/Detail'; found an empty "
            if f.present("crashWhileDecoding") == nil {
                fail(v, empty + "value")
            } else if let text = string(v, "'crashWhileDecoding'") {
                if text.isEmpty {
                    fail(v, empty + "string")
                } else {
                    o.crashWhileDecoding = path(text, at: v, "'crashWhileDecoding'")
                    crashReferences.append((text, v))
                }
            }
        }
        if let v = f.present("crashBeforeRestoration"), let b = bool(v, "'crashBeforeRestoration'") {
            o.crashBeforeRestoration = b
        }
        if let v = f.present("extendStateRestoration"),
            let w = word(v, "extendStateRestoration", RestorationExtension.allCases.map(\.rawValue))
        {
            o.extendStateRestoration = RestorationExtension(rawValue: w)
        }
        if let v = f.present("data"), let pairs = pairs(v, of: "'data'") {
            for pair in pairs {
                let path = path(pair.key, at: pair.keyNode, "'data'")
                guard let items = list(pair.value, of: "the rows of '\(pair.key)'") else { continue }
                let rows = items.compactMap { string($0, "a row's model identifier") }
                if let path, rows.count == items.count {
                    o.data[path] = rows
                    if let mark = pair.keyNode.mark {
                        keyLocations.data[path] = SourceLocation(file: file, line: mark.line, column: mark.column)
                    }
                }
            }
        }
        return o
    }
}
