import Foundation
import FlipbookGeometry

// `Task.sleep` on the app's media clock (docs/Porting.md, "Tasks and the media clock").
// `flipbook port` rewrites `Task.sleep(nanoseconds:)` and `Task.sleep(for:)` into these, so a
// message that hides itself with `Task { try await Task.sleep(…); hide() }` hides at the same
// frame in every run, whatever the machine's load.
//
// How a sleep ends: the clock's scheduled action resumes the task (step 2 of the frame); the
// task comes back to the main actor through Swift's executors, and in a synchronous drive the
// frame gives the main queue turns until it has (`MainQueue.giveTurns`), so the code after the
// `await` runs inside that frame, before its layout and commit. In an async drive (a main-actor
// test) the code after the `await` runs when the drive next yields.

extension MediaClock {
    /// `Task.sleep(nanoseconds:)` on the current app's media clock: suspends the task for
    /// `duration` nanoseconds of media time. Throws `CancellationError` if the task is
    /// cancelled before or during the sleep, as `Task.sleep` does.
    ///
    /// On the main actor, so that a task on the main actor (UI code) schedules its wake-up at
    /// once, with no hop through another thread to make the frame depend on timing.
    @MainActor
    public static func sleep(nanoseconds duration: UInt64) async throws {
        try await sleep(seconds: Double(duration) / 1_000_000_000)
    }

    /// `Task.sleep(for:)` on the current app's media clock. A negative duration does not
    /// sleep. The tolerance is accepted for the signature's sake: media time is exact.
    @MainActor
    public static func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        let (seconds, attoseconds) = duration.components
        try await sleep(seconds: Double(seconds) + Double(attoseconds) / 1e18)
    }

    @MainActor
    private static func sleep(seconds: Double) async throws {
        try Task.checkCancellation()
        let wake = SleepWake()
        var token: MediaClockToken?
        defer {
            wake.markReturned()
            token?.cancel()
        }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, Error>) in
                wake.hold(continuation)
                token = MediaClock.main.schedule(after: max(0, seconds)) {
                    guard wake.resume(throwing: nil) else { return }
                    MainQueue.giveTurns(until: { wake.hasReturned })
                }
            }
        } onCancel: {
            guard wake.resume(throwing: CancellationError()) else { return }
            // Cancelled from the main thread (UI code cancelling its own task): the task's
            // `catch` runs at the start of the next frame, before its turn of the main queue,
            // rather than whenever the hop back to the main actor lands.
            guard MainQueue.isCurrent, Thread.isMainThread else { return }
            MainActor.assumeIsolated {
                MediaClock.main.awaitedReturns.append { wake.hasReturned }
            }
        }
    }
}

/// One sleeping task: its continuation, resumed exactly once (by the clock or by
/// cancellation, whichever comes first, possibly on another thread), and whether the task has
/// come back to the main actor since.
private final class SleepWake: Sendable {
    private struct State {
        var continuation: UnsafeContinuation<Void, Error>?
        var resumed = false
        var returned = false
    }
    private let state = LockedValue(State())

    func hold(_ continuation: UnsafeContinuation<Void, Error>) {
        // Cancellation may have come first (the handler runs before the operation when the
        // task is already cancelled): then resume at once.
        let resumeNow = state.withLockUnchecked { state -> Bool in
            if state.resumed { return true }
            state.continuation = continuation
            return false
        }
        if resumeNow { continuation.resume(throwing: CancellationError()) }
    }

    /// Resumes the task unless it was resumed already; returns whether this call did.
    @discardableResult
    func resume(throwing error: Error?) -> Bool {
        let continuation = state.withLockUnchecked { state -> UnsafeContinuation<Void, Error>?? in
            guard !state.resumed else { return nil }
            state.resumed = true
            defer { state.continuation = nil }
            return .some(state.continuation)
        }
        guard let continuation else { return false }
        if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
        return true
    }

    func markReturned() { state.withLockUnchecked { $0.returned = true } }

    var hasReturned: Bool { state.withLockUnchecked { $0.returned } }
}
