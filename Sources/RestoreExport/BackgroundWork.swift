import Foundation

/// One piece of work on its own thread, its result collected later: the report lays out its
/// drawing (Graphviz) on a second core while this one renders the node rows.
final class BackgroundWork<Value>: @unchecked Sendable {
    // Written by the worker thread before `done` is signalled, read after `wait` returns.
    private var work: (() throws(ExportError) -> Value)?
    private var result: Result<Value, ExportError>?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping () throws(ExportError) -> Value) {
        self.work = work
        let thread = Thread { [self] in
            if let work = self.work { result = Result { () throws(ExportError) -> Value in try work() } }
            self.work = nil
            done.signal()
        }
        thread.stackSize = 8 << 20  // Graphviz recurses on deep drawings
        thread.start()
    }

    /// The work's value once it has finished.
    /// - Throws: what the work threw.
    func wait() throws(ExportError) -> Value {
        done.wait()
        return try result!.get()
    }
}
