/// The nodes that were preserved and did not come back at the following launch.
///
/// In the engine (not the report) so a user's tests can ask for them without the report's
/// Graphviz and HTML dependencies; `--fail-on lost` and `RestoreTesting` both use it.
public enum LostNodes {
    /// Every node the last preservation archived that the launch after it did not restore (for any
    /// reason: not restored, the archive discarded, restoration declined). Empty when no launch
    /// followed the last preservation: nothing has had a chance to come back yet.
    public static func of(_ outcome: Outcome) -> [NodeOutcome] {
        guard let preservation = outcome.preservation, preservation.performed,
            let restoration = outcome.launches.first(where: { $0.launch > preservation.launch })
        else { return [] }
        // Archive keys are unique where restoration paths may not be (ambiguous paths).
        let restored = Set(restoration.nodes.filter { $0.status == .restored }.map { $0.key ?? $0.locator })
        return preservation.nodes.filter { $0.status == .preserved && !restored.contains($0.key ?? $0.locator) }
    }
}

/// The scene sessions whose saved activity did not come back (scene-based life cycle, SPEC §8):
/// the sessions' counterpart of `LostNodes`, which a scene-based app never has (its view-controller
/// restoration is inert, S1).
public enum LostSessions {
    /// Every session that had an activity saved and got none back: reconnected at the last launch
    /// without it (the device was locked, the type was dropped…), or whose saved activity a crash
    /// or a force quit deleted (S4; a force quit loses the legacy archive's nodes the same way,
    /// T2). Not a session the user closed one by one (its activity is gone on purpose), nor one
    /// with nothing saved (that is a finding: `activity-type-not-declared`, `no-archive`…), nor
    /// one no launch has reconnected since its save.
    public static func of(_ outcome: Outcome) -> [SceneOutcome] {
        // As `LostNodes`: a force quit's loss counts once a launch after the last save could
        // have brought the activity back, not before.
        let relaunchedSinceSave = outcome.launches.contains { $0.launch > (outcome.preservation?.launch ?? 0) }
        return (outcome.scenes ?? []).filter { s in
            guard s.restored == nil else { return false }
            switch s.reason {
            case .archiveDeletedCrash: return true
            case .archiveDeletedUserQuit: return relaunchedSinceSave
            case .sessionDiscarded: return false  // closed by the user: gone on purpose
            default: return s.saved != nil && s.reconnected
            }
        }
    }
}
