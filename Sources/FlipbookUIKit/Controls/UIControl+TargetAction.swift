import Foundation

/// Lets `addTarget(_:action:for:)` hand the sender to the closure with its own static type
/// (`UIButton` for a button), so `{ $0.didPress($1) }` type-checks like `#selector(didPress(_:))`.
@preconcurrency @MainActor
public protocol UIControlTargetActions: AnyObject {}

extension UIControlTargetActions where Self: UIControl {
    /// Runs `action(target, sender)` for `controlEvents`: the port of `#selector(target.method(_:))`.
    /// `target` is held weakly. It may be an optional, as UIKit's `Any?` target is (a weak
    /// reference to the target's owner); a nil target is reported and nothing is registered.
    @preconcurrency public func addTarget<Target: AnyObject>(
        _ target: Target?, action: @escaping @MainActor (Target, Self) -> Void, for controlEvents: UIControl.Event
    ) {
        guard let target else { return reportNilTarget() }
        registrations.append(
            UIControl.Registration(events: controlEvents, target: target, hasTarget: true, action: nil) { t, sender, _ in
                if let t = t as? Target, let s = sender as? Self { action(t, s) }
            })
    }

    /// Runs `action(target, sender, event)`: the port of `#selector(target.method(_:forEvent:))`.
    @preconcurrency public func addTarget<Target: AnyObject>(
        _ target: Target?, action: @escaping @MainActor (Target, Self, UIEvent?) -> Void, for controlEvents: UIControl.Event
    ) {
        guard let target else { return reportNilTarget() }
        registrations.append(
            UIControl.Registration(events: controlEvents, target: target, hasTarget: true, action: nil) { t, sender, e in
                if let t = t as? Target, let s = sender as? Self { action(t, s, e) }
            })
    }

    /// `removeTarget(self, action: #selector(m(_:)), for:)` ported: removes every closure of
    /// `target` for `controlEvents` (closures cannot be compared).
    @preconcurrency public func removeTarget<Target: AnyObject>(
        _ target: Target?, action: @escaping @MainActor (Target, Self) -> Void, for controlEvents: UIControl.Event
    ) {
        removeTarget(target, for: controlEvents)
    }
}

extension UIControl {
    /// `removeTarget(self, action: #selector(m), for:)` ported: closures cannot be compared, so
    /// every closure registered with `target` (all targets when nil) for `controlEvents` goes, as
    /// UIKit does for a nil action.
    @preconcurrency public func removeTarget<Target: AnyObject>(
        _ target: Target?, action: @escaping @MainActor (Target) -> Void, for controlEvents: UIControl.Event
    ) {
        removeTarget(target, for: controlEvents)
    }

    /// UIKit's `removeTarget(_:action: nil, for:)`: every action of `target` (all targets when
    /// nil) for `controlEvents`.
    public func removeTarget(_ target: Any?, action: Selector?, for controlEvents: UIControl.Event) {
        removeTarget(target.map { $0 as AnyObject }, for: controlEvents)
    }
}
