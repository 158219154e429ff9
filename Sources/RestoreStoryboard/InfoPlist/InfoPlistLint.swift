import RestoreEngine

/// What the app's Info.plist means for restoration, with the storyboards given beside it
/// (`restoretrace lint Info.plist Main.storyboard …`, SPEC §8):
/// - a scene-based app: every restoration identifier in the storyboards is inert (S1), each with
///   its scene-based replacement; an app that declares no `NSUserActivityTypes` persists nothing (S2);
/// - an app-based app: built with the SDK after iOS 26 it will not launch (TN3187), and when it
///   adopts scenes its restoration identifiers become inert.
public struct InfoPlistLint: Sendable {
    public var plist: InfoPlist
    public var findings: [LintFinding]

    /// The replacement for a restoration identifier in a scene-based app.
    static let identifierFix =
        "write this controller's state into the scene's NSUserActivity (view.window.windowScene.userActivity) and rebuild it in scene(_:willConnectTo:options:); the Restoration ID can go"
    static let viewFix = "save the view's state (selection, scroll position) in the scene activity's userInfo"

    public static func lint(_ plist: InfoPlist, storyboards: [LintFile]) -> InfoPlistLint {
        let at = SourceLocation(file: plist.file)
        var findings: [LintFinding] = []
        let pieces = identifiers(in: storyboards)
        if plist.isSceneBased {
            // UIKit finds a configuration by its name: a second one of the same name is never the
            // one found (a scenario takes the first).
            var seen = Set<String>()
            for name in plist.sceneManifest?.configurations.compactMap(\.name) ?? [] where !seen.insert(name).inserted {
                findings.append(
                    LintFinding(
                        code: .duplicateIdentifier, severity: .warning, id: "", location: at,
                        message:
                            "two scene configurations are named '\(name)' (UISceneConfigurationName): a configuration is found by its name, so only the first of them is ever used",
                        fix: "give each scene configuration its own UISceneConfigurationName"))
            }
            if (plist.userActivityTypes ?? []).isEmpty {
                findings.append(
                    LintFinding(
                        code: .activityTypeNotDeclared, severity: .error, id: "", location: at,
                        message:
                            "the app adopts scenes but declares no NSUserActivityTypes: UIKit persists no scene's stateRestorationActivity, so no scene ever restores (S2)",
                        fix: "list every activity type stateRestorationActivity(for:) returns under NSUserActivityTypes"
                    ))
            }
            for p in pieces {
                findings.append(
                    LintFinding(
                        code: .legacyRestorationInert, severity: .warning, id: p.id, location: p.location,
                        message:
                            "\(p.what) is inert: this app adopts scenes (UIApplicationSceneManifest in \(plist.file)), and UIKit never runs view-controller-based restoration for it (S1)",
                        fix: p.isView ? viewFix : identifierFix))
            }
        } else {
            let what =
                pieces.isEmpty
                ? "It has no restoration identifiers in the storyboards given."
                : "Its \(pieces.count) restoration identifier\(pieces.count == 1 ? "" : "s") in the storyboards (\(pieces.prefix(5).map(\.name).joined(separator: ", "))\(pieces.count > 5 ? ", …" : "")) will then be inert: UIKit saves one NSUserActivity per scene session instead."
            findings.append(
                LintFinding(
                    code: .scenesRequired, severity: .warning, id: "", location: at,
                    message:
                        "the app does not adopt the UIScene life cycle (no UIApplicationSceneManifest, unless the project generates one: INFOPLIST_KEY_UIApplicationSceneManifest_Generation in its build settings): built with the SDK after iOS 26 it will not launch (TN3187). \(what)",
                    fix:
                        "add UIApplicationSceneManifest with a scene configuration and a scene delegate; return each scene's state from stateRestorationActivity(for:), restore it in scene(_:willConnectTo:options:), and list its activity type in NSUserActivityTypes"
                ))
        }
        return InfoPlistLint(plist: plist, findings: findings)
    }

    private struct Piece {
        var what: String
        var name: String
        var id: String
        var location: SourceLocation
        var isView: Bool
    }

    /// Every restoration identifier on a scene's controller or on a view, in file order.
    private static func identifiers(in files: [LintFile]) -> [Piece] {
        var out: [Piece] = []
        for file in files {
            defer {
                // Within a file, in line order.
                let start = out.firstIndex { $0.location.file == file.file } ?? out.endIndex
                out[start...].sort { ($0.location.line ?? 0) < ($1.location.line ?? 0) }
            }
            // A storyboard reference shows the identifier of the scene it stands for, which that
            // scene's file lists.
            for s in file.scenes where s.element != "viewControllerPlaceholder" {
                guard let id = s.restorationIdentifier, !id.isEmpty else { continue }
                out.append(
                    Piece(
                        what: "restoration identifier '\(id)' on \(s.className)", name: id, id: s.controller,
                        location: s.location, isView: false))
            }
            // A view of another file's scene (reached through a reference) is that file's to list.
            for v in file.views where v.location.file == file.file {
                out.append(
                    Piece(
                        what: "restoration identifier '\(v.restorationIdentifier)' on view \(v.className)",
                        name: v.restorationIdentifier, id: v.id,
                        location: v.location,
                        isView: true))
            }
        }
        return out
    }

    var textLines: [String] {
        var lines = ["\(plist.file):"]
        if let m = plist.sceneManifest {
            lines.append(
                "  scene-based: \(m.configurations.count) scene configuration\(m.configurations.count == 1 ? "" : "s")"
                    + (m.supportsMultipleScenes ? ", multiple scenes" : ", one scene"))
            for c in m.configurations {
                var line = "    '\(c.name ?? "(unnamed)")' (\(c.role))"
                if let s = c.storyboard { line += ", storyboard \(s)" }
                if let d = c.delegateClass { line += ", delegate \(d)" }
                lines.append(line)
            }
            lines.append(
                "  NSUserActivityTypes: "
                    + ((plist.userActivityTypes ?? []).isEmpty
                        ? "none" : (plist.userActivityTypes ?? []).joined(separator: ", ")))
            if (plist.userActivityTypes ?? []).contains(where: DeclaredActivityTypes.hasBuildSetting) {
                lines.append(
                    "    ($(…) is an Xcode build setting, filled in when the app is built: a scenario takes the activity types it matches, with some text in its place)"
                )
            }
        } else {
            lines.append(
                "  app-based: no UIApplicationSceneManifest"
                    + (plist.mainStoryboard.map { ", main storyboard \($0)" } ?? ""))
        }
        if let v = plist.bundleVersion {
            lines.append("  CFBundleVersion \(v)")
            // A version check (R13) compares the value as written: the built app's is another.
            if DeclaredActivityTypes.hasBuildSetting(v) {
                lines.append(
                    "    ($(…) is an Xcode build setting, filled in when the app is built: a scenario takes it as written; give app.bundleVersion the built app's value to check versions)"
                )
            }
        }
        for f in findings {
            lines.append("\(f.location): \(f.severity.rawValue): \(f.message) [\(f.code.rawValue)]")
            lines.append("    fix: \(f.fix)")
        }
        return lines
    }

    func write(to w: JSONText) {
        w.object {
            w.member("file", plist.file)
            w.member("lifecycle", plist.isSceneBased ? "scenes" : "app")
            w.member("bundleVersion", plist.bundleVersion)
            w.member("mainStoryboard", plist.mainStoryboard)
            w.key("userActivityTypes")
            w.array(plist.userActivityTypes ?? []) { t in w.value(t) }
            w.key("sceneConfigurations")
            w.array(plist.sceneManifest?.configurations ?? []) { c in
                w.object {
                    w.member("role", c.role)
                    w.member("name", c.name)
                    w.member("delegateClass", c.delegateClass)
                    w.member("storyboard", c.storyboard)
                }
            }
            w.member("supportsMultipleScenes", plist.sceneManifest?.supportsMultipleScenes ?? false)
            w.key("findings")
            w.array(findings) { f in
                w.object {
                    w.member("code", f.code.rawValue)
                    w.member("severity", f.severity.rawValue)
                    w.member("id", f.id.isEmpty ? nil : f.id)
                    w.member("file", f.location.file)
                    w.member("line", f.location.line ?? 1)
                    w.member("column", f.location.column ?? 1)
                    w.member("message", f.message)
                    w.member("fix", f.fix)
                }
            }
        }
    }
}
