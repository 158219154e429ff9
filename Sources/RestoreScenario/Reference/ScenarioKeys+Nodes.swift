/// NODE, view, OBJECT and the storyboard reference.
extension ScenarioKeys {
    static let nodeCommon: [ScenarioKey] = [
        ScenarioKey(
            "class", .name,
            "The class. UIKit names give built-in behaviour (UINavigationController, UITabBarController, UISplitViewController, UITableViewController, UIViewController; UIView, UIScrollView, UITableView, UICollectionView, UITextField, UITextView, UIImageView, WKWebView); any other name is the app's own class.",
            default: .requiredUnless(
                "storyboard",
                words: "required, unless `storyboard:` names a scene of a storyboard file, whose class it then is")),
        ScenarioKey(
            "inherits", .text, "The UIKit class a custom class subclasses: it then behaves like that class.",
            default: .described("none")),
    ]
    static let identifier = ScenarioKey(
        "restorationIdentifier", .identifier,
        "Its restoration identifier; without one it is not preserved, nor anything below it.",
        default: .described("none"))
    static let state = ScenarioKey(
        "state", .map(.reference("value"), keys: "coder key"), "What its encodeRestorableStateWithCoder: writes.",
        default: .literal(.map([])))

    static let nodes: [ScenarioDefinition] = [
        ScenarioDefinition(
            record: "node", "NODE: a view controller.",
            nodeCommon + [
                ScenarioKey(
                    "kind", .words(["container"]), "`container` marks a custom container view controller.",
                    default: .described("a container only if its class or inherits is a UIKit container")),
                identifier,
                ScenarioKey(
                    "restorationClass", .text, "Its restoration class; must be listed under `classes:`.",
                    default: .described("none: the app delegate or the launch UI provides it")),
                ScenarioKey(
                    "storyboard", .reference("storyboardReference"), "The storyboard scene it was loaded from.",
                    default: .described("none")),
                ScenarioKey(
                    "viewLoaded", .boolean, "false: its view was never loaded, so no view state is encoded.",
                    default: .literal(.boolean(true))),
                ScenarioKey(
                    "insecureKeys", .list(.text), "Keys of `state` whose objects do not adopt NSSecureCoding.",
                    default: .literal(.list([]))),
                state,
                ScenarioKey(
                    "children", .list(.reference("node")),
                    "Child view controllers in container order (navigation stack bottom to top; tabs).",
                    default: .literal(.list([]))),
                ScenarioKey("selectedIndex", .integer, "A tab bar's selected tab.", default: .literal(.integer(0))),
                ScenarioKey(
                    "encodesChildren", .boolean,
                    "Custom containers: whether its encode references its children (UIKit's containers always do).",
                    default: .literal(.boolean(false))),
                ScenarioKey(
                    "presented", .reference("node"), "The view controller it presents modally.",
                    default: .described("none")),
                ScenarioKey(
                    "views", .list(.reference("view")), "Its views that have restoration state.",
                    default: .literal(.list([]))),
                ScenarioKey(
                    "objects", .list(.reference("object")),
                    "Registered UIStateRestoring objects its encode references.", default: .literal(.list([]))),
            ]),
        ScenarioDefinition(
            record: "view",
            "A view listed under a controller's `views:`; the built-in properties apply to views of the UIKit classes that save them.",
            nodeCommon + [
                ScenarioKey(
                    "kind", .words(["view"]), "`view` marks a custom view class.",
                    default: .described("a view, from where it sits")),
                identifier, state,
                ScenarioKey(
                    "contentOffset", .list(.number, count: 2),
                    "[x, y] (UIScrollView, UITableView, UICollectionView, UITextView, WKWebView).",
                    default: .described("none")),
                ScenarioKey(
                    "zoomScale", .number, "The zoom scale (scroll views, WKWebView).", default: .described("none")),
                ScenarioKey(
                    "contentInset", .list(.number, count: 4), "[top, left, bottom, right] (scroll views).",
                    default: .described("none")),
                ScenarioKey(
                    "rows", .list(.text), "A table's or collection's model identifiers in display order.",
                    default: .literal(.list([]))),
                ScenarioKey(
                    "selected", .list(.text), "The selected rows' model identifiers.", default: .literal(.list([]))),
                ScenarioKey(
                    "firstVisible", .text, "The first visible row's model identifier.", default: .described("none")),
                ScenarioKey(
                    "modelAssociation", .boolean, "Whether the data source adopts UIDataSourceModelAssociation.",
                    default: .literal(.boolean(false))),
                ScenarioKey(
                    "selectedRange", .list(.integer, count: 2),
                    "[location, length] (UITextView; selectedTextRange of UITextField).",
                    default: .described("none")),
                ScenarioKey(
                    "editable", .boolean, "Whether a UITextView is editable.", default: .literal(.boolean(true))),
            ]),
        ScenarioDefinition(
            record: "object", "OBJECT: a registered UIStateRestoring object.",
            [
                ScenarioKey(
                    "restorationIdentifier", .identifier,
                    "The identifier it was registered with; without one it is skipped.",
                    default: .described("none")),
                ScenarioKey("class", .name, "Its class.", default: .literal(.string("NSObject"))),
                ScenarioKey(
                    "objectRestorationClass", .text, "Its UIObjectRestoration class; must be listed under `classes:`.",
                    default: .described("none")),
                ScenarioKey(
                    "restorationParent", .text, "The restoration path of its restoration parent.",
                    default: .described("none")),
                state,
            ]),
        ScenarioDefinition(
            record: "storyboardReference", "The storyboard scene a controller was loaded from.",
            [
                ScenarioKey("name", .text, "The storyboard's name, such as Main.", default: .required),
                ScenarioKey("identifier", .text, "The scene's Storyboard ID.", default: .required),
            ]),
    ]
}
