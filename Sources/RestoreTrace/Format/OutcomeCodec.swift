import RestoreEngine

/// The outcome object of SPEC §5 (`--json`).
public enum OutcomeCodec {
    public static let format = "restoretrace-outcome/1"

    /// - Parameter extra: members appended at the end (`replay`, `whatIf`).
    public static func encode(_ o: Outcome, scenario: String, extra: [(String, JSONValue)] = []) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("format", .string(format)),
            ("scenario", .string(scenario)),
            (
                "preservation",
                o.preservation.map(encode)
                    ?? .object([("performed", .bool(false)), ("reason", .null), ("nodes", .array([]))])
            ),
            (
                "restoration",
                o.restoration.map(encode)
                    ?? .object([("performed", .bool(false)), ("reason", .null), ("nodes", .array([]))])
            ),
            ("launches", .array(o.launches.map(encode))),
            ("diagnostics", .array(o.diagnostics.map(encode))),
        ]
        if let scenes = o.scenes { members.append(("scenes", .array(scenes.map(encode)))) }
        members.append(contentsOf: extra)
        return .object(members)
    }

    public static func encode(_ p: PhaseOutcome) -> JSONValue {
        .obj([
            ("performed", .bool(p.performed)),
            ("reason", p.reason.map { .string($0.rawValue) } ?? .null),
            ("launch", .int(p.launch)),
            ("nodes", .array(p.nodes.map(encode))),
        ])
    }

    public static func encode(_ n: NodeOutcome) -> JSONValue {
        .obj([
            ("path", n.path.map(JSONValue.string) ?? .null),
            ("key", n.key.map(JSONValue.string)),
            ("locator", .string(n.locator)),
            ("class", .string(n.className)),
            ("kind", .string(n.kind.rawValue)),
            ("status", .string(n.status.rawValue)),
            ("via", n.via.map { .string($0.rawValue) }),
            ("decoded", n.decoded.map(JSONValue.bool)),
            ("reason", n.reason.map { .string($0.rawValue) }),
            ("cause", n.cause.map(JSONValue.string)),
        ])
    }

    public static func encode(_ d: Diagnostic) -> JSONValue {
        .obj([
            ("code", d.code.map { .string($0.rawValue) }),
            ("severity", .string(d.severity.rawValue)),
            ("path", d.path.map(JSONValue.string) ?? .null),
            ("locator", d.locator.map(JSONValue.string)),
            ("launch", d.launch.map(JSONValue.int)),
            ("message", .string(d.message)),
        ])
    }
}
