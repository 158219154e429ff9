/// Small storyboards written in a test, in the XML Interface Builder writes: one line per
/// element, so a test can name the line a finding points at.
///
/// ```
/// 1  <?xml …?>
/// 2  <document … initialViewController="…">
/// 3      <scenes>
/// 4          <scene sceneID="sc-ID"><objects>      ← the first scene; its controller is on line 5
/// 5              <viewController id="ID" …>
/// ```
public enum StoryboardText {
    /// A storyboard whose scenes are `scenes`, each the controller element and what it holds,
    /// one element a line (see `scene`).
    public static func document(initial: String? = nil, _ scenes: [String]) -> String {
        let initialAttribute = initial.map { " initialViewController=\"\($0)\"" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch"\(initialAttribute)>
                <scenes>

            """ + scenes.joined() + """
                    </scenes>
                </document>

                """
    }

    /// A scene holding one controller element: `<scene><objects>`, then `lines` (the controller's
    /// start tag, its contents and its end tag), then `</objects></scene>`. The scene's id is
    /// `sc-` and the controller's.
    public static func scene(_ controllerID: String, _ lines: [String]) -> String {
        (["        <scene sceneID=\"sc-\(controllerID)\"><objects>"] + lines.map { "            " + $0 }
            + ["        </objects></scene>"]).joined(separator: "\n") + "\n"
    }

    /// A container scene (`navigationController`, `tabBarController`, `splitViewController`) whose
    /// relationship segues, one a line, lead to `children`. `attributes` go before its id
    /// (`restorationIdentifier="Tabs" `).
    public static func container(
        _ element: String, id: String, attributes: String = "", relationship: String, children: [String]
    ) -> String {
        scene(
            id,
            ["<\(element) \(attributes)id=\"\(id)\" sceneMemberID=\"viewController\">"]
                + children.enumerated().map { i, child in
                    "    <segue destination=\"\(child)\" kind=\"relationship\" relationship=\"\(relationship)\" id=\"r-\(id)-\(i)\"/>"
                } + ["</\(element)>"])
    }

    /// Three storyboards joined by references, as a modular app splits them: Main's initial view
    /// controller is a reference to Tabs; Tabs (Restoration ID `Tabs`) has one tab, a reference to
    /// Profile; in Profile a navigation controller without an identifier holds
    /// ProfileViewController (Restoration ID `Profile`, on line 10).
    public enum ReferenceChain {
        public static let main = document(
            initial: "to-tabs",
            [
                scene(
                    "to-tabs",
                    [#"<viewControllerPlaceholder storyboardName="Tabs" id="to-tabs" sceneMemberID="viewController"/>"#]
                )
            ])
        public static let tabs = document(
            initial: "tab",
            [
                container(
                    "tabBarController", id: "tab", attributes: #"restorationIdentifier="Tabs" "#,
                    relationship: "viewControllers", children: ["to-profile"]),
                scene(
                    "to-profile",
                    [
                        #"<viewControllerPlaceholder storyboardName="Profile" id="to-profile" sceneMemberID="viewController"/>"#
                    ]),
            ])
        public static let profile = document(
            initial: "pnav",
            [
                container("navigationController", id: "pnav", relationship: "rootViewController", children: ["prof"]),
                scene(
                    "prof",
                    [
                        #"<viewController restorationIdentifier="Profile" id="prof" customClass="ProfileViewController" sceneMemberID="viewController"/>"#
                    ]),
            ])
    }
}
