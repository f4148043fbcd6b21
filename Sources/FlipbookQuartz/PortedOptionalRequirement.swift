import FlipbookGeometry

/// Where `flipbook port` made an `@objc optional` method requirement that returns a value a plain
/// requirement (docs/Porting.md, "Optional requirements that return a value").
///
/// On iOS `delegate.height?(for: x)` is nil when the conforming type does not implement
/// `height(for:)`, and the caller falls back (`?? 44`). Swift without Objective-C has no
/// optional requirements, so the porter keeps the requirement with its iOS signature, which is
/// what conforming types written for iOS declare (`func height(for x: Int) -> CGFloat`), gives it
/// a default implementation that says it is one (`notImplemented(returning:)`), and turns each
/// `?(…)` call into `answer { … }`, which is nil exactly when the call ended in such a default.
///
/// Each `answer` watches the defaults reached while its call runs, nested `answer`s excepted (they
/// watch their own). A conforming type whose implementation calls another optional requirement's
/// default directly, not through `?(…)`, would make `answer` say "not implemented"; ported call
/// sites always go through `answer`, so this only happens in code written by hand.
public enum PortedOptionalRequirement {
    /// What the porter's default implementations return: `value` (a placeholder of the
    /// requirement's type that no caller sees, since `answer` turns it into nil), after noting
    /// that the conforming type did not implement the requirement.
    public static func notImplemented<T>(returning value: T) -> T {
        reachedDefault?.withLock { $0 = true }
        return value
    }

    /// The answer of `call`, a call of one optional requirement: nil when the conforming type
    /// does not implement it (the call reached the porter's default), as `?(…)` answered on iOS.
    @discardableResult
    public static func answer<T>(_ call: () throws -> T) rethrows -> T? {
        try watch(call)
    }

    /// The same for a call through an optional chain (`delegate?.height(for: x)`), whose own
    /// answer is already Optional: nil when the chain is nil or the requirement is not implemented.
    @discardableResult
    public static func answer<T>(_ call: () throws -> T?) rethrows -> T? {
        try watch(call) ?? nil
    }

    /// `call`'s value, or nil when it reached a default.
    private static func watch<T>(_ call: () throws -> T) rethrows -> T? {
        let reached = LockedValue(false)
        let value = try $reachedDefault.withValue(reached, operation: call)
        return reached.withLock { $0 } ? nil : value
    }

    /// Whether the `answer` in progress reached a default: nil outside any `answer`. A
    /// task-local, not state of the app's runtime: an optional requirement of a library's own
    /// protocol may be called on any thread and outside every app, and the flag belongs to one
    /// call and its callees only (nested `answer`s bind their own; other threads and tasks see
    /// theirs). It holds a `LockedValue`, the project's lock type, so it is `Sendable` as a
    /// task-local must be; only the thread running the call touches it.
    @TaskLocal private static var reachedDefault: LockedValue<Bool>?
}
