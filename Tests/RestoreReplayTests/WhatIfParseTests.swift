import Foundation
import RestoreEngine
import RestoreTestSupport
import Testing

@testable import RestoreReplay

/// `--set` arguments as the command line gives them.
@Suite struct WhatIfParseTests {
    /// A restoration identifier may hold `=`; an answer never does. Split at the first `=`, the
    /// path `a=b/Detail` could not be named (r19 report hunt).
    @Test func anAnswersPathMayHoldAnEqualsSign() throws {
        let edit = try WhatIfEdit.parseSet("answer:Nav/a=b/Detail=nil")
        #expect(edit == .answer(path: "Nav/a=b/Detail", Answer.nil))
        // Other settings still split at the first.
        #expect(try WhatIfEdit.parseSet("bundleVersion=2.0=beta") == .bundleVersion("2.0=beta"))
    }
}

/// A coder value with a second member beside its type was read as its first, and the report
/// showed an empty cell (r19 report hunt): the reader refuses it, as every other stray member.
@Suite struct TypedValueMemberTests {
    @Test func aSecondMemberBesideTheTypeIsRefused() throws {
        let lines = try String(contentsOfFile: Samples.path("homepwner.trace.jsonl"), encoding: .utf8)
            .components(separatedBy: "\n")
        let at = try #require(lines.firstIndex { $0.contains(#"{"string":"#) })
        var edited = lines
        edited[at] = lines[at].replacingOccurrences(of: #"{"string":"#, with: #"{"extra":1,"string":"#)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("extra-\(UUID().uuidString).jsonl")
            .path
        try edited.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            _ = try Replayer.replay(path: path)
        } throws: { error in
            "\(error)".contains("holds two types, 'extra' and 'string'; a typed value has one")
        }
    }
}
