import Testing

@testable import RestoreTrace

/// A format-2 line's kind comes from its first member, however the line is spaced: the
/// writer's own prefix is recognised without the parser, anything else is parsed.
@Suite struct LineKindTests {
    @Test(arguments: [
        (#"{"node":0,"class":"A"}"#, TraceReader.LineKind.node), (#"{ "node" : 0}"#, .node),
        (#"{"entry":3,"key":"k"}"#, .entry), (#" {"entry":3}"#, .entry), (#"{"seq":1,"launch":1}"#, .event),
        (#"{"launch":1,"seq":1}"#, .event), (#"{"nodes":1}"#, .event), (#"{"node""#, .event), (#"{}"#, .event),
        ("not json", .event), (#"{"node":"#, .node), (#"{"entr"#, .event),
    ])
    func kindOfALine(_ line: String, _ kind: TraceReader.LineKind) {
        #expect(TraceReader.kind(of: Array(line.utf8)) == kind)
        let padded = Array("xx\(line)".utf8)
        #expect(TraceReader.kind(of: padded, from: 2) == kind)
    }
}
