import RestoreEngine

/// Public access to the trace's encodings of its payloads, as JSON text.
public enum TraceJSON {
    /// An archive as the `archive-written` event carries it.
    public static func archive(_ a: Archive) -> String { text { BlueprintCodec.write(a, to: &$0) } }
    /// A hierarchy as `app-running`, `background` and `launch-ui-built` carry it.
    public static func hierarchy(_ b: NodeBlueprint) -> String { text { BlueprintCodec.write(b, to: &$0) } }

    /// A coder (key → typed value, UIKit's own keys marked `"system": true`) as the trace encodes it.
    public static func coder(_ entries: [CoderEntry]) -> JSONValue {
        var out: [UInt8] = []
        ValueCodec.writeCoder(entries, to: &out)
        // The writer's own output: parsing it back cannot fail.
        return (try? JSONParser.parse(out)) ?? .object([])
    }

    private static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        write(&out)
        return String(decoding: out, as: UTF8.self)
    }
}
