import Foundation

// `group.notify(queue: .main) { … }` on the app's media clock (docs/Porting.md, "Time").
//
// iOS code waits for a batch of animations with a dispatch group: `enter()` before each,
// `leave()` in each completion, and `notify(queue: .main)` for what comes after (removing the
// pieces of a box fade, say). The notify block is a main-queue block, and a headless run never
// gives the main queue a turn between frames (doing so inside a test process would run other
// tests' main-actor work in the middle of a frame), so ported code would never see it.
// `flipbook port` rewrites the call into the form below: the clock looks at the group at each
// frame's scheduled-actions step and runs the action on the first frame that finds it empty.
// The last `leave()` normally happens inside a frame (an animation's completion), so the action
// runs on the next frame, as `DispatchQueue.main.async` from there does once ported.

extension MediaClock {
    /// `group.notify(queue: .main) { action() }` on this clock: `action` runs on the first frame
    /// (after this one) at which `group` has no unbalanced `enter()` left, at once on the next
    /// frame if it has none now. A group that never empties keeps the clock busy (`isIdle` is
    /// false) until `reset()`, as its block stays pending for ever on iOS.
    @preconcurrency public func schedule(whenEmpty group: DispatchGroup, _ action: @escaping @MainActor () -> Void) {
        schedule(after: 0) { [weak self] in
            guard group.wait(timeout: .now()) == .success else {
                self?.schedule(whenEmpty: group, action)
                return
            }
            action()
        }
    }

    /// `group.notify(queue: .main, execute: action)` with the action held in a variable.
    /// Disfavoured, so that a trailing closure always means `schedule(whenEmpty:_:)`.
    @_disfavoredOverload
    @preconcurrency public func schedule(whenEmpty group: DispatchGroup, execute action: @escaping @MainActor () -> Void) {
        schedule(whenEmpty: group, action)
    }

    /// `group.notify(queue: .main, execute: workItem)`: the work item runs then unless it was
    /// cancelled meanwhile.
    public func schedule(whenEmpty group: DispatchGroup, execute workItem: DispatchWorkItem) {
        schedule(whenEmpty: group) { if !workItem.isCancelled { workItem.perform() } }
    }

    /// `group.notify(queue: .main) { action() }` from code that may run on any thread (what
    /// `flipbook port` writes where it cannot prove the main thread): on the media clock when
    /// called on the main thread, otherwise the group's own notification on the main queue, as
    /// before the port.
    @preconcurrency
    public nonisolated static func scheduleOnMainThread(
        whenEmpty group: DispatchGroup, _ action: @escaping @MainActor @Sendable () -> Void
    ) {
        guard MainQueue.isCurrent else {
            group.notify(queue: .main) { MainActor.assumeIsolated { action() } }
            return
        }
        MainActor.assumeIsolated { MediaClock.main.schedule(whenEmpty: group, action) }
    }

    /// The same with the action held in a variable.
    @_disfavoredOverload
    @preconcurrency
    public nonisolated static func scheduleOnMainThread(
        whenEmpty group: DispatchGroup, execute action: @escaping @MainActor @Sendable () -> Void
    ) {
        scheduleOnMainThread(whenEmpty: group, action)
    }

    /// The same with a work item.
    public nonisolated static func scheduleOnMainThread(whenEmpty group: DispatchGroup, execute workItem: DispatchWorkItem) {
        let item = UnsafeSendableTransfer(value: workItem)
        scheduleOnMainThread(whenEmpty: group) { if !item.value.isCancelled { item.value.perform() } }
    }
}
