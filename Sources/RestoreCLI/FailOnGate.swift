import ArgumentParser
import RestoreReport

extension FailOn: ExpressibleByArgument {
    /// The `--fail-on` option's help, shared by `record` and `replay`.
    static let help = ArgumentHelp(
        "Exit 1 when the outcome has a finding at this level or above (error, warning), or a preserved node that did not come back at the next launch (lost). Repeatable.",
        valueName: "error|warning|lost")

    /// Says on standard error what matched and exits 1 (after the output was printed and the
    /// trace or report written: a gate fails the pipeline, it does not withhold the results).
    static func enforce(_ verdicts: [Verdict]) throws {
        let failed = verdicts.filter(\.failed)
        guard !failed.isEmpty else { return }
        for verdict in failed { Console.error(verdict.message) }
        throw Difference()
    }
}
