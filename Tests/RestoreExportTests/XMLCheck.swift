import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses XML with Foundation's `XMLParser` and collects what the tests look at.
final class XMLCheck: NSObject, XMLParserDelegate {
    private(set) var ids: [String] = []
    private(set) var elements: [String: Int] = [:]
    private(set) var text = ""
    private(set) var texts: [String] = []
    private(set) var hrefs: [String] = []
    private(set) var error: String?

    /// Nil when the document is not well-formed XML.
    static func parse(_ xml: String) -> XMLCheck? {
        let check = XMLCheck()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = check
        guard parser.parse() else {
            check.error = parser.parserError.map { "\($0)" } ?? "unknown"
            return nil
        }
        return check
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements[name, default: 0] += 1
        if let id = attributes["id"] { ids.append(id) }
        if let href = attributes["xlink:href"] ?? attributes["href"] { hrefs.append(href) }
    }
    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
        texts.append(string)
    }

    /// What the document says, independent of element order: Graphviz orders clusters by the
    /// address of their interned names, so two renders can list the same things differently.
    var signature: [String] { ids.sorted() + texts.sorted() + hrefs.sorted() }
}
