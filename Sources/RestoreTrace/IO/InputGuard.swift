import Foundation

/// Keeps a command from writing onto one of its own inputs (`record s.yaml -o s.yaml` would
/// replace the scenario with its trace).
public enum InputGuard {
    /// Throws when `output` is the same file as one of `inputs`: the same path after resolving
    /// symbolic links and `..`, or another name (a hard link, a symlink) for the same file; when
    /// the file written first and renamed onto `output` (`OUTPUT.partial`, see `TraceWriter`) is
    /// one of them (exporting a crashed recording's `X.partial` to `X` truncated it: the only
    /// copy); or when an input `-` is the file `output` names (`export - -o t.jsonl < t.jsonl`).
    /// Standard output (`-`) is never a file on disk here.
    public static func refuseWritingOntoInputs(output: String, inputs: [String]) throws(TraceError) {
        guard output != "-" else { return }
        let partial = AtomicFileWriter.followingLinks(output) + AtomicFileWriter.partialSuffix
        for input in inputs {
            if input == "-" {
                // A terminal or /dev/null loses nothing when written to.
                if names(output, descriptor: STDIN_FILENO), !isCharacterDevice(output) {
                    throw TraceError(
                        file: output, "this is the file standard input reads ('-'): writing here would destroy it",
                        hint: "pick another output path with -o")
                }
            } else if isSameFile(output, input) {
                throw TraceError(
                    file: output, "this is the input '\(input)': writing here would destroy it",
                    hint: "pick another output path with -o")
            } else if isSameFile(partial, input) {
                throw TraceError(
                    file: output,
                    "is written through '\(partial)' first, which is the input '\(input)': writing would destroy it",
                    hint: "pick another output path with -o, or rename the input first")
            }
        }
    }

    private static func isCharacterDevice(_ path: String) -> Bool {
        var s = stat()
        return stat(path, &s) == 0 && s.st_mode & S_IFMT == S_IFCHR
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
