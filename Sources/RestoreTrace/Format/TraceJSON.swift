import RestoreEngine

/// Public access to the trace's JSON encodings of its payloads.
public enum TraceJSON {
    /// An archive as the `archive-written` event carries it.
    public static func archive(_ a: Archive) -> JSONValue { BlueprintCodec.encode(a) }
    /// A hierarchy as `app-running`, `background` and `launch-ui-built` carry it.
    public static func hierarchy(_ b: NodeBlueprint) -> JSONValue { BlueprintCodec.encode(b) }
}
