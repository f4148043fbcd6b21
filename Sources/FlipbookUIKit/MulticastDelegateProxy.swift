import Foundation

/// A delegate proxy that hands every delegate message it does not implement to several
/// delegates: Flipbook's stand-in for the small Objective-C class many iOS libraries carry for
/// this (an `NSObject` subclass whose `initWithDelegates:` keeps the delegates weakly and whose
/// `forwardInvocation:` invokes each one that responds). A Swift subclass adopts the UIKit
/// protocols it stands in for and implements nothing, or only what it handles itself:
///
/// ```swift
/// final class ScrollFanOut: MulticastDelegateProxy, UIScrollViewDelegate {}
/// scrollView.delegate = ScrollFanOut(forwardingTo: [self, originalDelegate])
/// ```
///
/// Each message goes to every delegate that adopts the protocol, in the order given; a message
/// that returns a value answers with the last answer of a delegate that implements it, and
/// UIKit's fallback when none does (docs/Semantics.md, "Delegate proxies"). The delegates are
/// held weakly, as the Objective-C classes hold them; values that are not objects are skipped.
/// `flipbook port` makes a library's subclass of such an Objective-C class a subclass of this one.
@preconcurrency @MainActor
open class MulticastDelegateProxy: NSObject, DelegateForwarding {
    private let delegates: [WeakDelegate]

    /// A proxy for `delegates`, held weakly, in this order.
    public init(forwardingTo delegates: [Any]) {
        self.delegates = delegates.compactMap { delegate in
            // An Optional in the array is its object or nothing; a value that is no class
            // instance (which would box into a new object each time) is skipped.
            let mirror = Mirror(reflecting: delegate)
            let unwrapped: Any? = mirror.displayStyle == .optional ? mirror.children.first?.value : delegate
            guard let value = unwrapped, type(of: value) is AnyClass else { return nil }
            return WeakDelegate(object: value as AnyObject)
        }
        super.init()
    }

    /// The delegates still alive, in the order given.
    open var forwardingDelegates: [AnyObject] { delegates.compactMap(\.object) }

    /// None: every delegate gets the messages (`forwardingDelegates`).
    public var forwardingDelegate: AnyObject? { nil }

    private struct WeakDelegate {
        weak var object: AnyObject?
    }
}
