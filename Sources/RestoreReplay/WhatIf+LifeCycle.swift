/// Which what-ifs can act on which life cycle (SPEC §2, §8). A change the trace's app never
/// consults answered "the outcome does not change", or "no node had that path", as if the
/// question had been asked and answered.
extension WhatIf {
    /// The first edit that cannot act on a trace of this life cycle, with why; nil when all can.
    public func inapplicable(sceneBased: Bool) -> String? {
        for edit in edits {
            switch edit {
            case .shouldRestore, .bundleVersion, .answer, .dropIdentifier:
                if sceneBased {
                    return
                        "\(edit.named): the app is scene-based, and UIKit never runs view-controller-based restoration for it (S1): no shouldRestore…, bundle version check, restoration class or identifier is consulted; try --set activity:SESSION.type=TYPE, userActivityTypes=… or deviceLocked"
                }
            case .activityType, .userActivityTypes:
                if !sceneBased {
                    return
                        "\(edit.description): the app is not scene-based (its trace has no scene sessions), so there is no activity to change; try shouldRestore, bundleVersion, deviceLocked, answer:PATH or --drop-id"
                }
            case .deviceLocked:
                break
            }
        }
        return nil
    }

    /// A setting given twice (`--set shouldRestore=true --set shouldRestore=false`): only the
    /// last would count, silently.
    public var repeatedSetting: String? {
        var seen: Set<String> = []
        for edit in edits {
            let name = String(edit.description.prefix { $0 != "=" })
            if !seen.insert(name).inserted { return name }
        }
        return nil
    }
}
