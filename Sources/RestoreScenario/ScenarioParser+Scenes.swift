import RestoreEngine

/// The scene-based keys of SPEC §8: `app.lifecycle`, `app.userActivityTypes`, `app.saveActivity`,
/// `scenes:` and the `{close: SESSION}` / `{disconnect: SESSION}` steps.

extension ScenarioReader {
    static let sceneKeys = ["session", "configuration", "ui", "activity"]
    static let activityKeys = ["type", "userInfo", "nonPlistKeys", "responders"]

    /// `lifecycle`, `userActivityTypes` and `saveActivity` under `app:`.
    func sceneKeys(_ f: Fields, into app: inout AppSpec) {
        infoPlistReading.explicit = Set(f.order)
        if let v = f.present("infoPlist"), let path = name(v, "'infoPlist'") {
            infoPlistReading.path = path
            infoPlistReading.node = v
        }
        if let v = f.present("lifecycle"), let w = word(v, "lifecycle", Lifecycle.allCases.map(\.rawValue)) {
            app.lifecycle = Lifecycle(rawValue: w) ?? .app
            // UIScene arrived in iOS 13: an older system has no scene life cycle to run.
            if app.lifecycle == .scenes, let major = Int(app.systemVersion.split(separator: ".").first ?? ""),
                major < 13
            {
                fail(
                    v,
                    "'lifecycle: scenes' needs iOS 13 or later, but systemVersion is \(app.systemVersion); raise systemVersion or use 'lifecycle: app'"
                )
            }
        }
        if let v = f.present("userActivityTypes"), let items = list(v, of: "'userActivityTypes'") {
            app.userActivityTypes = items.compactMap { item in
                guard let type = string(item, "an activity type in 'userActivityTypes'") else { return nil }
                if type.isEmpty { fail(item, "an activity type must not be empty (such as com.example.browse)") }
                return type.isEmpty ? nil : type
            }
        }
        if let v = f.present("saveActivity"),
            let w = word(v, "saveActivity", ActivitySaving.allCases.map(\.rawValue))
        {
            app.activitySaving = ActivitySaving(rawValue: w) ?? .background
        }
    }

    /// `scenes: [{session, configuration, ui, activity}]`.
    func scenes(_ n: ScenarioNode) -> [SceneSpec] {
        guard let items = list(n, of: "'scenes'") else { return [] }
        var result: [SceneSpec] = []
        var seen: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let what = "scene \(i + 1)"
            guard let f = fields(item, of: what, allowed: Self.sceneKeys) else { continue }
            guard let v = f.present("session"), let id = oneLine(v, "'session'", "a persistent identifier") else {
                if f.present("session") == nil {
                    fail(item, "\(what) needs 'session:' (its persistent identifier, such as main)")
                }
                continue
            }
            if let first = seen[id] {
                fail(v, "session '\(id)' is listed twice (first as scene \(first)); give each scene its own session")
                continue
            }
            seen[id] = i + 1
            sessionNodes.append(v)
            var scene = SceneSpec(session: id)
            if let c = f.present("configuration"), let text = oneLine(c, "'configuration'", "a configuration name") {
                scene.configuration = text
                configurationNodes[id] = c
            }
            if let u = f.present("ui") { scene.ui = node(u, role: .viewController, "the ui of scene '\(id)'") }
            if let a = f.present("activity") { scene.activity = activity(a, session: id) }
            result.append(scene)
        }
        return result
    }

    private func activity(_ n: ScenarioNode, session: String) -> ActivitySpec? {
        let what = "the activity of scene '\(session)'"
        guard let f = fields(n, of: what, allowed: Self.activityKeys) else { return nil }
        // Every problem of the activity is reported, not only its type's: the rest is read on.
        var type: String?
        if let t = f.present("type") {
            type = oneLine(t, "'type'", "an activity type")
        } else {
            fail(n, "\(what) needs 'type:' (its activityType, such as com.example.browse)")
        }
        var spec = ActivitySpec(type: type ?? "")
        if let v = f.present("userInfo") { spec.userInfo = entries(v, "'userInfo'") ?? [] }
        if let v = f.present("responders"), let pairs = pairs(v, of: "'responders'") {
            for pair in pairs {
                if pair.key.isEmpty { fail(pair.keyNode, "a responder's name must not be empty") }
                let adds = Self.isNullNode(pair.value) ? [] : entries(pair.value, "what \(pair.key) adds") ?? []
                spec.responders.append(ResponderSpec(name: pair.key, adds: adds))
            }
        }
        // A key a responder adds in updateUserActivityState: is in the userInfo UIKit saves too.
        let keys = spec.userInfo.map(\.key) + spec.responders.flatMap { $0.adds.map(\.key) }
        if let v = f.present("nonPlistKeys"), let items = list(v, of: "'nonPlistKeys'") {
            for item in items {
                guard let key = string(item, "a key in 'nonPlistKeys'") else { continue }
                if keys.contains(key) {
                    spec.nonPlistKeys.append(key)
                } else {
                    fail(
                        item,
                        "'nonPlistKeys' names '\(key)', which is not a key of userInfo; list keys of 'userInfo:' or of what a responder adds"
                    )
                }
            }
        }
        return type == nil ? nil : spec
    }

    /// A name that is one line of text (a session's persistent identifier, an activity type):
    /// printed in the verdict's lines, a line break in one would start a line of its own.
    private func oneLine(_ n: ScenarioNode, _ what: String, _ kind: String) -> String? {
        guard let text = name(n, what) else { return nil }
        if let problem = RestorationPath.lineBreakOrTab(in: text) {
            fail(n, "\(what) holds \(problem): \(kind) is one line of text; remove it")
            return nil
        }
        return text
    }

    /// `{close: SESSION}` and `{disconnect: SESSION}`; nil for any other step.
    func sceneStep(_ f: Fields) -> TimelineStep? {
        for key in ["close", "disconnect"] {
            guard let v = f[key] else { continue }
            guard let session = oneLine(v, "'\(key)'", "a persistent identifier") else { return nil }
            sessionReferences.append((session, v))
            return key == "close" ? .close(session: session) : .disconnect(session: session)
        }
        return nil
    }

    /// The checks that need the whole file: the mode and `scenes:` agree, and every session a
    /// step names is a scene.
    func checkSceneMode(_ scenario: Scenario, root: ScenarioNode, fields f: Fields) {
        let scenes = scenario.app.lifecycle == .scenes
        if scenes, scenario.scenes.isEmpty, f.present("scenes") == nil {
            fail(root, "a scene-based app ('lifecycle: scenes') needs 'scenes:', the connected scene sessions")
        }
        // With an Info.plist, the plist may make it scene-based: checked once it is read.
        if !scenes, infoPlistReading.path == nil, let v = f.present("scenes") {
            fail(v, "'scenes:' needs 'app: {lifecycle: scenes}'; an app-based app has one window, 'ui:'")
        }
        if scenes, let v = f.present("ui") {
            fail(v, "a scene-based app has no app-level 'ui:'; give each scene its own 'ui:' under 'scenes:'")
        }
        // The launch UI is what a legacy relaunch builds before restoring into it; a scene's
        // window is built from its own 'ui:' when it connects. Accepted, it was silently unused.
        if scenes, let v = f.present("launchUI") {
            fail(
                v,
                "a scene-based app has no app-level 'launchUI:': each scene's window is built from its own 'ui:' under 'scenes:' when it connects"
            )
        }
        for reference in sessionReferences where scenario.scene(reference.name) == nil {
            fail(
                reference.node,
                "no scene has session '\(reference.name)'"
                    + Self.suggestion(for: reference.name, among: scenario.scenes.map(\.session))
                    + "; name one of the sessions under 'scenes:'")
        }
        // In a scene-based app a crash names a session: restoring, the one whose
        // scene:restoreInteractionStateWithUserActivity: crashes; saving, the one whose
        // stateRestorationActivity(for:) does. One that names none would crash nothing, silently.
        let crashes = [
            ("crashWhileDecoding", "scene:restoreInteractionStateWithUserActivity:", crashReferences),
            ("crashWhileEncoding", "stateRestorationActivity(for:)", encodeCrashReferences),
        ]
        // With saveActivity: disconnect, going to the background asks for no activity: a crash
        // named there could never happen (it was accepted, and crashed nothing).
        if scenes, scenario.app.activitySaving == .disconnect {
            for reference in encodeCrashReferences {
                fail(
                    reference.node,
                    "'crashWhileEncoding' cannot crash with 'saveActivity: disconnect': going to the background asks for no activity then, so stateRestorationActivity(for:) is not called"
                )
            }
        }
        for (key, callback, references) in crashes where scenes {
            for reference in references where scenario.scene(reference.name) == nil {
                fail(
                    reference.node,
                    "'\(key)' names no scene session: '\(reference.name)'"
                        + Self.suggestion(for: reference.name, among: scenario.scenes.map(\.session))
                        + "; in a scene-based app it names the session whose \(callback) crashes: "
                        + scenario.scenes.map(\.session).joined(separator: ", "))
            }
        }
    }

    /// The keys of a mapping as written (empty for anything else), without judging them.
    static func mappingKeys(_ n: ScenarioNode) -> [String] {
        guard case .mapping(let mapping) = n else { return [] }
        return mapping.compactMap { key, _ in if case .scalar(let s) = key { s.string } else { nil } }
    }

    static func isNullNode(_ n: ScenarioNode) -> Bool {
        if case .scalar(let s) = n { return CoreScalar(s) == .null }
        return false
    }
}
