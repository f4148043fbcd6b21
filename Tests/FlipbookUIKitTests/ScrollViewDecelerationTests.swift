import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Deceleration, rubber-banding and paging against their closed forms (docs/Semantics.md,
/// "Scroll views").
@Suite(.freshRuntime) @MainActor struct ScrollViewDecelerationTests {
    @Test func closedFormsMatchTheReference() {
        // v/1000 · d/(1 − d): 1000 pt/s travels 499 pt at .normal, 99 pt at .fast.
        #expect(nearly(ScrollPhysics.decelerationDistance(velocity: 1000, rate: 0.998), 499, 1e-9))
        #expect(nearly(ScrollPhysics.decelerationDistance(velocity: 1000, rate: 0.99), 99, 1e-9))
        // The sum of the millisecond steps equals the closed form at whole milliseconds.
        var x = 0.0, v = 1000.0
        for _ in 0..<250 {
            v *= 0.998
            x += v / 1000
        }
        #expect(nearly(ScrollPhysics.decelerationOffset(velocity: 1000, rate: 0.998, time: 0.25), x, 1e-9))
        // Rubber band: (1 − 1/(x·c/d + 1))·d, and its inverse.
        let r = ScrollPhysics.rubberBand(100, dimension: 852)
        let formula: Double = (1.0 - 1.0 / (100.0 * 0.55 / 852.0 + 1.0)) * 852.0
        #expect(nearly(r, formula, 1e-12))
        #expect(nearly(ScrollPhysics.inverseRubberBand(r, dimension: 852), 100, 1e-9))
        #expect(nearly(ScrollPhysics.rubberBand(-100, dimension: 852), -r, 1e-12))
    }

    /// A steady 1000 pt/s upward drag released while moving travels v/1000 · d/(1 − d) more
    /// and stops after ln(ε/D)/(1000 ln d) seconds.
    @Test(arguments: [UIScrollView.DecelerationRate.normal, .fast])
    func flingTravelsTheClosedFormDistance(rate: UIScrollView.DecelerationRate) {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        sv.decelerationRate = rate
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.3)
        let release = sv.contentOffset.y
        #expect(nearly(d.lastVelocity.y, 1, 1e-6))
        let rawRate = Double(rate.rawValue)
        let distance = ScrollPhysics.decelerationDistance(velocity: 1000, rate: rawRate)
        #expect(nearly(d.lastTarget.y, release + distance, 1e-6))
        #expect(sv.isDecelerating)
        let elapsed = settle(sv)
        #expect(nearly(sv.contentOffset.y, release + distance, 1e-6))
        let expected = log(ScrollPhysics.restDistance / distance) / (1000 * log(rawRate))
        #expect(abs(elapsed - expected) <= 1.0 / 60 + 1e-9, "took \(elapsed), formula \(expected)")
        // Half way through (in time) the offset is on the closed-form curve.
        _ = d
    }

    @Test func decelerationFollowsTheCurveFrameByFrame() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.3)
        let release = sv.contentOffset.y
        let t0 = MediaClock.main.now
        MediaClock.main.advanceFrames(30)
        let t = MediaClock.main.now - t0
        let expected = release + ScrollPhysics.decelerationOffset(velocity: 1000, rate: 0.998, time: t)
        #expect(nearly(sv.contentOffset.y, expected, 1e-6))
    }

    /// A drag past the top edge shows the rubber-band offset; released, it springs back to 0 in
    /// about 0.4–0.5 s.
    @Test func rubberBandPastTheTopAndSpringBack() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        let finger = app.touchDown(at: CGPoint(x: 200, y: 200))
        app.advanceFrames(1)
        finger.move(to: CGPoint(x: 200, y: 215))  // the pan begins here
        app.advanceFrames(1)
        finger.move(to: CGPoint(x: 200, y: 315))
        let expected: CGFloat = -(1.0 - 1.0 / (100.0 * 0.55 / 852.0 + 1.0)) * 852.0
        #expect(nearly(sv.contentOffset.y, expected, 1e-9))
        finger.move(to: CGPoint(x: 200, y: 415))
        let expected2: CGFloat = -(1.0 - 1.0 / (200.0 * 0.55 / 852.0 + 1.0)) * 852.0
        #expect(nearly(sv.contentOffset.y, expected2, 1e-9))
        app.advanceFrames(12)  // hold still: the release velocity is 0
        finger.lift()
        #expect(d.lastTarget == .zero)
        let elapsed = settle(sv)
        #expect(sv.contentOffset == .zero)
        #expect(elapsed > 0.35 && elapsed < 0.55, "spring back took \(elapsed)")
        #expect(d.events == [
            "willBeginDragging tracking=true dragging=true", "didScroll", "willEndDragging", "didEndDragging true",
            "willBeginDecelerating decelerating=true", "didScroll", "didEndDecelerating decelerating=false",
        ])
    }

    @Test func withoutBouncesTheOffsetStopsAtTheEdge() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        sv.bounces = false
        let finger = app.touchDown(at: CGPoint(x: 200, y: 200))
        finger.move(to: CGPoint(x: 200, y: 215))
        finger.move(to: CGPoint(x: 200, y: 400))
        #expect(sv.contentOffset.y == 0)
        finger.lift()
        #expect(!sv.isDecelerating)
    }

    /// A fling into the bottom edge decelerates to the edge, overshoots and comes back to rest
    /// exactly at the maximum offset; the target offset reported is clamped.
    @Test func flingIntoTheEdgeBouncesBack() {
        let (app, sv, d) = makeScrollApp(contentSize: CGSize(width: 393, height: 1200))
        defer { withExtendedLifetime((app, d)) {} }
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.15)  // 2000 pt/s
        let maxY: CGFloat = 348
        #expect(nearly(d.lastTarget.y, maxY))
        var peak: CGFloat = 0
        let start = MediaClock.main.now
        while sv.isDecelerating, MediaClock.main.now - start < 5 {
            app.advanceFrames(1)
            peak = max(peak, sv.contentOffset.y)
        }
        #expect(peak > maxY + 5)
        #expect(sv.contentOffset.y == maxY)
    }

    @Test func pagingSettlesOnPages() {
        let (app, sv, d) = makeScrollApp(contentSize: CGSize(width: 393 * 5, height: 852))
        defer { withExtendedLifetime((app, d)) {} }
        sv.isPagingEnabled = true
        // A slow short drag (released still) goes back to page 0.
        let f1 = app.touchDown(at: CGPoint(x: 300, y: 400))
        f1.move(to: CGPoint(x: 285, y: 400))
        f1.move(to: CGPoint(x: 200, y: 400))
        app.advanceFrames(12)
        f1.lift()
        #expect(d.lastTarget == .zero)
        settle(sv)
        #expect(sv.contentOffset == .zero)
        // Past half a page, released still: page 1.
        let f2 = app.touchDown(at: CGPoint(x: 350, y: 400))
        f2.move(to: CGPoint(x: 335, y: 400))
        f2.move(to: CGPoint(x: 100, y: 400))
        app.advanceFrames(12)
        f2.lift()
        #expect(d.lastTarget == CGPoint(x: 393, y: 0))
        settle(sv)
        #expect(sv.contentOffset == CGPoint(x: 393, y: 0))
        // A short quick flick: the next page (2), never two pages on.
        app.drag(from: CGPoint(x: 300, y: 400), to: CGPoint(x: 240, y: 400), duration: 0.05)
        #expect(d.lastTarget == CGPoint(x: 786, y: 0))
        settle(sv)
        #expect(sv.contentOffset == CGPoint(x: 786, y: 0))
        app.drag(from: CGPoint(x: 300, y: 400), to: CGPoint(x: 100, y: 400), duration: 0.05)
        #expect(d.lastTarget == CGPoint(x: 1179, y: 0))
        settle(sv)
        // Flick right at the first page from page 3 back: page 2.
        app.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 160, y: 400), duration: 0.05)
        #expect(d.lastTarget == CGPoint(x: 786, y: 0))
        settle(sv)
        #expect(sv.contentOffset == CGPoint(x: 786, y: 0))
    }

    @Test func pageTargetClosedForm() {
        let (app, sv, d) = makeScrollApp(contentSize: CGSize(width: 393, height: 852 * 10))
        defer { withExtendedLifetime((app, d)) {} }
        sv.isPagingEnabled = true
        // Offset 100 into page 0, at rest: nearest page 0; flung at 500 pt/s: projected
        // 100 + 249.5 = 349.5 < 426 → still page 0; at 1000 pt/s: 599 → page 1.
        #expect(sv.pageTarget(from: CGPoint(x: 0, y: 100), velocity: .zero).y == 0)
        #expect(sv.pageTarget(from: CGPoint(x: 0, y: 100), velocity: CGPoint(x: 0, y: 500)).y == 0)
        #expect(sv.pageTarget(from: CGPoint(x: 0, y: 100), velocity: CGPoint(x: 0, y: 1000)).y == 852)
        // A huge velocity still moves one page from where the finger left it.
        #expect(sv.pageTarget(from: CGPoint(x: 0, y: 100), velocity: CGPoint(x: 0, y: 50_000)).y == 852)
        #expect(sv.pageTarget(from: CGPoint(x: 0, y: 900), velocity: CGPoint(x: 0, y: -50_000)).y == 852)
        // The last page is the maximum offset.
        #expect(sv.pageTarget(from: CGPoint(x: 0, y: 852 * 9 - 10), velocity: CGPoint(x: 0, y: 5000)).y == CGFloat(7668))
    }

    /// The delegate moves the target: the content comes to rest exactly there.
    @Test func delegateMayChangeTheTarget() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        d.newTarget = CGPoint(x: 0, y: 1000)
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.3)
        settle(sv)
        #expect(sv.contentOffset == CGPoint(x: 0, y: 1000))
        // Against the velocity: a spring back to it.
        d.newTarget = CGPoint(x: 0, y: 900)
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.3)
        settle(sv)
        #expect(sv.contentOffset == CGPoint(x: 0, y: 900))
    }

    @Test func directionalLockKeepsOneAxis() {
        let (app, sv, d) = makeScrollApp(contentSize: CGSize(width: 3000, height: 3000))
        defer { withExtendedLifetime((app, d)) {} }
        sv.isDirectionalLockEnabled = true
        sv.setContentOffset(CGPoint(x: 500, y: 500), animated: false)
        let f = app.touchDown(at: CGPoint(x: 200, y: 500))
        f.move(to: CGPoint(x: 200, y: 480))  // begins mostly vertical
        f.move(to: CGPoint(x: 150, y: 380))
        #expect(sv.contentOffset.x == 500)
        #expect(sv.contentOffset.y == 600)
        app.advanceFrames(12)
        f.lift()
        // Without the lock both axes follow.
        sv.isDirectionalLockEnabled = false
        let g = app.touchDown(at: CGPoint(x: 200, y: 500))
        g.move(to: CGPoint(x: 200, y: 480))
        g.move(to: CGPoint(x: 150, y: 380))
        #expect(sv.contentOffset.x == 550)
        g.lift()
    }
}
