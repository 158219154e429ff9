import RestoreEngine
import RestoreTestSupport

/// Runs launch 1 with `ui`, then background → kill → relaunch.
@discardableResult
func runCycle(
    _ app: TestApp, ui: UIViewController?, log: EventLog = EventLog(), timeline: [TimelineStep]? = nil,
    configure: (UIApplication) -> Void = { _ in }
) -> RestorationEngine {
    let application = UIApplication()
    configure(application)
    let engine = RestorationEngine(application: application, boundary: DirectBoundary(app: app))
    engine.observer = log
    engine.start(with: ui)
    engine.run(timeline ?? [.background, .kill(.system), .launch(LaunchOptions())])
    return engine
}

/// Only preservation: launch 1, then background. The archive stays on disk.
@discardableResult
func preserve(
    _ app: TestApp = TestApp(), ui: UIViewController?, log: EventLog = EventLog(),
    configure: (UIApplication) -> Void = { _ in }
) -> RestorationEngine {
    runCycle(app, ui: ui, log: log, timeline: [.background], configure: configure)
}

// MARK: Building hierarchies

func state(_ pairs: (String, CoderValue)...) -> [CoderEntry] { pairs.map { CoderEntry(key: $0.0, value: $0.1) } }

func vc(
    _ className: String, _ id: String?, restorationClass: String? = nil, state: [CoderEntry] = [],
    views: [UIView] = [], presenting presented: UIViewController? = nil
) -> UIViewController {
    let c = UIViewController(className: className, restorationIdentifier: id)
    c.restorationClass = restorationClass
    c.state = state
    for view in views { c.addView(view) }
    if let presented { c.present(presented) }
    return c
}

func nav(_ id: String?, _ stack: [UIViewController]) -> UINavigationController {
    UINavigationController(restorationIdentifier: id, viewControllers: stack)
}

func tabs(_ id: String?, _ tabs: [UIViewController], selected: Int = 0) -> UITabBarController {
    UITabBarController(restorationIdentifier: id, viewControllers: tabs, selectedIndex: selected)
}

func container(_ className: String, _ id: String?, encodesChildren: Bool, _ children: [UIViewController])
    -> UIViewController
{
    let c = UIViewController(className: className, restorationIdentifier: id, containerKind: .custom)
    c.encodesChildren = encodesChildren
    c.setChildren(children)
    return c
}

func view(_ className: String, _ id: String?, kind: ViewKind, _ configure: (inout ViewState) -> Void = { _ in })
    -> UIView
{
    var s = ViewState()
    configure(&s)
    return UIView(className: className, restorationIdentifier: id, kind: kind, viewState: s)
}

func table(_ id: String?, rows: [String], selected: [String] = [], firstVisible: String? = nil, association: Bool)
    -> UIView
{
    view("UITableView", id, kind: .tableView) {
        $0.rows = rows
        $0.selected = selected
        $0.firstVisible = firstVisible
        $0.modelAssociation = association
    }
}

/// A controller that counts its restoration calls.
final class CountingController: UIViewController {
    var decodes = 0
    var finished = 0
    override func decodeRestorableState(with coder: RestorationCoder) {
        decodes += 1
        super.decodeRestorableState(with: coder)
    }
    override func applicationFinishedRestoringState() { finished += 1 }
}

extension PhaseOutcome {
    func node(_ locator: String) -> NodeOutcome? { nodes.first { $0.locator == locator } }
    func node(key: String) -> NodeOutcome? { nodes.first { $0.key == key } }
}

extension Archive {
    func entry(_ key: String) -> ArchiveEntry? { entries.first { $0.key == key } }
    var keys: [String] { entries.map(\.key) }
}

extension ArchiveEntry {
    func value(_ key: String) -> CoderValue? { coder.first { $0.key == key }?.value }
}

extension Outcome {
    func diagnostics(_ code: ReasonCode) -> [Diagnostic] { diagnostics.filter { $0.code == code } }
}
