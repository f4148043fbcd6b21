import Foundation
import FlipbookQuartz

/// An object that can respond to events, UIKit's `UIResponder`: the base of `UIView` and
/// (from the controllers module) `UIViewController`.
///
/// An `NSObject`, as on iOS: equality and hashing are `NSObject`'s (identity unless a subclass
/// overrides `isEqual(_:)` and `hash`).
@preconcurrency @MainActor
open class UIResponder: NSObject, AssociatedObjectsHost {
    /// Associated objects (FlipbookQuartz/AssociatedObjects.swift), released with the responder.
    nonisolated(unsafe) package var associatedObjectTable: AssociatedObjectTable?

    public override init() { super.init() }

    /// The next responder in the chain: a view's view controller or superview, etc.
    open var next: UIResponder? { nil }

    /// Whether the responder can become first responder (default false).
    open var canBecomeFirstResponder: Bool { false }
    /// Whether the responder can resign first responder status (default true).
    open var canResignFirstResponder: Bool { true }
    /// Whether this responder is currently its app's first responder.
    open var isFirstResponder: Bool { responderApplication.firstResponder === self }

    /// Makes the responder its app's first responder, as UIKit's does: true at once when it
    /// already is; false when `canBecomeFirstResponder` is false, when a view is not in a
    /// window, or when the current first responder does not resign (`canResignFirstResponder`
    /// false, or its `resignFirstResponder()` answers false). Flipbook shows no keyboard.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        let app = responderApplication
        if app.firstResponder === self { return true }
        guard canBecomeFirstResponder else { return false }
        if let view = self as? UIView, view.window == nil { return false }
        if let current = app.firstResponder {
            guard current.canResignFirstResponder, current.resignFirstResponder() else { return false }
        }
        app.firstResponder = self
        return true
    }

    /// Gives up first responder status (true: the default always agrees).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        let app = responderApplication
        if app.firstResponder === self { app.firstResponder = nil }
        return true
    }

    /// The application whose first responder this responder may be: a view's window's app, a
    /// controller's, else the current one.
    var responderApplication: UIApplication {
        if let app = self as? UIApplication { return app }
        if let view = self as? UIView { return UIApplication.of(view.layer.owningRuntime) }
        if let controller = self as? UIViewController { return UIApplication.of(controller.owningRuntime) }
        return .shared
    }

    // UIKit's informal UIAccessibilityAction protocol (declared on NSObject on iOS; on the
    // responder here, so views and controllers can override them). Flipbook has no assistive
    // technology to call them; each answers that it did nothing.

    /// The two-finger Z gesture: dismiss a modal view (default false: not handled).
    open func accessibilityPerformEscape() -> Bool { false }
    /// The two-finger double tap (default false).
    open func accessibilityPerformMagicTap() -> Bool { false }
    /// A double tap on the element (default false).
    open func accessibilityActivate() -> Bool { false }
    /// A swipe up on an adjustable element.
    open func accessibilityIncrement() {}
    /// A swipe down on an adjustable element.
    open func accessibilityDecrement() {}

    /// The actions an assistive technology offers on the element (default nil), UIKit's
    /// `accessibilityCustomActions` (declared on NSObject on iOS; here on the responder, so
    /// views, cells and controllers can override it with `super`, and on every other NSObject
    /// through `AccessibleObject`). Stored; nothing performs them.
    open var accessibilityCustomActions: [UIAccessibilityCustomAction]? {
        get { AccessibilityBox.attributes(of: self).customActions }
        set { AccessibilityBox.of(self).attributes.customActions = newValue }
    }

    // UIKit's informal UIAccessibilityContainer protocol (on NSObject on iOS).

    /// The container's elements, in reading order (default nil), UIKit's
    /// `accessibilityElements`: on the responder, as `accessibilityCustomActions`, so views
    /// override it (a floating button lists its items only while open); every other NSObject
    /// has it through `AccessibleObject`. Stored; nothing reads it but the methods below.
    open var accessibilityElements: [Any]? {
        get { AccessibilityBox.attributes(of: self).elements }
        set { AccessibilityBox.of(self).attributes.elements = newValue }
    }

    /// How many accessibility elements the container holds (default: `accessibilityElements`'
    /// count, else 0).
    open func accessibilityElementCount() -> Int { accessibilityElements?.count ?? 0 }
    /// The accessibility element at `index` (default: from `accessibilityElements`, else nil).
    open func accessibilityElement(at index: Int) -> Any? {
        guard let elements = accessibilityElements, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
    /// The index of `element` among the container's (default: its place in
    /// `accessibilityElements`, by identity, else `NSNotFound`).
    open func index(ofAccessibilityElement element: Any) -> Int {
        guard type(of: element) is AnyClass else { return NSNotFound }
        let object = element as AnyObject
        return accessibilityElements?.firstIndex { type(of: $0) is AnyClass && ($0 as AnyObject) === object } ?? NSNotFound
    }

    // MARK: Nibs

    /// Called on an object loaded from a nib or storyboard once every outlet is connected,
    /// UIKit's `awakeFromNib()` (declared on `NSObject` by UIKit). Flipbook loads no nibs and
    /// never calls it; it is declared here so that views, controllers and cells can keep
    /// `override func awakeFromNib()` and `super.awakeFromNib()` (docs/Divergences.md, "Nibs").
    open func awakeFromNib() {}
    /// Interface Builder's hook before it draws a designable view (declared on `NSObject` by
    /// UIKit). Flipbook has no Interface Builder: never called; overridable as on iOS.
    open func prepareForInterfaceBuilder() {}

    // MARK: Touches

    /// A touch (or several) went down in the view. The default passes the call to `next`, as
    /// UIKit's does; a view that handles touches overrides all four phases.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    /// Touches moved. The default passes the call to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    /// Touches lifted. The default passes the call to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    /// Touches were cancelled (a gesture recognizer took them, or the system did). The default
    /// passes the call to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    // MARK: Motion and remote control (no source sends them: no accelerometer, no headphones)

    /// A shake began; UIKit's default hands it up the responder chain.
    open func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { next?.motionBegan(motion, with: event) }
    open func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { next?.motionEnded(motion, with: event) }
    open func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { next?.motionCancelled(motion, with: event) }
    /// A remote-control event (play, pause, skip) for the first responder; UIKit's default does nothing.
    open func remoteControlReceived(with event: UIEvent?) {}

}
