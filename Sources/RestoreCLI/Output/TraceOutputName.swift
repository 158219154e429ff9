import ArgumentParser
import RestoreTrace

/// The name a command writes a trace to (`record -o`, `import -o`).
enum TraceOutputName {
    /// Every reader takes NAME.partial for a recording that did not finish (what `record` leaves
    /// when it is stopped before it renames it): a whole trace given that name read as cut off.
    static func check(_ output: String?) throws {
        guard let output, output.hasSuffix(AtomicFileWriter.partialSuffix) else { return }
        let suffix = AtomicFileWriter.partialSuffix
        throw ValidationError(
            "'-o \(output)': a trace named *\(suffix) is read as a recording that did not finish (record streams into NAME\(suffix) and renames it when done); choose another name, such as \(output.dropLast(suffix.count)).jsonl"
        )
    }
}
