import RestoreEngine
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
