#if canImport(UIKit)
    // NOT COMPILED ON LINUX, where this package is built and tested: this file has never been
    // built. Which methods the recorder replaces; each replacement calls the original and reports.
    import Foundation
    import ObjectiveC
    import UIKit

    // RestoreEngine by declaration: it has types named as UIKit's (UIViewController, UIView,
    // UIApplication, NSUserActivity…), and with the whole module imported every use of those
    // names beside UIKit's is ambiguous.
    import enum RestoreEngine.Callback

    extension RecorderSession {
        func installHooks() {
            let classes = MethodHooks.candidateClasses()
            for cls in classes {
                hookNode(cls, #selector(UIViewController.encodeRestorableState(with:)), .encode)
                hookNode(cls, #selector(UIViewController.decodeRestorableState(with:)), .decode)
                hookFinished(cls)
                if class_conformsToProtocol(cls, UIViewControllerRestoration.self) {
                    hookRestorationClass(
                        cls, NSSelectorFromString("viewControllerWithRestorationIdentifierPath:coder:"))
                }
                if class_conformsToProtocol(cls, UIObjectRestoration.self) {
                    hookRestorationClass(cls, NSSelectorFromString("objectWithRestorationIdentifierPath:coder:"))
                }
            }
            if let delegate = UIApplication.shared.delegate { hookDelegate(type(of: delegate)) }
            hookArchiver()
            hookRegistration()
            if #available(iOS 13.0, *) { installSceneHooks() }
        }

        /// `encode`/`decode` on a class that implements it itself.
        private func hookNode(_ cls: AnyClass, _ selector: Selector, _ callback: Callback) {
            var original: IMP?
            let block: MethodHooks.CoderBlock = { [unowned self] object, coder in
                let call = unsafeBitCast(original!, to: MethodHooks.CoderMethod.self)
                around(
                    selector, object, coder: coder, run: { call(object, selector, coder) },
                    report: { _, recording in
                        CapturedCall(
                            callback, receiver: NSStringFromClass(type(of: object)), path: path(of: object),
                            key: path(of: object), coder: recording)
                    })
            }
            original = MethodHooks.replace(selector, ownedBy: cls, with: block)
        }

        private func hookFinished(_ cls: AnyClass) {
            let selector = #selector(UIViewController.applicationFinishedRestoringState)
            var original: IMP?
            let block: MethodHooks.PlainBlock = { [unowned self] object in
                let call = unsafeBitCast(original!, to: MethodHooks.PlainMethod.self)
                around(
                    selector, object, run: { call(object, selector) },
                    report: { _, _ in
                        CapturedCall(
                            .finishedRestoring, receiver: NSStringFromClass(type(of: object)), path: path(of: object),
                            key: path(of: object))
                    })
            }
            original = MethodHooks.replace(selector, ownedBy: cls, with: block)
        }

        /// A class method: hooked on the metaclass.
        private func hookRestorationClass(_ cls: AnyClass, _ selector: Selector) {
            guard let meta = MethodHooks.metaclass(of: cls) else { return }
            let isObject = selector == NSSelectorFromString("objectWithRestorationIdentifierPath:coder:")
            var original: IMP?
            let block: MethodHooks.RestoreBlock = { [unowned self] target, components, coder in
                let call = unsafeBitCast(original!, to: MethodHooks.RestoreMethod.self)
                return around(
                    selector, target, coder: coder, run: { call(target, selector, components, coder) },
                    report: {
                        answer, recording in
                        let path = (components as? [String])?.joined(separator: "/")
                        return CapturedCall(
                            isObject ? .restorationClassObject : .restorationClassViewController,
                            receiver: NSStringFromClass(cls), path: path, key: path, coder: recording,
                            answer: isObject ? .object(answer) : .controller(answer))
                    })
            }
            original = MethodHooks.replace(selector, ownedBy: meta, with: block)
        }

        /// The app delegate's restoration methods, on the class that implements each.
        private func hookDelegate(_ delegateClass: AnyClass) {
            func owner(_ selector: Selector) -> AnyClass? {
                var c: AnyClass? = delegateClass
                while let cls = c {
                    var count: UInt32 = 0
                    let methods = class_copyMethodList(cls, &count)
                    defer { free(methods) }
                    if (0..<Int(count)).contains(where: { method_getName(methods![$0]) == selector }) { return cls }
                    c = class_getSuperclass(cls)
                }
                return nil
            }
            let asks: [(String, Callback)] = [
                ("application:shouldSaveApplicationState:", .shouldSave),
                ("application:shouldSaveSecureApplicationState:", .shouldSaveSecure),
                ("application:shouldRestoreApplicationState:", .shouldRestore),
                ("application:shouldRestoreSecureApplicationState:", .shouldRestoreSecure),
            ]
            for (name, callback) in asks {
                let selector = NSSelectorFromString(name)
                guard let cls = owner(selector) else { continue }
                var original: IMP?
                let block: MethodHooks.AskBlock = { [unowned self] target, application, coder in
                    let asksToSave = callback == .shouldSave || callback == .shouldSaveSecure
                    if asksToSave { preservationStarts() }
                    let call = unsafeBitCast(original!, to: MethodHooks.AskMethod.self)
                    let answer = around(
                        selector, target, coder: coder, run: { call(target, selector, application, coder) },
                        report: {
                            answer, recording in
                            CapturedCall(callback, receiver: "AppDelegate", coder: recording, answer: .bool(answer))
                        })
                    if asksToSave { saveAnswer = answer }
                    return answer
                }
                original = MethodHooks.replace(selector, ownedBy: cls, with: block)
            }
            let tells: [(String, Callback)] = [
                ("application:willEncodeRestorableStateWithCoder:", .willEncodeApplication),
                ("application:didDecodeRestorableStateWithCoder:", .didDecodeApplication),
            ]
            for (name, callback) in tells {
                let selector = NSSelectorFromString(name)
                guard let cls = owner(selector) else { continue }
                var original: IMP?
                let block: MethodHooks.TellBlock = { [unowned self] target, application, coder in
                    let call = unsafeBitCast(original!, to: MethodHooks.TellMethod.self)
                    around(
                        selector, target, coder: coder, run: { call(target, selector, application, coder) },
                        report: {
                            _, recording in CapturedCall(callback, receiver: "AppDelegate", coder: recording)
                        })
                }
                original = MethodHooks.replace(selector, ownedBy: cls, with: block)
            }
            let finish = NSSelectorFromString("application:didFinishLaunchingWithOptions:")
            if let cls = owner(finish) {
                typealias FinishMethod = @convention(c) (AnyObject, Selector, UIApplication, NSDictionary?) -> Bool
                typealias FinishBlock = @convention(block) (AnyObject, UIApplication, NSDictionary?) -> Bool
                var original: IMP?
                let block: FinishBlock = { [unowned self] target, application, options in
                    let call = unsafeBitCast(original!, to: FinishMethod.self)
                    guard relaunch else {
                        // A first process: the trace starts from the window the user then works
                        // in, with `app-running`; a callback before it was refused by `replay`.
                        let answer = call(target, finish, application, options)
                        capture.appRunning()
                        capture.output.flush()
                        return answer
                    }
                    let answer = around(
                        finish, target, run: { call(target, finish, application, options) },
                        report: {
                            answer, _ in
                            CapturedCall(.didFinishLaunching, receiver: "AppDelegate", answer: .bool(answer))
                        })
                    archiveDeletedAfterLaunch()
                    capture.output.flush()
                    return answer
                }
                original = MethodHooks.replace(finish, ownedBy: cls, with: block)
            }
            let lookup = NSSelectorFromString("application:viewControllerWithRestorationIdentifierPath:coder:")
            if let cls = owner(lookup) {
                var original: IMP?
                let block: MethodHooks.DelegateVCBlock = { [unowned self] target, application, components, coder in
                    let call = unsafeBitCast(original!, to: MethodHooks.DelegateVCMethod.self)
                    return around(
                        lookup, target, coder: coder, run: { call(target, lookup, application, components, coder) },
                        report: {
                            answer, recording in
                            let path = (components as? [String])?.joined(separator: "/")
                            return CapturedCall(
                                .delegateViewController, receiver: "AppDelegate", path: path, key: path,
                                coder: recording,
                                answer: .controller(answer))
                        })
                }
                original = MethodHooks.replace(lookup, ownedBy: cls, with: block)
            }
        }

        /// Scoped key capture: a write counts only when it goes to the coder of the innermost
        /// callback on the stack.
        private func hookArchiver() {
            let archiver: AnyClass = NSKeyedArchiver.self
            let objectSel = #selector(NSKeyedArchiver.encode(_:forKey:) as (NSKeyedArchiver) -> (Any?, String) -> Void)
            var objectIMP: IMP?
            // Every archiver in the process comes through these, on any thread; the scopes are the
            // main thread's (UIKit's restoration callbacks run there), and are read only there.
            let objectBlock: MethodHooks.EncodeObjectBlock = { [unowned self] coder, value, key in
                unsafeBitCast(objectIMP!, to: MethodHooks.EncodeObjectMethod.self)(coder, objectSel, value, key)
                guard Thread.isMainThread else { return }
                if let scope = scopes.last, scope.coder === coder {
                    scope.wrote(CoderRecording.value(of: value), forKey: key as String)
                }
            }
            MethodHooks.replace(objectSel, ownedBy: archiver, keeping: { objectIMP = $0 }, with: objectBlock)
            let boolSel = #selector(NSKeyedArchiver.encode(_:forKey:) as (NSKeyedArchiver) -> (Bool, String) -> Void)
            var boolIMP: IMP?
            let boolBlock: MethodHooks.EncodeBoolBlock = { [unowned self] coder, value, key in
                unsafeBitCast(boolIMP!, to: MethodHooks.EncodeBoolMethod.self)(coder, boolSel, value, key)
                guard Thread.isMainThread else { return }
                if let scope = scopes.last, scope.coder === coder { scope.wrote(.bool(value), forKey: key as String) }
            }
            MethodHooks.replace(boolSel, ownedBy: archiver, keeping: { boolIMP = $0 }, with: boolBlock)
            let intSel = NSSelectorFromString("encodeInteger:forKey:")
            var intIMP: IMP?
            let intBlock: MethodHooks.EncodeIntBlock = { [unowned self] coder, value, key in
                unsafeBitCast(intIMP!, to: MethodHooks.EncodeIntMethod.self)(coder, intSel, value, key)
                guard Thread.isMainThread else { return }
                if let scope = scopes.last, scope.coder === coder { scope.wrote(.int(value), forKey: key as String) }
            }
            MethodHooks.replace(intSel, ownedBy: archiver, keeping: { intIMP = $0 }, with: intBlock)
            let doubleSel = NSSelectorFromString("encodeDouble:forKey:")
            var doubleIMP: IMP?
            let doubleBlock: MethodHooks.EncodeDoubleBlock = { [unowned self] coder, value, key in
                unsafeBitCast(doubleIMP!, to: MethodHooks.EncodeDoubleMethod.self)(coder, doubleSel, value, key)
                guard Thread.isMainThread else { return }
                if let scope = scopes.last, scope.coder === coder { scope.wrote(.double(value), forKey: key as String) }
            }
            MethodHooks.replace(doubleSel, ownedBy: archiver, keeping: { doubleIMP = $0 }, with: doubleBlock)
        }

        /// UIKit deletes its archive once the launch that read it has finished (R9); the engine
        /// says so with `archive-deleted`, and so does the trace once the file is gone (without,
        /// every relaunch's trace ended in a fidelity finding). Only a file this launch found: one
        /// gone before it (a crash in restoration, T3; a force-quit, T2) was said by the launch
        /// that lost it, and no archive at all is nothing deleted.
        private func archiveDeletedAfterLaunch() {
            guard archiveAtLaunch else { return }
            DispatchQueue.main.async { [self] in
                guard !FileManager.default.fileExists(atPath: Self.archiveFile) else { return }
                capture.archiveDiscardedAfterLaunch()
                capture.output.flush()
            }
        }

        /// `+[UIApplication registerObjectForStateRestoration:restorationIdentifier:]` and
        /// `-ignoreSnapshotOnNextApplicationLaunch`.
        private func hookRegistration() {
            typealias RegisterMethod = @convention(c) (AnyObject, Selector, AnyObject, NSString) -> Void
            typealias RegisterBlock = @convention(block) (AnyObject, AnyObject, NSString) -> Void
            let register = NSSelectorFromString("registerObjectForStateRestoration:restorationIdentifier:")
            if let meta = MethodHooks.metaclass(of: UIApplication.self) {
                var original: IMP?
                let block: RegisterBlock = { [unowned self] target, object, identifier in
                    app.registered[identifier as String] = object
                    unsafeBitCast(original!, to: RegisterMethod.self)(target, register, object, identifier)
                }
                original = MethodHooks.replace(register, ownedBy: meta, with: block)
            }
            let ignore = #selector(UIApplication.ignoreSnapshotOnNextApplicationLaunch)
            var original: IMP?
            let block: MethodHooks.PlainBlock = { [unowned self] target in
                app.snapshotIgnored = true
                unsafeBitCast(original!, to: MethodHooks.PlainMethod.self)(target, ignore)
            }
            original = MethodHooks.replace(ignore, ownedBy: UIApplication.self, with: block)
        }
    }
#endif
