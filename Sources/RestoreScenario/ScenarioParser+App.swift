import RestoreEngine

/// `app:`, its delegate, ANSWERs, `classes:` and `storyboards:` (SPEC §3).
extension ScenarioReader {
    static let appKeys = [
        "bundleVersion", "systemVersion", "idiom", "delegate", "mainStoryboard", "lifecycle", "userActivityTypes",
        "saveActivity", "infoPlist",
    ]
    /// Delegate keys of view-controller-based restoration: inert in a scene-based app (S1).
    static let legacyDelegateKeys = [
        "shouldSaveApplicationState", "shouldSaveSecureApplicationState", "shouldRestoreApplicationState",
        "shouldRestoreSecureApplicationState", "willEncodeRestorableState", "encodes",
        "viewControllerWithRestorationIdentifierPath",
        // Not restoration callbacks, but the app delegate's side of it: the snapshot call is made
        // from a preservation callback, and the default root is the app delegate's window's,
        // neither of which a scene app has (r20 scenes hunt: they were dropped without a word).
        "ignoreSnapshot", "defaultRoot",
    ]
    static let delegateKeys = [
        "shouldSaveSecureApplicationState", "shouldRestoreSecureApplicationState", "shouldSaveApplicationState",
        "shouldRestoreApplicationState", "encodes", "willEncodeRestorableState", "ignoreSnapshot", "makeKeyAndVisible",
        "viewControllerWithRestorationIdentifierPath", "defaultRoot",
    ]
    /// The methods deprecated in iOS 13.2, each with the one that replaces it (P1).
    static let secureReplacements = [
        "shouldSaveApplicationState": "shouldSaveSecureApplicationState",
        "shouldRestoreApplicationState": "shouldRestoreSecureApplicationState",
    ]
    static let answerWords = ["new", "nil", "existing", "storyboard"]
    /// The keys of an ANSWER written as a mapping: `{instanceOf: CLASS}`.
    static let answerKeys = ["instanceOf"]
    /// The keys of a conditional ANSWER: `{ifEqual: {KEY: VALUE}, then: ANSWER, else: ANSWER}`.
    static let conditionalAnswerKeys = ["ifEqual", "then", "else"]
    /// The keys of `shouldRestoreApplicationState` written as a mapping.
    static let restoreRuleKeys = ["ifEqual"]
    /// The keys of a restoration class under `classes:`.
    static let classKeys = ["answer", "builds"]

    func app(_ n: ScenarioNode) -> AppSpec {
        var app = AppSpec()
        guard let f = fields(n, of: "'app'", allowed: Self.appKeys) else { return app }
        if let v = f.present("bundleVersion"), let s = string(v, "'bundleVersion'") { app.bundleVersion = s }
        if let v = f.present("systemVersion"), let s = string(v, "'systemVersion'") { app.systemVersion = s }
        if let v = f.present("idiom"), let w = word(v, "idiom", ["phone", "pad"]) {
            app.idiom = AppConfiguration.Idiom(rawValue: w) ?? .phone
        }
        if let v = f.present("delegate") {
            app.delegate = delegate(v)
            // `ignoreSnapshot: false` calls nothing: not a piece left to move (r20 review).
            app.legacyOptIns = Self.mappingKeys(v).filter {
                Self.legacyDelegateKeys.contains($0) && ($0 != "ignoreSnapshot" || app.delegate.ignoreSnapshot)
            }
        }
        if let v = f.present("mainStoryboard"), let n = name(v, "'mainStoryboard'") {
            app.mainStoryboard = n
            mainStoryboardNode = v
        }
        sceneKeys(f, into: &app)
        return app
    }

    private func delegate(_ n: ScenarioNode) -> DelegateSpec {
        var d = DelegateSpec()
        guard let f = fields(n, of: "'delegate'", allowed: Self.delegateKeys) else { return d }
        if let v = f.present("shouldSaveApplicationState"), let b = bool(v, "'shouldSaveApplicationState'") {
            d.shouldSaveApplicationState = b
        }
        if let v = f.present("shouldRestoreApplicationState"),
            let rule = restoreRule(v, "shouldRestoreApplicationState")
        {
            d.shouldRestoreApplicationState = rule
        }
        if let v = f.present("shouldSaveSecureApplicationState"), let b = bool(v, "'shouldSaveSecureApplicationState'")
        {
            d.shouldSaveSecureApplicationState = b
        }
        if let v = f.present("shouldRestoreSecureApplicationState"),
            let rule = restoreRule(v, "shouldRestoreSecureApplicationState")
        {
            d.shouldRestoreSecureApplicationState = rule
        }
        if let v = f.present("encodes"), let items = list(v, of: "'encodes'") {
            d.encodes = items.compactMap { item in
                guard let path = string(item, "a path in 'encodes'").flatMap({ path($0, at: item, "'encodes'") })
                else { return nil }
                if let mark = item.mark {
                    keyLocations.encodes[path] = SourceLocation(file: file, line: mark.line, column: mark.column)
                }
                return path
            }
        }
        if let v = f.present("willEncodeRestorableState") {
            d.willEncodeRestorableState = entries(v, "'willEncodeRestorableState'") ?? []
        }
        if let v = f.present("ignoreSnapshot"), let b = bool(v, "'ignoreSnapshot'") { d.ignoreSnapshot = b }
        if let v = f.present("makeKeyAndVisible"),
            let w = word(v, "makeKeyAndVisible timing", MakeKeyTiming.allCases.map(\.rawValue))
        {
            d.makeKeyAndVisible = MakeKeyTiming(rawValue: w) ?? .willFinishLaunching
        }
        if let v = f.present("viewControllerWithRestorationIdentifierPath"),
            let pairs = pairs(v, of: "'viewControllerWithRestorationIdentifierPath'")
        {
            for pair in pairs {
                let path = path(pair.key, at: pair.keyNode, "'viewControllerWithRestorationIdentifierPath'")
                if let answer = conditionalAnswer(pair.value, "the answer for '\(pair.key)'"), let path {
                    d.viewControllerWithRestorationIdentifierPath[path] = answer
                }
            }
        }
        if let v = f.present("defaultRoot") { d.defaultRoot = node(v, role: .viewController, "'defaultRoot'") }
        return d
    }

    /// An app-level key as the engine's coder holds it. UIKit's constants are named `…Key` and
    /// hold the name without it (`UIApplicationStateRestorationBundleVersion`, which `archive`
    /// prints from a real archive): either spelling means the key, where the bare one silently
    /// never matched and declined every restoration.
    static func appLevelKey(_ entry: CoderEntry) -> CoderEntry {
        var named = entry
        named.key = ReservedKeys.canonical(entry.key)
        return named
    }

    /// `true | false | {ifEqual: {KEY: VALUE}}`.
    private func restoreRule(_ n: ScenarioNode, _ key: String) -> RestoreRule? {
        if case .mapping = n {
            guard let f = fields(n, of: "'\(key)'", allowed: Self.restoreRuleKeys) else { return nil }
            guard let v = f["ifEqual"] else {
                fail(n, "'\(key)' as a mapping needs 'ifEqual: {KEY: VALUE}'")
                return nil
            }
            return entries(v, "'ifEqual'").map { RestoreRule.ifEqual($0.map(Self.appLevelKey)) }
        }
        if case .scalar(let s) = n, case .bool(let b) = CoreScalar(s) { return .always(b) }
        fail(
            n,
            "expected true, false or {ifEqual: {KEY: VALUE}} for '\(key)', found \(Self.describe(n))"
        )
        return nil
    }

    /// An ANSWER, or `{ifEqual: {KEY: VALUE}, then: ANSWER, else: ANSWER}` keyed on the node's coder
    /// (`then` defaults to `new`, `else` to `nil`: a class that recognises the state builds, and
    /// gives up otherwise).
    func conditionalAnswer(_ n: ScenarioNode, _ what: String, depth: Int = 0) -> ConditionalAnswer? {
        guard case .mapping(let mapping) = n,
            mapping.contains(where: { if case .scalar(let k) = $0.key { k.string == "ifEqual" } else { false } })
        else { return answer(n, what).map(ConditionalAnswer.always) }
        guard depth < Self.maximumDepth else {
            fail(n, "\(what) is nested more than \(Self.maximumDepth) levels deep")
            return nil
        }
        guard let f = fields(n, of: what, allowed: Self.conditionalAnswerKeys),
            let pairs = f["ifEqual"].flatMap({ entries($0, "'ifEqual' of \(what)") })
        else { return nil }
        var then = ConditionalAnswer.new
        var otherwise = ConditionalAnswer.nil
        if let v = f["then"] {
            guard let a = conditionalAnswer(v, "'then' of \(what)", depth: depth + 1) else { return nil }
            then = a
        }
        if let v = f["else"] {
            guard let a = conditionalAnswer(v, "'else' of \(what)", depth: depth + 1) else { return nil }
            otherwise = a
        }
        return .ifEqual(pairs, then: then, else: otherwise)
    }

    /// ANSWER: `new`, `nil` (also YAML's null: `null`, `~`), `existing`, `storyboard`, `{instanceOf: CLASS}`.
    func answer(_ n: ScenarioNode, _ what: String) -> Answer? {
        if case .mapping = n {
            guard let f = fields(n, of: what, allowed: Self.answerKeys) else { return nil }
            guard let v = f["instanceOf"] else {
                fail(n, "\(what) as a mapping needs 'instanceOf: CLASS'")
                return nil
            }
            return name(v, "'instanceOf'").map(Answer.instanceOf)
        }
        if case .scalar(let s) = n {
            switch CoreScalar(s) {
            // `nil` is a plain string in YAML 1.2, but `null` and `~` are how YAML spells it.
            case .null: return .nil
            case .string(let word):
                switch word {
                case "new": return .new
                case "nil": return .nil
                case "existing": return .existing
                case "storyboard": return .storyboard
                default:
                    fail(
                        n,
                        "unknown answer '\(word)' for \(what)" + Self.suggestion(for: word, among: Self.answerWords)
                            + "; an answer is new, nil, existing, storyboard or {instanceOf: CLASS}")
                    return nil
                }
            default: break
            }
        }
        fail(
            n,
            "expected an answer (new, nil, existing, storyboard or {instanceOf: CLASS}) for \(what), found \(Self.describe(n))"
        )
        return nil
    }

    /// `classes: {NAME: {answer, builds}}`; `NAME:` alone (null) means `answer: new`.
    func classes(_ n: ScenarioNode) -> [String: RestorationClassSpec] {
        var result: [String: RestorationClassSpec] = [:]
        guard let pairs = pairs(n, of: "'classes'") else { return result }
        for pair in pairs {
            guard !pair.key.isEmpty else {
                fail(pair.keyNode, "a restoration class name must not be empty")
                continue
            }
            var spec = RestorationClassSpec()
            if case .scalar(let s) = pair.value, CoreScalar(s) == .null {
                result[pair.key] = spec
                continue
            }
            guard let f = fields(pair.value, of: "class '\(pair.key)'", allowed: Self.classKeys) else { continue }
            if let v = f["answer"], let a = conditionalAnswer(v, "class '\(pair.key)'") { spec.answer = a }
            if let v = f.present("builds"), let items = list(v, of: "'builds'") {
                spec.builds = items.enumerated().compactMap { i, item in
                    node(item, role: .viewController, "child \(i) built by \(pair.key)")
                }
            }
            result[pair.key] = spec
        }
        return result
    }

    /// `storyboards: {NAME: FILE | {IDENTIFIER: NODE}}`: a string is a `.storyboard` file.
    func storyboards(_ n: ScenarioNode) -> [String: [String: NodeBlueprint]] {
        var result: [String: [String: NodeBlueprint]] = [:]
        guard let boards = pairs(n, of: "'storyboards'") else { return result }
        for board in boards {
            if board.key.isEmpty { fail(board.keyNode, "a storyboard name must not be empty") }
            if case .scalar = board.value {
                if let path = string(board.value, "the file of storyboard '\(board.key)'") {
                    storyboardFiles.append((board.key, path, board.value))
                }
                continue
            }
            guard let scenes = pairs(board.value, of: "storyboard '\(board.key)'") else { continue }
            var byIdentifier: [String: NodeBlueprint] = [:]
            for scene in scenes {
                if scene.key.isEmpty { fail(scene.keyNode, "a scene's storyboard identifier must not be empty") }
                byIdentifier[scene.key] = node(
                    scene.value, role: .viewController, "scene '\(scene.key)' of storyboard '\(board.key)'")
            }
            result[board.key] = byIdentifier
        }
        return result
    }
}
