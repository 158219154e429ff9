import RestoreEngine
import Yams

/// Turns libyaml's errors into located problems.
enum YamlProblem {
    static func problem(from error: YamlError, text: String, file: String) -> Diagnostic {
        func located(_ mark: (line: Int, column: Int), _ message: String) -> Diagnostic {
            Diagnostic(at: SourceLocation(file: file, line: mark.line, column: mark.column), message)
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            // libyaml's context reads "while scanning a simple key"; it names the construct, and where it began.
            let why = context.map { " (\($0.text) that began at line \($0.mark.line), column \($0.mark.column))" } ?? ""
            return located((mark.line, mark.column), "YAML syntax error: \(problem)\(why)")
        case .reader(let problem, let offset, let value, _):
            let mark = offset.map { self.position(atUTF8Offset: $0, in: text) } ?? (1, 1)
            let character = value >= 0 ? " (U+\(JSONCompatibility.hexDigits(Int(value), width: 4)))" : ""
            return located(mark, "the file cannot be read as YAML: \(problem)\(character)")
        default:
            return located((1, 1), "cannot parse the scenario: \(error)")
        }
    }

    /// Line and column (1-based, column in Unicode scalars, as libyaml's marks) of a byte offset.
    static func position(atUTF8Offset offset: Int, in text: String) -> (line: Int, column: Int) {
        let prefix = String(decoding: text.utf8.prefix(max(0, offset)), as: UTF8.self)
        let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.count, (lines.last?.unicodeScalars.count ?? 0) + 1)
    }
}

/// Makes JSON that libyaml would reject parse as the JSON it is.
///
/// JSON is YAML 1.2, but libyaml (YAML 1.1) trips on two things JSON writers produce: tabs used
/// for indentation, and emoji escaped as UTF-16 surrogate pairs (`"\ud83d\ude00"`, Python's
/// default). Only text that starts with `{` or `[` is touched, and only where the meaning is
/// unchanged: raw tabs cannot occur inside JSON strings, so every tab is whitespace.
enum JSONCompatibility {
    static func prepare(_ text: String) -> String {
        guard let first = text.unicodeScalars.first(where: { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }),
            first == "{" || first == "["
        else { return text }
        // A tab becomes one space: columns (counted in scalars) stay where they were.
        var scalars = Array(text.unicodeScalars.map { $0 == "\t" ? " " : $0 })
        joinSurrogatePairs(&scalars)
        escapeUnprintables(&scalars)
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// `\uD83D\uDE00` → `\U0001F600`, YAML's escape for a scalar beyond the BMP. An escaped
    /// backslash before it (`\\uD83D`) is text, not an escape, and is left alone.
    private static func joinSurrogatePairs(_ s: inout [Unicode.Scalar]) {
        var i = 0
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count)
        while i < s.count {
            if s[i] == "\\", i + 1 < s.count {
                if s[i + 1] == "u", let high = hex(s, i + 2), (0xD800...0xDBFF).contains(high),
                    i + 11 < s.count, s[i + 6] == "\\", s[i + 7] == "u", let low = hex(s, i + 8),
                    (0xDC00...0xDFFF).contains(low)
                {
                    let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    out.append(contentsOf: ("\\U" + hexDigits(value, width: 8)).unicodeScalars)
                    i += 12
                    continue
                }
                out.append(s[i])
                out.append(s[i + 1])
                i += 2
                continue
            }
            out.append(s[i])
            i += 1
        }
        s = out
    }

    /// JSON strings may hold DEL, the C1 controls and U+FFFE/U+FFFF raw, which YAML 1.1 forbids;
    /// and libyaml reads a raw U+0085, U+2028 or U+2029 as a line break, which it is not in JSON.
    /// Inside strings these become `\uXXXX` escapes, the same characters to both.
    private static func escapeUnprintables(_ s: inout [Unicode.Scalar]) {
        func needsEscape(_ c: Unicode.Scalar) -> Bool {
            (0x7F...0x9F).contains(c.value) || c.value == 0x2028 || c.value == 0x2029 || c.value == 0xFFFE
                || c.value == 0xFFFF
        }
        guard s.contains(where: needsEscape) else { return }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(s.count + 16)
        var inString = false
        var i = 0
        while i < s.count {
            let c = s[i]
            if inString, c == "\\", i + 1 < s.count {
                out.append(c)
                out.append(s[i + 1])
                i += 2
                continue
            }
            if c == "\"" { inString.toggle() }
            if inString, needsEscape(c) {
                out.append(contentsOf: ("\\u" + hexDigits(Int(c.value), width: 4)).unicodeScalars)
            } else {
                out.append(c)
            }
            i += 1
        }
        s = out
    }

    private static func hex(_ s: [Unicode.Scalar], _ at: Int) -> Int? {
        guard at + 4 <= s.count, s[at..<at + 4].allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        var digits = String.UnicodeScalarView()
        digits.append(contentsOf: s[at..<at + 4])
        return Int(String(digits), radix: 16)
    }

    /// Upper-case hex, zero-padded to `width`.
    static func hexDigits(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
