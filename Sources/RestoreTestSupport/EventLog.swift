import RestoreEngine

/// Collects every event the engine emits.
public final class EventLog: EngineObserver {
    public init() {}
    public var events: [EngineEvent] = []
    public func engine(_ engine: RestorationEngine, didEmit event: EngineEvent) { events.append(event) }
    public var callbacks: [String] { events.map(\.name) }
    public func calls(_ callback: Callback) -> [EngineEvent] { events.filter { $0.callback == callback } }
    public func calls(_ callback: Callback, path: String) -> [EngineEvent] {
        calls(callback).filter { $0.path == path }
    }
    public func system(_ event: SystemEvent) -> [EngineEvent] { events.filter { $0.event == event } }
    /// Events of one launch (1 = the first).
    public func launch(_ n: Int) -> [EngineEvent] { events.filter { $0.launch == n } }
    /// The archive of the last `archive-written` event (the engine discards its own copy after a relaunch, R9).
    public var writtenArchive: Archive? { system(.archiveWritten).last?.archive }
    /// Index of the first event matching, for ordering checks.
    public func index(of callback: Callback, path: String? = nil) -> Int? {
        events.firstIndex { $0.callback == callback && (path == nil || $0.path == path) }
    }
    public func lastIndex(of callback: Callback) -> Int? { events.lastIndex { $0.callback == callback } }
    public func index(of event: SystemEvent) -> Int? { events.firstIndex { $0.event == event } }
}
