import FlipbookGeometry
import Foundation

/// A delegate proxy: an object that sits between a UIKit object and its real delegate, handles a
/// few delegate messages itself and passes the rest on. Flipbook's stand-in for the Objective-C
/// message forwarding such proxies rely on (`forwardingTarget(for:)` answering the real delegate,
/// `responds(to:)` asking it); Linux has no Objective-C runtime to forward by selector.
///
/// A class adopting it names the object that receives what it does not implement:
///
/// ```swift
/// final class ScrollProxy: NSObject, UIScrollViewDelegate, DelegateForwarding {
///     weak var originalDelegate: UIScrollViewDelegate?
///     var forwardingDelegate: AnyObject? { originalDelegate }
///     func scrollViewDidScroll(_ scrollView: UIScrollView) {
///         // … its own work …
///         originalDelegate?.scrollViewDidScroll(scrollView)
///     }
/// }
/// ```
///
/// Every default Flipbook gives an optional requirement of a UIKit delegate or data-source
/// protocol (what stands for "not implemented") first hands the call to the forwarding delegate
/// when that one adopts the protocol, and returns its answer. Where a UIKit class reads its
/// delegate as a narrower protocol than the property's type (a table view's `delegate` as a
/// `UITableViewDelegate`), a proxy that does not adopt the narrower protocol has those calls
/// go to the first object of its forwarding chain that does. Chains of proxies work; a chain
/// that loops back on itself is reported and forwards nothing (docs/Semantics.md, "Delegate
/// proxies"; docs/Divergences.md, "Delegate proxies").
///
/// `flipbook port` rewrites a proxy's `forwardingTarget(for:)`, `responds(to:)` and
/// `conforms(to:)` overrides into this conformance.
@preconcurrency @MainActor
public protocol DelegateForwarding: AnyObject {
    /// The object that receives the delegate messages this one does not implement (nil: none).
    /// No default: a property of another type (`UIScrollViewDelegate?`) would then be a near
    /// miss that silently forwards nothing. A fan-out answers nil here and names its objects in
    /// `forwardingDelegates`.
    var forwardingDelegate: AnyObject? { get }

    /// Every object that receives the delegate messages this one does not implement, in the order
    /// they get them: a proxy that fans each message out to several delegates, as an Objective-C
    /// proxy whose `forwardInvocation(_:)` invokes every delegate that responds. A message goes
    /// to each of them that adopts the protocol; a message that returns a value answers with the
    /// last answer of one that implements it (each invocation overwrote the previous one's
    /// return value), and with UIKit's fallback when none does. The default is
    /// `forwardingDelegate` alone.
    var forwardingDelegates: [AnyObject] { get }

    /// Which of several forwarding delegates get a message this one does not implement: every
    /// one (the default), or only the first that implements it.
    var forwardingStyle: DelegateForwardingStyle { get }
}

extension DelegateForwarding {
    public var forwardingDelegates: [AnyObject] { forwardingDelegate.map { [$0] } ?? [] }
    public var forwardingStyle: DelegateForwardingStyle { .everyDelegate }
}

/// How a proxy with several forwarding delegates hands on a delegate message it does not
/// implement (`DelegateForwarding.forwardingStyle`).
public enum DelegateForwardingStyle: Sendable, Equatable {
    /// To each forwarding delegate that adopts the protocol, in order; a value comes from the
    /// last one that implements the message. An Objective-C proxy whose `forwardInvocation(_:)`
    /// invokes every delegate that responds.
    case everyDelegate
    /// To the first forwarding delegate that implements the message, and to no other; UIKit's
    /// fallback when none does. An Objective-C proxy whose `forwardingTarget(for:)` answers the
    /// first of its delegates that `responds(to:)` the selector.
    case firstImplementer
}

/// The walk along forwarding links, the one place that decides where a delegate message a proxy
/// does not implement goes.
@MainActor
enum DelegateForwardingChain {
    /// The most objects followed from one proxy: a `forwardingDelegate` that makes a new proxy on
    /// every read would otherwise never end.
    static let maximumLength = 64

    /// The objects after `object` that get a message of protocol `P` it does not implement: for
    /// each of its forwarding delegates in order, that delegate when it is a `P`, else the
    /// targets after it when it forwards itself (the runtime would forward again from it). Empty
    /// when `object` is no `DelegateForwarding`, when nothing on the way is a `P`, or when the
    /// forwarding loops (a proxy forwarding to itself, two proxies to each other; reported), so
    /// that the caller answers UIKit's fallback.
    static func targets<P>(after object: AnyObject, as type: P.Type) -> [P] {
        guard object is any DelegateForwarding else { return [] }
        // The whole tree is walked (not only up to the first `P`): a loop further on would make
        // a target's own defaults forward round it for ever.
        var visited = 1
        var found: [P] = []
        var failed = false
        func walk(_ current: AnyObject, path: [AnyObject], collecting: Bool) {
            guard !failed, let proxy = current as? any DelegateForwarding else { return }
            for next in proxy.forwardingDelegates {
                if path.contains(where: { $0 === next }) {
                    reportLoop(from: object, back: next)
                    failed = true
                    return
                }
                visited += 1
                guard visited <= maximumLength else {
                    FlipbookDiagnostics.report(
                        "DelegateForwarding: the forwarding delegates of \(describe(object)) go on past "
                            + "\(maximumLength) objects; delegate messages are not forwarded (a forwardingDelegate "
                            + "that makes a new object on every read?).",
                        once: "DelegateForwarding.length.\(String(reflecting: Swift.type(of: object)))")
                    failed = true
                    return
                }
                let match = collecting ? next as? P : nil
                if let match { found.append(match) }
                walk(next, path: path + [next], collecting: collecting && match == nil)
                if failed { return }
            }
        }
        walk(object, path: [object], collecting: true)
        return failed ? [] : found
    }

    /// The first target after `object` (see `targets(after:as:)`).
    static func target<P>(after object: AnyObject, as type: P.Type) -> P? {
        targets(after: object, as: type).first
    }

    /// The object that receives a UIKit class's calls through the narrower protocol `P`: its
    /// delegate when that is a `P`, else the first `P` on the delegate's forwarding chain.
    static func resolve<P>(_ delegate: AnyObject?, as type: P.Type) -> P? {
        guard let delegate else { return nil }
        if let match = delegate as? P { return match }
        return target(after: delegate, as: type)
    }

    /// `call` sent to each target after `object` (see `targets(after:as:)`), with the answer a
    /// forwarded Objective-C message gives: that of the one target, or with several, the last
    /// answer of one that implements the requirement (with `.firstImplementer`, the first, and
    /// the targets after it are not asked). Nil when no target answers; the caller
    /// then answers UIKit's fallback, and a default implementation that forwarded from a
    /// target further up says so to the call that reached it (`noteDefaultAnswered`).
    static func forward<P, R>(from object: AnyObject, as type: P.Type, _ call: (P) -> R) -> R? {
        let targets = targets(after: object, as: type)
        switch targets.count {
        case 0:
            noteDefaultAnswered()
            return nil
        case 1:
            return call(targets[0])
        default:
            var answer: R?
            let firstOnly = (object as? any DelegateForwarding)?.forwardingStyle == .firstImplementer
            for target in targets {
                if let value = implementedAnswer({ call(target) }) {
                    answer = value
                    if firstOnly { break }
                }
            }
            if answer == nil { noteDefaultAnswered() }
            return answer
        }
    }

    /// `call`'s value, or nil when the target did not implement the requirement (its default
    /// found nothing to forward to).
    private static func implementedAnswer<R>(_ call: () -> R) -> R? {
        let reached = LockedValue(false)
        let value = $defaultAnswered.withValue(reached, operation: call)
        return reached.withLock { $0 } ? nil : value
    }

    private static func noteDefaultAnswered() {
        defaultAnswered?.withLock { $0 = true }
    }

    /// Whether the target being asked in `forward` answered with a default that had nowhere to
    /// forward (Objective-C's "does not respond"): nil outside a fan-out. A task-local, bound
    /// around one synchronous call; only the main thread runs delegate messages.
    @TaskLocal private static var defaultAnswered: LockedValue<Bool>?

    private static func reportLoop(from object: AnyObject, back current: AnyObject) {
        let start = current === object ? "itself" : describe(current)
        FlipbookDiagnostics.report(
            "DelegateForwarding: the forwarding delegates of \(describe(object)) lead back to \(start) (a loop); "
                + "delegate messages it does not implement get UIKit's default answer instead of being "
                + "forwarded (on iOS such a loop recurses until the app crashes).",
            once: "DelegateForwarding.loop.\(String(reflecting: Swift.type(of: object)))")
    }

    private static func describe(_ object: AnyObject) -> String {
        "a \(String(reflecting: Swift.type(of: object)))"
    }
}

extension NSObjectProtocol {
    /// What this delegate's default implementations do first: hand the call to the targets on
    /// its forwarding chain when it is a `DelegateForwarding` proxy, and return their answer (see
    /// `DelegateForwardingChain.forward(from:as:_:)`); nil when there is none (answer UIKit's
    /// fallback). `call` sends the same message to a target.
    @MainActor @discardableResult
    func forwarded<P, R>(as type: P.Type, _ call: (P) -> R) -> R? {
        DelegateForwardingChain.forward(from: self, as: type, call)
    }

    /// The same for a message whose answer is itself Optional, flattened as `?.` flattens it:
    /// nil when no target answers or the answer is nil.
    @MainActor @discardableResult
    func forwarded<P, R>(as type: P.Type, _ call: (P) -> R?) -> R? {
        DelegateForwardingChain.forward(from: self, as: type, call) ?? nil
    }
}
