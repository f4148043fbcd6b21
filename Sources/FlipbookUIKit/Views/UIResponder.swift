import Foundation

/// An object that can respond to events, UIKit's `UIResponder`: the base of `UIView` and
/// (from the controllers module) `UIViewController`.
///
/// Flipbook's responder is not an `NSObject` (no Objective-C runtime on Linux); equality and
/// hashing are by identity, as `NSObject`'s default `isEqual(_:)` is.
@MainActor
open class UIResponder: Hashable {
    public init() {}

    /// The next responder in the chain: a view's view controller or superview, etc.
    open var next: UIResponder? { nil }

    /// Whether the responder can become first responder (default false).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether the responder can resign first responder status (default true).
    open var canResignFirstResponder: Bool { true }
    /// Whether this responder is currently the first responder.
    open var isFirstResponder: Bool { false }

    /// Asks to become first responder; Flipbook has no keyboard, so this only reports success
    /// when `canBecomeFirstResponder` is true.
    @discardableResult
    open func becomeFirstResponder() -> Bool { canBecomeFirstResponder }

    /// Gives up first responder status.
    @discardableResult
    open func resignFirstResponder() -> Bool { true }

    nonisolated public static func == (l: UIResponder, r: UIResponder) -> Bool { l === r }
    nonisolated public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// An event, UIKit's `UIEvent`. Flipbook's gesture layer subclasses or fills it; views only
/// pass it through `hitTest(_:with:)` and `point(inside:with:)`.
@MainActor
open class UIEvent {
    /// UIKit's event kinds.
    public enum EventType: Int, Sendable { case touches, motion, remoteControl, presses, scroll = 10, hover, transform }
    /// The event's kind (default `.touches`).
    open var type: EventType { .touches }
    /// The media time (`MediaClock.main`) at which the event happened, in seconds.
    open var timestamp: TimeInterval
    public init(timestamp: TimeInterval = 0) { self.timestamp = timestamp }
}
