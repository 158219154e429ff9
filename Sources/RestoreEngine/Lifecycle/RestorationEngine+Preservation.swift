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
    /// The app moves to the background: P1–P10. With `crashingWhileEncoding`, the app crashes
    /// while the node at that restoration path encodes: no archive is written (T3).
    public func enterBackground(crashingWhileEncoding crashPath: String? = nil) {
        // A locked launch is a background launch: the app is in the background already (R12).
        guard appState == .foreground else { return }
        application.crashWhileEncoding = crashPath
        defer { application.crashWhileEncoding = nil }
        // A scene-based app's crash while saving names a session (`saveActivity`).
        if isSceneBased { return backgroundScenes() }
        phase = .preservation
        appState = .background
        preservationCount += 1
        let root = application.window.rootViewController
        if observer != nil {
            emit(EngineEvent(launch: launch, phase: .preservation, event: .background), hierarchyOf: root)
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
        var walk = PreservationWalk(engine: self, root: root)

        // P1
        let optIn = askSaveOrRestore(secure: .shouldSaveSecure, appCoder)
        guard optIn.answer else {
            if let root {
                walk.skipAll(root, reason: .saveDeclined)
                walk.visitObjects()  // lists the objects, skipped too
            }
            outcome.preservation = PhaseOutcome(
                performed: false, reason: .saveDeclined, nodes: walk.nodes, launch: launch)
            // The next launch finds no archive because of this answer, not because of how the app was stopped.
            if archive == nil { archiveLoss = .saveDeclined }
            saveDeclinedBy = optIn.asked
            diagnose(
                .saveDeclined, .warning, path: nil, locator: nil,
                "Nothing was preserved: \(optIn.asked.rawValue) returned NO. Fix: return YES from \(optIn.asked.rawValue)."
            )
            return
        }
        // P2
        call(.willEncodeApplication(appCoder), receiver: "AppDelegate")
        reportReservedKeys(appCoder, locator: "AppDelegate", path: nil)
        // P8: what the app delegate references is preserved like any reference.
        walk.appReferences = Set(appCoder.appEntries.compactMap(\.value.referenceValue))
        // P3–P8
        if let root { walk.visitController(root, cursor: .root) }
        walk.visitObjects()
        if let crash = walk.crash {
            // Nothing was written: every node, encoded before the crash or not reached, is
            // listed as not preserved, as for a declined save.
            var unwritten = PreservationWalk(engine: self, root: root)
            if let root { unwritten.skipAll(root, reason: .noArchive) }
            // Lists the registered objects met on the way (encoding none: all are skipped).
            unwritten.visitObjects()
            crashWhileEncoding(crash, nodes: unwritten.nodes)
            return
        }
        walk.diagnoseLosses()
        outcome.preservation = PhaseOutcome(performed: true, nodes: walk.nodes, launch: launch)

        let written = Archive(appLevel: appCoder.entries, entries: walk.entries)
        archive = written
        archiveClassesInferred = false
        archiveLoss = nil
        encodeCrash = nil
        if observer != nil {
            var archived = EngineEvent(launch: launch, phase: .preservation, event: .archiveWritten)
            archived.archive = written
            emit(archived)
        }
        // P10
        if !application.snapshotIgnored { emit(EngineEvent(launch: launch, phase: .preservation, event: .snapshot)) }
    }

    /// T3: a crash in an encode ends the app before the archive is written; the previous one stays.
    private func crashWhileEncoding(_ crash: (path: String, key: String), nodes: [NodeOutcome]) {
        var event = EngineEvent(launch: launch, phase: .preservation, event: .crash)
        event.path = crash.path
        event.key = crash.key
        event.reason = "crashed in encodeRestorableStateWithCoder:"
        emit(event)
        appState = .terminated
        // With no earlier archive, the next launch has none because this one was never written.
        if archive == nil {
            archiveLoss = nil
            encodeCrash = (launch, crash.path)
        }
        outcome.preservation = PhaseOutcome(performed: false, reason: .noArchive, nodes: nodes, launch: launch)
        let kept = archive == nil ? "there is no earlier archive" : "the earlier archive stays on disk"
        diagnose(
            .noArchive, .error, path: crash.path, locator: crash.path,
            "The app crashed while `\(RestorationPath(parsing: crash.path).identifier)` (\(crash.path)) encoded its state at launch \(launch): no archive was written, and \(kept) (T3). Fix: fix the crash in encodeRestorableStateWithCoder:."
        )
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
