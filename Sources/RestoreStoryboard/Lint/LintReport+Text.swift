import RestoreEngine

extension LintReport {
    /// The report for a person: per file, the launch tree with ★ preserved / ✗ skipped and why,
    /// the scenes that arrive only at run time, then each finding in compiler style with its fix.
    public var text: String {
        var lines: [String] = infoPlist.map { $0.textLines + [""] } ?? []
        for file in files {
            lines.append(contentsOf: file.textLines)
            lines.append("")
        }
        let count = { (s: LintSeverity) in findings.filter { $0.severity == s }.count }
        // The Info.plist's findings are counted too: say so, not "2 storyboards: 1 error" of a plist's error.
        let inputs =
            "\(files.count) storyboard\(files.count == 1 ? "" : "s")" + (infoPlist == nil ? "" : " and Info.plist")
        lines.append(
            "\(inputs): \(count(.error)) error\(count(.error) == 1 ? "" : "s"), \(count(.warning)) warning\(count(.warning) == 1 ? "" : "s"), \(count(.info)) note\(count(.info) == 1 ? "" : "s")"
        )
        if let note = noIdentifiersNote { lines.append(note) }
        // A line break in a name (a custom class written with `&#10;`) is shown, not obeyed.
        return LineBreaks.joining(lines) + "\n"
    }

    /// Said under the count when not one controller, view or scene given has a Restoration ID and
    /// there are warnings: an app that never adopted restoration gets a warning per segue (36 for
    /// Delta), which read as bugs, where they are the list of what adopting it takes.
    var noIdentifiersNote: String? {
        guard !files.isEmpty, !files.contains(where: \.sceneBased),
            findings.contains(where: { $0.severity >= .warning }),
            !files.contains(where: { file in
                !file.views.isEmpty || file.controllers.contains { $0.restorationIdentifier != nil }
                    || file.scenes.contains { $0.restorationIdentifier != nil }
            })
        else { return nil }
        return
            "No controller or view in \(files.count == 1 ? "this storyboard" : "these storyboards") has a Restoration ID, so UIKit preserves none of them (unless the app sets restorationIdentifier in code). If the app does not use state restoration, the warnings are what adopting it takes, not bugs."
    }
}

extension LintFile {
    var textLines: [String] {
        var lines = ["\(file):"]
        if launchScreen {
            return lines + [
                "  launch screen (UILaunchStoryboardName): shown before the app runs, never preserved or restored; not judged"
            ]
        }
        if controllers.isEmpty {
            // An initial view controller that is a storyboard reference not followed is one, not none.
            lines.append(
                initial == nil
                    ? "  launch tree: none (no initial view controller)"
                    : "  launch tree: none (the initial view controller is a storyboard reference that cannot be followed)"
            )
        } else {
            let preserved = controllers.filter(\.preserved).count
            lines.append("  launch tree (\(preserved) of \(controllers.count) controllers preserved):")
            for c in controllers {
                let indent = String(repeating: "  ", count: c.depth + 2)
                let mark = c.preserved ? "★" : "✗"
                var line = "\(indent)\(mark) \(c.displayName)"
                if c.restorationIdentifier != nil { line += " (\(c.className))" }
                if c.embedded { line += " [embedded]" }
                if c.preserved, let path = c.path {
                    line += "  path \(path)"
                } else if let reason = c.reason {
                    line += "  skipped, \(reason.rawValue): \(c.cause ?? reason.summary)"
                }
                lines.append(line)
                for v in views where v.controllerKey == c.key {
                    let vm = v.preserved ? "★" : "✗"
                    var vl = "\(indent)    \(vm) view \(v.className) '\(v.restorationIdentifier)'"
                    if !v.preserved, let reason = v.reason { vl += "  skipped, \(reason.rawValue)" }
                    lines.append(vl)
                }
            }
        }
        let runTime = scenes.filter { !$0.launch && !$0.reachedBy.isEmpty }
        if !runTime.isEmpty {
            lines.append("  scenes shown only at run time:")
            for s in runTime {
                let kinds = Array(Set(s.reachedBy.map(\.kind))).sorted().joined(separator: ", ")
                let id: String
                switch (s.restorationIdentifier, sceneBased) {
                case (let rid?, false) where s.preserved: id = "restoration identifier '\(rid)'"
                case (let rid?, false):
                    // Where the segue puts it is not preserved: say why, as for the launch tree.
                    id =
                        "restoration identifier '\(rid)'"
                        + (s.reason.map { "  skipped, \($0.rawValue): \(s.cause ?? $0.summary)" } ?? "")
                case (let rid?, true): id = "restoration identifier '\(rid)' (inert: the app adopts scenes)"
                case (nil, false): id = "no restoration identifier"
                case (nil, true): id = "no restoration identifier (none needed: the app adopts scenes)"
                }
                let mark = s.preserved && !sceneBased ? "★" : "✗"
                lines.append("    \(mark) \(s.className) (\(kinds)), \(id)")
                // Its views, as a launch-tree controller's are listed: kept or lost with it.
                for v in views where v.controller == s.controller && v.storyboard == name {
                    let vm = v.preserved && !sceneBased ? "★" : "✗"
                    var vl = "        \(vm) view \(v.className) '\(v.restorationIdentifier)'"
                    if !v.preserved, let reason = v.reason { vl += "  skipped, \(reason.rawValue)" }
                    lines.append(vl)
                }
            }
        }
        if findings.isEmpty {
            lines.append("  no findings")
        }
        for f in findings {
            lines.append(
                "\(f.location): \(f.severity.rawValue): \(f.message) [\(f.code.rawValue)]"
            )
            lines.append("    fix: \(f.fix)")
        }
        return lines
    }
}
