import RestoreEngine

/// What one scene's containment (its relationship and embed segues, references followed) builds,
/// bounded before any tree is built: the tree builder follows it recursively and copies a scene
/// reached twice. A chain of 5,000 scenes each embedding the next overflowed the stack (SIGSEGV in
/// `lint` and `record`), and 18 scenes each embedding the next one twice, 6.5 KB of storyboard,
/// built 2^18 controllers (12.5 s, 1.1 GB, and a 48 MB lint).
extension StoryboardCatalog {
    /// Controllers one scene's containment may build, a scene reached twice counted twice. Real
    /// storyboards build hundreds (the most in 360 public ones, Delta's settings: 631); at 200,000,
    /// 17 scenes each embedding the next twice (8 KB) still built 131,071: `lint` took 20 s and
    /// 689 MB, and `record` wrote a 163 MB trace (r17 fuzz, debug build).
    public static let maximumControllers = 20_000

    private struct SceneKey: Hashable {
        let storyboard: String
        let id: String
    }

    /// A located problem for each scene whose containment nests deeper than
    /// `NodeBlueprint.maximumDepth` or builds more than `maximumControllers` controllers, said
    /// once, at the outermost such scene (a scene no such scene contains).
    public func containmentProblems() -> [Diagnostic] {
        var measured: [SceneKey: (depth: Int, count: Int)] = [:]
        var problems: [Diagnostic] = []
        var overLimit: [(SceneKey, StoryboardScene, depth: Int)] = []
        /// Scenes that a scene over the limit contains: the outer one is said.
        var insideOverLimit = Set<SceneKey>()
        /// Scenes their own containment leads back to, in the order found.
        var cycles: [SceneKey] = []
        for name in names {
            guard let doc = documents[name] else { continue }
            for scene in doc.scenes {
                let key = SceneKey(storyboard: name, id: scene.controller.id)
                let m = measure(key, &measured, cycles: &cycles)
                if m.depth > NodeBlueprint.maximumDepth || m.count > Self.maximumControllers {
                    overLimit.append((key, scene, m.depth))
                    insideOverLimit.formUnion(children(of: key))
                }
            }
        }
        // A navigation controller whose root is a reference back to its own storyboard contains
        // itself: UIKit would build it without end. The tree builder cut it there without a word
        // (lint said "no findings", record went on with a navigation controller and no root).
        for key in cycles {
            guard let c = documents[key.storyboard]?.controller(key.id) else { continue }
            problems.append(
                Diagnostic(
                    at: c.location,
                    "scene '\(c.displayName)' contains itself: its relationship and embed segues (and any storyboard references on the way) lead back to it, so UIKit would build it without end; point the segue (or the reference's Storyboard and Referenced ID) at another scene"
                ))
        }
        for (key, scene, depth) in overLimit {
            if insideOverLimit.contains(key) { continue }
            let what =
                depth > NodeBlueprint.maximumDepth
                ? "nests containers more than \(NodeBlueprint.maximumDepth) deep through its relationship and embed segues"
                : "builds more than \(Self.maximumControllers) controllers through its relationship and embed segues (a scene embedded more than once is built each time)"
            problems.append(
                Diagnostic(
                    at: scene.controller.location,
                    "scene '\(scene.controller.displayName)' \(what); UIKit's storyboards nest a few levels, so this file was not made in Interface Builder, or was edited"
                ))
        }
        return problems
    }

    /// The scenes a scene's containment instantiates with it, references resolved; a reference
    /// that cannot be followed builds nothing.
    private func children(of key: SceneKey) -> [SceneKey] {
        guard let doc = documents[key.storyboard] else { return [] }
        return doc.childSegues(of: key.id).compactMap { segue in
            guard let c = doc.controller(segue.destination) else { return nil }
            let (target, targetDoc) = resolved(c, in: doc)
            return target.reference == nil ? SceneKey(storyboard: targetDoc.name, id: target.id) : nil
        }
    }

    /// Depth and controllers of one scene's tree, without recursion; a cycle stops where the
    /// builder stops it (at a scene already on the way), counts capped past the limit.
    private func measure(
        _ start: SceneKey, _ measured: inout [SceneKey: (depth: Int, count: Int)], cycles: inout [SceneKey]
    ) -> (depth: Int, count: Int) {
        if let m = measured[start] { return m }
        let cap = Self.maximumControllers + 1
        var onPath: Set<SceneKey> = [start]
        var stack: [(key: SceneKey, children: [SceneKey], next: Int, depth: Int, count: Int)] = [
            (start, children(of: start), 0, 1, 1)
        ]
        while let top = stack.last {
            if top.next == top.children.count {
                stack.removeLast()
                onPath.remove(top.key)
                measured[top.key] = (top.depth, top.count)
                if !stack.isEmpty {
                    let i = stack.count - 1
                    stack[i].depth = max(stack[i].depth, top.depth + 1)
                    stack[i].count = min(cap, stack[i].count + top.count)
                }
                continue
            }
            let child = top.children[top.next]
            stack[stack.count - 1].next += 1
            if let m = measured[child] {
                let i = stack.count - 1
                stack[i].depth = max(stack[i].depth, m.depth + 1)
                stack[i].count = min(cap, stack[i].count + m.count)
            } else if onPath.insert(child).inserted {
                stack.append((child, children(of: child), 0, 1, 1))
            } else if !cycles.contains(child) {
                cycles.append(child)
            }
        }
        return measured[start] ?? (1, 1)
    }
}
