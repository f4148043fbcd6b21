import FlipbookGeometry
import Foundation

/// The preview server's wall time and wake-ups, injected so tests drive time by hand
/// (docs/Preview.md, "Time"). The scene's own time is `MediaClock.main` (virtual, stepped by
/// the engine); this is the server's: when a played frame falls due, how long the page took to
/// acknowledge a frame, how long a frame took to draw and encode.
///
/// - `PreviewSystemClock`: the process's continuous clock; a wake-up is a task that sleeps,
///   then runs its job on the main actor.
/// - `PreviewManualClock`: time moves only when the test advances it, and the wake-ups that
///   fall due run then, in order, on the caller (the main actor), before `advance` returns.
protocol PreviewClock: Sendable {
    /// The time since the clock's origin (an arbitrary fixed moment). Safe from any thread.
    var now: Duration { get }
    /// Runs `job` on the main actor once `delay` has passed (at once for `.zero`: after the
    /// main-actor jobs already waiting). Safe from any thread. Cancelling the result before it
    /// runs drops the job.
    @discardableResult
    func wake(after delay: Duration, _ job: @escaping @MainActor @Sendable () -> Void) -> PreviewWakeUp
}

/// A wake-up on a `PreviewClock`, cancellable until it runs.
final class PreviewWakeUp: Sendable {
    private let cancelled = LockedValue(false)
    private let onCancel: @Sendable () -> Void

    init(onCancel: @escaping @Sendable () -> Void = {}) { self.onCancel = onCancel }

    var isCancelled: Bool { cancelled.withLock { $0 } }

    func cancel() {
        let first = cancelled.withLock { c -> Bool in
            defer { c = true }
            return !c
        }
        if first { onCancel() }
    }
}

/// The real clock (the server's).
struct PreviewSystemClock: PreviewClock {
    private let origin = ContinuousClock.now

    var now: Duration { ContinuousClock.now - origin }

    @discardableResult
    func wake(after delay: Duration, _ job: @escaping @MainActor @Sendable () -> Void) -> PreviewWakeUp {
        let box = LockedValue<Task<Void, Never>?>(nil)
        let wakeUp = PreviewWakeUp { box.withLock { $0?.cancel() } }
        let task = Task { @MainActor in
            if delay > .zero {
                do { try await Task.sleep(for: delay) } catch { return }
            }
            guard !Task.isCancelled, !wakeUp.isCancelled else { return }
            job()
        }
        box.withLock { $0 = task }
        return wakeUp
    }
}

/// A clock for tests: it stands still until `advance(by:)`, which runs the wake-ups that fall
/// due (in order of their time, then of their making; one made meanwhile that falls due runs
/// too) with `now` at each one's time.
final class PreviewManualClock: PreviewClock {
    private struct Pending {
        var due: Duration
        var order: Int
        var wakeUp: PreviewWakeUp
        var job: @MainActor @Sendable () -> Void
    }
    private struct State {
        var now: Duration = .zero
        var pending: [Pending] = []
        var made = 0
    }
    private let state = LockedValue(State())
    /// More wake-ups than this in one `advance` is a loop that never lets time pass: stop.
    static let maxWakeUpsPerAdvance = 100_000

    init() {}

    var now: Duration { state.withLock { $0.now } }

    /// Wake-ups not run nor cancelled yet.
    var pendingCount: Int { state.withLock { s in s.pending.filter { !$0.wakeUp.isCancelled }.count } }

    @discardableResult
    func wake(after delay: Duration, _ job: @escaping @MainActor @Sendable () -> Void) -> PreviewWakeUp {
        let wakeUp = PreviewWakeUp()
        state.withLock { s in
            s.made += 1
            s.pending.append(Pending(due: s.now + max(delay, .zero), order: s.made, wakeUp: wakeUp, job: job))
        }
        return wakeUp
    }

    /// Moves time on by `delta` (nothing for a negative one), running what falls due meanwhile;
    /// `.zero` runs what is due now (the jobs the real clock would run next on the main actor).
    @MainActor
    func advance(by delta: Duration) {
        let target = state.withLock { $0.now } + max(delta, .zero)
        var ran = 0
        while ran < Self.maxWakeUpsPerAdvance {
            let next = state.withLock { s -> Pending? in
                s.pending.removeAll { $0.wakeUp.isCancelled }
                guard let i = s.pending.indices.filter({ s.pending[$0].due <= target })
                    .min(by: { (s.pending[$0].due, s.pending[$0].order) < (s.pending[$1].due, s.pending[$1].order) })
                else { return nil }
                let p = s.pending.remove(at: i)
                s.now = max(s.now, p.due)
                return p
            }
            guard let next else { break }
            ran += 1
            next.job()
        }
        state.withLock { $0.now = max($0.now, target) }
    }
}
