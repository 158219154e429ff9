import Foundation
import Testing

/// `swift package generate-manual` runs every executable with `--experimental-dump-help`: both
/// must answer with their ToolInfo (and the benchmark must not start benchmarking).
@Suite struct ManualTests {
    @Test(arguments: ["restoretrace", "restoretrace-bench"])
    func everyExecutableDescribesItselfForTheManual(_ executable: String) throws {
        let start = Date()
        let r = try CLI.run(["--experimental-dump-help"], in: try CLI.temporaryDirectory(), executable: executable)
        #expect(r.code == 0)
        #expect(Date().timeIntervalSince(start) < 10, "\(executable) took long enough to be benchmarking")
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(tool["serializationVersion"] as? Int == 0)
        let command = try #require(tool["command"] as? [String: Any])
        #expect(command["commandName"] as? String == executable)
        #expect((command["abstract"] as? String)?.isEmpty == false)
        // What ToolInfoV0 requires of every argument, or the plugin cannot decode it.
        for argument in (command["arguments"] as? [[String: Any]] ?? []) {
            for key in ["kind", "shouldDisplay", "isOptional", "isRepeating", "parsingStrategy"] {
                #expect(argument[key] != nil, "\(executable): an argument lacks \(key)")
            }
        }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsKnowTheCommandsAndTheirValues(_ shell: String) throws {
        let r = try CLI.run(["--generate-completion-script", shell], in: try CLI.temporaryDirectory())
        #expect(r.code == 0)
        for word in ["record", "replay", "schema", "fail-on", "chrome-trace", "lost"] {
            #expect(r.stdout.contains(word), "\(shell) completion lacks \(word)")
        }
    }
}
