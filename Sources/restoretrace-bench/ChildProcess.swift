import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One whole child process, measured as `/usr/bin/time` measures it: wall time from spawn to exit,
/// and the peak resident memory of that child alone (`wait4`'s rusage, not the parent's).
struct ChildProcess {
    /// What a finished child left behind.
    struct Run {
        var seconds: Double
        var peakRSSBytes: Int
        var exitCode: Int32
        var stdout: String
        var stderr: String
    }

    let executable: String
    let arguments: [String]
    /// Where the child's standard output goes.
    var output = Output.captured

    enum Output: Equatable {
        /// Kept to read (a command's summary).
        case captured
        /// To /dev/null, as in `cat FILE > /dev/null`.
        case discarded
        /// Into this file.
        case file(String)
    }

    /// Runs the child to its end. Its standard output and error go to files in `scratch`, not pipes,
    /// so a chatty child never blocks and reading them costs nothing inside the measured time.
    func run(scratch: String) throws -> Run {
        let outPath: String
        switch output {
        case .captured: outPath = scratch + "/child.stdout"
        case .discarded: outPath = "/dev/null"
        case .file(let path): outPath = path
        }
        let errPath = scratch + "/child.stderr"
        // Everything the child touches between fork and exec is made here: after fork only
        // async-signal-safe calls (open, dup2, execve, _exit) may run.
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let files: [String] = [executable, outPath, errPath, "/dev/null"]
        let paths = files.map { strdup($0)! }
        defer { for p in argv + paths { free(p) } }
        let clock = ContinuousClock()
        let start = clock.now
        let pid = Self.start(paths, argv)
        guard pid > 0 else { throw BenchError("cannot start \(executable): fork failed, errno \(errno)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("waiting for \(executable) failed: errno \(errno)") }
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        // WIFEXITED / WEXITSTATUS are macros Swift does not import: the low 7 bits are the signal.
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return Run(
            seconds: seconds,
            peakRSSBytes: Self.bytes(maxRSS: usage.ru_maxrss), exitCode: code,
            stdout: output == .captured ? (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" : "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    #if os(Linux)
        /// fork, not posix_spawn: glibc's posix_spawn shares this process's memory until the exec
        /// (CLONE_VM), and the kernel then folds this process's peak RSS into the child's
        /// ru_maxrss. A forked child's own copy starts at this process's anonymous pages only (a
        /// few MB, as /usr/bin/time's own fork adds its own). `paths`: the executable, standard
        /// output, standard error, /dev/null.
        static func start(_ paths: [UnsafeMutablePointer<CChar>], _ argv: [UnsafeMutablePointer<CChar>?]) -> pid_t {
            let pid = fork()
            if pid == 0 {
                let input = open(paths[3], O_RDONLY)
                let output = open(paths[1], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                let error = open(paths[2], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                if input < 0 || output < 0 || error < 0 { _exit(126) }
                dup2(input, 0)
                dup2(output, 1)
                dup2(error, 2)
                execve(paths[0], argv, environ)
                _exit(127)
            }
            return pid
        }

        /// Linux counts ru_maxrss in KiB.
        static func bytes(maxRSS: Int) -> Int { maxRSS * 1024 }
    #else
        /// Swift offers no fork on Darwin; its posix_spawn does not lend this process's memory.
        static func start(_ paths: [UnsafeMutablePointer<CChar>], _ argv: [UnsafeMutablePointer<CChar>?]) -> pid_t {
            var actions: posix_spawn_file_actions_t?
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, paths[3], O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, paths[1], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, paths[2], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            var pid = pid_t()
            return posix_spawn(&pid, paths[0], &actions, nil, argv, environ) == 0 ? pid : -1
        }

        /// Darwin counts ru_maxrss in bytes.
        static func bytes(maxRSS: Int) -> Int { maxRSS }
    #endif

    /// The first executable called `name` on PATH.
    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}

/// A failure that stops the benchmark, with what to do about it.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
