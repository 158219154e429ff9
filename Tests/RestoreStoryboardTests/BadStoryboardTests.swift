import Foundation
import RestoreStoryboard
import Testing

@Suite struct BadStoryboardTests {
    @Test func notXMLIsALocatedError() {
        let problems = Fixture.problems("NotXML.storyboard")
        #expect(problems.count == 1)
        #expect(problems.first?.location?.line == 1)
        #expect(problems.first?.description.contains("NotXML.storyboard:1:") == true)
        #expect(problems.first?.message.contains("not well-formed XML") == true)
    }

    /// Found by restoretrace-fuzz: a storyboard declaring UTF-7, with bytes its decoder cannot
    /// take, crashed the process inside libxml2. Any encoding but UTF-8 is refused first.
    @Test func anEncodingOtherThanUTF8IsRefusedBeforeParsing() throws {
        let xml = Data("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<document>+\u{E9}\u{FF}</document>\n".utf8)
        do {
            _ = try StoryboardReader.parse(xml, file: "u.storyboard")
            Issue.record("expected the storyboard to be refused")
        } catch {
            #expect(
                error.description.hasPrefix("u.storyboard:1:31: error: the storyboard declares the encoding 'UTF-7'"))
        }
        let utf8 = Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<x/>\n".utf8)
        do { _ = try StoryboardReader.parse(utf8, file: "x.storyboard") } catch {
            // Read as XML (and refused as not a storyboard), not stopped at its encoding.
            #expect(!error.description.contains("declares the encoding"))
        }
    }

    /// Each parser error in words, not "XMLParser error 42" (r20 fuzz): the XML as a merge, a copy
    /// from a web page or a generator leaves it.
    @Test(arguments: [
        ("<D><a b=\"1\" b=\"2\"/></document>", "an attribute given twice on one element"),
        ("<D><a>&nbsp;</a></document>", "an undeclared entity such as &nbsp;"),
        ("<D><!-- a -- b --></document>", "'--' inside a comment"),
        ("<D></document><document/>", "the document ends before its last element is closed, or goes on after it"),
        ("<D><scenes>", "the document ends before its last element is closed"),
    ])
    func parserErrorsAreSaidInWords(xml: String, words: String) {
        let root = #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">"#
        let text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + xml.replacingOccurrences(of: "<D>", with: root)
        do {
            _ = try StoryboardReader.parse(Data(text.utf8), file: "x.storyboard")
            Issue.record("expected \(xml) to be refused")
        } catch {
            #expect(error.description.contains("not well-formed XML (" + words), "\(error.description)")
            #expect(!error.description.contains("XMLParser error"), "\(error.description)")
        }
    }

    /// An element crowded with attributes is refused before libxml2 compares each with every one
    /// before it (400,000 on one element took lint 68 s: r20 fuzz); `=` in values, comments and
    /// CDATA are not counted.
    @Test func anElementWithThousandsOfAttributesIsRefusedAtIt() throws {
        let root = #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">"#
        let crowded = (0..<1_001).map { "a\($0)=\"x\"" }.joined(separator: " ")
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(root)\n  <scenes x=\"=\">\n    <view \(crowded)/>\n</scenes></document>\n"
        do {
            _ = try StoryboardReader.parse(Data(text.utf8), file: "x.storyboard")
            Issue.record("expected the storyboard to be refused")
        } catch {
            #expect(error.description.hasPrefix("x.storyboard:4:5: error: an element here has over 1000 attributes"))
        }
        // Nor are elements a DTD's entities expand to counted (four of 300,000 attributes took 82 s:
        // r20 review): a DTD, which no storyboard has, is refused at its DOCTYPE.
        let entity =
            "<!DOCTYPE document [<!ENTITY e \"<x \((0..<10).map { "a\($0)='1'" }.joined(separator: " "))/>\">]>"
        do {
            _ = try StoryboardReader.parse(
                Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(entity)\n\(root)&e;</document>\n".utf8),
                file: "z.storyboard")
            Issue.record("expected the DTD to be refused")
        } catch {
            #expect(error.description.hasPrefix("z.storyboard:2:1: error: the file has a DOCTYPE (a DTD)"))
        }
        // A thousand is not refused for its attributes, nor are `=` that are not attributes.
        let many = (0..<1_000).map { "a\($0)=\"==\"" }.joined(separator: " ")
        let fine =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(root)\n<!-- \(String(repeating: "=", count: 2_000)) -->\n<scenes \(many)/></document>\n"
        do { _ = try StoryboardReader.parse(Data(fine.utf8), file: "y.storyboard") } catch {
            #expect(!error.description.contains("attributes, which Interface Builder"), "\(error.description)")
        }
    }

    @Test func truncatedXMLNamesTheLine() {
        let problems = Fixture.problems("Truncated.storyboard")
        #expect(problems.first?.location?.line == 13)
    }

    @Test func aXibIsNotAStoryboard() {
        let problems = Fixture.problems("Launch.xib")
        #expect(problems.first?.location?.lineColumn == "2:1")
        #expect(problems.first?.message.contains("xib") == true)
    }

    @Test func aSegueToAMissingSceneIsLocatedAtTheSegue() {
        let problems = Fixture.problems("MissingDestination.storyboard")
        #expect(
            problems.map(\.description) == [
                "\(Fixture.path("MissingDestination.storyboard")):17:29: error: the show segue 'Shw-Gl-001' leads to 'Gon-e0-001', which is not a scene in this storyboard; reconnect or delete it in Xcode"
            ])
    }

    @Test func anUnknownElementWhereAControllerIsExpected() {
        let problems = Fixture.problems("UnknownController.storyboard")
        #expect(problems.first?.location?.lineColumn == "12:17")
        #expect(problems.first?.message.contains("<fancyController>") == true)
    }

    @Test func aMissingFileAndACompiledStoryboardSayWhat() {
        #expect(Fixture.problems("Nope.storyboard").first?.message == "cannot read the storyboard: no such file")
        #expect(throws: StoryboardError.self) {
            try StoryboardReader.parse(Data("bplist00".utf8), file: "Main.storyboardc/Info.plist")
        }
    }

    @Test func anInitialControllerThatIsNoSceneIsAnError() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" initialViewController="Gone-1">
                <scenes/>
            </document>
            """
        #expect(throws: StoryboardError.self) { try StoryboardReader.parse(Data(text.utf8), file: "A.storyboard") }
        do {
            _ = try StoryboardReader.parse(Data(text.utf8), file: "A.storyboard")
        } catch {
            #expect(error.problems.first?.location?.lineColumn == "2:1")
        }
    }

    @Test func aMacStoryboardIsRefused() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa"><scenes/></document>
            """
        do {
            _ = try StoryboardReader.parse(Data(text.utf8), file: "Mac.storyboard")
            Issue.record("a macOS storyboard was accepted")
        } catch {
            #expect(error.problems.first?.message.contains("macOS") == true)
        }
    }
}
