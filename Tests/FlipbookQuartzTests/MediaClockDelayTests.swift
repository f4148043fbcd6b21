import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// Timers and delays that iOS code keeps with Foundation and Dispatch run on the app's media
/// clock (docs/Porting.md, "Time"): each fires at a frame fixed by media time alone.
@Suite(.freshRuntime)
@MainActor
struct MediaClockDelayTests {
    let clock = MediaClock.main

    @MainActor final class Target {
        var fired: [String] = []
        let clock: MediaClock
        init(_ clock: MediaClock) { self.clock = clock }
        func stamp(_ what: String) { fired.append("\(what)@\(((clock.now - MediaClock.initialTime) * 1000).rounded() / 1000)") }
        func tick() { stamp("tick") }
        func tick(_ timer: Timer) { stamp("tick(timer)") }
        func handle(_ n: NSNotification) { stamp("ns \(n.name.rawValue) \(n.userInfo?["k"] as? Int ?? -1)") }
    }

    @Test func targetActionTimersTakeBothFormsAndRunOnTheMediaClock() {
        let target = Target(clock)
        let repeating = Timer.scheduledTimer(timeInterval: 0.5, target: target, selector: { $0.tick() }, userInfo: nil, repeats: true)
        let once = Timer(timeInterval: 0.25, target: target, selector: { $0.tick($1) }, userInfo: nil, repeats: false)
        #expect(repeating.isValid && once.isValid)
        clock.advance(by: 1.2)
        #expect(target.fired == ["tick(timer)@0.25", "tick@0.5", "tick@1.0"])
        #expect(!once.isValid, "a one-shot timer is invalid once it fired")
        repeating.invalidate()
        clock.advance(by: 1)
        #expect(target.fired.count == 3, "nothing after invalidate()")
    }

    /// PKHUD's delayed hide: the action finds its completion through the timer's `userInfo`.
    /// A scheduled timer keeps it; the initialiser cannot (Foundation on Linux keeps none) and
    /// says so.
    @Test func scheduledTimersKeepTheirUserInfo() {
        let target = Target(clock)
        var seen: [String] = []
        let timer = Timer.scheduledTimer(
            timeInterval: 0.25, target: target, selector: { _, timer in seen.append((timer.userInfo as? [String: String])?["key"] ?? "none") },
            userInfo: ["key": "hide"], repeats: false)
        #expect((timer.userInfo as? [String: String]) == ["key": "hide"])
        let plain = Timer.scheduledTimer(timeInterval: 0.25, target: target, selector: { _, timer in seen.append("\(timer.userInfo == nil)") }, userInfo: nil, repeats: false)
        #expect(plain.userInfo == nil)
        let reports = FlipbookDiagnostics.capture {
            _ = Timer(timeInterval: 0.25, target: target, selector: { $0.tick($1) }, userInfo: ["key": "lost"], repeats: false)
        }
        #expect(reports.count == 1 && reports[0].contains("userInfo is not kept by this initialiser"))
        clock.advance(by: 0.3)
        #expect(seen == ["hide", "true"])
    }

    /// The form the porter writes where it cannot prove the main thread: called on the main
    /// thread it is the media clock's `schedule(after:)`. (From another thread it hops to the
    /// main queue first, which a headless test never drains.)
    @Test func scheduleOnMainThreadUsesTheMediaClockOnTheMainThread() {
        let target = Target(clock)
        MediaClock.scheduleOnMainThread { target.stamp("next") }
        MediaClock.scheduleOnMainThread(after: 0.5) { target.stamp("half") }
        MediaClock.scheduleOnMainThread(after: .milliseconds(250), execute: { target.stamp("quarter") })
        let item = DispatchWorkItem { target.stamp("item") }
        let cancelled = DispatchWorkItem { target.stamp("cancelled") }
        MediaClock.scheduleOnMainThread(after: 0.1, execute: item)
        MediaClock.scheduleOnMainThread(after: 0.1, execute: cancelled)
        cancelled.cancel()
        #expect(target.fired.isEmpty, "nothing runs at once")
        clock.advance(by: 0.6)
        #expect(target.fired == ["next@0.017", "item@0.1", "quarter@0.25", "half@0.5"])
    }

    @Test func blockTimerRepeatsOnMultiplesAndSkipsMissedFirings() {
        var stamps: [Double] = []
        let timer = clock.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in
            stamps.append(((self.clock.now - MediaClock.initialTime) * 1000).rounded() / 1000)
        }
        clock.advance(by: 0.35)
        #expect(stamps == [0.1, 0.2, 0.3], "the first frame at or after each multiple")
        // A frame rate below the timer's: one firing a frame, missed ones skipped.
        clock.framesPerSecond = 4
        clock.advance(by: 0.5)
        #expect(stamps == [0.1, 0.2, 0.3, 0.6, 0.85])
        timer.fire()
        #expect(stamps.count == 6, "fire() calls the block at once")
        timer.invalidate()
        clock.advance(by: 1)
        #expect(stamps.count == 6)
    }

    @Test func zeroIntervalFiresOnceAFrameAndNaNIsReported() {
        var count = 0
        let timer = clock.scheduledTimer(withTimeInterval: 0, repeats: true) { _ in count += 1 }
        clock.advanceFrames(5)
        #expect(count == 5)
        timer.invalidate()
        var nan: Timer?
        let messages = FlipbookDiagnostics.capture {
            nan = clock.scheduledTimer(withTimeInterval: .nan, repeats: false) { _ in count += 100 }
        }
        clock.advanceFrames(1)
        #expect(count == 105 && nan?.isValid == false)
        #expect(messages.contains { $0.contains("NaN interval") })
    }

    @Test func dispatchIntervalsAndWorkItems() {
        var events: [String] = []
        clock.schedule(after: .milliseconds(250)) { events.append("ms") }
        clock.schedule(after: DispatchTimeInterval.never) { events.append("never") }
        let item = DispatchWorkItem { events.append("item") }
        let cancelled = DispatchWorkItem { events.append("cancelled") }
        clock.schedule(after: 0.1, execute: item)
        clock.schedule(after: .seconds(1), execute: cancelled)
        cancelled.cancel()
        clock.advance(by: 2)
        #expect(events == ["item", "ms"])
    }

    @Test func performRequestsAreCancelledByTargetAndName() {
        let a = Target(clock), b = Target(clock)
        clock.schedule(after: 0.2, target: a, name: "tick") { $0.tick() }
        clock.schedule(after: 0.3, target: a, name: "other") { $0.stamp("other") }
        clock.schedule(after: 0.2, target: b, name: "tick") { $0.tick() }
        clock.cancelScheduled(target: a, name: "tick")
        clock.advance(by: 0.25)
        #expect(a.fired.isEmpty && b.fired == ["tick@0.2"])
        clock.schedule(after: 0.1, target: a, name: "tick") { $0.tick() }
        clock.cancelScheduled(target: a)
        clock.advance(by: 1)
        #expect(a.fired.isEmpty, "every request of the target")
    }

    @Test func aTimerBelongsToTheRuntimeItWasMadeIn() {
        let other = AppRuntime()
        let target = Target(other.clock)
        let timer = other.run { Timer.scheduledTimer(timeInterval: 0.1, target: target, selector: { $0.tick() }, userInfo: nil, repeats: false) }
        clock.advance(by: 1)
        #expect(target.fired.isEmpty, "the bound runtime's clock does not run it")
        other.clock.advance(by: 0.1)
        #expect(target.fired == ["tick@0.1"])
        #expect(!timer.isValid)
    }

    @Test func notificationHandlersTakingNSNotification() {
        let target = Target(clock)
        let name = Notification.Name("MediaClockDelayTests.ping")
        NotificationCenter.default.addObserver(target, selector: { $0.handle($1) }, name: name, object: nil)
        NotificationCenter.default.post(name: name, object: nil, userInfo: ["k": 7])
        NotificationCenter.default.removeObserver(target)
        NotificationCenter.default.post(name: name, object: nil, userInfo: ["k": 8])
        #expect(target.fired == ["ns MediaClockDelayTests.ping 7@0.0"])
    }
}

extension MediaClockDelayTests {
    /// `asyncAfter(deadline:execute:)` ported with the closure in a variable (seen in a public
    /// shared-element library); a trailing closure still means `schedule(after:_:)`.
    @Test func closuresInVariablesAndTrailingClosuresBothSchedule() {
        var events: [String] = []
        let later: () -> Void = { events.append("variable") }
        clock.schedule(after: 0.1, execute: later)
        clock.schedule(after: .milliseconds(50), execute: later)
        let token = clock.schedule(after: 0.2) { events.append("trailing") }
        #expect(!token.isCancelled)
        clock.advance(by: 0.3)
        #expect(events == ["variable", "variable", "trailing"])
    }

    /// `group.notify(queue: .main)` as ported: the action runs on the first frame after the
    /// last `leave()`, never before, and once; a group empty from the start runs it on the next
    /// frame; a cancelled work item does not run; the thread-checking form is the same on the
    /// main thread.
    @Test func dispatchGroupNotificationsWaitForTheGroupToEmpty() {
        let target = Target(clock)
        let group = DispatchGroup()
        group.enter()
        group.enter()
        clock.schedule(after: 0.1) { group.leave() }
        clock.schedule(after: 0.2) { group.leave() }
        clock.schedule(whenEmpty: group) { target.stamp("batch") }
        MediaClock.scheduleOnMainThread(whenEmpty: group) { target.stamp("checked") }
        let empty = DispatchGroup()
        clock.schedule(whenEmpty: empty, execute: { target.stamp("empty") })
        let cancelled = DispatchWorkItem { target.stamp("cancelled") }
        clock.schedule(whenEmpty: empty, execute: cancelled)
        cancelled.cancel()
        #expect(target.fired.isEmpty, "nothing runs at once")
        clock.advance(by: 0.5)
        // 0.2 is frame 12 (0.2 s at 60 Hz, give or take rounding); the action runs the frame after.
        #expect(target.fired == ["empty@0.017", "batch@0.217", "checked@0.217"])
        #expect(clock.isIdle)

        let stuck = DispatchGroup()
        stuck.enter()
        clock.schedule(whenEmpty: stuck) { target.stamp("never") }
        clock.advance(by: 1)
        #expect(!clock.isIdle, "a group that never empties keeps its action pending")
        #expect(target.fired.count == 3)
        stuck.leave()
        clock.advance(by: 0.05)
        #expect(target.fired.last?.hasPrefix("never@") == true)
    }
}
