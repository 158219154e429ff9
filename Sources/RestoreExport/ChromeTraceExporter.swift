import RestoreEngine
import RestoreTrace

/// Exports events in Chrome's Trace Event Format, for Perfetto and `chrome://tracing`.
///
/// Time is logical: event `seq` n starts at n × 10 µs, so the same trace always exports the same
/// bytes. One track per launch and phase; a slice per callback, an instant per system event, and
/// a flow arrow from each node's encode to its decode, matched by archive key.
/// `ChromeTraceWriter` writes it event by event; this is the whole document at once.
public enum ChromeTraceExporter {
    static let slot = 10
    static let sliceLength = 8

    /// The trace as JSON text (`{"displayTimeUnit":"ms","traceEvents":[…]}`), keys sorted.
    ///
    /// - Parameter scenario: shown as the process name.
    public static func json(events: [EngineEvent], scenario: String) -> String {
        var out: [UInt8] = []
        var writer = ChromeTraceWriter(scenario: scenario, into: &out)
        for e in events { writer.append(e, to: &out) }
        writer.finish(&out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Tracks sort by launch, then phase in the order a launch goes through them.
    static func track(_ e: EngineEvent) -> Int {
        let order: [Phase] = [.launch, .preservation, .termination, .restoration]
        // Wrapping: a trace's launches are bounded when it is read, but this is no place to trap.
        return e.launch &* 10 &+ (order.firstIndex(of: e.phase) ?? 9)
    }

    static func describe(_ r: EventResult) -> String {
        switch r {
        case .bool(let b): b ? "YES" : "NO"
        case .object(let o): o.map { "<\($0.className)>" } ?? "nil"
        case .modelIdentifier(let m), .configuration(let m): m ?? "nil"
        case .indexPath(let p): p.map { "[" + $0.map(String.init).joined(separator: ", ") + "]" } ?? "nil"
        case .crashed: "crashed"
        }
    }
}
