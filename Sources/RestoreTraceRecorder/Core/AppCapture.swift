import RestoreEngine
import RestoreTrace

/// The capture core: receives what a running app sees of state restoration — the calls UIKit
/// makes into it, with their coders and answers, and the system's moves (launch, background,
/// archive written, kill) — and writes them as restoretrace's trace (SPEC §4), header
/// `"source": "app"`, the same bytes the engine's recorder writes for the same run.
///
/// It knows no UIKit type: hooks reach it through `CapturedCall` and read the app through a
/// `CapturedApplication`. It infers the launch number and the phase from the sequence it is
/// told, as UIKit's own order implies them (shouldRestore… opens restoration, didFinishLaunching
/// closes it), since a real app has no engine to ask.
///
/// Not thread-safe: UIKit makes every restoration call on the main thread, and so must the hooks.
public final class AppCapture {
    public let output: TraceOutput
    public private(set) var launch: Int
    public internal(set) var phase: Phase
    /// The last event's sequence number.
    public private(set) var seq: Int
    let application: CapturedApplication
    /// The app runs the scene-based life cycle (header `app.lifecycle`): the window is per scene,
    /// so the app-wide events carry no hierarchy.
    let isSceneBased: Bool

    /// Starts a trace: writes `header` (with `source` set to `app`) unless the sink already holds
    /// one, as when a relaunched app appends to the trace its earlier process started.
    /// - Parameter resume: the launch, phase and sequence number the earlier process ended at.
    public init(
        header: TraceHeader, application: CapturedApplication, sink: TraceSink,
        resume: (launch: Int, phase: Phase, seq: Int)? = nil
    ) {
        self.application = application
        isSceneBased = header.app.lifecycle == .scenes
        output = TraceOutput(sink: sink)
        launch = resume?.launch ?? 1
        phase = resume?.phase ?? .launch
        seq = resume?.seq ?? 0
        if sink.isEmpty {
            var appHeader = header
            appHeader.source = TraceHeader.appSource
            output.append { out in appHeader.writeLine(to: &out) }
            output.flush()
        }
    }

    // MARK: Calls into the app

    /// What a hook reads just before it runs the app's implementation.
    public func willCall() -> WindowState {
        WindowState(
            wasKeyAndVisible: application.isWindowKeyAndVisible, root: application.rootController,
            snapshotIgnored: application.isSnapshotIgnored)
    }

    /// Records a call once the app's implementation has returned.
    /// - Parameter before: what `willCall()` read before the call, to report what the call changed.
    public func didCall(_ call: CapturedCall, since before: WindowState) {
        switch call.callback {
        case .shouldRestore, .shouldRestoreSecure: phase = .restoration
        case .willFinishLaunching, .didFinishLaunching: phase = .launch
        // A relaunched scene-based app restores as its sessions reconnect (S3).
        case .willConnectToSession where phase == .launch: phase = .restoration
        default: break
        }
        var e = EngineEvent(launch: launch, phase: phase, callback: call.callback)
        e.receiver = call.receiver
        e.path = call.path
        e.key = call.key
        e.argument = call.argument
        e.session = call.session
        e.activity = call.activity
        if let coder = call.coder {
            // What an encode wrote is the app's writes; what a decode (or a question) saw is the
            // whole coder, UIKit's keys included.
            let writes = call.callback == .encode || call.callback == .willEncodeApplication
            e.coder = writes ? coder.capturedWrites : coder.capturedEntries
            if coder.capturedCrash { e.result = .crashed }
        }
        if e.result == nil { e.result = result(of: call.answer, path: call.path) }
        let effects = self.effects(since: before)
        if !effects.isEmpty { e.effects = effects }
        write(e)
    }

    private func result(of answer: CapturedAnswer, path: String?) -> EventResult? {
        switch answer {
        case .none: return nil
        case .bool(let b): return .bool(b)
        case .controller(nil), .object(nil): return .object(nil)
        case .controller(let vc?):
            let className = application.className(of: vc)
            if let found = application.existingPath(ofController: vc) {
                return .object(.existing(className: className, path: found))
            }
            return .object(.new(application.snapshot(ofController: vc)))
        case .object(let o?):
            if let path, application.isRegistered(o, at: path) {
                return .object(.existing(className: application.className(of: o), path: path))
            }
            return .object(.newObject(application.snapshot(ofObject: o)))
        case .modelIdentifier(let m): return .modelIdentifier(m)
        case .indexPath(let p): return .indexPath(p)
        case .configuration(let c): return .configuration(c)
        // A returned activity is the event's `activity`; none is a nil answer.
        case .activity(let a): return a == nil ? .object(nil) : nil
        case .crashed: return .crashed
        }
    }

    private func effects(since before: WindowState) -> CallEffects {
        var effects = CallEffects()
        effects.madeKeyAndVisible = !before.wasKeyAndVisible && application.isWindowKeyAndVisible
        if let root = application.rootController, root !== before.root {
            effects.newRoot = .new(application.snapshot(ofController: root))
        }
        effects.ignoredSnapshot = !before.snapshotIgnored && application.isSnapshotIgnored
        return effects
    }

    // MARK: What the system does

    /// Launch 1 is running with this window on screen (the state the trace starts from).
    public func appRunning() {
        launch = 1
        phase = .launch
        var e = EngineEvent(launch: launch, phase: phase, event: .appRunning)
        if !isSceneBased { e.hierarchy = windowSnapshot() }
        write(e)
    }

    /// The app is launched again (a new process on a device); `options` are what it found
    /// (the device locked, the bundle version it now has).
    public func launched(_ options: LaunchOptions) {
        launch += 1
        phase = .launch
        var e = EngineEvent(launch: launch, phase: phase, event: .launch)
        e.options = options
        write(e)
    }

    /// The main storyboard's initial interface is in the window, before `willFinishLaunching`.
    public func launchInterfaceBuilt() {
        var e = EngineEvent(launch: launch, phase: .launch, event: .launchUIBuilt)
        e.hierarchy = windowSnapshot()
        write(e)
    }

    /// The app moved to the background: preservation starts with this window on screen.
    public func enteredBackground() {
        phase = .preservation
        var e = EngineEvent(launch: launch, phase: phase, event: .background)
        if !isSceneBased { e.hierarchy = windowSnapshot() }
        write(e)
    }

    /// UIKit wrote its archive (read back from `data.data`, or the engine's in a test).
    public func archiveWritten(_ archive: Archive?) {
        var e = EngineEvent(launch: launch, phase: phase, event: .archiveWritten)
        e.archive = archive
        write(e)
    }

    /// UIKit took the app switcher's snapshot.
    public func snapshotTaken() { write(EngineEvent(launch: launch, phase: phase, event: .snapshot)) }

    /// UIKit deleted the archive (after a launch, a force-quit or a crash).
    public func archiveDeleted(reason: String) {
        var e = EngineEvent(launch: launch, phase: phase, event: .archiveDeleted)
        e.reason = reason
        write(e)
    }

    /// UIKit discarded the archive once the launch that read it finished (R9), in the engine's
    /// words: a device cannot say why a file went, and any other wording made every restoring
    /// launch's trace end in a fidelity finding on the reason alone.
    public func archiveDiscardedAfterLaunch() { archiveDeleted(reason: RestorationEngine.discardedAfterLaunch) }

    /// The process ended. A device app learns this at its next launch, from how the last one ended.
    public func killed(_ kind: KillKind, inForeground: Bool) {
        phase = .termination
        var e = EngineEvent(launch: launch, phase: phase, event: .kill)
        e.kill = kind
        e.reason = inForeground ? "killed-in-foreground" : "killed-in-background"
        write(e)
    }

    /// The app crashed, in the callback of the node at `path` if there was one.
    /// - Parameter session: the scene session whose call crashed (a scene-based app's save or
    ///   restore), as `record` writes it.
    public func crashed(path: String?, key: String?, reason: String, session: String? = nil) {
        var e = EngineEvent(launch: launch, phase: phase, event: .crash)
        e.path = path
        e.key = key
        e.session = session
        e.reason = reason
        write(e)
    }

    // MARK: Writing

    private func windowSnapshot() -> NodeBlueprint? {
        application.rootController.map(application.snapshot(ofController:))
    }

    private var lastFlushed: (launch: Int, phase: Phase)?

    /// Appends the event's line to memory; a new phase or launch first hands what came before to
    /// the writer queue, as the engine's recorder flushes at phase boundaries.
    func write(_ e: EngineEvent) {
        if let last = lastFlushed, last.launch != e.launch || last.phase != e.phase { output.flush() }
        lastFlushed = (e.launch, e.phase)
        seq += 1
        let n = seq
        output.append { out in
            EventCodec.writeLines(e, seq: n, bounded: true, to: &out)
            out.append(0x0A)
        }
    }
}
