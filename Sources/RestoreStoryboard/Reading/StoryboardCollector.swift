import Foundation
import RestoreEngine

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `XMLParser` delegate behind `StoryboardReader`: keeps what restoration depends on as the
/// elements stream past, and every problem with its position.
final class StoryboardCollector: NSObject, XMLParserDelegate {
    private let file: String
    private let bytes: [UInt8]
    /// Byte offset where each line starts, for turning libxml2's positions into the `<` of a tag.
    private let lineStarts: [Int]
    private var document: StoryboardDocument?
    private var stack: [String] = []
    private var problems: [Diagnostic] = []
    private(set) var syntaxProblem: Diagnostic?
    private lazy var initialLocation = SourceLocation(file: file, line: 1, column: 1)

    /// The scene being read.
    private var scene: (id: String, location: SourceLocation, depth: Int)?
    private var controller: StoryboardController?
    private var controllerDepth = 0
    private var sceneViews: [StoryboardView] = []
    private var sceneSegues: [StoryboardSegue] = []
    /// Open `containerView` elements (ids), for embed segues.
    private var containerViews: [(id: String, depth: Int)] = []
    /// The last column found, where its line starts and at which byte: elements come in file
    /// order, so the next one on that line counts on from there. Counted from the line's start
    /// every time, a storyboard written on one line (a generated or minified file) was quadratic:
    /// 31 s for 2,000 tabs in a debug build.
    private var lastColumn: (lineStart: Int, offset: Int, column: Int)?
    private var exits = Set<String>()
    private var controllerIDs = Set<String>()
    private var slashIdentifiers: [StoryboardSlashIdentifier] = []

    init(file: String, bytes: Data) {
        self.file = file
        self.bytes = Array(bytes)
        var starts = [0]
        for (i, b) in self.bytes.enumerated() where b == 10 { starts.append(i + 1) }
        lineStarts = starts
    }

    // MARK: Positions

    /// Where the element just started begins: libxml2 reports the end of its start tag, so step
    /// back to its `<`. Columns count characters, not bytes.
    func currentLocation(_ parser: XMLParser) -> SourceLocation {
        let line = max(1, min(parser.lineNumber, lineStarts.count))
        var offset = min(lineStarts[line - 1] + max(parser.columnNumber - 1, 0), bytes.count - 1)
        let floor = max(0, offset - 65_536)
        while offset > floor, bytes[offset] != UInt8(ascii: "<") { offset -= 1 }
        guard offset >= 0, offset < bytes.count, bytes[offset] == UInt8(ascii: "<") else {
            return SourceLocation(file: file, line: line, column: max(parser.columnNumber, 1))
        }
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var from = lineStarts[lo]
        var column = 1
        if let last = lastColumn, last.lineStart == from, last.offset <= offset {
            (from, column) = (last.offset, last.column)
        }
        // Columns count characters: every byte but a UTF-8 continuation byte starts one.
        for i in from..<offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
        lastColumn = (lineStarts[lo], offset, column)
        return SourceLocation(file: file, line: lo + 1, column: column)
    }

    private func fail(_ location: SourceLocation, _ message: String) {
        problems.append(Diagnostic(at: location, message))
    }

    /// The attributes read into names that findings print, `file:line: …` a line each: a line
    /// break or a tab in one (`&#10;`, which Interface Builder's single-line fields never write)
    /// would start a line of its own in the output, which a CI log parser reads as a finding.
    /// Every other control character is printed escaped (`VisibleText`), so it is let through.
    static let namingAttributes = [
        "id", "customClass", "customModule", "restorationIdentifier", "storyboardIdentifier", "userLabel",
        "storyboardName", "referencedIdentifier", "identifier", "destination", "kind", "sceneID",
    ]

    private func checkControls(_ attributes: [String: String], at parser: XMLParser) {
        for key in Self.namingAttributes {
            guard let value = attributes[key], let what = RestorationPath.lineBreakOrTab(in: value) else { continue }
            fail(
                currentLocation(parser),
                "the '\(key)' attribute holds \(what), which Interface Builder never writes there: the file was edited or damaged; remove it"
            )
        }
    }

    /// A restoration identifier with a `/`, as in a scenario (`RestorationPath.identifierProblem`;
    /// line breaks and tabs are `checkControls`'s). Kept apart from the file's problems: the file
    /// still reads, `record` refuses it and `lint` reports it as a finding among the others.
    private func checkIdentifier(_ id: String, of objectID: String, at location: SourceLocation) {
        guard id.contains("/") else { return }
        slashIdentifiers.append(StoryboardSlashIdentifier(objectID: objectID, identifier: id, location: location))
    }

    // MARK: XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        defer { stack.append(name) }
        guard document != nil else {
            startDocument(parser, name, attributes)
            return
        }
        checkControls(attributes, at: parser)
        switch name {
        case "scene" where stack.last == "scenes":
            scene = (attributes["sceneID"] ?? "", currentLocation(parser), stack.count)
            return
        case "exit":
            if let id = attributes["id"] { exits.insert(id) }
        case "containerView":
            if let id = attributes["id"] { containerViews.append((id, stack.count)) }
        case "segue":
            readSegue(parser, attributes)
            return
        default: break
        }
        guard scene != nil else { return }
        if stack.count >= 2, stack[stack.count - 1] == "objects", stack[stack.count - 2] == "scene",
            attributes["sceneMemberID"] == "viewController"
        {
            startController(parser, name, attributes)
        } else if let restorationIdentifier = attributes["restorationIdentifier"], !restorationIdentifier.isEmpty {
            // Xcode writes `restorationIdentifier=""` once the field has been cleared: no identifier,
            // as for a controller (`StoryboardController.restorationIdentifier`).
            checkIdentifier(restorationIdentifier, of: attributes["id"] ?? "", at: currentLocation(parser))
            sceneViews.append(
                StoryboardView(
                    id: attributes["id"] ?? "", element: name, customClass: Self.customClass(attributes),
                    uikitClass: InterfaceBuilderNames.viewClass(of: name), restorationIdentifier: restorationIdentifier,
                    location: currentLocation(parser)))
        }
    }

    /// The custom class, when one is set: an empty `customClass=""` (a field cleared, or a file
    /// edited by hand) is none, as UIKit's `NSClassFromString("")` finds none. Taken as a class
    /// named "", the scene was drawn `Tabs ()`, and a scenario looking for it was told there was
    /// no scene with its Storyboard ID.
    static func customClass(_ attributes: [String: String]) -> String? {
        attributes["customClass"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
        if let last = containerViews.last, last.depth == stack.count { containerViews.removeLast() }
        if let s = scene, s.depth == stack.count { endScene(s) }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard syntaxProblem == nil else { return }
        let code = (parseError as NSError).code
        syntaxProblem = Diagnostic(
            at: SourceLocation(file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)),
            "the storyboard is not well-formed XML (\(Self.describe(code))); a storyboard is the XML Interface Builder writes"
        )
        parser.abortParsing()
    }

    /// The parser's error in words (libxml2's numbers, which FoundationXML passes on): the bare
    /// number was all a user got for a merge that doubled an attribute (r20 fuzz).
    static func describe(_ code: Int) -> String {
        switch code {
        case 1:
            "past the XML parser's limits: elements nested over 256 deep, or one text or attribute of megabytes, which Interface Builder never writes"
        case 4: "no XML element where the document should start"
        // libxml2 says 5 both of a file cut short and of content after the closing </document>.
        case 5: "the document ends before its last element is closed, or goes on after it"
        case 23, 24, 25: "an '&' that starts no character reference: write it as &amp;"
        case 26: "an undeclared entity such as &nbsp;: write the character itself, or a numeric reference like &#160;"
        case 28, 29, 30, 89:
            "an entity declared in a DTD, which a storyboard never has; it is not expanded, and no file it names is read"
        case 42: "an attribute given twice on one element, as a merge that kept both sides leaves it"
        case 80: "'--' inside a comment, which XML does not allow"
        case 9, 10: "an invalid character"
        case 38, 39, 40, 41: "an attribute is malformed"
        case 64: "a processing instruction is malformed"
        case 68: "a tag name is missing or malformed"
        case 73: "a '>' is missing"
        case 76: "a closing tag does not match its opening tag"
        case 77: "the XML declaration is malformed"
        default: "XMLParser error \(code)"
        }
    }

    // MARK: Elements

    private func startDocument(_ parser: XMLParser, _ name: String, _ attributes: [String: String]) {
        let location = currentLocation(parser)
        let type = attributes["type"] ?? ""
        guard name == "document", type.contains("Storyboard") else {
            let what = type.contains("XIB") || name == "archive" ? "a xib/nib file" : "a <\(name)> document"
            syntaxProblem = Diagnostic(
                at: location,
                "this is \(what), not a storyboard (expected <document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">); restoretrace reads .storyboard files"
            )
            parser.abortParsing()
            return
        }
        let runtime = attributes["targetRuntime"] ?? ""
        if runtime.hasPrefix("MacOSX") || type.contains("WatchKit") || type.contains("Cocoa.Storyboard") {
            syntaxProblem = Diagnostic(
                at: location,
                "this is a \(type.contains("WatchKit") ? "watchOS" : "macOS") storyboard (targetRuntime \"\(runtime)\"); restoretrace models UIKit, so it reads iOS and tvOS storyboards"
            )
            parser.abortParsing()
            return
        }
        var doc = StoryboardDocument(
            file: file, name: StoryboardReader.storyboardName(forFile: file),
            documentVersion: attributes["version"] ?? "")
        doc.toolsVersion = attributes["toolsVersion"]
        doc.initialViewController = attributes["initialViewController"]
        initialLocation = location
        document = doc
    }

    private func startController(_ parser: XMLParser, _ name: String, _ attributes: [String: String]) {
        let location = currentLocation(parser)
        guard let uikitClass = InterfaceBuilderNames.controllerClasses[name] else {
            let known = InterfaceBuilderNames.controllerClasses.keys.sorted().joined(separator: ", ")
            fail(
                location,
                "unknown element <\(name)> where a view controller is expected (sceneMemberID=\"viewController\"); known controllers: \(known)"
            )
            return
        }
        guard let id = attributes["id"], !id.isEmpty else {
            fail(
                location,
                "the <\(name)> has no 'id'; Interface Builder gives every object one (re-save the file in Xcode)")
            return
        }
        if controllerIDs.contains(id) { fail(location, "a second view controller with id '\(id)'") }
        controllerIDs.insert(id)
        var c = StoryboardController(
            id: id, element: name, customClass: Self.customClass(attributes), uikitClass: uikitClass,
            location: location)
        c.storyboardIdentifier = attributes["storyboardIdentifier"]
        c.restorationIdentifierAttribute = attributes["restorationIdentifier"]
        c.usesStoryboardIdentifier = attributes["useStoryboardIdentifierAsRestorationIdentifier"] == "YES"
        if let id = c.usesStoryboardIdentifier ? c.storyboardIdentifier : c.restorationIdentifierAttribute {
            checkIdentifier(id, of: c.id, at: location)
        }
        c.userLabel = attributes["userLabel"]
        if name == "viewControllerPlaceholder" {
            c.reference = StoryboardPlaceholder(
                storyboardName: attributes["storyboardName"].flatMap { $0.isEmpty ? nil : $0 },
                referencedIdentifier: attributes["referencedIdentifier"].flatMap { $0.isEmpty ? nil : $0 })
        }
        controller = c
        controllerDepth = stack.count
    }

    private func readSegue(_ parser: XMLParser, _ attributes: [String: String]) {
        // `<segue reference="…"/>` (in `inferredMetricsTieBreakers`) repeats a segue declared elsewhere;
        // `<segue key="commit|preview" inheritsFrom="…"/>` inside a segue are its peek-and-pop
        // options (Xcode 8+), not segues of their own.
        guard scene != nil, attributes["reference"] == nil, attributes["key"] == nil, stack.last != "segue" else {
            return
        }
        let location = currentLocation(parser)
        guard let destination = attributes["destination"], !destination.isEmpty else {
            fail(location, "a <segue> without a 'destination'; delete it in Xcode or connect it to a scene")
            return
        }
        let kind = attributes["kind"] ?? "custom"
        sceneSegues.append(
            StoryboardSegue(
                id: attributes["id"] ?? "", kind: kind, relationship: attributes["relationship"],
                identifier: attributes["identifier"], source: "", destination: destination,
                containerView: kind == "embed" ? containerViews.last?.id : nil, location: location))
    }

    private func endScene(_ s: (id: String, location: SourceLocation, depth: Int)) {
        scene = nil
        defer {
            controller = nil
            sceneViews = []
            sceneSegues = []
        }
        guard var c = controller else { return }
        c.views = sceneViews
        document?.addScene(StoryboardScene(sceneID: s.id, location: s.location, controller: c))
        for var segue in sceneSegues {
            segue.source = c.id
            document?.addSegue(segue)
        }
    }

    // MARK: Checks over the whole file

    /// The document, or every problem found in it.
    func finish() throws(StoryboardError) -> StoryboardDocument {
        guard let doc = document else {
            // Reached when no element was ever complete (`<x` at the end of the file): on Linux
            // XMLParser reports no syntax error for that.
            throw StoryboardError(
                at: SourceLocation(file: file, line: 1, column: 1),
                message:
                    "no <document> element: the file is not a storyboard, or it ends before its first element is complete; a storyboard is the XML Interface Builder writes, starting <document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">"
            )
        }
        if let initial = doc.initialViewController, doc.controller(initial) == nil {
            fail(
                initialLocation,
                "the initial view controller '\(initial)' is not a scene in this storyboard; choose one with \"Is Initial View Controller\" in Xcode"
            )
        }
        for segue in doc.segues where doc.controller(segue.destination) == nil && !exits.contains(segue.destination) {
            fail(
                segue.location,
                "the \(segue.kind) segue '\(segue.id)' leads to '\(segue.destination)', which is not a scene in this storyboard; reconnect or delete it in Xcode"
            )
        }
        for segue in doc.segues where segue.kind == "relationship" || segue.kind == "embed" {
            if exits.contains(segue.destination) {
                fail(segue.location, "the \(segue.kind) segue '\(segue.id)' leads to an exit, not a view controller")
            }
        }
        guard problems.isEmpty else { throw StoryboardError(problems: problems) }
        var read = doc
        read.slashIdentifiers = slashIdentifiers
        return read
    }
}
