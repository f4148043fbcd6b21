import Foundation

// Per-app delivery on `NotificationCenter.default` (docs/ARCHITECTURE.md, "Ownership";
// docs/Divergences.md, "One notification centre, per-app delivery").
//
// On iOS each app is a process with a default centre of its own. Flipbook runs several apps in
// one process and cannot give `NotificationCenter.default` (Foundation's own class property) a
// value per app, so it scopes delivery instead: an observer added while an app's runtime is
// bound hears only what is posted while that runtime is bound, and what is posted with no
// runtime bound (plain Foundation code outside every app). An observer added with no runtime
// bound hears everything, as before. So one app's keyboard, rotation, Reduce Motion and memory
// warning reach only that app's observers.

extension NotificationCenter {
    /// Foundation's `addObserver(forName:object:queue:using:)`, scoped to the app the observer
    /// is added in (see above). Swift picks this one for every call that passes an object or nil
    /// (`AnyObject?` is more specific than Foundation's `Any?`); the token it returns is
    /// Foundation's, for `removeObserver(_:)`. The block is told, synchronously, of the
    /// notifications posted in its app or outside every app; with a `queue`, Foundation runs it
    /// there (a block that Foundation runs later on another queue can no longer tell which app
    /// posted, and is told of every app's notifications).
    @discardableResult
    public func addObserver(
        forName name: NSNotification.Name?, object obj: AnyObject?, queue: OperationQueue?,
        using block: @escaping @Sendable (Notification) -> Void
    ) -> any NSObjectProtocol {
        let object: Any? = obj
        return addObserver(forName: name, object: object, queue: queue, using: RuntimeScope.current.filtering(block))
    }
}

/// The app an observer was added in, and the test of whether a notification reaches it.
package struct RuntimeScope: Sendable {
    /// The runtime bound where the observer was added (weak: an observer does not keep its app
    /// alive), and whether one was.
    private weak var runtime: AppRuntime?
    private let isScoped: Bool

    /// The scope of code running now: the bound runtime, or none.
    package static var current: RuntimeScope {
        let bound = RuntimeBinding.bound
        return RuntimeScope(runtime: bound, isScoped: bound != nil)
    }

    /// Whether a notification posted now reaches an observer of this scope: always outside every
    /// runtime and for an unscoped observer; else only in the observer's own runtime.
    package var hearsPostsNow: Bool {
        guard isScoped, let posting = RuntimeBinding.bound else { return true }
        return posting === runtime
    }

    /// `block`, told only of the notifications this scope hears.
    package func filtering(_ block: @escaping @Sendable (Notification) -> Void) -> @Sendable (Notification) -> Void {
        guard isScoped else { return block }
        return { notification in
            if hearsPostsNow { block(notification) }
        }
    }
}
