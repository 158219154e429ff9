import RestoreEngine

/// A scene's `NSUserActivity` as trace JSON (the `activity` member, SPEC §8):
/// `{"type": …, "userInfo": {KEY: typed value}, "nonPlistKeys": […], "responders": […]}`, the
/// two lists only when they are not empty.
enum ActivityCodec {
    static func write<Out: JSONByteSink>(_ a: UserActivity, to out: inout Out) {
        out.append(UInt8(ascii: "{"))
        var first = true
        out.appendJSONFixedKey("type", first: &first)
        out.appendJSONString(a.type)
        out.appendJSONFixedKey("userInfo", first: &first)
        ValueCodec.writeCoder(a.userInfo, to: &out)
        if !a.nonPlistKeys.isEmpty {
            out.appendJSONFixedKey("nonPlistKeys", first: &first)
            out.appendJSONStrings(a.nonPlistKeys)
        }
        if !a.responders.isEmpty {
            out.appendJSONFixedKey("responders", first: &first)
            out.appendJSONStrings(a.responders)
        }
        out.append(UInt8(ascii: "}"))
    }

    static func decode(_ j: JSONValue, _ field: String) throws(DecodeProblem) -> UserActivity {
        let f = try Fields(j, field)
        try f.rejectUnknown(["type", "userInfo", "nonPlistKeys", "responders"])
        return UserActivity(
            type: try f.requiredString("type"),
            userInfo: try f["userInfo"].map { (u) throws(DecodeProblem) in
                try ValueCodec.decodeCoder(u, f.name("userInfo"))
            } ?? [],
            nonPlistKeys: try f.strings("nonPlistKeys") ?? [], responders: try f.strings("responders") ?? [])
    }

    /// The activity as a JSON tree (outcome `scenes`, archive listings).
    public static func json(_ a: UserActivity) -> JSONValue {
        var bytes: [UInt8] = []
        write(UserActivity(type: a.type, userInfo: a.userInfo, nonPlistKeys: a.nonPlistKeys), to: &bytes)
        return (try? JSONParser.parse(bytes)) ?? .null
    }
}
