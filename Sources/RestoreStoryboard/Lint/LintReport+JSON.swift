extension LintReport {
    /// `{"format":"restoretrace-lint/1","files":[…]}`, members in a fixed order, one line.
    public var json: String {
        let w = JSONText()
        w.object {
            w.member("format", LintReport.format)
            if let infoPlist {
                w.key("infoPlist")
                infoPlist.write(to: w)
            }
            w.key("files")
            w.array(files) { file in file.write(to: w) }
        }
        return w.text + "\n"
    }
}

extension LintFile {
    func write(to w: JSONText) {
        w.object {
            w.member("file", file)
            w.member("initial", initial)
            // Only on the launch screen the Info.plist names (nothing of it is judged).
            if launchScreen { w.member("launchScreen", true) }
            w.key("controllers")
            w.array(controllers) { c in
                w.object {
                    w.member("id", c.id)
                    w.member("class", c.className)
                    w.member("restorationIdentifier", c.restorationIdentifier)
                    w.member("storyboardIdentifier", c.storyboardIdentifier)
                    w.member("path", c.path)
                    w.member("preserved", c.preserved)
                    w.member("reason", c.reason?.rawValue)
                    w.member("cause", c.cause)
                    w.member("parent", c.parent)
                    w.member("embedded", c.embedded)
                    w.member("storyboard", c.storyboard)
                }
            }
            w.key("views")
            w.array(views) { v in
                w.object {
                    w.member("id", v.id)
                    w.member("element", v.element)
                    w.member("class", v.className)
                    w.member("restorationIdentifier", v.restorationIdentifier)
                    w.member("controller", v.controller)
                    w.member("storyboard", v.storyboard)
                    w.member("preserved", v.preserved)
                    w.member("reason", v.reason?.rawValue)
                    w.member("line", v.line)
                }
            }
            w.key("scenes")
            w.array(scenes) { s in
                w.object {
                    w.member("id", s.sceneID)
                    w.member("controller", s.controller)
                    w.member("element", s.element)
                    w.member("class", s.className)
                    w.member("storyboardIdentifier", s.storyboardIdentifier)
                    w.member("restorationIdentifier", s.restorationIdentifier)
                    w.member("launch", s.launch)
                    w.member("preserved", s.preserved)
                    w.member("reason", s.reason?.rawValue)
                    w.member("cause", s.cause)
                    w.key("reachedBy")
                    w.array(s.reachedBy) { r in
                        w.object {
                            w.member("segue", r.segue)
                            w.member("kind", r.kind)
                            w.member("source", r.source)
                        }
                    }
                    w.member("line", s.line)
                }
            }
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

/// A small writer of compact JSON with members in the order written (deterministic output).
final class JSONText {
    private(set) var text = ""
    private var needsComma = false

    func object(_ body: () -> Void) {
        separate()
        text += "{"
        needsComma = false
        body()
        text += "}"
        needsComma = true
    }

    func array<T>(_ items: [T], _ body: (T) -> Void) {
        separate()
        text += "["
        needsComma = false
        for item in items { body(item) }
        text += "]"
        needsComma = true
    }

    func key(_ k: String) {
        separate()
        text += Self.quote(k) + ":"
        needsComma = false
    }

    func member(_ k: String, _ v: String?) {
        key(k)
        text += v.map(Self.quote) ?? "null"
        needsComma = true
    }

    /// A string as an array element.
    func value(_ v: String) {
        separate()
        text += Self.quote(v)
        needsComma = true
    }

    func member(_ k: String, _ v: Bool) {
        key(k)
        text += v ? "true" : "false"
        needsComma = true
    }

    func member(_ k: String, _ v: Int) {
        key(k)
        text += String(v)
        needsComma = true
    }

    private func separate() {
        if needsComma { text += "," }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
