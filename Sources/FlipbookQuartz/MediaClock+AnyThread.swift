import Foundation

// `DispatchQueue.main.async { … }` and `asyncAfter` as ported code writes them where
// `flipbook port` cannot prove, from the syntax, that the call is on the main thread
// (docs/Porting.md, "Time"). The thread is checked when the call runs instead:
// - on the main thread (almost always, in UI code), the action is scheduled on the app's media
//   clock, `delay` seconds of media time from now (0: the next frame), exactly as the proven
//   form `MediaClock.main.schedule(after:)` does, so a headless run sees it at the same frame
//   whatever the machine's load;
// - on any other thread, the main queue is asked to schedule it, as the original call hopped to
//   the main queue: it reaches the clock when the main thread next drains its queue (a live
//   preview's run loop does; a headless test that never yields to the main queue does not), and
//   its delay counts from then.

extension MediaClock {
    /// `DispatchQueue.main.async { action() }` (`delay` 0) or
    /// `DispatchQueue.main.asyncAfter(deadline: .now() + delay) { action() }` from code that may
    /// run on any thread: on the media clock when called on the main thread, otherwise after a
    /// hop to the main queue (see above).
    @preconcurrency
    public nonisolated static func scheduleOnMainThread(
        after delay: CFTimeInterval = 0, _ action: @escaping @MainActor @Sendable () -> Void
    ) {
        guard MainQueue.isCurrent else {
            DispatchQueue.main.async { scheduleHere(after: delay, action) }
            return
        }
        scheduleHere(after: delay, action)
    }

    /// Schedules `action` on the current runtime's clock; called on the main thread only.
    private nonisolated static func scheduleHere(after delay: CFTimeInterval, _ action: @escaping @MainActor @Sendable () -> Void) {
        MainActor.assumeIsolated {
            _ = MediaClock.main.schedule(after: delay, action)
        }
    }

    /// The same with the delay as a `DispatchTimeInterval` (`.milliseconds(300)`).
    @preconcurrency
    public nonisolated static func scheduleOnMainThread(
        after delay: DispatchTimeInterval, _ action: @escaping @MainActor @Sendable () -> Void
    ) {
        scheduleOnMainThread(after: seconds(delay), action)
    }

    /// `execute: action` with the action held in a variable. Disfavoured, so that a trailing
    /// closure always means `scheduleOnMainThread(after:_:)`.
    @_disfavoredOverload
    @preconcurrency
    public nonisolated static func scheduleOnMainThread(
        after delay: CFTimeInterval = 0, execute action: @escaping @MainActor @Sendable () -> Void
    ) {
        scheduleOnMainThread(after: delay, action)
    }

    /// The same with a `DispatchTimeInterval`.
    @_disfavoredOverload
    @preconcurrency
    public nonisolated static func scheduleOnMainThread(
        after delay: DispatchTimeInterval, execute action: @escaping @MainActor @Sendable () -> Void
    ) {
        scheduleOnMainThread(after: seconds(delay), action)
    }

    /// `execute: workItem`: the work item runs then unless it was cancelled meanwhile.
    public nonisolated static func scheduleOnMainThread(after delay: CFTimeInterval = 0, execute workItem: DispatchWorkItem) {
        let item = UnsafeSendableTransfer(value: workItem)
        scheduleOnMainThread(after: delay) { if !item.value.isCancelled { item.value.perform() } }
    }

    /// The same with a `DispatchTimeInterval`.
    public nonisolated static func scheduleOnMainThread(after delay: DispatchTimeInterval, execute workItem: DispatchWorkItem) {
        scheduleOnMainThread(after: seconds(delay), execute: workItem)
    }
}
