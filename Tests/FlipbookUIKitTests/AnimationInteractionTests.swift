import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// `.allowUserInteraction` (docs/Semantics.md, "UIView animations"): during a UIView animation
/// the views it animates take no touches unless the block allows it; synthetic taps go through
/// the window's real hit testing.
@MainActor
@Suite(.freshRuntime) struct AnimationInteractionTests {
    /// A root controller recording touches, with one recording view (and a child inside it).
    func makeScene() -> (AppDriver, TouchRecordingView, TouchRecordingView, EventRecorder) {
        let (app, vc) = makeTouchApp()
        let log = EventRecorder()
        vc.recorder = log
        let box = TouchRecordingView("box", log, frame: CGRect(x: 100, y: 200, width: 150, height: 150))
        let child = TouchRecordingView("child", log, frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        box.addSubview(child)
        vc.view.addSubview(box)
        return (app, box, child, log)
    }

    @Test func anAnimatedViewTakesNoTouchesWithoutTheOption() {
        let (app, box, _, log) = makeScene()
        UIView.animate(withDuration: 1, animations: { box.alpha = 0.5 })
        app.tap(at: CGPoint(x: 150, y: 250))
        // The touch falls through to what is behind: the root view, forwarded to its controller.
        #expect(log.events == ["controller began", "controller ended"])
        MediaClock.main.runUntilIdle()
        log.reset()
        app.tap(at: CGPoint(x: 150, y: 250))
        #expect(log.events == ["box began", "box ended"])
    }

    @Test func subviewsOfAnAnimatedViewAreSkippedToo() {
        let (app, box, _, log) = makeScene()
        UIView.animate(withDuration: 1, animations: { box.center.x += 10 })
        app.tap(at: CGPoint(x: 230, y: 320))  // the child's model frame
        #expect(log.events == ["controller began", "controller ended"])
    }

    @Test func allowUserInteractionKeepsTouchesComing() {
        let (app, box, child, log) = makeScene()
        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { box.alpha = 0.5 })
        app.tap(at: CGPoint(x: 150, y: 250))
        // Hit testing uses the model values (the animation's target), as on iOS.
        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { child.alpha = 0.4 })
        app.tap(at: CGPoint(x: 220, y: 320))
        #expect(log.events == ["box began", "box ended", "child began", "child ended"])
    }

    @Test func nestedBlocksInheritTheOptionUnlessTheyOverrideOptions() {
        let (app, box, child, log) = makeScene()
        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: {
            UIView.animate(withDuration: 1, animations: { box.alpha = 0.5 })
            UIView.animate(withDuration: 1, delay: 0, options: .overrideInheritedOptions, animations: { child.alpha = 0.5 })
        })
        app.tap(at: CGPoint(x: 150, y: 250))
        app.tap(at: CGPoint(x: 220, y: 320))
        #expect(log.events == ["box began", "box ended", "box began", "box ended"])
    }

    @Test func aDelayedAnimationBlocksFromTheStartAndAZeroDurationOneNever() {
        let (app, box, child, log) = makeScene()
        UIView.animate(withDuration: 0, animations: { child.alpha = 0.5 })
        app.tap(at: CGPoint(x: 220, y: 320))
        UIView.animate(withDuration: 1, delay: 1, options: [], animations: { box.alpha = 0.5 })
        app.tap(at: CGPoint(x: 150, y: 250))
        #expect(log.events == ["child began", "child ended", "controller began", "controller ended"])
    }

    @Test func propertyAnimatorsAllowInteractionUnlessTurnedOff() {
        let (app, box, _, log) = makeScene()
        let open = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.alpha = 0.5 }
        open.startAnimation()
        app.tap(at: CGPoint(x: 150, y: 250))
        open.stopAnimation(true)
        let closed = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.alpha = 0.2 }
        closed.isUserInteractionEnabled = false
        closed.startAnimation()
        app.tap(at: CGPoint(x: 150, y: 250))
        closed.isManualHitTestingEnabled = true
        app.tap(at: CGPoint(x: 150, y: 250))
        #expect(log.events == ["box began", "box ended", "controller began", "controller ended", "box began", "box ended"])
    }

    @Test func aViewTransitionBlocksTheContainerUnlessAllowed() {
        let (app, box, _, log) = makeScene()
        UIView.transition(with: box, duration: 1, options: .transitionCrossDissolve, animations: { box.backgroundColor = .red })
        app.tap(at: CGPoint(x: 150, y: 250))
        MediaClock.main.runUntilIdle()
        UIView.transition(with: box, duration: 1, options: [.transitionCrossDissolve, .allowUserInteraction], animations: {
            box.backgroundColor = .blue
        })
        app.tap(at: CGPoint(x: 150, y: 250))
        #expect(log.events == ["controller began", "controller ended", "box began", "box ended"])
    }
}
