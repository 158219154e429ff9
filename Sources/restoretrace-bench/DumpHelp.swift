import Foundation

/// `--experimental-dump-help`: the benchmark's options in swift-argument-parser's ToolInfo
/// format (version 0), so `swift package generate-manual` documents it instead of running it.
enum DumpHelp {
    static let abstract = "Measure how record, replay and report scale with the size of the app."
    static let discussion = """
        Generates scenarios of growing size (tab bar → navigation stacks → custom containers → leaf \
        screens with a table, a text field and coder state), and measures, as the median of N runs: \
        scenario parse, engine preservation + restoration, trace write, trace read, replay, DOT build, \
        layout + SVG render, HTML write; peak memory; trace bytes per event. Also renders the same DOT \
        with the `dot` command (Debian's graphviz) to compare with in-process rendering. Each size runs \
        in a child process of its own, so its peak memory is its own.
        """

    /// (name, value name or nil for a flag, help).
    static let options: [(String, String?, String)] = [
        ("sizes", "n,n,…", "The numbers of view controllers to measure (default: 1000,10000,100000)."),
        ("runs", "n", "Runs per size; the median is reported (default: 5, or 3 at 100,000 and above)."),
        ("json", nil, "Print the results as JSON (format restoretrace-bench/1) instead of a table."),
        ("no-dot-cli", nil, "Do not compare with the `dot` command."),
        ("help", nil, "Show help information."),
    ]

    static var json: String {
        let arguments: [[String: Any]] = options.map { name, value, help in
            var a: [String: Any] = [
                "kind": value == nil ? "flag" : "option", "shouldDisplay": true, "isOptional": true,
                "isRepeating": false, "parsingStrategy": "default", "abstract": help,
                "names": [["kind": "long", "name": name]], "preferredName": ["kind": "long", "name": name],
            ]
            if let value { a["valueName"] = value }
            return a
        }
        let tool: [String: Any] = [
            "serializationVersion": 0,
            "command": [
                "commandName": "restoretrace-bench", "abstract": abstract, "discussion": discussion,
                "shouldDisplay": true, "arguments": arguments,
            ],
        ]
        let data = try! JSONSerialization.data(withJSONObject: tool, options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self)
    }
}
