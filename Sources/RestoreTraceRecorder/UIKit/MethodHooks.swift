#if canImport(UIKit)
    // NOT COMPILED ON LINUX, where this package is built and tested: this file has never been
    // built. Method replacement for the recorder's hooks, per class (CAPTURE.md §3.3).
    import Foundation
    import ObjectiveC
    import UIKit

    /// Replaces methods on the classes that implement them *themselves*: swizzling only
    /// UIViewController would miss every override that does not call super (CAPTURE.md §3.3).
    enum MethodHooks {
        /// The classes to look at: the app's own (its executable's image, not every class in the
        /// process — touching all of them runs their +initialize) and UIKit's restorable ones.
        @MainActor
        static func candidateClasses() -> [AnyClass] {
            var out: [AnyClass] = [
                UIViewController.self, UINavigationController.self, UITabBarController.self,
                UISplitViewController.self, UITableViewController.self, UICollectionViewController.self,
                UIPageViewController.self, UIView.self, UIScrollView.self, UITableView.self, UICollectionView.self,
                UITextField.self, UITextView.self, UIImageView.self,
            ]
            for image in appImages() {
                var count: UInt32 = 0
                guard let names = objc_copyClassNamesForImage(image, &count) else { continue }
                defer { free(names) }
                for i in 0..<Int(count) {
                    if let cls = objc_getClass(names[i]) as? AnyClass { out.append(cls) }
                }
            }
            return out
        }

        /// The images the app's own code is in, as dyld names them: the app delegate's, and every
        /// one inside the `.app` bundle. Not the executable's path: Xcode 16 builds Debug apps with
        /// their code in `App.debug.dylib` (ENABLE_DEBUG_DYLIB) beside a stub executable, where
        /// no class is found, and on a device the path may differ from dyld's (`/private/var`).
        @MainActor
        static func appImages() -> [String] {
            var images: [String] = []
            if let delegate = UIApplication.shared.delegate, let name = class_getImageName(type(of: delegate)) {
                images.append(String(cString: name))
            }
            let bundle = "/" + Bundle.main.bundleURL.lastPathComponent + "/"
            var count: UInt32 = 0
            let all = objc_copyImageNames(&count)  // never nil (SDK signature); freed by the caller
            defer { free(all) }
            for i in 0..<Int(count) {
                let name = String(cString: all[i])
                if name.contains(bundle), !images.contains(name) { images.append(name) }
            }
            return images
        }

        /// The original implementation of `selector` in `cls`'s own method list, replaced by
        /// `block`; nil (and nothing changed) when `cls` only inherits it.
        @discardableResult
        static func replace(_ selector: Selector, ownedBy cls: AnyClass, with block: Any) -> IMP? {
            var count: UInt32 = 0
            guard let methods = class_copyMethodList(cls, &count) else { return nil }
            defer { free(methods) }
            for i in 0..<Int(count) where method_getName(methods[i]) == selector {
                return method_setImplementation(methods[i], imp_implementationWithBlock(block))
            }
            return nil
        }

        /// `replace`, for a method that other threads call while it is being replaced
        /// (`NSKeyedArchiver`'s, which every archiver in the process goes through): the original
        /// implementation is handed to `keep` before the block takes its place. Assigned from
        /// `replace`'s result, it was nil for a call that came in between, and the block's `!`
        /// trapped. Returns whether `cls` owns the method (nothing changed when it only inherits it).
        @discardableResult
        static func replace(_ selector: Selector, ownedBy cls: AnyClass, keeping keep: (IMP) -> Void, with block: Any)
            -> Bool
        {
            var count: UInt32 = 0
            guard let methods = class_copyMethodList(cls, &count) else { return false }
            defer { free(methods) }
            for i in 0..<Int(count) where method_getName(methods[i]) == selector {
                keep(method_getImplementation(methods[i]))
                _ = method_setImplementation(methods[i], imp_implementationWithBlock(block))
                return true
            }
            return false
        }

        /// The metaclass, where class methods (restoration classes, `registerObject…`) live.
        static func metaclass(of cls: AnyClass) -> AnyClass? { object_getClass(cls) }

        /// `-encodeRestorableStateWithCoder:`-shaped methods: `(self, _cmd, coder) -> void`.
        typealias CoderMethod = @convention(c) (AnyObject, Selector, NSCoder) -> Void
        typealias CoderBlock = @convention(block) (AnyObject, NSCoder) -> Void
        /// `-applicationFinishedRestoringState`.
        typealias PlainMethod = @convention(c) (AnyObject, Selector) -> Void
        typealias PlainBlock = @convention(block) (AnyObject) -> Void
        /// `+viewControllerWithRestorationIdentifierPath:coder:` and the object variant.
        typealias RestoreMethod = @convention(c) (AnyObject, Selector, NSArray, NSCoder) -> AnyObject?
        typealias RestoreBlock = @convention(block) (AnyObject, NSArray, NSCoder) -> AnyObject?
        /// `-application:shouldSaveApplicationState:` and the other delegate questions.
        typealias AskMethod = @convention(c) (AnyObject, Selector, UIApplication, NSCoder) -> Bool
        typealias AskBlock = @convention(block) (AnyObject, UIApplication, NSCoder) -> Bool
        /// `-application:willEncodeRestorableStateWithCoder:` / `didDecode…`.
        typealias TellMethod = @convention(c) (AnyObject, Selector, UIApplication, NSCoder) -> Void
        typealias TellBlock = @convention(block) (AnyObject, UIApplication, NSCoder) -> Void
        /// `-application:viewControllerWithRestorationIdentifierPath:coder:`.
        typealias DelegateVCMethod = @convention(c) (AnyObject, Selector, UIApplication, NSArray, NSCoder) -> AnyObject?
        typealias DelegateVCBlock = @convention(block) (AnyObject, UIApplication, NSArray, NSCoder) -> AnyObject?
        /// `-[NSKeyedArchiver encodeObject:forKey:]` and friends, one typealias per value type.
        typealias EncodeObjectMethod = @convention(c) (NSCoder, Selector, AnyObject?, NSString) -> Void
        typealias EncodeObjectBlock = @convention(block) (NSCoder, AnyObject?, NSString) -> Void
        typealias EncodeBoolMethod = @convention(c) (NSCoder, Selector, Bool, NSString) -> Void
        typealias EncodeBoolBlock = @convention(block) (NSCoder, Bool, NSString) -> Void
        typealias EncodeIntMethod = @convention(c) (NSCoder, Selector, Int, NSString) -> Void
        typealias EncodeIntBlock = @convention(block) (NSCoder, Int, NSString) -> Void
        typealias EncodeDoubleMethod = @convention(c) (NSCoder, Selector, Double, NSString) -> Void
        typealias EncodeDoubleBlock = @convention(block) (NSCoder, Double, NSString) -> Void
    }
#endif
