import Foundation
import FlipbookGeometry

// The delays iOS code writes with Foundation and Dispatch, on the app's media clock instead of
// the wall clock (docs/Porting.md, "Time"). `flipbook port` rewrites
// `DispatchQueue.main.asyncAfter(deadline: .now() + d)`, `Timer.scheduledTimer(withTimeInterval:
// repeats:block:)`, `perform(_:with:afterDelay:)` and `cancelPreviousPerformRequests` into these,
// and Flipbook's target-action `Timer` forms run on them, so a headless run that steps the clock
// sees every delay at the same frame whatever the machine's load.

extension MediaClock {
    /// `DispatchQueue.main.asyncAfter(deadline: .now() + delay)` on this clock, with the delay
    /// as a `DispatchTimeInterval` (`.milliseconds(300)`, `.seconds(1)`). `.never` schedules
    /// nothing.
    @discardableResult
    @preconcurrency public func schedule(after delay: DispatchTimeInterval, _ action: @escaping @MainActor () -> Void)
        -> MediaClockToken
    {
        schedule(after: Self.seconds(delay), action)
    }

    /// `DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: action)` on this clock,
    /// for an `action` held in a variable (`execute: completion`). Disfavoured, so that a
    /// trailing closure (`schedule(after: d) { … }`) always means `schedule(after:_:)`.
    @_disfavoredOverload
    @discardableResult
    @preconcurrency public func schedule(after delay: CFTimeInterval, execute action: @escaping @MainActor () -> Void)
        -> MediaClockToken
    {
        schedule(after: delay, action)
    }

    /// The same with a `DispatchTimeInterval`.
    @_disfavoredOverload
    @discardableResult
    @preconcurrency public func schedule(after delay: DispatchTimeInterval, execute action: @escaping @MainActor () -> Void)
        -> MediaClockToken
    {
        schedule(after: Self.seconds(delay), action)
    }

    /// `DispatchQueue.main.asyncAfter(deadline: .now() + delay, execute: workItem)` on this
    /// clock: the work item runs then unless it was cancelled (`workItem.cancel()`) meanwhile.
    @discardableResult
    public func schedule(after delay: CFTimeInterval, execute workItem: DispatchWorkItem) -> MediaClockToken {
        schedule(after: delay) { if !workItem.isCancelled { workItem.perform() } }
    }

    /// The same with a `DispatchTimeInterval`.
    @discardableResult
    public func schedule(after delay: DispatchTimeInterval, execute workItem: DispatchWorkItem) -> MediaClockToken {
        schedule(after: Self.seconds(delay), execute: workItem)
    }

    /// `Timer.scheduledTimer(withTimeInterval:repeats:block:)` on this clock: `block` runs
    /// `interval` seconds of media time from now and, when `repeats`, every `interval` after
    /// that, until `invalidate()` (see `Timer.onMediaClock`).
    @discardableResult
    @preconcurrency public func scheduledTimer(
        withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping @MainActor (Timer) -> Void
    ) -> Timer {
        MediaTimer.start(on: self, interval: interval, repeats: repeats, action: block)
    }

    /// `target.perform(#selector(name), with: argument, afterDelay: delay)` on this clock:
    /// `action` receives the target, which is held strongly until then as on iOS. `name` (the
    /// selector's name) is what `cancelScheduled(target:name:)` matches.
    @discardableResult
    @preconcurrency public func schedule<Target: AnyObject>(
        after delay: CFTimeInterval, target: Target, name: String, _ action: @escaping @MainActor (Target) -> Void
    ) -> MediaClockToken {
        let key = PerformRequests.Key(target: ObjectIdentifier(target), name: name)
        let requests = PerformRequests.of(self)
        var sequence = 0
        let token = schedule(after: delay) {
            requests.remove(key, sequence: sequence)
            action(target)
        }
        sequence = token.sequence
        requests.add(key, token: token)
        return token
    }

    /// `NSObject.cancelPreviousPerformRequests(withTarget:)` (`name` nil) and
    /// `cancelPreviousPerformRequests(withTarget:selector:object:)` on this clock: cancels the
    /// actions scheduled with `schedule(after:target:name:_:)` for `target` (and `name`) that
    /// have not run. The `object:` of iOS is not matched: every request of that name goes.
    public func cancelScheduled(target: AnyObject, name: String? = nil) {
        PerformRequests.of(self).cancel(target: ObjectIdentifier(target), name: name)
    }

    /// Seconds in a `DispatchTimeInterval`; `.never` is infinity (never runs).
    nonisolated static func seconds(_ interval: DispatchTimeInterval) -> CFTimeInterval {
        switch interval {
        case .seconds(let n): return CFTimeInterval(n)
        case .milliseconds(let n): return CFTimeInterval(n) / 1e3
        case .microseconds(let n): return CFTimeInterval(n) / 1e6
        case .nanoseconds(let n): return CFTimeInterval(n) / 1e9
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}

/// The `perform(_:with:afterDelay:)` requests of one clock that have not run, by target and name.
@MainActor
final class PerformRequests {
    struct Key: Hashable {
        var target: ObjectIdentifier
        var name: String
    }

    private var tokens: [Key: [MediaClockToken]] = [:]

    /// The table of `clock`, kept in the clock's runtime-independent side table.
    static func of(_ clock: MediaClock) -> PerformRequests { clock.performRequests }

    func add(_ key: Key, token: MediaClockToken) { tokens[key, default: []].append(token) }

    func remove(_ key: Key, sequence: Int) {
        tokens[key]?.removeAll { $0.sequence == sequence }
        if tokens[key]?.isEmpty == true { tokens[key] = nil }
    }

    func cancel(target: ObjectIdentifier, name: String?) {
        for key in tokens.keys where key.target == target && (name == nil || key.name == name) {
            for token in tokens[key] ?? [] { token.cancel() }
            tokens[key] = nil
        }
    }
}

/// A Foundation `Timer` driven by a media clock instead of a run loop.
///
/// The `Timer` object is real (`invalidate()`, `isValid` and `fire()`, which calls the action
/// at once, behave as Foundation's), but its own fire date is in the distant future, so adding it
/// to a run loop never fires it on the wall clock. Its firings are scheduled on the clock: the
/// first `interval` after it was made, then, for a repeating timer, at every multiple of
/// `interval` after that, at most once a frame (a timer that falls behind skips the firings it
/// missed, as a run-loop timer does). An interval of 0 or less is 0.1 ms, as on iOS.
@MainActor
final class MediaTimer {
    private let timer: Timer
    @preconcurrency private let action: @MainActor (Timer) -> Void
    private let start: CFTimeInterval
    private let interval: CFTimeInterval
    private let repeats: Bool
    private weak var clock: MediaClock?
    private var count = 0

    @preconcurrency private init(
        timer: Timer, action: @escaping @MainActor (Timer) -> Void, clock: MediaClock, interval: CFTimeInterval, repeats: Bool
    ) {
        self.timer = timer
        self.action = action
        self.clock = clock
        self.start = clock.now
        self.interval = interval
        self.repeats = repeats
    }

    /// A timer on `clock` that calls `action` (with the timer) at each firing. With `userInfo`,
    /// the timer's `userInfo` is that value (a `UserInfoTimer`).
    @preconcurrency static func start(
        on clock: MediaClock, interval: TimeInterval, repeats: Bool, userInfo: Any? = nil,
        action: @escaping @MainActor (Timer) -> Void
    ) -> Timer {
        let interval = Self.interval(interval)
        let call = foundationBlock(action)
        let timer: Timer
        if let userInfo {
            timer = UserInfoTimer(fire: .distantFuture, interval: interval, repeats: repeats) { timer in call(timer) }
            (timer as? UserInfoTimer)?.keep(userInfo)
        } else {
            timer = Timer(fire: .distantFuture, interval: interval, repeats: repeats) { timer in call(timer) }
        }
        attach(timer, on: clock, interval: interval, repeats: repeats, action: action)
        return timer
    }

    /// Drives `timer` (made with a distant-future fire date) on `clock`.
    @preconcurrency static func attach(
        _ timer: Timer, on clock: MediaClock, interval: TimeInterval, repeats: Bool, action: @escaping @MainActor (Timer) -> Void
    ) {
        MediaTimer(timer: timer, action: action, clock: clock, interval: interval, repeats: repeats).scheduleNext()
    }

    /// A timer's interval as iOS takes it: 0 or less (or NaN, reported) is 0.1 ms.
    static func interval(_ interval: TimeInterval) -> TimeInterval {
        if interval.isNaN {
            FlipbookDiagnostics.report("A timer got a NaN interval; it fires after 0.1 ms, as for an interval of 0.", once: "Timer.nan")
            return 0.0001
        }
        return max(interval, 0.0001)
    }

    /// The block Foundation's `Timer` keeps, for a `fire()` by hand: `action` on the main actor.
    @preconcurrency static func foundationBlock(_ action: @escaping @MainActor (Timer) -> Void) -> @Sendable (Timer) -> Void {
        let call = MainActorCall { (timer: Timer) -> Bool in
            action(timer)
            return true
        }
        return { timer in _ = call.run(timer) }
    }

    /// Schedules the next firing at the first multiple of `interval` after `start` that lies
    /// after now (the timer keeps itself alive through the clock until it stops).
    private func scheduleNext() {
        guard let clock, interval.isFinite else { return }
        count += 1
        var due = start + Double(count) * interval
        if due <= clock.now + 1e-9 {
            count = Int(((clock.now - start) / interval).rounded(.down)) + 1
            due = start + Double(count) * interval
        }
        clock.schedule(after: max(0, due - clock.now)) { [self] in
            guard timer.isValid else { return }
            action(timer)
            if repeats {
                if timer.isValid { scheduleNext() }
            } else {
                timer.invalidate()
            }
        }
    }
}

/// A main-actor callback that Foundation calls from a plain block (a timer's `fire()` or a
/// notification): run at once on the main thread, where Flipbook posts and fires them; from
/// another thread, reported and skipped.
// @unchecked: `body` is only ever called inside `run`, after `MainQueue.isCurrent` has checked
// that this is the main thread, through `MainActor.assumeIsolated`; off it, nothing runs.
final class MainActorCall<Argument>: @unchecked Sendable {
    @preconcurrency private let body: @MainActor (Argument) -> Bool

    @preconcurrency init(_ body: @escaping @MainActor (Argument) -> Bool) { self.body = body }

    /// What `body` returned (false: its owner is gone); true when it could not run.
    func run(_ argument: Argument) -> Bool {
        guard MainQueue.isCurrent else {
            FlipbookDiagnostics.reportFromAnyContext(
                "A timer or notification callback ran off the main thread; Flipbook only runs them on the main thread.")
            return true
        }
        let transfer = UnsafeSendableTransfer(value: argument)
        return MainActor.assumeIsolated { body(transfer.value) }
    }
}

/// Carries a value into a closure that Swift cannot prove stays on one thread.
// @unchecked: it only carries `run`'s argument into `assumeIsolated` on the same thread, after the
// main-thread check: the value never crosses threads.
struct UnsafeSendableTransfer<Value>: @unchecked Sendable {
    let value: Value
}

/// A media-clock timer that answers `userInfo` with the value it was scheduled with: Foundation on
/// Linux keeps none for block timers, and code reads it back in the action (PKHUD finds the
/// completion of a delayed hide there).
// @unchecked Sendable: as Foundation's `Timer` is; the one value it adds lives in a `LockedValue`.
final class UserInfoTimer: Timer, @unchecked Sendable {
    private let kept = LockedValue<Any?>(nil)
    // Unchecked: the value is the app's own, handed back to it as Foundation's `userInfo` is.
    override var userInfo: Any? { kept.withLockUnchecked { $0 } }
    func keep(_ value: Any) { kept.withLockUnchecked { $0 = value } }
}
