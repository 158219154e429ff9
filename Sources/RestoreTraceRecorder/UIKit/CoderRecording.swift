#if canImport(UIKit)
    // NOT COMPILED ON LINUX, where this package is built and tested: this file has never been
    // built. The keys a coder received while one restoration callback ran (CAPTURE.md §3.2).
    import Foundation
    import UIKit

    // RestoreEngine by declaration: it has types named as UIKit's (UIViewController, UIView,
    // UIApplication, NSUserActivity…), and with the whole module imported every use of those
    // names beside UIKit's is ambiguous.
    import struct RestoreEngine.CoderEntry
    import enum RestoreEngine.CoderValue
    import enum RestoreEngine.ReservedKeys

    /// One callback's coder, filled by the scoped `NSKeyedArchiver` hooks while the callback is
    /// on the stack; only writes to *this* coder count (UIKit archives nested objects elsewhere).
    @MainActor
    final class CoderRecording: @preconcurrency CapturedCoder {
        weak var coder: NSCoder?
        private(set) var writes: [CoderEntry] = []
        /// What a decode was given: the keys the app asked for and found (an unarchiver cannot
        /// list its keys; UIKit's archive on disk has the rest).
        private(set) var reads: [CoderEntry] = []

        init(_ coder: NSCoder) { self.coder = coder }

        var capturedEntries: [CoderEntry] { reads.isEmpty ? writes : reads }
        var capturedWrites: [CoderEntry] { writes }
        /// A crash ends the process: no hook runs afterwards to say so.
        var capturedCrash: Bool { false }

        func wrote(_ value: CoderValue, forKey key: String) {
            writes.removeAll { $0.key == key }
            writes.append(CoderEntry(key: key, value: value, isSystem: Self.isUIKitKey(key)))
        }

        func read(_ value: CoderValue, forKey key: String) {
            guard !reads.contains(where: { $0.key == key }) else { return }
            reads.append(CoderEntry(key: key, value: value, isSystem: Self.isUIKitKey(key)))
        }

        /// UIKit's own keys (`k…Key`, `UIApplicationStateRestoration…`, the storyboard key).
        static func isUIKitKey(_ key: String) -> Bool {
            ReservedKeys.all.contains(key) || (key.hasPrefix("k") && key.hasSuffix("Key"))
                || key.hasPrefix("UIApplicationStateRestoration")
        }

        /// An archived Objective-C value as the trace's typed value; a restorable object (which
        /// UIKit archives as a path proxy) as a reference to its restoration path.
        static func value(of object: AnyObject?) -> CoderValue {
            switch object {
            case let vc as UIViewController: return .reference(UIKitApplication.restorationPath(of: vc) ?? "")
            case let s as NSString: return .string(s as String)
            case let n as NSNumber:
                switch String(cString: n.objCType) {
                case "c", "B": return .bool(n.boolValue)
                case "f", "d": return .double(n.doubleValue)
                default: return .int(n.intValue)
                }
            case let d as NSDate: return .date(d.timeIntervalSinceReferenceDate)
            case let d as NSData: return .data([UInt8](d as Data))
            case let a as NSArray: return .array(a.map { value(of: $0 as AnyObject) })
            case let m as NSDictionary:
                var out: [String: CoderValue] = [:]
                for (k, v) in m { out["\(k)"] = value(of: v as AnyObject) }
                return .dictionary(out)
            case let o?: return .string("<\(NSStringFromClass(type(of: o)))>")
            case nil: return .string("")
            }
        }
    }
#endif
