import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

@Suite(.freshRuntime)
@MainActor
struct MediaClockTests {
    let clock = MediaClock.main

    @Test func advanceStepsFrameByFrameAndEndsExactly() {
        let start = clock.now
        var stamps: [Double] = []
        let link = CADisplayLink { stamps.append($0.timestamp - start) }
        link.add(to: .main, forMode: .common)
        clock.advance(by: 0.04)
        link.invalidate()
        let expected = [1.0 / 60, 2.0 / 60, 0.04]
        #expect(stamps.count == 3 && zip(stamps, expected).allSatisfy { close($0, $1, 1e-9) })
        #expect(clock.now == start + 0.04)
    }

    @Test func advanceFramesMovesWholeFrames() {
        let start = clock.now
        clock.advanceFrames(6)
        #expect(close(clock.now - start, 0.1, 1e-9))
    }

    @Test func scheduledActionsRunInDueThenSchedulingOrder() {
        let recorder = EventRecorder()
        clock.schedule(after: 0.02) { recorder.record("b") }
        clock.schedule(after: 0.01) { recorder.record("a1") }
        clock.schedule(after: 0.01) { recorder.record("a2") }
        let token = clock.schedule(after: 0.015) { recorder.record("cancelled") }
        token.cancel()
        clock.advance(by: 0.05)
        #expect(recorder.events == ["a1", "a2", "b"])
    }

    @Test func frameOrderIsScheduledThenDisplayLinkThenAnimationEvents() {
        let recorder = EventRecorder()
        let layer = makeLayer()
        let anim = basic("position.x", from: 0, to: 1, duration: 1.0 / 120)
        anim.delegate = RecordingAnimationDelegate("anim", recorder: recorder)
        layer.add(anim, forKey: "x")
        clock.schedule(after: 0) { recorder.record("scheduled") }
        let link = CADisplayLink { _ in recorder.record("link") }
        link.add(to: .main, forMode: .default)
        clock.advanceFrames(1)
        link.invalidate()
        #expect(recorder.events == ["scheduled", "link", "start anim", "stop anim true"])
    }

    @Test func runUntilIdleRunsAnimationsToTheEnd() {
        let layer = makeLayer()
        layer.add(basic("opacity", from: 0, to: 1, duration: 0.5), forKey: "fade")
        let start = clock.now
        #expect(clock.runUntilIdle())
        #expect(layer.animation(forKey: "fade") == nil)
        #expect(clock.now - start >= 0.5 - 1e-9 && clock.now - start < 0.5 + 2.0 / 60)
    }

    @Test func runUntilIdleGivesUpOnEndlessAnimations() {
        let layer = makeLayer()
        let spin = basic("transform.rotation.z", from: 0, to: Double.pi * 2, duration: 1)
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin")
        let start = clock.now
        #expect(clock.runUntilIdle(limit: 0.5) == false)
        #expect(close(clock.now - start, 0.5, 1e-9))
        layer.removeAllAnimations()
        #expect(clock.runUntilIdle())
    }

    @Test func displayLinkTimestampsAndPreferredRate() {
        var fast: [(Double, Double)] = []
        var slowCount = 0
        let start = clock.now
        let link = CADisplayLink { fast.append(($0.timestamp - start, $0.targetTimestamp - $0.timestamp)) }
        let slow = CADisplayLink { _ in slowCount += 1 }
        slow.preferredFramesPerSecond = 30
        link.add(to: .main, forMode: .common)
        slow.add(to: .main, forMode: .common)
        clock.advanceFrames(6)
        link.isPaused = true
        clock.advanceFrames(2)
        link.invalidate()
        slow.invalidate()
        #expect(fast.count == 6)
        #expect(fast.allSatisfy { close($0.1, 1.0 / 60, 1e-9) })
        #expect(close(fast.last?.0 ?? 0, 6.0 / 60, 1e-9))
        #expect(slowCount == 4)
        #expect(link.duration == 1.0 / 60)
    }

    /// The deprecated `frameInterval`: a link with 3 fires every third frame (8 frames: 3 firings,
    /// the first at once); `preferredFramesPerSecond` wins when set; below 1 reads as 1.
    @Test func aDisplayLinksFrameIntervalSkipsFrames() {
        var count = 0
        let link = CADisplayLink { _ in count += 1 }
        link.frameInterval = 3
        link.add(to: .main, forMode: .common)
        clock.advanceFrames(8)
        link.invalidate()
        #expect(count == 3)
        link.frameInterval = 0
        #expect(link.frameInterval == 1)
    }

    @Test func badInputIsReportedAndIgnored() {
        let start = clock.now
        var afterIgnoredCalls = start
        let messages = FlipbookDiagnostics.capture {
            clock.advance(by: .nan)
            clock.advance(by: -1)
            clock.advanceFrames(-3)
            clock.framesPerSecond = 0
            afterIgnoredCalls = clock.now
            // Reported, then run with the default 10 s limit: it moves time on if animations
            // that other tests left are still running, so time is compared before it.
            clock.runUntilIdle(limit: .infinity)
        }
        #expect(afterIgnoredCalls == start)
        #expect(clock.framesPerSecond == 60)
        #expect(messages.count == 5)
        #expect(messages.allSatisfy { $0.contains("MediaClock") })
    }

    @Test func currentMediaTimeReadsTheClock() {
        #expect(CACurrentMediaTime() == clock.now)
        #expect(MediaClock.initialTime == 1000)
    }

    /// At 60 Hz a preferred rate of 30 fires every 2nd frame and 20 every 3rd (whole frames);
    /// `targetTimestamp` is one firing interval ahead. `preferred` wins over
    /// `preferredFramesPerSecond`; a range without `preferred` falls back to it.
    @Test func preferredFrameRateRangeSkipsWholeFrames() {
        #expect(clock.framesPerSecond == 60)
        var thirty: [(Double, Double)] = []
        var twenty = 0, fallback = 0
        let a = CADisplayLink { thirty.append(($0.timestamp, $0.targetTimestamp)) }
        a.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)
        let b = CADisplayLink { _ in twenty += 1 }
        b.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 20)
        b.preferredFramesPerSecond = 60  // ignored: the range's preferred rate wins
        let c = CADisplayLink { _ in fallback += 1 }
        c.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60)
        c.preferredFramesPerSecond = 30
        #expect(CAFrameRateRange.default == CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0))
        for link in [a, b, c] { link.add(to: .main, forMode: .common) }
        clock.advanceFrames(6)
        for link in [a, b, c] { link.invalidate() }
        #expect(thirty.count == 3)  // frames 1, 3, 5
        #expect(zip(thirty, thirty.dropFirst()).allSatisfy { close($1.0 - $0.0, 2.0 / 60, 1e-9) })
        #expect(thirty.allSatisfy { close($0.1 - $0.0, 2.0 / 60, 1e-9) })
        #expect(twenty == 2)  // frames 1, 4
        #expect(fallback == 3)
    }

    /// Regression test from the FlipbookQuartz audit: the clock hung when a huge frame rate made a
    /// frame too short to move time; the rate is now clamped to 1…1000 Hz.
    @Test func framesPerSecondIsClampedToOneThousandHertz() {
        let c = MediaClock(now: 1000)
        let seen = reports { c.framesPerSecond = 1e18 }
        #expect(c.framesPerSecond == 1000)
        #expect(seen.contains { $0.key == "MediaClock.framesPerSecond.range" })
        let start = c.frameCount
        c.advance(by: 0.01)  // hung for ever before: now + 1e-18 == now
        #expect(c.frameCount - start == 10)
        #expect(c.now == 1000.01)
        c.framesPerSecond = 0.001
        #expect(c.framesPerSecond == 1)
    }

    /// Regression test from the FlipbookQuartz audit: the clock must not hang.
    ///
    /// At a huge `now`, a 60 Hz frame is below the spacing of doubles (0.125 at 1e15): frames
    /// that could not move time are skipped, so every frame that runs moves `now` forward.
    @Test func everyFrameMovesTimeForwardAtAHugeNow() {
        let c = MediaClock(now: 1e15)
        var times: [Double] = []
        func record() {
            times.append(c.now)
            c.schedule(after: 0) { record() }
        }
        c.schedule(after: 0) { record() }
        c.advance(by: 1)
        #expect(c.now == 1e15 + 1)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(times.count <= 9)  // 1 s in steps of at least 0.125 s
    }

    /// Regression test from the FlipbookQuartz audit: the clock must not hang.
    ///
    /// A span of more frames than `maximumFramesPerCall` runs in that many equal, longer steps.
    @Test func aHugeAdvanceIsBounded() {
        let c = MediaClock(now: 1000)
        #expect(c.maximumFramesPerCall == MediaClock.defaultMaximumFramesPerCall)
        c.maximumFramesPerCall = 1000  // lowered for speed, on this clock only
        c.framesPerSecond = 1000
        let seen = reports { c.advance(by: 1e9) }  // 1e12 frames before
        #expect(c.frameCount == 1000)
        #expect(c.now == 1000 + 1e9)
        #expect(seen.contains { $0.key == "MediaClock.longSpan" })
    }

    /// Regression test from the FlipbookQuartz audit: NaN, negative or infinite spans given to
    /// `advance(by:)` or `runUntilIdle(limit:)` are reported and ignored (the clock must not hang).
    @Test func badSpansAreReportedAndIgnored() {
        let c = MediaClock(now: 1000)
        for bad in [Double.nan, -1, .infinity] {
            let seen = reports { c.advance(by: bad) }
            #expect(seen.contains { $0.key == "MediaClock.advance" })
        }
        #expect(c.now == 1000 && c.frameCount == 0)
        for bad in [Double.nan, .infinity, -.infinity] {
            let seen = reports { _ = c.runUntilIdle(limit: bad) }
            #expect(seen.contains { $0.key == "MediaClock.runUntilIdle" })
        }
        #expect(c.isIdle)
    }
}

extension MediaClockTests {
    /// A display link fires only in a mode the main run loop runs in. A link added for a mode
    /// it never runs (an empty or made-up name: a blur view's "no tracking" setting) stays
    /// idle, as on iOS, instead of redrawing a full-screen blur every frame; adding it for
    /// the common modes later starts it.
    @Test func displayLinkInAModeTheRunLoopNeverRunsDoesNotFire() {
        var fired = 0
        let idle = CADisplayLink { _ in fired += 1 }
        idle.add(to: .main, forMode: RunLoop.Mode(rawValue: ""))
        idle.add(to: .main, forMode: RunLoop.Mode(rawValue: "MyPrivateMode"))
        clock.advanceFrames(3)
        #expect(fired == 0)
        idle.add(to: .main, forMode: .common)
        clock.advanceFrames(2)
        #expect(fired == 2)
        idle.invalidate()
        var defaultFired = 0
        let link = CADisplayLink { _ in defaultFired += 1 }
        link.add(to: .main, forMode: .default)
        clock.advanceFrames(2)
        link.invalidate()
        #expect(defaultFired == 2)
    }
}
