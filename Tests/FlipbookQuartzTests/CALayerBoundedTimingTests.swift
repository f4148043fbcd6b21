import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// A layer's own CAMediaTiming (duration, repeatCount, repeatDuration, autoreverses,
/// fillMode) limits its local time exactly as an animation's timing limits the animation.
@Suite(.freshRuntime)
@MainActor
struct CALayerBoundedTimingTests {
    let clock = MediaClock.main

    /// A root layer beginning at parent time 100 with one 2 s iteration repeated 1.5 times,
    /// autoreversing: a 4 s cycle, 6 s of active time (parent times 100 … 106).
    func bounded(_ fill: CAMediaTimingFillMode, beginTime: Double = 100) -> CALayer {
        let layer = makeLayer()
        layer.beginTime = beginTime
        layer.duration = 2
        layer.repeatCount = 1.5
        layer.autoreverses = true
        layer.fillMode = fill
        return layer
    }

    /// `convertTime(_:from: nil)` of a root layer is its local time at that media time.
    func localTimes(_ layer: CALayer, at times: [Double]) -> [Double] {
        times.map { layer.convertTime($0, from: nil) }
    }

    /// NaN-aware equality of two lists within 1e-12.
    func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in (x.isNaN && y.isNaN) || abs(x - y) <= 1e-12 }
    }

    @Test func localTimeFollowsDurationRepeatAndAutoreverse() {
        let layer = bounded(.both)
        // Forward 0 → 2 over 100 … 102, back 2 → 0 over 102 … 104, forward again to the
        // far end at 106 (half a cycle), held there; held at 0 before 100.
        let times = [99, 100.5, 101.5, 102.5, 103.5, 104.5, 105.5, 106, 110]
        let expected = [0, 0.5, 1.5, 1.5, 0.5, 0.5, 1.5, 2, 2]
        #expect(same(localTimes(layer, at: times), expected))
    }

    @Test func fillModesDecideTheTimeOutsideTheActiveInterval() {
        let times: [Double] = [99, 101, 106, 110]
        let nan = Double.nan
        #expect(same(localTimes(bounded(.forwards), at: times), [nan, 1, 2, 2]))
        #expect(same(localTimes(bounded(.backwards), at: times), [0, 1, nan, nan]))
        #expect(same(localTimes(bounded(.removed), at: times), [nan, 1, nan, nan]))
    }

    @Test func speedTimeOffsetAndRepeatDuration() {
        let layer = makeLayer()
        layer.beginTime = 100
        layer.duration = 2
        layer.speed = 2
        layer.repeatDuration = 3  // 1.5 iterations of active time, i.e. 1.5 s of parent time
        // (t − 100) · 2: 0.5 → 1, 1.25 → 2.5 → second iteration at 0.5, 1.5 → ended.
        #expect(same(localTimes(layer, at: [100.5, 101.25, 101.5]), [1, 0.5, .nan]))
        let shifted = makeLayer()
        shifted.beginTime = 100
        shifted.duration = 2
        shifted.repeatCount = 2  // active time 4 s
        shifted.timeOffset = 0.5  // as an animation's: shifted within the active time, wrapping
        // 100 → 0.5; 101.75 → 2.25 → 0.25 of the second iteration; 103.75 → 4.25 → 0.25.
        #expect(same(localTimes(shifted, at: [100, 101.75, 103.75]), [0.5, 0.25, 0.25]))
    }

    @Test func sublayerAnimationsSeeTheBoundedTime() {
        let parent = bounded(.both)
        let child = makeLayer(position: CGPoint(x: 42, y: 0))
        parent.addSublayer(child)
        // x = local − 0.5 over local 0.5 … 1.5, held at both ends.
        let move = basic("position.x", from: 0, to: 1, duration: 1)
        move.beginTime = 0.5
        move.fillMode = .both
        move.isRemovedOnCompletion = false
        child.add(move, forKey: "x")
        func x(at t: Double) -> Double {
            Double(child.presentedValues(parentTime: parent.currentLocalTime(parentTime: t)).position.x)
        }
        let xs = [100.5, 101.25, 102.5, 103.25, 104.75, 110].map(x)
        #expect(same(xs, [0, 0.75, 1, 0.25, 0.25, 1]))
        // Without fill, outside the parent's active time nothing below it is animated.
        quietly { parent.fillMode = .removed }
        #expect(same([x(at: 99), x(at: 110), x(at: 101.25)], [42, 42, 0.75]))
        // The full presentation tree agrees (at the current media time).
        let base = clock.now
        quietly {
            parent.fillMode = .both
            parent.beginTime = base
        }
        clock.advance(by: 3.25)
        let presented = parent.presentation()?.sublayers?.first?.position.x ?? .nan
        #expect(close(presented, 0.25, 1e-9))
        child.removeAllAnimations()
        clock.advanceFrames(1)
    }

    @Test func animationEventsFollowTheBoundedTime() {
        let recorder = EventRecorder()
        let parent = makeLayer()
        let child = makeLayer()
        parent.addSublayer(child)
        let base = clock.now
        parent.beginTime = base
        parent.duration = 1
        parent.repeatCount = 2  // local time runs 0 → 1 twice, then the timeline is inactive
        let early = basic("opacity", from: 0, to: 1, duration: 0.25)
        early.beginTime = 0.5
        early.delegate = RecordingAnimationDelegate("early", recorder: recorder)
        // Begins at local 1.5, a time the parent's timeline never reaches.
        let late = basic("opacity", from: 0, to: 1, duration: 0.1)
        late.beginTime = 1.5
        late.delegate = RecordingAnimationDelegate("late", recorder: recorder)
        child.add(early, forKey: "early")
        child.add(late, forKey: "late")
        clock.advance(by: 0.6)
        #expect(recorder.events == ["start early"])
        clock.advance(by: 4.4)
        #expect(recorder.events == ["start early", "stop early true"])
        #expect(child.animation(forKey: "late") != nil)
        // Time can no longer move the late animation: it does not keep the clock busy.
        #expect(clock.runUntilIdle(limit: 1))
        child.removeAllAnimations()
        clock.advanceFrames(1)
    }

    @Test func defaultLayersAreUnbounded() {
        let layer = makeLayer()
        #expect(layer.duration == 0 && layer.repeatCount == 0 && layer.fillMode == .removed)
        layer.beginTime = 100
        layer.speed = 2
        layer.timeOffset = 3
        // (t − 100) · 2 + 3 at any time, before the begin time too.
        #expect(same(localTimes(layer, at: [50, 100, 1000]), [-97, 3, 1803]))
        // Repeat, autoreverse and fill alone do not bound a layer whose duration is 0.
        layer.repeatCount = 2
        layer.autoreverses = true
        layer.fillMode = .forwards
        #expect(same(localTimes(layer, at: [50, 1000]), [-97, 1803]))
        // Nor does an infinite duration.
        layer.duration = .infinity
        #expect(same(localTimes(layer, at: [50, 1000]), [-97, 1803]))
    }
}
