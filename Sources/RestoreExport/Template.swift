/// Fills `{{name}}` placeholders in one pass, so a value that itself contains `{{css}}` is
/// never expanded again.
struct Template {
    let text: String

    /// - Throws: `ExportError.templateMissing` if the template lacks one of the values' placeholders.
    func fill(_ values: [String: String]) throws(ExportError) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + values.values.reduce(0) { $0 + $1.utf8.count })
        var used = Set<String>()
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let name = String(rest[open.upperBound..<close.lowerBound])
            if let value = values[name] {
                out += value
                used.insert(name)
            } else {
                out += rest[open.lowerBound..<close.upperBound]
            }
            rest = rest[close.upperBound...]
        }
        out += rest
        if let missing = values.keys.sorted().first(where: { !used.contains($0) }) {
            throw ExportError.templateMissing(missing)
        }
        return out
    }
}
