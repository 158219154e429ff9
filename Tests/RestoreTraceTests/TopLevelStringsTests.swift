import Testing

@testable import RestoreTrace

/// `JSONParser.topLevelStrings` reads a few members and skips the rest: it must give what a
/// whole parse gives for each name, on every shape a line can take.
struct TopLevelStringsTests {
    static let names: Set = ["callback", "event", "path", "receiver"]

    static let lines = [
        #"{"seq":3,"launch":1,"phase":"preservation","callback":"encodeRestorableStateWithCoder:","path":"Tabs/nav","coder":{"k":{"string":"v"}}}"#,
        #"{"launch":1,"event":"app-running","hierarchy":{"class":"UITabBarController","children":[{"class":"A"}]}}"#,
        // An escaped key is the key it spells.
        #"{"\u0063allback":"decodeRestorableStateWithCoder:","receiver":"App\"Delegate"}"#,
        // Only the first member of a name counts, string or not.
        #"{"path":1,"path":"second","event":"launch","event":"other"}"#,
        #"{ "callback" : "x" , "receiver" : null , "nested" : {"path":"inner"} }"#,
        #"{"callback":"é\u00e9"}"#,
    ]

    static let notObjects = [#"[1,2]"#, #"{"callback":"x""#, #"{"callback":"x"} trailing"#, #"{"a":tru}"#, ""]

    @Test(arguments: lines) func givesWhatAWholeParseGives(_ line: String) throws {
        let whole = try JSONParser.parse(line)
        let read = try #require(JSONParser.topLevelStrings(of: line, named: Self.names))
        for name in Self.names { #expect(read[name] == whole[name]?.stringValue, "\(name) in \(line)") }
    }

    @Test(arguments: notObjects) func isNilWhereAWholeParseFails(_ line: String) {
        #expect(JSONParser.topLevelStrings(of: line, named: Self.names) == nil)
    }
}
