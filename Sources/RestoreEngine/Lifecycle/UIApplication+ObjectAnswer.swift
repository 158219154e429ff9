extension UIApplication {
    /// What an object's restoration class returns for the object archived at this path when it
    /// answers `answer` (R6), as an app's class does: a storyboard holds no objects, so that
    /// answer is nil. The scenario's app and the replay's stand-in both answer through it.
    public func object(
        answering answer: Answer, restorationClass: String, identifierComponents: [String]
    ) -> UIStateRestoringObject? {
        let path = RestorationPath(components: identifierComponents).text
        let archived = archivedEntry(atPath: path)
        switch answer {
        case .nil, .storyboard: return nil
        case .existing: return registeredObject(atRestorationPath: path)
        case .new, .instanceOf:
            var className = archived?.className ?? "NSObject"
            if case .instanceOf(let other) = answer { className = other }
            // Its restorationParent is the one it was preserved under, as an app's object sets
            // it again when it is made: without it, the next background keys the object at its
            // identifier alone, and the objects of siblings that share a path become one.
            return UIStateRestoringObject(
                className: className, restorationIdentifier: identifierComponents.last,
                objectRestorationClass: restorationClass,
                restorationParentPath: archived?.parentKey == nil || identifierComponents.count < 2
                    ? nil : RestorationPath(components: identifierComponents.dropLast()).text)
        }
    }
}
