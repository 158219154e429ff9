import ArgumentParser

/// Where a command writes, as the user gave it.
enum OutputPath {
    /// An empty path names nothing: `-o ''` was taken as the current folder (a report refused it
    /// as a folder of other files, with an empty location) or failed only at the end, "No such
    /// file or directory", after all the work.
    static func check(_ value: String?, flag: String, orStandardOutput: Bool) throws {
        guard value == "" else { return }
        throw ValidationError(
            "\(flag) '' names no \(orStandardOutput ? "file" : "folder"); give a path"
                + (orStandardOutput ? ", or - for standard output" : ""))
    }
}
