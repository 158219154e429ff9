import Foundation
import Testing

/// A hierarchy nested past `NodeBlueprint.maximumDepth` is bad input, said at its line, by every
/// command: 20,000 nested node lines overflowed the stack (SIGSEGV) in replay, report, diff,
/// archive and export, and left a report's temporary folder behind.
@Suite struct DeepHierarchyTests {
    static func deepTrace(_ depth: Int) -> String {
        var lines = [
            #"{"format":"restoretrace-trace/2","tool":"restoretrace 0.1.0","scenario":"d","app":{"bundleVersion":"1.0","systemVersion":"17.0","idiom":"phone"},"rules":{"shouldRestoreApplicationState":true}}"#,
            #"{"seq":1,"launch":1,"phase":"launch","event":"app-running","hierarchy":{"nodes":\#(depth)}}"#,
            #"{"node":0,"class":"C"}"#,
        ]
        for i in 1..<depth { lines.append(#"{"node":\#(i),"parent":\#(i - 1),"slot":"children","class":"C"}"#) }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func everyCommandRefusesItAtItsLine() throws {
        let dir = try CLI.temporaryDirectory()
        try Self.deepTrace(20_000).write(
            to: dir.appendingPathComponent("deep.trace.jsonl"), atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            ["replay", "deep.trace.jsonl", "--no-report"], ["report", "deep.trace.jsonl", "-o", "r"],
            ["archive", "deep.trace.jsonl"], ["diff", "deep.trace.jsonl", "deep.trace.jsonl"],
            ["export", "deep.trace.jsonl", "--format", "chrome-trace", "-o", "o.ct"],
            ["export", "deep.trace.jsonl", "--format", "svg", "-o", "o.svg"],
        ]
        for command in commands {
            let r = try CLI.run(command, in: dir)
            #expect(r.code == 2, "\(command): \(r.code) \(r.stderr)")
            #expect(
                r.stderr.contains("deep.trace.jsonl:259:13: error: node 256 is 257 levels deep"),
                "\(command): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["deep.trace.jsonl"])
    }

    @Test func lintAndRecordRefuseAStoryboardNestedTooDeep() throws {
        let dir = try CLI.temporaryDirectory()
        var xml =
            #"<?xml version="1.0" encoding="UTF-8"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" initialViewController="vc0"><scenes>"#
        for i in 0..<3_000 {
            let embed =
                i + 1 < 3_000
                ? #"<containerView id="cv\#(i)"><connections><segue destination="vc\#(i + 1)" kind="embed" id="sg\#(i)"/></connections></containerView>"#
                : ""
            xml +=
                "\n"
                + #"<scene sceneID="s\#(i)"><objects><viewController id="vc\#(i)" sceneMemberID="viewController"><view key="view" id="v\#(i)"><subviews>\#(embed)</subviews></view></viewController></objects></scene>"#
        }
        xml += "</scenes></document>\n"
        try xml.write(to: dir.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
        try "name: deep\napp: {mainStoryboard: Main}\nstoryboards: {Main: Main.storyboard}\n".write(
            to: dir.appendingPathComponent("s.yaml"), atomically: true, encoding: .utf8)
        for command in [["lint", "Main.storyboard"], ["record", "s.yaml", "-o", "t.jsonl"]] {
            let r = try CLI.run(command, in: dir)
            #expect(r.code == 2, "\(command): \(r.code) \(r.stderr)")
            #expect(r.stderr.contains("Main.storyboard:2:"), "\(command): \(r.stderr)")
            #expect(r.stderr.contains("nests containers more than 256 deep"), "\(command): \(r.stderr)")
        }
    }
}
