import Foundation

/// Keeps a command from writing onto one of its own inputs (`record s.yaml -o s.yaml` would
/// replace the scenario with its trace).
public enum InputGuard {
    /// Throws when `output` is the same file as one of `inputs`: the same path after resolving
    /// symbolic links and `..`, or another name (a hard link, a symlink) for the same file.
    /// Standard input and output (`-`) are never files on disk here.
    public static func refuseWritingOntoInputs(output: String, inputs: [String]) throws(TraceError) {
        guard output != "-" else { return }
        for input in inputs where input != "-" && isSameFile(output, input) {
            throw TraceError(
                file: output, "this is the input '\(input)': writing here would destroy it",
                hint: "pick another output path with -o")
        }
    }

    /// True when both paths name one file (or the output, not yet written, would land on the input).
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat()
        var sb = stat()
        if stat(a, &sa) == 0, stat(b, &sb) == 0 { return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino }
        return resolved(a) == resolved(b)
    }

    /// True when `path` names the file open on `descriptor` (`/dev/stdout`, `/proc/self/fd/1` or
    /// the file standard output is redirected to, for descriptor 1).
    public static func names(_ path: String, descriptor: Int32) -> Bool {
        var named = stat()
        var open = stat()
        guard stat(path, &named) == 0, fstat(descriptor, &open) == 0 else { return false }
        return named.st_dev == open.st_dev && named.st_ino == open.st_ino
    }

    /// The absolute path with symbolic links and `.`/`..` resolved as far as the path exists.
    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
