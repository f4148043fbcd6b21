import Foundation

/// Lets `addTarget(_:action:for:)` hand the sender to the closure with its own static type
/// (`UIButton` for a button), so `{ $0.didPress($1) }` type-checks like `#selector(didPress(_:))`.
@preconcurrency @MainActor
public protocol UIControlTargetActions: AnyObject {}

extension UIControlTargetActions where Self: UIControl {
    /// Runs `action(target, sender)` for `controlEvents`: the port of `#selector(target.method(_:))`.
    /// `target` is held weakly.
    @preconcurrency public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping @MainActor (Target, Self) -> Void, for controlEvents: UIControl.Event
    ) {
        registrations.append(
            UIControl.Registration(events: controlEvents, target: target, hasTarget: true, action: nil) { t, sender, _ in
                if let t = t as? Target, let s = sender as? Self { action(t, s) }
            })
    }

    /// Runs `action(target, sender, event)`: the port of `#selector(target.method(_:forEvent:))`.
    @preconcurrency public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping @MainActor (Target, Self, UIEvent?) -> Void, for controlEvents: UIControl.Event
    ) {
        registrations.append(
            UIControl.Registration(events: controlEvents, target: target, hasTarget: true, action: nil) { t, sender, e in
                if let t = t as? Target, let s = sender as? Self { action(t, s, e) }
            })
    }
}
