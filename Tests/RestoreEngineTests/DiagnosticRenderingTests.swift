import RestoreEngine
import Testing

/// One rendering of a located problem, whoever found it (the scenario reader, the trace reader).
@Suite struct DiagnosticRenderingTests {
    @Test func aLocatedProblemReadsLikeACompilerError() {
        let at = RestoreEngine.SourceLocation(file: "app.yaml", line: 3, column: 7)
        #expect(Diagnostic(at: at, "unknown key 'nmae'").description == "app.yaml:3:7: error: unknown key 'nmae'")
    }

    /// A line always comes with a column (1: the line as a whole), so every located message has
    /// the one shape SPEC §6 gives (`file:line:column: error:`); a whole-file problem has neither.
    @Test func aLineAlwaysHasAColumn() {
        let line = RestoreEngine.SourceLocation(file: "t.jsonl", line: 5)
        let file = RestoreEngine.SourceLocation(file: "t.jsonl")
        #expect(Diagnostic(at: line, "empty line").description == "t.jsonl:5:1: error: empty line")
        #expect(Diagnostic(at: file, "no such file").description == "t.jsonl: error: no such file")
    }

    @Test func aHintGoesOnItsOwnLine() {
        let d = Diagnostic(at: .init(file: "t.jsonl", line: 1), "the trace is empty", hint: "record it again")
        #expect(d.description == "t.jsonl:1:1: error: the trace is empty\n  hint: record it again")
    }

    @Test func theSeverityIsTheWordBeforeTheMessage() {
        let d = Diagnostic(.warning, at: .init(file: "a.yaml", line: 2, column: 1), "unused class")
        #expect(d.description == "a.yaml:2:1: warning: unused class")
    }

    @Test func anEngineFindingKeepsItsReasonCodeAndHasNoLocation() {
        let d = Diagnostic(
            code: .noRestorationIdentifier, severity: .warning, path: nil, locator: "Root/<Detail>",
            message: "Detail is not preserved", launch: 1)
        #expect(d.code == .noRestorationIdentifier)
        #expect(d.location == nil)
        #expect(d.description == "Detail is not preserved")
    }
}
