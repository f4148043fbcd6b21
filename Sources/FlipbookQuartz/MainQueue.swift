import Dispatch
import Foundation
import FlipbookGeometry

/// Whether the caller runs on the main queue, which is the main actor's executor: on the main
/// thread, or inside a job of the main queue wherever it runs (Swift Testing on Linux runs
/// main-actor tests on a thread that Foundation's `Thread.isMainThread` does not call main).
/// Code that Foundation calls back from a plain block (notifications, timers) or that may be
/// called from any thread (the Objective-C runtime stand-ins) checks this before
/// `MainActor.assumeIsolated`.
package enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: true)

    package static var isCurrent: Bool {
        _ = marked
        return Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
    }
}

// MARK: Turns for the main queue in a synchronous drive

/// Jobs on the main queue (the body of a `Task { … }` started on the main actor, the rest of a
/// task after `MediaClock.sleep`, a plain `DispatchQueue.main.async` block) run when the main
/// thread's run loop gets a turn. A headless drive that steps the clock from synchronous code
/// (an XCTest, a `main.swift`) never returns to the run loop, so each frame gives the queue one
/// turn itself (docs/Porting.md, "Tasks and the media clock").
///
/// A turn is possible only on the main thread, outside any job of the main queue: inside one
/// (an async test on the main actor, an async `main`) Core Foundation refuses to drain the
/// queue again, as it must, and the drive has to yield instead (`await Task.yield()`).
extension MainQueue {
    /// Runs what the main queue holds now, once, if the caller may; returns whether it could.
    /// A sentinel block queued last tells that the turn reached the end of what was queued
    /// before it (the queue runs in order).
    @discardableResult
    package static func giveTurn() -> Bool {
        guard mayTakeTurns else { return false }
        let reached = LockedValue(false)
        DispatchQueue.main.async { reached.withLock { $0 = true } }
        _ = RunLoop.main.run(mode: .default, before: Date())
        return reached.current
    }

    /// Gives the main queue turns until `done()` holds or `limit` seconds of wall time pass.
    /// For a job another thread is about to queue (a task resumed from the clock comes back to
    /// the main actor through Swift's global executor, a hop of well under a millisecond): each
    /// turn waits at most half a millisecond for it.
    package static func giveTurns(until done: () -> Bool, limit: TimeInterval = 1) {
        guard mayTakeTurns, !done() else { return }
        // Inside a plain block of the main queue (no task), Core Foundation drains nothing: the
        // first turn's sentinel tells, and then there is nothing to wait for.
        guard giveTurn() else { return }
        let deadline = Date(timeIntervalSinceNow: limit)
        while !done(), Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.0005))
        }
    }

    /// On the main thread and not inside a task: a synchronous caller that no job of the main
    /// queue has on its stack (as far as can be told without Core Foundation's private state).
    /// Computed at each call from the calling thread: no state is kept.
    private static var mayTakeTurns: Bool {
        Thread.isMainThread && !withUnsafeCurrentTask { $0 != nil }
    }
}
