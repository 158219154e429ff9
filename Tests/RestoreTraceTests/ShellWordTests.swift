import RestoreTrace
import Testing

/// Paths in the commands the tool prints are one shell word each, and never run anything when pasted.
@Suite struct ShellWordTests {
    @Test(arguments: [
        ("Traces/homepwner.trace.jsonl", "Traces/homepwner.trace.jsonl"),
        ("/tmp/a-b_c+d@e%f,g=h:i.jsonl", "/tmp/a-b_c+d@e%f,g=h:i.jsonl"),
        ("my app.trace.jsonl", "'my app.trace.jsonl'"),
        ("$(touch PWNED).trace.jsonl", "'$(touch PWNED).trace.jsonl'"),
        ("it's.jsonl", #"'it'\''s.jsonl'"#),
        ("-rf.jsonl", "./-rf.jsonl"),
        ("-r f.jsonl", "'./-r f.jsonl'"),
        ("=x.jsonl", "'=x.jsonl'"),
        ("a=x.jsonl", "a=x.jsonl"),
        ("~/x.jsonl", "'~/x.jsonl'"),
        ("", "''"),
        ("Écran.jsonl", "'Écran.jsonl'"),
    ])
    func quoted(path: String, expected: String) {
        #expect(ShellWord.quoted(path) == expected)
    }
}
