import ArgumentParser
import RestoreReport

extension FailOn: ExpressibleByArgument {
    /// The `--fail-on` option's help for `record`, which has no what-if.
    static let help = ArgumentHelp(text(outcome: "the outcome"), valueName: "error|warning|lost")
    /// The same for `replay`, which judges a what-if's outcome after the change.
    static let replayHelp = ArgumentHelp(
        text(outcome: "the outcome (a what-if's: after the change)"), valueName: "error|warning|lost")

    private static func text(outcome: String) -> String {
        "Exit 1 when \(outcome) has a finding at this level or above (error, warning), or a preserved node that did not come back at the next launch, or in a scene-based app a saved scene session (lost). A screen never preserved (no restoration identifier) is not lost, since nothing was archived: it is a warning when identified screens below it were lost with it, which warning catches, and otherwise an info finding, which no level fails on (a screen left out on purpose, such as a login). Repeatable."
    }

    /// Says on standard error what matched and exits 1 (after the output was printed and the
    /// trace or report written: a gate fails the pipeline, it does not withhold the results).
    static func enforce(_ verdicts: [Verdict]) throws {
        let failed = verdicts.filter(\.failed)
        guard !failed.isEmpty else { return }
        for verdict in failed { Console.error(verdict.message) }
        throw Difference()
    }
}
