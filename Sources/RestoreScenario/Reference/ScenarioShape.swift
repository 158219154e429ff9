/// The shape of a value in a scenario file, as the one declaration of the format describes it.
///
/// `ScenarioKeys` declares every key with its shape, description and default once; the JSON
/// Schema (`restoretrace schema scenario`) and `docs/scenario.md` are both generated from it, and a
/// test checks it against the keys the parser accepts, so none of the three can drift.
public indirect enum ScenarioShape: Sendable, Equatable {
    /// Any scalar, read as its text as written (`bundleVersion: 1.10` is "1.10").
    case text
    /// Text that is not empty (a name, a class).
    case name
    /// A restoration identifier: one line of text without a `/`, which joins identifiers into a
    /// restoration path (a line break or a tab would also start a line of its own in findings).
    case identifier
    /// One line of text, not empty (a scene session's persistent identifier, an activity type):
    /// printed inside a line of the verdict, where a line break would start a line of its own.
    case line
    case boolean
    case integer
    /// An integer or a float.
    case number
    /// One of these words.
    case words([String])
    /// Exactly this string.
    case constant(String)
    /// YAML's null (`~`, nothing after the colon), where the format gives it a meaning.
    case null
    /// A list; `count` when it has a fixed length (`[x, y]`).
    case list(ScenarioShape, count: Int? = nil)
    /// A mapping whose keys are the user's own (state keys, paths, class names); `keys` says what they are.
    case map(ScenarioShape, keys: String)
    /// A named record or alternative declared in `ScenarioKeys.definitions`.
    case reference(String)
    /// Any of these.
    case either([ScenarioShape])
}

/// A literal default, written the way it would appear in the file.
public indirect enum ScenarioLiteral: Sendable, Equatable {
    case boolean(Bool)
    case integer(Int)
    case string(String)
    case list([ScenarioLiteral])
    case map([(String, ScenarioLiteral)])

    public static func == (a: ScenarioLiteral, b: ScenarioLiteral) -> Bool {
        switch (a, b) {
        case (.boolean(let x), .boolean(let y)): x == y
        case (.integer(let x), .integer(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.list(let x), .list(let y)): x == y
        case (.map(let x), .map(let y)): x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
        default: false
        }
    }

    /// As YAML's flow style writes it: `true`, `"1.0"`, `[background, {kill: system}, launch]`.
    public var yaml: String {
        switch self {
        case .boolean(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .string(let s):
            // Quoted when YAML would read the bare text as something else (a number, a boolean).
            s.isEmpty || s.first!.isNumber || ["true", "false", "null", "~"].contains(s) ? "\"\(s)\"" : s
        case .list(let items): "[" + items.map(\.yaml).joined(separator: ", ") + "]"
        case .map(let pairs): "{" + pairs.map { "\($0.0): \($0.1.yaml)" }.joined(separator: ", ") + "}"
        }
    }
}

/// What a key is worth when it is left out.
public enum ScenarioDefault: Sendable, Equatable {
    /// The key must be given.
    case required
    /// This value.
    case literal(ScenarioLiteral)
    /// Absent means something that is not a value: said in words (`the launch UI as built`).
    case described(String)
    /// Required, unless the record has the other key (`class`, unless `storyboard:` names a
    /// scene): said in words, and a choice of two in the schema.
    case requiredUnless(String, words: String)

    /// `Default: …` as the reference and the schema's description say it.
    public var sentence: String {
        switch self {
        case .required: "Required."
        case .literal(let l): "Default: \(l.yaml)."
        case .described(let words): "Default: \(words)."
        case .requiredUnless(_, let words): "Default: \(words)."
        }
    }
}

/// One key of a record.
public struct ScenarioKey: Sendable, Equatable {
    public var name: String
    public var shape: ScenarioShape
    /// What it means, in a sentence or two.
    public var summary: String
    public var defaultValue: ScenarioDefault
    /// False for keys of the format that this version does not read yet: the parser still rejects
    /// them, and the description says so.
    public var isRead: Bool
    /// Whether an explicit null (`~`, `null`, nothing after the colon) reads as the key left out:
    /// true for every key with a default (`ScenarioReader.present`), unless the reader refuses
    /// it as a value left out by mistake (`crashWhileDecoding:` with no path). The schema allows
    /// null exactly for these, so an editor and `record` agree.
    public var nullIsAbsent: Bool

    public init(
        _ name: String, _ shape: ScenarioShape, _ summary: String, default defaultValue: ScenarioDefault,
        isRead: Bool = true, nullIsAbsent: Bool = true
    ) {
        self.name = name
        self.shape = shape
        self.summary = summary
        self.defaultValue = defaultValue
        self.isRead = isRead
        switch defaultValue {
        case .required, .requiredUnless: self.nullIsAbsent = false
        case .literal, .described: self.nullIsAbsent = nullIsAbsent
        }
    }

    /// The summary, whether this version reads it, and the default: the whole description.
    public var description: String {
        var out = summary
        if !isRead { out += " Not read by this version yet: restoretrace reports it as an unknown key." }
        return out + " " + defaultValue.sentence
    }
}

/// A named part of the format: a record of keys, or a shape (several alternatives) referred to by name.
public struct ScenarioDefinition: Sendable, Equatable {
    /// The name in the schema's `$defs` and the reference's headings (`node`, `answer`).
    public var name: String
    /// What it is, as the reference's section introduction.
    public var summary: String
    /// The record's keys; empty for a definition that is a shape.
    public var keys: [ScenarioKey]
    /// The shape, for a definition that is not a record.
    public var shape: ScenarioShape?

    /// A record: a mapping with these keys and no others.
    public init(record name: String, _ summary: String, _ keys: [ScenarioKey]) {
        self.name = name
        self.summary = summary
        self.keys = keys
    }

    /// A shape with a name.
    public init(shape name: String, _ summary: String, _ shape: ScenarioShape) {
        self.name = name
        self.summary = summary
        self.keys = []
        self.shape = shape
    }

    /// The keys the parser reads.
    public var readKeys: [String] { keys.filter(\.isRead).map(\.name) }
}
