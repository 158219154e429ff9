import RestoreEngine
import Testing

@testable import RestoreScenario

@Suite("Built-in view properties → ViewState")
struct ScenarioViewStateTests {
    @Test func tableViewPropertiesMapToViewState() throws {
        let s = try parsed(
            """
            name: table
            ui:
              class: ItemsController
              views:
                - class: UITableView
                  restorationIdentifier: list
                  rows: [m1, m2, m3]
                  selected: [m2]
                  firstVisible: m1
                  modelAssociation: true
                  contentOffset: [0, 240]
                  zoomScale: 1
                  contentInset: [0, 0, 34.5, 0]
            """)
        let v = try #require(s.ui?.views.first)
        var expected = ViewState()
        expected.rows = ["m1", "m2", "m3"]
        expected.selected = ["m2"]
        expected.firstVisible = "m1"
        expected.modelAssociation = true
        expected.contentOffset = [0, 240]
        expected.zoomScale = 1
        expected.contentInset = [0, 0, 34.5, 0]
        #expect(v.viewState == expected)
        #expect(v.role == .view)
    }

    @Test func textViewPropertiesMapToViewState() throws {
        let s = try parsed(
            """
            name: text
            ui:
              class: Notes
              views:
                - {class: UITextView, restorationIdentifier: body, selectedRange: [3, 5], editable: false}
                - {class: UITextField, restorationIdentifier: title, selectedRange: [0, 2]}
            """)
        #expect(s.ui?.views.map(\.viewState.selectedRange) == [[3, 5], [0, 2]])
        #expect(s.ui?.views.first?.viewState.editable == false)
    }

    @Test func customSubclassOfAUIKitViewGetsItsProperties() throws {
        let s = try parsed(
            "name: t\nui: {class: A, views: [{class: ItemsTable, inherits: UITableView, rows: [a], selected: [a]}]}\n")
        #expect(s.ui?.views.first?.viewState.selected == ["a"])
    }

    @Test func selectedNotInRowsIsLocatedWithSuggestion() {
        let p = problems(
            """
            name: t
            ui:
              class: A
              views:
                - class: UITableView
                  rows: [item-1, item-2]
                  selected: [item-3]
                  firstVisible: item-9
            """)
        #expect(
            located(p) == [
                "7:18: selected row 'item-3' is not in 'rows' (did you mean 'item-1'?)",
                "8:21: first visible row 'item-9' is not in 'rows' (did you mean 'item-1'?)",
            ])
    }

    @Test func selectionWithoutRowsIsAnError() {
        let p = problems("name: t\nui: {class: A, views: [{class: UITableView, selected: [a]}]}\n")
        #expect(located(p) == ["2:55: 'selected' needs 'rows:' to say which rows exist"])
    }

    @Test func duplicateRowIsAnError() {
        let p = problems("name: t\nui: {class: A, views: [{class: UITableView, rows: [a, b, a]}]}\n")
        #expect(located(p) == ["2:58: row 'a' is listed twice; rows are model identifiers and must be unique"])
    }

    @Test func propertyOnAViewThatDoesNotSaveItIsAnError() {
        let p = problems(
            """
            name: t
            ui:
              class: A
              views:
                - {class: UITextField, rows: [a]}
                - {class: CardView, zoomScale: 2}
            """)
        #expect(
            located(p) == [
                "5:28: 'rows' is saved only by UITableView or UICollectionView and their subclasses, not by 'UITextField'",
                "6:25: 'zoomScale' is saved only by UIScrollView, UITableView, UICollectionView, UITextView or WKWebView; 'CardView' is a custom view (add 'inherits: UIScrollView' if it is one)",
            ])
    }

    @Test func geometryNeedsTheRightNumberOfNumbers() {
        let p = problems(
            """
            name: t
            ui:
              class: A
              views:
                - {class: UIScrollView, contentOffset: [0], contentInset: [1, 2, 3, x], zoomScale: big}
            """)
        #expect(
            located(p) == [
                "5:44: 'contentOffset' is [x, y], 2 numbers; found 1",
                "5:73: expected a number for an item of 'contentInset', found 'x'",
                "5:88: expected a number for 'zoomScale', found 'big'",
            ])
    }

    @Test func selectedRangeIsTwoNonNegativeIntegers() {
        let p = problems("name: t\nui: {class: A, views: [{class: UITextView, selectedRange: [3, -1]}]}\n")
        #expect(
            located(p) == [
                "2:59: 'selectedRange' is [location, length], two integers of 0 or more; found 2 item(s) with a negative one"
            ])
    }
}
