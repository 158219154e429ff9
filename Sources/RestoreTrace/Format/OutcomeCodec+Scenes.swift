import RestoreEngine

/// The outcome's `scenes` member (SPEC §8): one object per scene session.
extension OutcomeCodec {
    public static func encode(_ s: SceneOutcome) -> JSONValue {
        .obj([
            ("session", .string(s.session)),
            ("configuration", .string(s.configuration)),
            ("saved", s.saved.map(encode) ?? .null),
            ("reason", s.reason.map { .string($0.rawValue) } ?? .null),
            ("restored", s.restored.map(encode) ?? .null),
        ])
    }

    /// `{"type": …, "userInfo": {KEY: VALUE}}` with plain JSON values, as the app wrote them.
    public static func encode(_ a: UserActivity) -> JSONValue {
        .object([
            ("type", .string(a.type)),
            ("userInfo", .object(a.userInfo.map { ($0.key, plain($0.value)) })),
        ])
    }

    /// A coder value as plain JSON: dates as reference seconds, data as base64, references as keys.
    public static func plain(_ v: CoderValue) -> JSONValue {
        switch v {
        case .string(let s): .string(s)
        case .int(let i): .int(i)
        case .double(let d): .double(d)
        case .bool(let b): .bool(b)
        case .data(let bytes): .string(Base64.encode(bytes))
        case .date(let t): .double(t)
        case .array(let items): .array(items.map(plain))
        case .dictionary(let map): .object(map.keys.sorted().map { ($0, plain(map[$0]!)) })
        case .reference(let key): .string(key)
        }
    }
}
