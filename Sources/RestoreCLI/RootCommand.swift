import ArgumentParser
import Foundation
import RestoreReport
import RestoreTrace

extension RestoreTraceMain {
    /// Whether `path` is this process's standard input under another name (`/dev/stdin`,
    /// `/dev/fd/0`, `/proc/self/fd/0`) while standard input is a pipe: such an argument is read
    /// as `-` is, once and kept. Opened by name, a pipe gives its bytes to the first reader only:
    /// `cat t | restoretrace replay /dev/stdin` read the trace, then found it "changed" when the
    /// replay read its lines again.
    static func standardInputByName(_ arguments: [String]) -> [String] {
        arguments.indices.map { i in
            // Only an input: not the value of an option that names an output or is not a path.
            let isOptionValue = i > 0 && notInputs.contains(arguments[i - 1])
            return !isOptionValue && isStandardInputPipe(arguments[i]) ? "-" : arguments[i]
        }
    }

    /// The options whose value is not an input file (outputs, names, what-if edits).
    private static let notInputs: Set = [
        "-o", "--output", "--report-dir", "--format", "--fail-on", "--set", "--drop-id",
    ]

    static func isStandardInputPipe(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        var input = stat()
        guard fstat(STDIN_FILENO, &input) == 0 else { return false }
        let kind = input.st_mode & S_IFMT
        return (kind == S_IFIFO || kind == S_IFSOCK) && InputGuard.names(path, descriptor: STDIN_FILENO)
    }
}

/// `restoretrace`: record, replay and explain UIKit state restoration.
public struct RootCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "restoretrace",
        abstract: "Record, replay and explain UIKit state preservation and restoration — headless, on any machine.",
        discussion: """
            Describe an app in a scenario file (YAML or JSON), record what UIKit would do when it goes to the background, is killed and relaunched, then replay the trace to reproduce it exactly, ask what-if questions, and get a report of every node that was preserved, skipped, restored or lost.

            Start with the built-in demo:
              restoretrace record       # writes restoretrace-demo.trace.jsonl
              restoretrace replay restoretrace-demo.trace.jsonl
              restoretrace replay restoretrace-demo.trace.jsonl --set shouldRestore=false

            Exit codes: 0 done, 1 replay diverged, diff found a difference or --fail-on matched, 2 bad input (the message names the file and line), 3 the environment failed (a write was refused, the disk is full: the message names the path and the system's reason).
            """,
        version: "restoretrace 0.1.0",
        subcommands: [
            RecordCommand.self, ReplayCommand.self, ReportCommand.self, DiffCommand.self, ArchiveCommand.self,
            ImportCommand.self, ExportCommand.self, LintCommand.self, SchemaCommand.self,
        ]
    )
    public init() {}
}

/// The process entry point, kept here so tests can run the same code.
public enum RestoreTraceMain {
    /// Removes the outputs being written when the process is interrupted (SIGINT, SIGTERM, SIGHUP):
    /// for the `restoretrace` executable only, not for a test process that runs `run` in place.
    public static func installInterruptCleanup() { InterruptCleanup.install() }

    /// A reader that stops early (`| head`) makes the next write fail with EPIPE, which exits 3
    /// naming standard output (SPEC §6). With SIGPIPE's default action the process died of the
    /// signal first: exit 141, outside 0–3, for a CI step under `set -o pipefail`.
    public static func ignoreBrokenPipeSignal() { signal(SIGPIPE, SIG_IGN) }

    /// A trace cut off by a crash is read up to its last whole event (SPEC §4): every command
    /// that read one says so, once per file, once it has finished (`sayCutOffTraces`). Said
    /// at the end, not when a reader meets the cut: a replay reads ahead on a second thread, and
    /// a run that fails first (exit 2) would have said it or not as the threads went.
    public static func warnAboutCutOffTraces() {
        TraceReader.onCutOff = { cut in CutOffTraces.shared.add(cut) }
    }

    /// The warnings `warnAboutCutOffTraces` gathered, for a run that finished (exit 0 or 1).
    static func sayCutOffTraces() {
        for cut in CutOffTraces.shared.taken() {
            Console.error(
                "\(cut.location.file):\(cut.location.line ?? 0): warning: the trace is cut off here (\(cut.diagnostic.message)); it was read up to the last whole event before it"
            )
        }
    }

    /// Runs the command line and returns the exit code SPEC §6 gives the result: 0 done, 1 a
    /// difference, 2 bad input (usage errors included), 3 the environment failed.
    /// Runs this process's command line, its arguments' bytes checked first (`ArgumentEncoding`).
    public static func runProcess() -> Int32 {
        if let problem = ArgumentEncoding.problem(ArgumentEncoding.processArguments) {
            Console.error(problem)
            return ExitStatus.code(for: .badInput)
        }
        return run(Array(CommandLine.arguments.dropFirst()))
    }

    public static func run(_ arguments: [String]) -> Int32 {
        do {
            var command = try RootCommand.parseAsRoot(standardInputByName(arguments))
            try command.run()
            // Printed output that could not be written (a full disk) is not a success.
            do { try StandardOutput.check() } catch { throw RestoreFailure(error) }
            sayCutOffTraces()
            return ExitStatus.done
        } catch let failure as RestoreFailure {
            Console.error(failure.message)
            return ExitStatus.code(for: failure.cause)
        } catch is Difference {
            // The difference was printed: if that output was lost, the environment failed.
            do { try StandardOutput.check() } catch {
                Console.error(RestoreFailure(error).message)
                return ExitStatus.environment
            }
            sayCutOffTraces()
            return ExitStatus.difference
        } catch {
            let code = RootCommand.exitCode(for: error).rawValue
            let message = RootCommand.fullMessage(for: error)
            if code == 0 {
                // Help, --version, a completion script: lost to a full disk is not done either.
                if !message.isEmpty { print(message) }
                do { try StandardOutput.check() } catch {
                    Console.error(RestoreFailure(error).message)
                    return ExitStatus.environment
                }
                return ExitStatus.done
            }
            Console.error(usageMessage(message))
            return code == ExitCode.validationFailure.rawValue ? ExitStatus.badInput : code
        }
    }

    /// ArgumentParser's usage error ("Error: …", then "Help:" and "Usage:" lines at the margin) in
    /// the tool's own shape: one `error:` line, which a CI log reads as the problem, and the
    /// rest indented under it, as every other error's hint is.
    static func usageMessage(_ message: String) -> String {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, first.hasPrefix("Error: ") else { return message }
        lines[0] = "error: " + first.dropFirst("Error: ".count)
        for i in lines.indices.dropFirst() where !lines[i].isEmpty {
            lines[i] = "  " + lines[i].drop { $0 == " " }
        }
        return lines.joined(separator: "\n")
    }
}

/// The exit codes of SPEC §6, by cause.
enum ExitStatus {
    static let done: Int32 = 0
    /// `replay` diverged, `diff` found a difference or `--fail-on` matched.
    static let difference: Int32 = 1
    static let badInput: Int32 = 2
    static let environment: Int32 = 3

    static func code(for cause: RestoreFailure.Cause) -> Int32 {
        switch cause {
        case .badInput: badInput
        case .environment: environment
        }
    }
}

/// The cut-off traces the readers of this run met, first meeting of each file only.
final class CutOffTraces: @unchecked Sendable {
    static let shared = CutOffTraces()
    // NSLock, not Mutex: the package builds for macOS 13, and a replay reads on a second thread.
    private let lock = NSLock()
    private var files: Set<String> = []
    private var cuts: [TraceError] = []

    func add(_ cut: TraceError) {
        lock.withLock { if files.insert(cut.location.file).inserted { cuts.append(cut) } }
    }

    func taken() -> [TraceError] { lock.withLock { cuts } }
}

/// Replay diverged, diff found a difference or a `--fail-on` gate matched; the output already said so.
struct Difference: Error {}

enum Console {
    static func error(_ message: String) {
        let message = TerminalText.visible(message)
        writeStandardError(message.hasSuffix("\n") ? message : message + "\n")
    }
    /// Progress for long work, on stderr and only for people at a terminal.
    static func progress(_ message: String) {
        guard isatty(STDERR_FILENO) != 0 else { return }
        writeStandardError(message + "\n")
    }

    /// write(2), not FileHandle: with SIGPIPE ignored (`ignoreBrokenPipeSignal`), FileHandle
    /// traps on a write to a closed pipe (`cmd 2>&1 | head`, `2>&-`). A message nobody can read
    /// is dropped; the exit code still says what happened.
    private static func writeStandardError(_ text: String) {
        _ = StandardOutput.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// A progress callback for long work, told the count of work done so far. It speaks only once
    /// the command has run for a second, and then at most once a second (`ProgressThrottle`):
    /// at 1M events/s a count threshold alone would speak in runs a person never waits for.
    /// The progress line of a replay (`replay`, `report`), told the recorded events replayed so far.
    static func eventsReplayed(_ count: Int) -> String {
        "  … \(count) recorded event\(count == 1 ? "" : "s") replayed"
    }

    static func throttledProgress(_ message: @escaping (Int) -> String) -> (Int) -> Void {
        let throttle = ProgressThrottle.startingNow()
        return { count in
            guard throttle.admit() else { return }
            progress(message(count))
        }
    }
}
