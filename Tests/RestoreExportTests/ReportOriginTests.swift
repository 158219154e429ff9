import Foundation
import RestoreEngine
import RestoreTestSupport
import Testing

@testable import RestoreExport

/// A storyboard-based trace's report names the scene each node came from: in its row and in the
/// drawing's tooltip.
@Suite struct ReportOriginTests {
    /// A navigation controller from `file` with a table scene (Storyboard ID `Books`) and its
    /// table view; a pushed scene without a restoration identifier is skipped.
    static func storyboardFixture(file: String = "Library.storyboard", sceneID: String = "Lib-Sc-002") -> Fixture {
        func build(pushed: Bool) -> UIViewController {
            let books = UIViewController(className: "BooksViewController", restorationIdentifier: "Books")
            books.origin = StoryboardOrigin(file: file, sceneID: sceneID, objectID: "Lib-Tv-002")
            books.storyboard = StoryboardReference(name: "Library", identifier: "Books")
            let table = UIView(className: "UITableView", restorationIdentifier: "BookList", kind: .tableView)
            table.origin = StoryboardOrigin(file: file, sceneID: sceneID, objectID: "Lib-Tb-002")
            books.addView(table)
            var stack = [books]
            if pushed {
                let reviews = UIViewController(className: "ReviewsViewController", restorationIdentifier: nil)
                reviews.origin = StoryboardOrigin(file: file, sceneID: "Lib-Sc-004", objectID: "Lib-Vc-004")
                stack.append(reviews)
            }
            let nav = UINavigationController(restorationIdentifier: "LibraryNav", viewControllers: stack)
            nav.origin = StoryboardOrigin(file: file, sceneID: "Lib-Sc-001", objectID: "Lib-Nv-001")
            return nav
        }
        let app = TestApp()
        app.launchUI = { build(pushed: false) }
        return Fixture.run("storyboard-origins", app: app, ui: build(pushed: true))
    }

    @Test func rowsAndTooltipsNameTheScene() throws {
        let rendered = try ReportWriter().render(Self.storyboardFixture().input())
        let html = rendered.html
        let books =
            "from <code>Library.storyboard</code> · scene <code>Lib-Sc-002</code> · looked up as <code>Books</code> · object <code>Lib-Tv-002</code>"
        // Once in the preservation table, once in the restoration table.
        #expect(html.ranges(of: books).count == 2)
        #expect(
            html.contains(
                "from <code>Library.storyboard</code> · scene <code>Lib-Sc-002</code> · object <code>Lib-Tb-002</code>")
        )
        // A skipped node without an identifier is still named by its scene.
        #expect(html.contains("scene <code>Lib-Sc-004</code> · object <code>Lib-Vc-004</code>"))
        #expect(XMLCheck.parse(rendered.svg) != nil)
        // Graphviz writes `-` in attributes as `&#45;`.
        let svg = rendered.svg.replacingOccurrences(of: "&#45;", with: "-")
        #expect(
            svg.contains(
                "LibraryNav/Books (BooksViewController) from Library.storyboard, scene Lib-Sc-002, looked up as Books, object Lib-Tv-002"
            ))
        #expect(svg.contains("(ReviewsViewController) from Library.storyboard, scene Lib-Sc-004, object Lib-Vc-004"))
    }

    @Test func hostileOriginsAreEscaped() throws {
        let hostile = "\"><script>alert(1)</script>&amp;\u{7}"
        let rendered = try ReportWriter().render(Self.storyboardFixture(file: hostile, sceneID: hostile).input())
        #expect(!rendered.html.contains("<script>alert"))
        #expect(rendered.html.contains("from <code>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;amp;"))
        #expect(XMLCheck.parse(rendered.svg) != nil, "the drawing stays well-formed")
        #expect(!rendered.svg.contains("<script>"))
        #expect(rendered.svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    @Test func tracesWithoutOriginsAreUnchanged() throws {
        let fixture = Fixture.tabBarNavigation()
        let rendered = try ReportWriter().render(fixture.input())
        #expect(!rendered.html.contains("class=\"muted small origin\""))
        #expect(!rendered.svg.contains(" from "))
        #expect(!rendered.dot.contains(" from "), "the tooltips stay `path (Class)`")
        #expect(rendered.dot.contains("tooltip=\"TabController/NavigationController (UINavigationController)\""))
    }
}
