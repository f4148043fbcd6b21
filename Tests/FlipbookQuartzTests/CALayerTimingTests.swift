import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// Pause, resume and scrub through speed and timeOffset (docs/Semantics.md, "Layer time").
@Suite(.freshRuntime)
@MainActor
struct CALayerTimingTests {
    let clock = MediaClock.main

    func tree() -> (parent: CALayer, child: CALayer) {
        let parent = makeLayer()
        let child = makeLayer()
        parent.addSublayer(child)
        child.add(basic("position.x", from: 0, to: 100, duration: 1), forKey: "x")
        return (parent, child)
    }

    @Test func pausedParentFreezesAndScrubsItsChildren() {
        let (parent, child) = tree()
        clock.advance(by: 0.25)
        // Apple's pause recipe.
        let paused = parent.convertTime(CACurrentMediaTime(), from: nil)
        parent.speed = 0
        parent.timeOffset = paused
        clock.advance(by: 0.5)
        #expect(close(presentedX(child), 25, 1e-9))
        #expect(clock.runUntilIdle(limit: 1))  // a paused subtree does not keep the clock busy
        // Scrub.
        parent.timeOffset = paused + 0.5
        #expect(close(presentedX(child), 75, 1e-9))
        parent.timeOffset = paused
        // Apple's resume recipe.
        parent.speed = 1
        parent.timeOffset = 0
        parent.beginTime = 0
        parent.beginTime = parent.convertTime(CACurrentMediaTime(), from: nil) - paused
        #expect(close(presentedX(child), 25, 1e-9))
        clock.advance(by: 0.25)
        #expect(close(presentedX(child), 50, 1e-9))
        #expect(child.animation(forKey: "x") != nil)
        clock.advance(by: 0.5)
        #expect(child.animation(forKey: "x") == nil)
    }

    /// UIPercentDrivenInteractiveTransition's pattern: animations are added, the container is
    /// paused with timeOffset 0 before the transaction commits, and timeOffset scrubs them.
    @Test func animationsCommittedUnderAPausedLayerBeginAtItsLocalTime() {
        let container = makeLayer()
        let view = makeLayer()
        container.addSublayer(view)
        view.add(basic("position.x", from: 0, to: 100, duration: 2), forKey: "x")
        container.speed = 0
        container.timeOffset = 0
        clock.advance(by: 1)
        #expect(close(presentedX(view), 0, 1e-9))
        container.timeOffset = 0.5
        #expect(close(presentedX(view), 25, 1e-9))
        container.timeOffset = 1.5
        #expect(close(presentedX(view), 75, 1e-9))
        view.removeAllAnimations()
    }

    @Test func speedAndTimeOffsetComposeDownTheTree() {
        let root = makeLayer()
        let mid = makeLayer()
        let leaf = makeLayer()
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        mid.speed = 2
        leaf.add(basic("position.x", from: 0, to: 100, duration: 1), forKey: "x")
        clock.advance(by: 0.25)
        #expect(close(presentedX(leaf), 50, 1e-9))
        let t = CACurrentMediaTime()
        #expect(close(leaf.convertTime(t, from: nil), mid.convertTime(t, from: nil), 1e-12))
        #expect(close(leaf.convertTime(leaf.convertTime(t, from: nil), to: nil), t, 1e-9))
        let child = mid.convertTime(1, to: root)
        #expect(close(mid.convertTime(child, from: root), 1, 1e-9))
        leaf.removeAllAnimations()
    }

    @Test func animationSpeedAndTimeOffset() {
        let layer = makeLayer()
        let fast = basic("position.x", from: 0, to: 100, duration: 1)
        fast.speed = 2
        layer.add(fast, forKey: "x")
        clock.advance(by: 0.25)
        #expect(close(presentedX(layer), 50, 1e-9))
        layer.removeAllAnimations()
        let offset = basic("position.x", from: 0, to: 100, duration: 1)
        offset.timeOffset = 0.5
        layer.add(offset, forKey: "x")
        clock.advance(by: 0.25)
        #expect(close(presentedX(layer), 75, 1e-9))
        clock.advance(by: 0.5)
        #expect(close(presentedX(layer), 25, 1e-9))  // wrapped round
        layer.removeAllAnimations()
    }
}
