import Foundation

extension UIApplication {
    /// UIKit's `sendAction(_:to:from:for:)` with the action as a closure (Flipbook's form of
    /// target-action; docs/Porting.md, "Target-action"). With a target, the closure runs on it
    /// when it is a `Target`. With nil, the action goes up the responder chain from the first
    /// responder and runs on the first responder that is a `Target`: UIKit asks each responder
    /// whether it implements the selector, and the closure's target type stands for that (a
    /// method declared in `extension UIResponder` is implemented by every responder, so such an
    /// action reaches the first responder itself). Returns whether some object took the action;
    /// with no first responder nothing does, as on iOS.
    @discardableResult
    public func sendAction<Target>(
        _ action: @escaping @MainActor (Target) -> Void, to target: Any?, from sender: Any?, for event: UIEvent?
    ) -> Bool {
        sendAction({ (t: Target, _: Any?) in action(t) }, to: target, from: sender, for: event)
    }

    /// The same for an action that also receives the sender (`@objc func done(_ sender: Any?)`).
    @discardableResult
    public func sendAction<Target>(
        _ action: @escaping @MainActor (Target, Any?) -> Void, to target: Any?, from sender: Any?, for event: UIEvent?
    ) -> Bool {
        if let target {
            guard let receiver = target as? Target else {
                FlipbookDiagnostics.report(
                    "UIApplication.sendAction(_:to:from:for:): the target \(type(of: target)) is not a \(Target.self), "
                        + "which the action is written for; not sent.")
                return false
            }
            action(receiver, sender)
            return true
        }
        var responder = firstResponder
        while let current = responder {
            if let receiver = current as? Target {
                action(receiver, sender)
                return true
            }
            responder = current.next
        }
        return false
    }
}
