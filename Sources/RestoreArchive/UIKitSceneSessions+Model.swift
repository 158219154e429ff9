import RestoreEngine

extension UIKitSceneSessions.Activity {
    /// The activity as the engine's scene mode holds it: the type and the `userInfo` entries whose
    /// values the engine can hold (an object of a class it does not know is left out, as
    /// everywhere the archive meets the engine).
    public var model: UserActivity {
        UserActivity(
            type: type,
            userInfo: userInfo.compactMap { pair in
                UIKitArchive.coderValue(pair.value).map { CoderEntry(key: pair.key, value: $0) }
            })
    }
}
