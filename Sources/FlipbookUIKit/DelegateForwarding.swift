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
    var forwardingDelegate: AnyObject? { get }
}

/// The walk along `forwardingDelegate` links, the one place that decides where a delegate
/// message a proxy does not implement goes.
@MainActor
enum DelegateForwardingChain {
    /// The longest chain followed: a `forwardingDelegate` that makes a new proxy on every read
    /// would otherwise never end.
    static let maximumLength = 64

    /// The first object after `object` on its forwarding chain that is a `P`: nil when `object`
    /// is no `DelegateForwarding`, when no later object is a `P`, or when the chain loops (a
    /// proxy forwarding to itself, two proxies to each other; reported), so that the caller
    /// answers UIKit's fallback. Objects on the way that are not a `P` but forward themselves
    /// are passed through, as the Objective-C runtime forwards again from them.
    static func target<P>(after object: AnyObject, as type: P.Type) -> P? {
        guard let proxy = object as? any DelegateForwarding else { return nil }
        // The whole chain is walked (not only up to the first `P`): a loop further on would
        // make the target's own defaults forward round it for ever.
        var chain: [AnyObject] = [object]
        var found: P?
        var next = proxy.forwardingDelegate
        while let current = next {
            if chain.contains(where: { $0 === current }) {
                reportLoop(from: object, back: current)
                return nil
            }
            guard chain.count <= maximumLength else {
                FlipbookDiagnostics.report(
                    "DelegateForwarding: the forwarding delegates of \(describe(object)) go on past "
                        + "\(maximumLength) objects; delegate messages are not forwarded (a forwardingDelegate "
                        + "that makes a new object on every read?).",
                    once: "DelegateForwarding.length.\(String(reflecting: Swift.type(of: object)))")
                return nil
            }
            chain.append(current)
            if found == nil, let match = current as? P { found = match }
            next = (current as? any DelegateForwarding)?.forwardingDelegate
        }
        return found
    }

    /// The object that receives a UIKit class's calls through the narrower protocol `P`: its
    /// delegate when that is a `P`, else the first `P` on the delegate's forwarding chain.
    static func resolve<P>(_ delegate: AnyObject?, as type: P.Type) -> P? {
        guard let delegate else { return nil }
        if let match = delegate as? P { return match }
        return target(after: delegate, as: type)
    }

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
    /// The object this delegate's default implementations hand a call to: the first `P` on its
    /// forwarding chain when it is a `DelegateForwarding` proxy (see
    /// `DelegateForwardingChain.target(after:as:)`), else nil (answer UIKit's fallback).
    @MainActor func forwarded<P>(as type: P.Type) -> P? {
        DelegateForwardingChain.target(after: self, as: type)
    }
}
