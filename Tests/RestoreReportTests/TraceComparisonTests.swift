import Foundation
import RestoreTestSupport
import RestoreTrace
import Testing

@testable import RestoreReport

/// `diff` names the member where two events differ instead of printing both whole lines.
@Suite struct TraceComparisonTests {
    @Test func namesTheCoderKeyWithItsTwoValues() throws {
        let fields = try #require(
            FieldChange.between(
                #"{"callback":"encodeRestorableStateWithCoder:","path":"Tabs/home","coder":{"tab":{"int":1},"q":{"string":"a"}}}"#,
                #"{"callback":"encodeRestorableStateWithCoder:","path":"Tabs/home","coder":{"tab":{"int":2},"new":{"bool":true},"q":{"string":"a"}}}"#
            ))
        #expect(fields.map(\.field) == ["coder.tab", "coder.new"])
        #expect(fields.map(\.change) == [.value, .added])
        #expect(FieldChange.text(fields[0].a) == #"{"int":1}"#)
        #expect(FieldChange.text(fields[0].b) == #"{"int":2}"#)
        #expect(FieldChange.text(fields[1].a) == "(absent)")
    }

    /// Comparing a fixed copy of a storyboard renames every node's origin file: those fold into one
    /// row after the changes that matter (r19 end-to-end walk: they led the table).
    @Test func storyboardRenamesFoldIntoOneRowAfterTheRest() throws {
        func origin(_ file: String, _ scene: String) -> String { #"{"file":"\#(file)","scene":"\#(scene)","id":"x"}"# }
        let a =
            #"{"event":"app-running","hierarchy":{"origin":\#(origin("v1.storyboard", "s1")),"children":[{"restorationIdentifier":"List","origin":\#(origin("v1.storyboard", "s2"))},{"restorationIdentifier":"Detail","origin":\#(origin("v1.storyboard", "s3"))}]}}"#
        let b =
            #"{"event":"app-running","hierarchy":{"origin":\#(origin("v2.storyboard", "s1")),"children":[{"restorationIdentifier":"List","origin":\#(origin("v2.storyboard", "s2"))},{"restorationIdentifier":"Detail","origin":\#(origin("v2.storyboard", "s9")),"storyboard":{"name":"Main","identifier":"Detail"}}]}}"#
        let fields = try #require(FieldChange.between(a, b))
        let folded = TraceComparison.foldingStoryboardRenames(fields)
        // Detail's origin moved to another scene: a real change, kept; the two renames are one row.
        #expect(
            folded.map(\.field) == [
                "hierarchy.children[Detail].origin", "hierarchy.children[Detail].storyboard", "origin.file (2 nodes)",
            ])
        #expect(FieldChange.text(folded.last?.a) == #""v1.storyboard""#)
        #expect(FieldChange.text(folded.last?.b) == #""v2.storyboard""#)
        // One rename alone stays as it was.
        #expect(TraceComparison.foldingStoryboardRenames(Array(fields.prefix(1))) == Array(fields.prefix(1)))
    }

    @Test func namesTheAnswerAndAChildOrderByIdentifier() throws {
        let fields = try #require(
            FieldChange.between(
                #"{"callback":"c","result":"Detail","hierarchy":{"children":[{"restorationIdentifier":"a"},{"restorationIdentifier":"b"}]}}"#,
                #"{"callback":"c","result":null,"hierarchy":{"children":[{"restorationIdentifier":"b"},{"restorationIdentifier":"a"}]}}"#
            ))
        #expect(fields.map(\.field) == ["result", "hierarchy.children (order)"])
        #expect(fields[1].change == .order)
        #expect(FieldChange.text(fields[1].a) == #"["a","b"]"#)
        #expect(FieldChange.text(fields[1].b) == #"["b","a"]"#)
    }

    @Test func diffTextShowsFieldsInAlignedColumnsNotRawLines() throws {
        let comparison = try TraceComparison(
            Samples.path("custom-container.trace.jsonl"), Samples.path("custom-container-forgets-children.trace.jsonl"))
        let lines = comparison.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(!lines.contains { $0.contains(#"{"launch""#) })
        let header = try #require(lines.firstIndex { $0.hasPrefix("    field") })
        let row = try #require(lines.first { $0.contains("hierarchy.children[ChildTwo].views[notes].contentOffset") })
        // The A column starts at the same place in the header and in each row.
        let aColumn = try #require(lines[header].range(of: "  A")).upperBound.utf16Offset(in: lines[header]) - 1
        #expect(row.contains("[0.0,120.0]"))
        #expect(Array(row)[aColumn...].starts(with: "[0.0,120.0]"))
        #expect(row.hasSuffix("(absent)"))
        #expect(comparison.text.contains("Outcome changes (A → B):"))
        #expect(comparison.text.contains("`ContainerViewController/ChildOne` is now skipped"))
    }

    @Test func diffJSONCarriesTheSameFieldList() throws {
        let comparison = try TraceComparison(
            Samples.path("custom-container.trace.jsonl"), Samples.path("custom-container-forgets-children.trace.jsonl"))
        let json = try JSONParser.parse(comparison.json)
        #expect(json["format"]?.stringValue == "restoretrace-diff/1")
        let fields = try #require(json["firstDifference"]?["fields"]?.arrayValue)
        #expect(fields.count == comparison.fields.count)
        #expect(fields.map { $0["field"]?.stringValue } == comparison.fields.map(\.field))
        let offset = try #require(
            fields.first { $0["field"]?.stringValue == "hierarchy.children[ChildTwo].views[notes].contentOffset" })
        #expect(offset["change"]?.stringValue == "removed")
        #expect(offset["a"]?.serialized == "[0.0,120.0]")
        #expect(offset["b"] == nil)
    }

    /// `diff --json` names the traces A and B (not "recorded" and "replayed"), and lists each node
    /// whose fate moved as data, beside the sentences of `outcome`.
    @Test func diffJSONSaysAAndBAndListsChangesAsData() throws {
        let comparison = try TraceComparison(
            Samples.path("demo-travel.trace.jsonl"), Samples.path("force-quit-by-user.trace.jsonl"))
        let json = try JSONParser.parse(comparison.json)
        #expect(
            json["firstDifference"]?["summary"]?.stringValue == "at event 1: A has `app-running`, B has `app-running`")
        let changes = try #require(json["changes"]?.arrayValue)
        #expect(changes.count == comparison.result.outcome.changes.count)
        // The outcome's sentences: the restoration's two lines, each node, each finding.
        let findings = try #require(json["findings"]?.arrayValue)
        #expect(findings.count == comparison.result.outcome.findingChanges.count && !findings.isEmpty)
        #expect(changes.count == (json["outcome"]?.arrayValue?.count ?? 0) - 2 - findings.count)
        let first = try #require(changes.first)
        #expect(
            first.serialized
                == #"{"phase":"preservation","node":"Tabs/tripsNav/trips","change":"lost","before":{"locator":"Tabs/tripsNav/trips","status":"preserved","reason":null,"via":null},"after":null}"#
        )
    }
}
