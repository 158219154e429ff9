import RestoreEngine

/// The built-in view properties of a NODE under `views:` → `ViewState` (P6, P7).
extension ScenarioReader {
    /// Which UIKit view classes save each property (SPEC §2 P6).
    static let propertyOwners: [String: [String]] = {
        let scrolling = ["UIScrollView", "UITableView", "UICollectionView", "UITextView"]
        let rows = ["UITableView", "UICollectionView"]
        return [
            "contentOffset": scrolling + ["WKWebView"], "zoomScale": scrolling + ["WKWebView"],
            "contentInset": scrolling, "rows": rows, "selected": rows, "firstVisible": rows,
            "modelAssociation": rows, "selectedRange": ["UITextView", "UITextField"], "editable": ["UITextView"],
        ]
    }()

    func viewState(_ f: Fields, className: String, inherits: String?) -> ViewState {
        var s = ViewState()
        for key in Self.viewPropertyKeys where f.has(key) {
            checkApplies(key, at: f.keyNode(key), className: className, inherits: inherits)
        }
        if let n = f.present("contentOffset") {
            s.contentOffset = numbers(n, "'contentOffset'", count: 2, shape: "[x, y]")
        }
        if let n = f.present("zoomScale") { s.zoomScale = number(n, "'zoomScale'") }
        if let n = f.present("contentInset") {
            s.contentInset = numbers(n, "'contentInset'", count: 4, shape: "[top, left, bottom, right]")
        }
        if let n = f.present("modelAssociation") { s.modelAssociation = bool(n, "'modelAssociation'") }
        if let n = f.present("editable") { s.editable = bool(n, "'editable'") }
        if let n = f.present("selectedRange"), let items = list(n, of: "'selectedRange'") {
            let values = items.compactMap { int($0, "an item of 'selectedRange'") }
            if values.count == items.count {
                if values.count != 2 || values.contains(where: { $0 < 0 }) {
                    fail(
                        n,
                        "'selectedRange' is [location, length], two integers of 0 or more; found \(values.count) item(s)"
                            + (values.contains(where: { $0 < 0 }) ? " with a negative one" : ""))
                } else {
                    s.selectedRange = values
                }
            }
        }
        readRows(f, into: &s)
        return s
    }

    /// `rows`, `selected`, `firstVisible`: selections must name rows that exist.
    private func readRows(_ f: Fields, into s: inout ViewState) {
        if let n = f.present("rows"), let items = list(n, of: "'rows'") {
            var seen: Set<String> = []
            var rows: [String] = []
            for item in items {
                guard let id = string(item, "a row's model identifier") else { continue }
                if !seen.insert(id).inserted {
                    fail(item, "row '\(id)' is listed twice; rows are model identifiers and must be unique")
                }
                rows.append(id)
            }
            s.rows = rows
        }
        let rows = s.rows
        if let n = f.present("selected"), let items = list(n, of: "'selected'") {
            var selected: [String] = []
            // A set, not a search of the rows per selected row (40,000 rows all selected: 13 s).
            let known = rows.map(Set.init)
            for item in items {
                guard let id = string(item, "a selected row") else { continue }
                if let rows, let known, !known.contains(id) {
                    fail(item, "selected row '\(id)' is not in 'rows'" + Self.suggestion(for: id, among: rows))
                }
                selected.append(id)
            }
            if rows == nil, !f.has("rows") { fail(n, "'selected' needs 'rows:' to say which rows exist") }
            s.selected = selected
        }
        if let n = f.present("firstVisible"), let id = string(n, "'firstVisible'") {
            if let rows, !rows.contains(id) {
                fail(n, "first visible row '\(id)' is not in 'rows'" + Self.suggestion(for: id, among: rows))
            } else if rows == nil, !f.has("rows") {
                fail(n, "'firstVisible' needs 'rows:' to say which rows exist")
            }
            s.firstVisible = id
        }
    }

    /// A list of exactly `count` numbers.
    private func numbers(_ n: ScenarioNode, _ what: @autoclosure () -> String, count: Int, shape: String) -> [Double]? {
        guard let items = list(n, of: what()) else { return nil }
        let values = items.compactMap { number($0, "an item of \(what())") }
        guard values.count == items.count else { return nil }
        guard values.count == count else {
            fail(n, "\(what()) is \(shape), \(count) numbers; found \(values.count)")
            return nil
        }
        return values
    }

    /// Whether `checkApplies` would find `key` saved by a view of `className` (no `inherits`)
    /// without a problem; it records nothing (for `flatNode`).
    func propertyApplies(_ key: String, className: String) -> Bool {
        if let last = lastAppliedProperty, last.key == key, last.className == className, last.inherits == nil {
            return true
        }
        guard ClassHierarchy.uikit[className] != nil else { return false }
        let owners = Self.propertyOwners[key] ?? []
        var cls: String? = className
        while let c = cls {
            if owners.contains(c) {
                lastAppliedProperty = (key, className, nil)
                return true
            }
            cls = ClassHierarchy.uikit[c] ?? nil
        }
        return false
    }

    /// A property on a view class that does not save it is a mistake in the scenario: the engine
    /// would silently ignore it. A custom view inheriting from another custom class is not
    /// checked, since its UIKit ancestor is not known here.
    private func checkApplies(_ key: String, at node: ScenarioNode?, className: String, inherits: String?) {
        // The same property on the same class as last time applies again: three hashed
        // lookups and an array skipped (2,000 instructions a view on the 100×100 grid, 1.7 % of
        // `record`).
        if let last = lastAppliedProperty, last.key == key, last.className == className, last.inherits == inherits {
            return
        }
        let owners = Self.propertyOwners[key] ?? []
        let known = [className, inherits].compactMap { $0 }.first { ClassHierarchy.uikit[$0] != nil }
        guard let known else {
            if inherits == nil, !className.isEmpty {
                fail(
                    node,
                    "'\(key)' is saved only by \(Self.alternatives(owners)); '\(className)' is a custom view (add 'inherits: \(owners[0])' if it is one)"
                )
            }
            return
        }
        var cls: String? = known
        while let c = cls {
            if owners.contains(c) {
                lastAppliedProperty = (key, className, inherits)
                return
            }
            cls = ClassHierarchy.uikit[c] ?? nil
        }
        fail(node, "'\(key)' is saved only by \(Self.alternatives(owners)) and their subclasses, not by '\(className)'")
    }
}
