import Foundation
import RestoreEngine
import Testing

@testable import RestoreExport

@Suite(.serialized) struct SVGRendererTests {
    @Test func rendersValidSVGWithNodeIdsLinksAndMarkers() throws {
        let f = Fixture.tabBarNavigation()
        let svg = try SVGRenderer.render(dot: DotBuilder(outcome: f.outcome, events: f.events).build())
        let xml = try #require(XMLCheck.parse(svg))
        #expect(xml.elements["svg"] == 1)
        for n in f.outcome.preservation!.nodes {
            #expect(xml.ids.contains(Anchor.svg(.preservation, n.locator)), "\(n.locator)")
        }
        for n in f.outcome.restoration!.nodes {
            #expect(xml.ids.contains(Anchor.svg(.restoration, n.locator)), "\(n.locator)")
        }
        #expect(xml.hrefs.contains("#node-r-TabController.2FNavigationController.2FCity"))
        #expect(xml.text.contains("★"))
        #expect(xml.text.contains("lost: restoration-class-returned-nil"))
        #expect(xml.text.contains("because of <UINavigationController>"))
    }

    @Test(arguments: [
        "<script>alert(\"x\")</script>", "a&b", "it's \"quoted\"", "]]>", "Café ✓ 東京", "new\nline", "back\\slash\\N",
    ])
    func hostileIdentifiersStayValidXML(_ id: String) throws {
        let f = Fixture.tabBarNavigation(cityID: id, extraID: id)
        let svg = try SVGRenderer.render(
            dot: DotBuilder(outcome: f.outcome, events: f.events, options: .init(title: id)).build())
        let xml = try #require(XMLCheck.parse(svg), "not XML")
        #expect(!svg.contains("<script"))
        // The identifier comes back as text, exactly (a newline made visible as ␊).
        #expect(xml.text.contains(Escape.visibleControls(id)))
        #expect(xml.ids.contains(Anchor.svg(.restoration, "TabController/NavigationController/" + id)))
    }

    /// Graphviz decodes entities in a quoted DOT string: a title `a&lt;b&amp;c` was drawn
    /// `a<b&c`, and the report's drawing disagreed with its own cards (r19 CLI hunt).
    @Test func entitiesInPlainStringsAreDrawnAsWritten() throws {
        let id = "a&lt;b&amp;c&#92;"
        let f = Fixture.tabBarNavigation(cityID: id)
        let svg = try SVGRenderer.render(
            dot: DotBuilder(outcome: f.outcome, events: f.events, options: .init(title: "T " + id)).build())
        let xml = try #require(XMLCheck.parse(svg), "not XML")
        #expect(xml.text.contains("T " + id))
        #expect(!xml.text.contains("a<b"))
    }

    /// Graphviz replaces `\N` (the node's name), `\G` (the graph's) and `\L` (the label) in labels
    /// and tooltips: an identifier holding them was drawn as `navn1`, or its tooltip pulled in
    /// the label's markup. Every place the drawing shows it, it reads as it is.
    @Test func backslashesInNamesAreDrawnAsTheyAre() throws {
        let id = #"C:\Users\N\G\L\x"#
        let f = Fixture.tabBarNavigation(cityID: id)
        let svg = try SVGRenderer.render(dot: DotBuilder(outcome: f.outcome, events: f.events).build())
        let shown = svg.components(separatedBy: "C:").dropFirst()
        #expect(shown.count >= 4, "labels and tooltips of both sides")
        for after in shown { #expect(after.hasPrefix(#"\Users\N\G\L\x"#), "\(after.prefix(40))") }
    }

    /// Graphviz refuses an empty HTML-like element (`<B></B>`: "syntax error in line 1"), and the
    /// whole drawing, report and replay failed on a trace whose node had `"class": ""`. An empty
    /// name is drawn as what it is (r17 fuzz).
    @Test func anEmptyClassNameOrIdentifierStillDraws() throws {
        var f = Fixture.tabBarNavigation()
        var nodes = try #require(f.outcome.preservation?.nodes)
        nodes[0].className = ""
        f.outcome.preservation?.nodes = nodes
        let svg = try SVGRenderer.render(dot: DotBuilder(outcome: f.outcome, events: f.events).build())
        let xml = try #require(XMLCheck.parse(svg), "not XML")
        #expect(xml.text.contains("(no class name)"))
    }

    @Test func sameDotGivesSameDrawing() throws {
        let dot = DotBuilder(outcome: Fixture.tabBarNavigation().outcome).build()
        let a = try #require(XMLCheck.parse(SVGRenderer.render(dot: dot)))
        let b = try #require(XMLCheck.parse(SVGRenderer.render(dot: dot)))
        #expect(a.signature == b.signature)
        #expect(a.ids.count > 20)
    }

    @Test func syntaxErrorBecomesExportError() {
        #expect {
            try SVGRenderer.render(dot: "digraph { a -> ; }")
        } throws: { error in
            guard case ExportError.graphvizParse(let message) = error else { return false }
            return message.contains("syntax error")
        }
    }

    @Test func brokenHTMLLabelIsAnErrorNotAFallbackLabel() {
        #expect(throws: ExportError.self) {
            try SVGRenderer.render(dot: "digraph { a [label=<<B>unclosed>]; }")
        }
    }

    @Test func unknownLayoutIsAnError() {
        #expect(throws: ExportError.self) {
            try SVGRenderer.render(dot: "digraph { a; }", layout: "no-such-layout")
        }
    }

    @Test func rendersFromManyThreadsWithoutCrashing() async throws {
        let dot = DotBuilder(outcome: Fixture.tabBarNavigation().outcome).build()
        let expected = try #require(XMLCheck.parse(SVGRenderer.render(dot: dot))).signature
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try SVGRenderer.render(dot: dot) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { XMLCheck.parse($0)?.signature == expected })
    }
}

@Suite struct SVGCanonicalOrderTests {
    /// Graphviz may write clusters in any order (by pointer); the renderer puts them back in id order.
    @Test func clustersComeOutInIdOrderWhateverGraphvizChose() {
        let scrambled = [
            "<svg>", "<g id=\"graph0\" class=\"graph\">", "<title>g</title>",
            "<g id=\"clust2\" class=\"cluster\">", "<title>b</title>", "</g>",
            "<g id=\"clust10\" class=\"cluster\">", "<title>c</title>", "</g>",
            "<g id=\"clust1\" class=\"cluster\">", "<title>a</title>", "</g>",
            "<g id=\"node1\" class=\"node\">", "</g>", "</g>", "</svg>",
        ].joined(separator: "\n")
        let out = SVGRenderer.canonicalClusterOrder(scrambled)
        let order = out.split(separator: "\n").filter { $0.hasPrefix("<g id=\"clust") }.map {
            $0.dropFirst(12).prefix { $0.isNumber }
        }
        #expect(order == ["1", "2", "10"])
        #expect(out.contains("<g id=\"node1\" class=\"node\">"))
        #expect(out.count == scrambled.count)
        #expect(SVGRenderer.canonicalClusterOrder(out) == out)
    }
}
