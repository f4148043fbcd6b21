import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

@Suite(.cleanClock)
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
}
