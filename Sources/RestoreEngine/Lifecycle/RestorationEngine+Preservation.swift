/// Where the walk is during preservation, handed from a node to its children.
struct PreservationCursor {
    var parentPreserved: Bool
    /// Why the node is skipped when the parent was not preserved, and who caused it.
    var inheritedReason: ReasonCode?
    var cause: String?
    var parentKey: String?
    var parentPath: String?
    var parentLocator: String?
    var relation: ArchiveRelation
    var depth: Int
    var parentPosition = ""
    /// Appended to the node's name in its locator when an earlier sibling reads the same.
    var nameSuffix = ""

    static let root = PreservationCursor(
        parentPreserved: true, inheritedReason: nil, cause: nil, parentKey: nil, parentPath: nil,
        parentLocator: nil, relation: .root, depth: 0)

    /// This node's structural position (see `NodeOutcome.position`).
    var position: String {
        switch relation {
        case .root: "0"
        case .child(let i): parentPosition + "." + String(i)
        case .presented: parentPosition + ".p"
        default: parentPosition
        }
    }
}

/// Built-in view state keys (P6), as UIKit's classes write them.
public enum ViewStateKeys {
    public static let contentOffset = "kUIScrollViewContentOffsetKey"
    public static let zoomScale = "kUIScrollViewZoomScaleKey"
    public static let contentInset = "kUIScrollViewContentInsetKey"
    public static let selectedIndexPaths = "kUITableViewSelectedIndexPathsKey"
    public static let selectedModelIdentifiers = "kUITableViewSelectedModelIdentifiersKey"
    public static let firstVisibleIndexPath = "kUITableViewFirstVisibleIndexPathKey"
    public static let firstVisibleModelIdentifier = "kUITableViewFirstVisibleModelIdentifierKey"
    public static let selectedRange = "kUITextViewSelectedRangeKey"
    public static let editable = "kUITextViewEditableKey"
    public static let selectedTextRange = "kUITextFieldSelectedTextRangeKey"
    public static let imageGeometry = [
        "kUIViewBoundsKey", "kUIViewCenterKey", "kUIViewFrameKey", "kUIViewTransformKey", "kUIViewAnchorPointKey",
    ]
    public static let webHistory = "kWKWebViewBackForwardListKey"
}

extension RestorationEngine {
    /// The app moves to the background: P1–P10.
    public func enterBackground() {
        guard appState == .foreground else { return }
        phase = .preservation
        appState = .background
        preservationCount += 1
        let root = application.window.rootViewController
        if observer != nil {
            var start = EngineEvent(launch: launch, phase: .preservation, event: .background)
            start.hierarchy = root?.blueprint(classes: application.classes)
            emit(start)
        }

        let appCoder = RestorationCoder()
        appCoder.writeSystem { c in
            let config = application.configuration
            c.encode(.string(config.bundleVersion), forKey: ReservedKeys.bundleVersion)
            c.encode(.int(config.idiom.number), forKey: ReservedKeys.userInterfaceIdiom)
            c.encode(.date(Self.referenceTimestamp + Double(preservationCount) * 3600), forKey: ReservedKeys.timestamp)
            c.encode(.string(config.systemVersion), forKey: ReservedKeys.systemVersion)
        }
        application.snapshotIgnored = false
        var walk = PreservationWalk(engine: self)

        // P1
        guard call(.shouldSave(appCoder), receiver: "AppDelegate").boolValue else {
            if let root { walk.skipAll(root, reason: .saveDeclined) }
            outcome.preservation = PhaseOutcome(
                performed: false, reason: .saveDeclined, nodes: walk.nodes, launch: launch)
            // The next launch finds no archive because of this answer, not because of how the app was stopped.
            if archive == nil { archiveLoss = .saveDeclined }
            diagnose(
                .saveDeclined, .warning, path: nil, locator: nil,
                "Nothing was preserved: application:shouldSaveApplicationState: returned NO. Fix: \(ReasonCode.saveDeclined.fix)."
            )
            return
        }
        // P2
        call(.willEncodeApplication(appCoder), receiver: "AppDelegate")
        reportReservedKeys(appCoder, locator: "AppDelegate", path: nil)
        // P3–P8
        if let root { walk.visitController(root, cursor: .root) }
        walk.diagnoseLosses()
        outcome.preservation = PhaseOutcome(performed: true, nodes: walk.nodes, launch: launch)

        let written = Archive(appLevel: appCoder.entries, entries: walk.entries)
        archive = written
        archiveLoss = nil
        if observer != nil {
            var archived = EngineEvent(launch: launch, phase: .preservation, event: .archiveWritten)
            archived.archive = written
            emit(archived)
        }
        // P10
        if !application.snapshotIgnored { emit(EngineEvent(launch: launch, phase: .preservation, event: .snapshot)) }
    }

    /// 2026-01-01 00:00:00 UTC in `NSDate` reference seconds: a fixed clock, so traces never carry wall time.
    static let referenceTimestamp: Double = 788_918_400

    func reportReservedKeys(_ coder: RestorationCoder, locator: String, path: String?) {
        for key in coder.reservedKeyViolations {
            diagnose(
                .reservedKey, .error, path: path, locator: locator,
                "`\(locator)` encodes '\(key)', a key UIKit reserves; UIKit's value is kept. Fix: \(ReasonCode.reservedKey.fix)."
            )
        }
    }
}

/// One preservation pass over the hierarchy: builds the archive entries and the node outcomes.
struct PreservationWalk {
    let engine: RestorationEngine
    var entries: [ArchiveEntry] = []
    var nodes: [NodeOutcome] = []

    init(engine: RestorationEngine) { self.engine = engine }

    mutating func skipAll(_ root: UIViewController, reason: ReasonCode) {
        var cursor = PreservationCursor.root
        cursor.parentPreserved = false
        cursor.inheritedReason = reason
        visitController(root, cursor: cursor)
    }

    /// Siblings that would read the same (two unmarked navigation controllers in a tab bar, or
    /// children sharing an identifier) get `#i`, their index, so every node has its own locator.
    static func nameSuffixes(_ children: [UIViewController]) -> [String] {
        var seen = Set<String>()
        return children.enumerated().map { i, child in
            let name = child.restorationIdentifier.flatMap { $0.isEmpty ? nil : $0 } ?? "<\(child.className)>"
            return seen.insert(name).inserted ? "" : "#\(i)"
        }
    }

    static func join(_ parent: String?, _ component: String) -> String {
        parent.map { $0 + "/" + component } ?? component
    }

    mutating func visitController(_ vc: UIViewController, cursor: PreservationCursor) {
        let id = vc.restorationIdentifier.flatMap { $0.isEmpty ? nil : $0 }
        let locator = Self.join(cursor.parentLocator, (id ?? "<\(vc.className)>") + cursor.nameSuffix)
        let path: String? = id.flatMap { id in cursor.relation == .root ? id : cursor.parentPath.map { $0 + "/" + id } }
        var node = NodeOutcome(
            path: path, locator: locator, key: nil, className: vc.className, kind: .viewController,
            status: .skipped, depth: cursor.depth, parent: cursor.parentLocator)
        let position = cursor.position
        node.position = position

        guard cursor.parentPreserved, let id, let path else {
            let reason = cursor.parentPreserved ? ReasonCode.noRestorationIdentifier : cursor.inheritedReason!
            node.reason = reason
            node.cause = cursor.parentPreserved ? nil : cursor.cause
            nodes.append(node)
            var below = cursor
            below.parentPreserved = false
            below.inheritedReason = reason == .saveDeclined ? .saveDeclined : .ancestorNotPreserved
            below.cause = reason == .noRestorationIdentifier ? locator : cursor.cause
            below.parentLocator = locator
            below.parentPath = nil
            below.depth = cursor.depth + 1
            below.parentPosition = position
            let viewReason: ReasonCode = reason == .saveDeclined ? .saveDeclined : .viewOwnerNotPreserved
            for (j, view) in vc.views.enumerated() {
                skipView(view, owner: locator, reason: viewReason, depth: below.depth, position: position + ".v\(j)")
            }
            for (j, object) in vc.restorableObjects.enumerated() {
                skipObject(
                    object, owner: locator, reason: reason == .saveDeclined ? .saveDeclined : .objectNotReferenced,
                    depth: below.depth, position: position + ".o\(j)")
            }
            let suffixes = Self.nameSuffixes(vc.children)
            for (i, child) in vc.children.enumerated() {
                below.relation = .child(i)
                below.nameSuffix = suffixes[i]
                visitController(child, cursor: below)
            }
            if let presented = vc.presentedViewController {
                below.relation = .presented
                below.nameSuffix = ""
                visitController(presented, cursor: below)
            }
            return
        }

        // P4: a key, the class and its origin, then the app's encode with a coder of its own.
        let key: String
        switch cursor.relation {
        case .child(let i): key = cursor.parentKey! + "/:[\(i)]:/" + id
        case .root: key = id
        default: key = Self.join(cursor.parentKey, id)
        }
        node.key = key
        node.status = .preserved
        nodes.append(node)

        let coder = RestorationCoder()
        engine.call(.encode(.viewController(vc), coder: coder), receiver: vc.className, path: path, key: key)
        engine.reportReservedKeys(coder, locator: locator, path: path)

        // P5: which children this controller's encode references.
        let encodesChildren: Bool
        switch vc.containerKind {
        case .navigation, .tabBar, .split: encodesChildren = true
        case .custom, .none: encodesChildren = vc.containerKind == .custom && vc.encodesChildren
        }
        let childKeys: [String] = vc.children.enumerated().compactMap { i, child in
            guard encodesChildren, let cid = child.restorationIdentifier, !cid.isEmpty else { return nil }
            return key + "/:[\(i)]:/" + cid
        }
        coder.writeSystem { c in
            if let storyboard = vc.storyboard {
                c.encode(
                    .dictionary(["name": .string(storyboard.name), "identifier": .string(storyboard.identifier)]),
                    forKey: ReservedKeys.storyboard)
            }
            if !childKeys.isEmpty {
                c.encode(.array(childKeys.map(CoderValue.reference)), forKey: ReservedKeys.children)
            }
            if vc.containerKind == .tabBar, vc.children.indices.contains(vc.selectedIndex),
                let sid = vc.children[vc.selectedIndex].restorationIdentifier, !sid.isEmpty
            {
                c.encode(.reference(key + "/:[\(vc.selectedIndex)]:/" + sid), forKey: ReservedKeys.tabSelected)
            }
            if let presented = vc.presentedViewController, let pid = presented.restorationIdentifier, !pid.isEmpty {
                c.encode(.reference(key + "/" + pid), forKey: ReservedKeys.presented)
            }
            for object in vc.restorableObjects {
                if let oid = object.restorationIdentifier, !oid.isEmpty {
                    c.encode(.reference(key + "/" + oid), forKey: oid)
                }
            }
            c.encode(.bool(true), forKey: ReservedKeys.viewWasLoaded)
        }
        var entry = ArchiveEntry(
            key: key, pathString: path,
            kind: .viewController, className: vc.className, parentKey: cursor.parentKey, relation: cursor.relation,
            coder: coder.entries)
        entry.restorationClass = vc.restorationClass
        entry.storyboard = vc.storyboard
        entries.append(entry)

        checkAmbiguity(vc, path: path, locator: locator, encodesChildren: encodesChildren)
        let depth = cursor.depth + 1
        for (j, view) in vc.views.enumerated() {
            visitView(
                view, owner: vc, ownerPath: path, ownerKey: key, ownerLocator: locator, depth: depth,
                position: position + ".v\(j)")
        }
        for (j, object) in vc.restorableObjects.enumerated() {
            visitObject(
                object, ownerPath: path, ownerKey: key, ownerLocator: locator, depth: depth,
                position: position + ".o\(j)")
        }
        var below = PreservationCursor(
            parentPreserved: encodesChildren, inheritedReason: encodesChildren ? nil : .notEncodedByContainer,
            cause: encodesChildren ? nil : locator, parentKey: key, parentPath: path, parentLocator: locator,
            relation: .root, depth: depth, parentPosition: position)
        let suffixes = Self.nameSuffixes(vc.children)
        for (i, child) in vc.children.enumerated() {
            below.relation = .child(i)
            below.nameSuffix = suffixes[i]
            visitController(child, cursor: below)
        }
        if let presented = vc.presentedViewController {
            below.parentPreserved = true
            below.inheritedReason = nil
            below.cause = nil
            below.relation = .presented
            below.nameSuffix = ""
            visitController(presented, cursor: below)
        }
    }

    /// R11: siblings that would share one restoration path outside navigation/tab/split containers.
    func checkAmbiguity(_ vc: UIViewController, path: String, locator: String, encodesChildren: Bool) {
        var groups: [(String, [String])] = []
        if vc.containerKind == .custom || vc.containerKind == .none, encodesChildren {
            groups.append(("child controllers", vc.children.compactMap(\.restorationIdentifier)))
        }
        // A presented controller's path is its presenter's plus its identifier, like a preserved child's.
        if encodesChildren, let pid = vc.presentedViewController?.restorationIdentifier,
            vc.children.contains(where: { $0.restorationIdentifier == pid })
        {
            groups.append(("controllers (a child and the presented one)", [pid, pid]))
        }
        groups.append(("views", vc.views.compactMap(\.restorationIdentifier)))
        groups.append(("registered objects", vc.restorableObjects.compactMap(\.restorationIdentifier)))
        for (what, ids) in groups {
            var seen = Set<String>()
            var reported = Set<String>()
            for id in ids where !id.isEmpty {
                if !seen.insert(id).inserted, reported.insert(id).inserted {
                    engine.diagnose(
                        .ambiguousPath, .error, path: path + "/" + id, locator: locator + "/" + id,
                        "Two \(what) of `\(locator)` share the restoration path '\(path)/\(id)': UIKit may restore the wrong one. Fix: \(ReasonCode.ambiguousPath.fix)."
                    )
                }
            }
        }
    }

    mutating func visitView(
        _ view: UIView, owner: UIViewController, ownerPath: String, ownerKey: String, ownerLocator: String, depth: Int,
        position: String
    ) {
        guard let id = view.restorationIdentifier, !id.isEmpty else {
            skipView(view, owner: ownerLocator, reason: .noRestorationIdentifier, depth: depth, position: position)
            return
        }
        let path = ownerPath + "/" + id
        let key = ownerKey + "/" + id
        var node = NodeOutcome(
            path: path, locator: ownerLocator + "/" + id, key: key, className: view.className, kind: .view,
            status: .preserved, depth: depth, parent: ownerLocator)
        node.status = .preserved
        node.position = position
        nodes.append(node)

        let coder = RestorationCoder()
        let selection = writeBuiltInState(of: view, to: coder, ownerClass: owner.className, path: path, key: key)
        engine.call(.encode(.view(view), coder: coder), receiver: view.className, path: path, key: key)
        engine.reportReservedKeys(coder, locator: node.locator, path: path)
        var entry = ArchiveEntry(
            key: key, pathString: path, kind: .view,
            className: view.className, parentKey: ownerKey, relation: .view, coder: coder.entries)
        entry.preservedSelection = selection
        entries.append(entry)
    }

    /// P6/P7: what UIKit's own view classes save. Returns the selected model ids (bookkeeping).
    func writeBuiltInState(of view: UIView, to coder: RestorationCoder, ownerClass: String, path: String, key: String)
        -> [String]?
    {
        let s = view.viewState
        var modelIds: [String: String] = [:]
        var selectedIds: [String]?
        if view.kind.hasRows, let rows = s.rows {
            let associated = view.modelAssociation != nil
            let selectedRows = (s.selected ?? []).compactMap { rows.firstIndex(of: $0) }
            selectedIds = selectedRows.map { rows[$0] }
            if associated {
                for row in selectedRows + [s.firstVisible.flatMap { rows.firstIndex(of: $0) }].compactMap({ $0 }) {
                    let answer = engine.call(
                        .modelIdentifier(indexPath: [0, row], view: view), receiver: ownerClass, path: path, key: key)
                    if case .modelIdentifier(let m?) = answer { modelIds[String(row)] = m }
                }
            }
            coder.writeSystem { c in
                if associated {
                    c.encode(
                        .array(selectedRows.compactMap { modelIds[String($0)] }.map(CoderValue.string)),
                        forKey: ViewStateKeys.selectedModelIdentifiers)
                    if let fv = s.firstVisible.flatMap({ rows.firstIndex(of: $0) }), let m = modelIds[String(fv)] {
                        c.encode(.string(m), forKey: ViewStateKeys.firstVisibleModelIdentifier)
                    }
                } else {
                    c.encode(
                        .array(selectedRows.map { .array([.int(0), .int($0)]) }),
                        forKey: ViewStateKeys.selectedIndexPaths)
                    if let fv = s.firstVisible.flatMap({ rows.firstIndex(of: $0) }) {
                        c.encode(.array([.int(0), .int(fv)]), forKey: ViewStateKeys.firstVisibleIndexPath)
                    }
                }
            }
        }
        coder.writeSystem { c in
            if view.kind.isScrollable || view.kind == .webView {
                c.encode(
                    .array((s.contentOffset ?? [0, 0]).map(CoderValue.double)), forKey: ViewStateKeys.contentOffset)
                c.encode(.double(s.zoomScale ?? 1), forKey: ViewStateKeys.zoomScale)
                if view.kind != .webView {
                    c.encode(
                        .array((s.contentInset ?? [0, 0, 0, 0]).map(CoderValue.double)),
                        forKey: ViewStateKeys.contentInset)
                }
            }
            switch view.kind {
            case .textView:
                if let r = s.selectedRange {
                    c.encode(.array(r.map(CoderValue.int)), forKey: ViewStateKeys.selectedRange)
                }
                c.encode(.bool(s.editable ?? true), forKey: ViewStateKeys.editable)
            case .textField:
                if let r = s.selectedRange {
                    c.encode(.array(r.map(CoderValue.int)), forKey: ViewStateKeys.selectedTextRange)
                }
            case .imageView:
                for k in ViewStateKeys.imageGeometry { c.encode(.array([]), forKey: k) }
            case .webView:
                c.encode(.array([]), forKey: ViewStateKeys.webHistory)
            default: break
            }
        }
        return selectedIds
    }

    mutating func skipView(_ view: UIView, owner: String, reason: ReasonCode, depth: Int, position: String) {
        let id = view.restorationIdentifier.flatMap { $0.isEmpty ? nil : $0 }
        // A view without an identifier is the norm, not a finding: only identified views are listed.
        guard id != nil || reason != .noRestorationIdentifier else { return }
        var node = NodeOutcome(
            path: nil, locator: owner + "/" + (id ?? "<\(view.className)>"), key: nil, className: view.className,
            kind: .view, status: .skipped, depth: depth, parent: owner)
        node.reason = reason
        node.cause = reason == .viewOwnerNotPreserved ? owner : nil
        node.position = position
        nodes.append(node)
    }

    mutating func visitObject(
        _ object: UIStateRestoringObject, ownerPath: String, ownerKey: String, ownerLocator: String, depth: Int,
        position: String
    ) {
        guard let id = object.restorationIdentifier, !id.isEmpty else {
            skipObject(object, owner: ownerLocator, reason: .noRestorationIdentifier, depth: depth, position: position)
            return
        }
        let path = ownerPath + "/" + id
        let key = ownerKey + "/" + id
        var node = NodeOutcome(
            path: path, locator: ownerLocator + "/" + id, key: key, className: object.className, kind: .object,
            status: .preserved, depth: depth, parent: ownerLocator)
        node.position = position
        nodes.append(node)
        let coder = RestorationCoder()
        engine.call(.encode(.object(object), coder: coder), receiver: object.className, path: path, key: key)
        engine.reportReservedKeys(coder, locator: ownerLocator + "/" + id, path: path)
        var entry = ArchiveEntry(
            key: key, pathString: path, kind: .object,
            className: object.className, parentKey: ownerKey, relation: .object, coder: coder.entries)
        entry.restorationClass = object.objectRestorationClass
        entries.append(entry)
    }

    mutating func skipObject(
        _ object: UIStateRestoringObject, owner: String, reason: ReasonCode, depth: Int, position: String
    ) {
        var node = NodeOutcome(
            path: nil, locator: owner + "/" + (object.restorationIdentifier ?? "<\(object.className)>"), key: nil,
            className: object.className, kind: .object, status: .skipped, depth: depth, parent: owner)
        node.reason = reason
        node.cause = reason == .objectNotReferenced ? owner : nil
        node.position = position
        nodes.append(node)
    }
}
