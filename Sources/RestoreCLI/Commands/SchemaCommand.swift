import ArgumentParser
import RestoreReport

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the scenario format, for editors and validators.",
        discussion: """
            Every key of a scenario, with its type, meaning and default. Strict: a key the format does not have is an error, as it is for `record`.

            For completion and validation in an editor that uses yaml-language-server (VS Code's YAML extension, among others), save the schema next to your scenarios and name it on the first line of each:
              restoretrace schema scenario > scenario.schema.json
              # yaml-language-server: $schema=scenario.schema.json

            --markdown prints the same reference as a Markdown document instead.

            Exit codes: 0 printed; 2 an unknown kind; 3 the output could not be written (the system's reason).
            """)

    /// What a schema can be printed for.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case scenario
    }

    @Argument(help: ArgumentHelp("What to describe: scenario.", valueName: "kind"))
    var kind: Kind

    @Flag(help: "Print the reference as Markdown (docs/scenario.md) instead of the JSON Schema.")
    var markdown = false

    func run() throws {
        print(markdown ? ScenarioSchema.markdown : ScenarioSchema.text, terminator: "")
    }
}
