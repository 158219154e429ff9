import Foundation

/// Reads a report's data back the way its script does: the `push(["KIND",N,'JSON'])` statements,
/// inline in the page or in `data/*.js`, their JavaScript string unescaped and parsed as JSON.
enum PageData {
    struct Statement {
        var kind: String
        var chunk: Int
        var json: Any
    }

    /// Every statement in `text`, in order.
    static func statements(in text: String) throws -> [Statement] {
        var out: [Statement] = []
        let scalars = Array(text.unicodeScalars)
        let marker = Array("restoretraceData||[]).push([\"".unicodeScalars)
        var i = 0
        while i + marker.count <= scalars.count {
            guard scalars[i..<i + marker.count].elementsEqual(marker) else {
                i += 1
                continue
            }
            i += marker.count
            var kind = ""
            while scalars[i] != "\"" {
                kind.unicodeScalars.append(scalars[i])
                i += 1
            }
            i += 2  // `",`
            var number = ""
            while scalars[i] != "," {
                number.unicodeScalars.append(scalars[i])
                i += 1
            }
            i += 2  // `,'`
            var body = String.UnicodeScalarView()
            while scalars[i] != "'" {
                if scalars[i] == "\\" {
                    i += 1
                    switch scalars[i] {
                    case "n": body.append("\n")
                    case "r": body.append("\r")
                    case "u":
                        let hex = String(String.UnicodeScalarView(scalars[i + 1...i + 4]))
                        body.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
                        i += 4
                    default: body.append(scalars[i])
                    }
                } else {
                    body.append(scalars[i])
                }
                i += 1
            }
            // Node rows and findings are texts joined by NUL; everything else is JSON.
            let json =
                kind.hasPrefix("rows-") || kind == "diags"
                ? String(body).split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
                : try JSONSerialization.jsonObject(with: Data(String(body).utf8), options: .fragmentsAllowed)
            out.append(Statement(kind: kind, chunk: Int(number)!, json: json))
        }
        return out
    }

    /// The page's statements and those of every file in its `data/` folder.
    static func statements(report dir: URL) throws -> [Statement] {
        var out = try statements(in: String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8))
        let data = dir.appendingPathComponent("data")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: data.path))?.sorted() ?? [] {
            out += try statements(in: String(contentsOf: data.appendingPathComponent(name), encoding: .utf8))
        }
        return out
    }

    /// The items of every chunk of `kind`, in chunk order.
    static func items(_ kind: String, in statements: [Statement]) -> [Any] {
        statements.filter { $0.kind == kind }.sorted { $0.chunk < $1.chunk }.flatMap { ($0.json as? [Any]) ?? [] }
    }

    /// The single object registered as `kind` (the timeline index, the node index).
    static func object(_ kind: String, in statements: [Statement]) -> [String: Any]? {
        statements.first { $0.kind == kind }?.json as? [String: Any]
    }
}
