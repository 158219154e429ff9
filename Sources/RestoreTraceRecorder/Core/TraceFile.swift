import Foundation
import RestoreEngine
import RestoreTrace

/// Where an app's trace lives and how a new process picks it up: every launch of the app is its
/// own process, and all of them append to one file in the app's container.
public enum TraceFile {
    /// `<container>/Documents/RestoreTraceRecorder/<name>.trace.jsonl`: inside the app's data
    /// container, so `xcrun simctl get_app_container booted BUNDLE data` (or Xcode's container
    /// download on a device) reaches it.
    public static func path(inContainer container: String, name: String) -> String {
        container + "/Documents/RestoreTraceRecorder/" + name + ".trace.jsonl"
    }

    /// Where the earlier process left off: the launch, phase and sequence number of the trace's
    /// last whole line. Nil for a missing or empty file (a fresh trace) or one whose last line
    /// is not an event (then a fresh trace is the honest start).
    public static func resumePoint(ofTraceAt path: String) -> (launch: Int, phase: Phase, seq: Int)? {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return nil }
        let bytes = [UInt8](data)
        // A process killed mid-write leaves a partial last line: only whole lines count.
        guard var end = bytes.lastIndex(of: 0x0A) else { return nil }
        var start = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        // Format 2 follows an event line with its node and entry lines: resume after the last event.
        let eventStart = Array(#"{"seq":"#.utf8)
        while !bytes[start..<end].starts(with: eventStart), start > 0 {
            end = start - 1
            start = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        }
        guard let line = try? JSONParser.parse(Array(bytes[start..<end])),
            let seq = line["seq"]?.intValue, let launch = line["launch"]?.intValue,
            let phase = line["phase"]?.stringValue.flatMap(Phase.init(rawValue:))
        else { return nil }
        return (launch, phase, seq)
    }

    /// Logs `message` the first time it is called for `path` in this process, never again: the
    /// trace's location is said once, not at every launch step.
    public static func logLocationOnce(_ path: String, log: (String) -> Void) {
        lock.lock()
        let first = logged.insert(path).inserted
        lock.unlock()
        if first { log("RestoreTraceRecorder: recording state restoration to \(path)") }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var logged: Set<String> = []
}
