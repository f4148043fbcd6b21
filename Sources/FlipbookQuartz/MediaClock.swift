import Foundation
import FlipbookGeometry

/// A handle on an action scheduled with `MediaClock.schedule(after:_:)`.
@preconcurrency @MainActor
public final class MediaClockToken {
    let sequence: Int
    public private(set) var isCancelled = false
    weak var clock: MediaClock?

    init(sequence: Int, clock: MediaClock) {
        self.sequence = sequence
        self.clock = clock
    }

    /// Cancels the action if it has not run yet; does nothing afterwards.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        clock?.unschedule(sequence)
    }
}

extension Optional where Wrapped == MediaClockToken {
    /// Cancels the scheduled action, if any, and lets go of its token (a timer property goes
    /// back to "nothing scheduled").
    @preconcurrency @MainActor
    package mutating func cancelAndClear() {
        self?.cancel()
        self = nil
    }
}

/// Flipbook's virtual display clock: the only source of media time.
///
/// Nothing reads the wall clock. `now` starts at `MediaClock.initialTime` (1000 s, so
/// that times just before "now" are still positive, as on a device that has been up a
/// while) and moves only when `advance(by:)`, `advanceFrames(_:)` or
/// `runUntilIdle(limit:)` step it, one display frame (`1 / framesPerSecond`) at a time.
///
/// Each frame first gives the main queue one turn, in a synchronous drive, while `now` is still
/// the last frame's time (`MainQueue.giveTurn()`): what was queued since then (a task started on
/// the main actor, a `DispatchQueue.main.async` block) runs as it would between two frames on a
/// device. Then, at its new time `now`, it runs in this order:
/// 1. the implicit transaction of the previous frame is flushed (animations added since
///    get their `beginTime`, in their layer's time, from the time they were added);
/// 2. actions scheduled with `schedule(after:_:)` that are due, by due time then by
///    scheduling order;
/// 3. display links that are due (`CADisplayLink`), in the order they were added;
/// 4. another flush, so animations added by steps 2–3 begin at this frame's time;
/// 5. animation events, layer by layer in the order their first animation was added
///    and animation by animation in the order added: every `animationDidStart`, then
///    every `animationDidStop(_:finished:)` (after removing the animation from its
///    layer when `isRemovedOnCompletion`), then `CATransaction` completion blocks whose
///    animations have all stopped, in commit order.
@preconcurrency @MainActor
public final class MediaClock {
    /// The clock of the runtime the current code runs in (`AppRuntime.current.clock`): the one
    /// every layer, display link and animation of that app reads.
    public static var main: MediaClock { AppRuntime.current.clock }

    /// The value of `now` before the first frame.
    public static let initialTime: CFTimeInterval = 1000

    /// The current media time, in seconds.
    public private(set) var now: CFTimeInterval

    /// The frame rates the clock accepts, in Hz.
    public static let framesPerSecondRange: ClosedRange<Double> = 1...1000

    /// Frames per second of the virtual display (default 60). Non-positive or non-finite
    /// values are refused with a diagnostic; values outside `framesPerSecondRange` (1…1000 Hz)
    /// are clamped into it with a diagnostic (a frame shorter than a millisecond could no
    /// longer move `now` forward).
    public var framesPerSecond: Double = 60 {
        didSet {
            guard framesPerSecond.isFinite, framesPerSecond > 0 else {
                FlipbookDiagnostics.report(
                    "MediaClock.framesPerSecond must be a positive number (got \(framesPerSecond)); keeping \(oldValue).",
                    once: "MediaClock.framesPerSecond")
                framesPerSecond = oldValue.isFinite && oldValue > 0 ? oldValue : 60
                return
            }
            let range = Self.framesPerSecondRange
            guard range.contains(framesPerSecond) else {
                let clamped = min(max(framesPerSecond, range.lowerBound), range.upperBound)
                FlipbookDiagnostics.report(
                    "MediaClock.framesPerSecond \(framesPerSecond) is outside \(range.lowerBound)…\(range.upperBound) Hz; "
                        + "using \(clamped).",
                    once: "MediaClock.framesPerSecond.range")
                framesPerSecond = clamped
                return
            }
        }
    }

    /// The most frames one `advance(by:)` or `runUntilIdle(limit:)` call runs by default
    /// (1 000 000: about 4.6 hours at 60 Hz).
    static let defaultMaximumFramesPerCall = 1_000_000

    /// The most frames one `advance(by:)` or `runUntilIdle(limit:)` call runs. A longer span
    /// is cut into this many equal steps, each longer than a display frame, with a
    /// diagnostic, so a huge span cannot hang the caller. Internal and settable only so that
    /// a test can lower it; `reset()` restores the default.
    var maximumFramesPerCall = MediaClock.defaultMaximumFramesPerCall

    /// The duration of one frame, `1 / framesPerSecond`.
    public var frameDuration: CFTimeInterval { 1 / framesPerSecond }

    /// How many frames have run since the clock was created.
    public private(set) var frameCount = 0

    private struct Scheduled {
        var time: CFTimeInterval
        var sequence: Int
        @preconcurrency var action: @MainActor () -> Void
    }
    private var scheduled: [Scheduled] = []
    private var nextSequence = 0
    private var isRunningFrame = false
    /// Tasks resumed outside a frame's scheduled actions (a sleep cancelled from the main
    /// thread), each with its test for having come back to the main actor: the next frame waits
    /// for them before its turn of the main queue (`MediaClock+Sleep.swift`).
    var awaitedReturns: [@Sendable () -> Bool] = []

    /// Whether a frame is running now (a scheduled action, display link or animation callback
    /// is on the stack), so the clock cannot be advanced from here: input scripts schedule
    /// their later steps instead (see `AppDriver.tap(at:)`).
    package var isInsideFrame: Bool { isRunningFrame }

    /// The animation and transaction machinery this clock drives.
    let engine = AnimationEngine()

    /// The runtime this clock belongs to (set by `AppRuntime.init`). Frames run with it bound,
    /// so the callbacks of one app's frames (display links, scheduled actions, animation
    /// delegates) answer for that app even when another app's code advanced the clock.
    weak var runtime: AppRuntime?

    /// Runs `body` with this clock's runtime bound (at once when it is the current one).
    private func inOwnRuntime<Result>(_ body: () -> Result) -> Result {
        guard let runtime, AppRuntime.current !== runtime else { return body() }
        return runtime.run(body)
    }

    /// The `perform(_:with:afterDelay:)` requests scheduled on this clock that have not run.
    let performRequests = PerformRequests()

    init(now: CFTimeInterval = MediaClock.initialTime) {
        self.now = now
    }

    // MARK: Scheduling

    /// Runs `action` on the first frame at or after `now + delay` (step 2 of the frame).
    ///
    /// Actions due at the same time run in the order they were scheduled. A NaN or
    /// negative delay is reported and treated as 0 (the next frame).
    @discardableResult
    @preconcurrency public func schedule(after delay: CFTimeInterval, _ action: @escaping @MainActor () -> Void) -> MediaClockToken {
        var delay = delay
        if !delay.isFinite || delay < 0 {
            if !(delay == .infinity) {
                FlipbookDiagnostics.report(
                    "MediaClock.schedule(after:) got an invalid delay \(delay); scheduling for the next frame.",
                    once: "MediaClock.schedule.delay")
                delay = 0
            }
        }
        nextSequence += 1
        let token = MediaClockToken(sequence: nextSequence, clock: self)
        if delay.isFinite {
            let entry = Scheduled(time: now + delay, sequence: nextSequence, action: action)
            let index = scheduled.firstIndex { ($0.time, $0.sequence) > (entry.time, entry.sequence) } ?? scheduled.count
            scheduled.insert(entry, at: index)
        }
        return token
    }

    func unschedule(_ sequence: Int) {
        scheduled.removeAll { $0.sequence == sequence }
    }

    /// Whether anything would still change if the clock ran on: an unfinished animation
    /// that can progress (its layer's effective speed is not 0), an unpaused display
    /// link, or a scheduled action.
    public var isIdle: Bool {
        scheduled.isEmpty && !engine.hasActiveDisplayLinks && !engine.hasProgressingAnimations(at: now)
    }

    // MARK: Stepping

    /// Advances `seconds` of media time, frame by frame, ending exactly at `now + seconds`
    /// (the last step is shorter when `seconds` is not a whole number of frames).
    /// A NaN, infinite or negative value is reported and ignored. Every frame moves `now`
    /// forward (a step too small to change `now` at its magnitude is skipped), and a span of
    /// more than `maximumFramesPerCall` frames is run in that many longer, equal steps
    /// (reported once), so the call always ends.
    public func advance(by seconds: CFTimeInterval) {
        guard seconds.isFinite, seconds >= 0 else {
            FlipbookDiagnostics.report(
                "MediaClock.advance(by:) needs a finite, non-negative number of seconds (got \(seconds)); ignored.",
                once: "MediaClock.advance")
            return
        }
        guard !isRunningFrame else { return reportReentry("advance(by:)") }
        inOwnRuntime { run(for: seconds) }
    }

    private func run(for seconds: CFTimeInterval) {
        let start = now, target = now + seconds
        let step = boundedStep(over: seconds, caller: "advance(by:)")
        var index = 0.0
        while now < target {
            index += 1
            var next = start + index * step
            if next > target - 1e-9 { next = target }
            // At a large `now` a short step can round back to `now`: skip it (the index still
            // grows, so the target is reached after at most the planned number of steps).
            guard next > now else { continue }
            runFrame(at: next)
        }
    }

    /// The step for running `span` seconds frame by frame: one frame, or longer when the
    /// span holds more than `maximumFramesPerCall` frames (reported once).
    private func boundedStep(over span: Double, caller: String) -> Double {
        let frame = frameDuration
        let limit = Double(maximumFramesPerCall)
        guard span / frame > limit else { return frame }
        let step = span / limit
        FlipbookDiagnostics.report(
            "MediaClock.\(caller): \(span) s is more than \(maximumFramesPerCall) frames at \(framesPerSecond) Hz; "
                + "running it in \(maximumFramesPerCall) steps of \(step) s.",
            once: "MediaClock.longSpan")
        return step
    }

    /// Advances `count` whole frames. A negative count is reported and ignored.
    public func advanceFrames(_ count: Int) {
        guard count >= 0 else {
            FlipbookDiagnostics.report(
                "MediaClock.advanceFrames(_:) needs a non-negative count (got \(count)); ignored.",
                once: "MediaClock.advanceFrames")
            return
        }
        guard !isRunningFrame else { return reportReentry("advanceFrames(_:)") }
        // nextUp: at a huge `now` one frame may be below the spacing of doubles.
        inOwnRuntime {
            for _ in 0..<count { runFrame(at: max(now + frameDuration, now.nextUp)) }
        }
    }

    /// Runs frames until nothing is left running (see `isIdle`) or `limit` seconds have
    /// passed. Returns true when the clock is idle. Animations on a paused layer (speed 0
    /// somewhere up its tree) do not keep it running, since time cannot move them.
    @discardableResult
    public func runUntilIdle(limit: CFTimeInterval = 10) -> Bool {
        var limit = limit
        if !limit.isFinite || limit < 0 {
            FlipbookDiagnostics.report(
                "MediaClock.runUntilIdle(limit:) needs a finite, non-negative limit (got \(limit)); using 10 s.",
                once: "MediaClock.runUntilIdle")
            limit = 10
        }
        guard !isRunningFrame else {
            reportReentry("runUntilIdle(limit:)")
            return false
        }
        return inOwnRuntime { runUntilIdleBound(limit: limit) }
    }

    private func runUntilIdleBound(limit: CFTimeInterval) -> Bool {
        engine.flush(clock: self)
        engine.deliverPendingEvents(clock: self)
        let end = now + limit
        let step = boundedStep(over: limit, caller: "runUntilIdle(limit:)")
        while !isIdle, now < end - 1e-9 {
            // Each frame moves time forward: a step lost to rounding at a huge `now` jumps to the end.
            var next = min(now + step, end)
            if next <= now { next = end }
            runFrame(at: next)
        }
        return isIdle
    }

    // MARK: Resetting

    /// Ends everything the clock is running, at once and without a callback: scheduled
    /// actions are cancelled, display links invalidated, every animation removed from its
    /// layer (no `animationDidStop`, no transaction completion), open transactions dropped,
    /// and the frame rate and per-call frame limit restored to their defaults. `now` keeps
    /// its value: media time only moves forward.
    ///
    /// Apps never need this (UIKit has no such call). It is for tests: the `.freshRuntime`
    /// trait (FlipbookTesting) gives each test a runtime of its own and calls this on that
    /// runtime's clock when the test ends, letting go of the display links, scheduled steps
    /// and animations the test left running. Called from inside a frame it is reported and
    /// ignored.
    public func reset() {
        guard !isRunningFrame else { return reportReentry("reset()") }
        scheduled = []
        awaitedReturns = []
        engine.discardAll()
        framesPerSecond = 60
        maximumFramesPerCall = Self.defaultMaximumFramesPerCall
    }

    /// Moves `now` forward by `seconds` without running a frame. Only right after `reset()`
    /// (nothing is scheduled or animating): the `.freshRuntime` trait uses it, when
    /// `FLIPBOOK_TEST_CLOCK_JITTER` is set, to start each test at an odd absolute time, so a
    /// test that depends on the absolute time (rather than times relative to its start) fails
    /// every run instead of once in a while (docs/Testing.md).
    package func jumpAhead(by seconds: CFTimeInterval) {
        guard !isRunningFrame, seconds.isFinite, seconds > 0 else { return }
        now += seconds
    }

    private func reportReentry(_ name: String) {
        FlipbookDiagnostics.report(
            "MediaClock.\(name) was called from inside a frame (a scheduled action, display link or animation callback); ignored.",
            once: "MediaClock.reentry")
    }

    private func runFrame(at time: CFTimeInterval) {
        isRunningFrame = true
        defer { isRunningFrame = false }
        let awaited = awaitedReturns
        awaitedReturns = []
        for hasReturned in awaited { MainQueue.giveTurns(until: hasReturned) }
        MainQueue.giveTurn()
        engine.flush(clock: self)
        now = time
        frameCount += 1
        // 2. scheduled actions due now (actions scheduled meanwhile wait for a later frame)
        let dueCount = scheduled.prefix { $0.time <= time + 1e-9 }.count
        let due = scheduled.prefix(dueCount).map(\.sequence)
        for sequence in due {
            guard let i = scheduled.firstIndex(where: { $0.sequence == sequence }) else { continue }
            let entry = scheduled.remove(at: i)
            entry.action()
        }
        // 3. display links
        engine.fireDisplayLinks(clock: self)
        // 4. + 5.
        engine.flush(clock: self)
        engine.processAnimationEvents(clock: self)
    }
}

/// The current media time in seconds: `MediaClock.main.now`.
@preconcurrency @MainActor
public func CACurrentMediaTime() -> CFTimeInterval { MediaClock.main.now }
