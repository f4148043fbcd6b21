import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// A delegate that snaps the content itself when the finger lifts: it halts the inertia in
/// `scrollViewWillEndDragging` and moves to a stop of its own in `scrollViewDidEndDragging`,
/// the way bottom-sheet drawers built on a scroll view do.
@MainActor
private final class SnappingDelegate: NSObject, UIScrollViewDelegate {
    var stop: CGFloat = 0
    var inAnimation = true
    var events: [String] = []
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        targetContentOffset.pointee = scrollView.contentOffset
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        events.append("didEndDragging")
        let stop = self.stop
        if inAnimation {
            UIView.animate(withDuration: 0.3) { scrollView.setContentOffset(CGPoint(x: 0, y: stop), animated: false) }
        } else {
            scrollView.setContentOffset(CGPoint(x: 0, y: stop), animated: false)
        }
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { events.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { events.append("didEndDecelerating") }
}

@Suite(.freshRuntime) @MainActor struct ScrollViewSnapOnReleaseTests {
    /// A slow drag, released: the content animates to the delegate's stop and stays there
    /// (the release used to put it back where the finger left it, the halted target).
    @Test func snapInAnimationBlockWins() {
        let (app, sv, _) = makeScrollApp()
        let d = SnappingDelegate()
        d.stop = 500
        sv.delegate = d
        defer { withExtendedLifetime((app, d)) {} }
        let f = app.touchDown(at: CGPoint(x: 200, y: 700))
        for k in 1...20 {
            app.advanceFrames(1)
            f.move(to: CGPoint(x: 200, y: 700 - CGFloat(k) * 15))
        }
        app.advance(by: 0.2)
        let released = sv.contentOffset.y
        #expect(released > 250 && released < 300)
        f.lift()
        #expect(sv.contentOffset.y == 500)
        #expect(!sv.isDecelerating)
        app.advance(by: 0.15)
        let mid = sv.layer.presentation()?.bounds.origin.y ?? -1
        #expect(mid > released + 10 && mid < 499)
        app.advance(by: 0.5)
        #expect(sv.contentOffset.y == 500)
        #expect((sv.layer.presentation()?.bounds.origin.y ?? -1) == 500)
        #expect(d.events == ["didEndDragging"])
    }

    /// A fling whose delegate moves the content at once: no deceleration follows.
    @Test func snapStopsTheDeceleration() {
        let (app, sv, _) = makeScrollApp()
        let d = SnappingDelegate()
        d.stop = 1200
        d.inAnimation = false
        sv.delegate = d
        defer { withExtendedLifetime((app, d)) {} }
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.2)
        #expect(sv.contentOffset.y == 1200)
        #expect(!sv.isDecelerating)
        app.advance(by: 1)
        #expect(sv.contentOffset.y == 1200)
        #expect(d.events == ["didEndDragging"])
    }
}
