import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz

/// An interruptible presentation driven end to end by real touches: a pan on the window drags
/// the presented view up, a fling hands the finger's velocity to the finishing spring, and a
/// second finger catches the view mid-flight and drags it back (docs/Semantics.md,
/// "Interactive transitions").
@MainActor
final class DragToPresentController {
    let interaction = UIPercentDrivenInteractiveTransition()
    let presenter: UIViewController
    let presented: UIViewController
    let height: CGFloat
    var log: [String] = []
    /// The progress when the current finger went down.
    private var startProgress: CGFloat = 0

    init(presenter: UIViewController, presented: UIViewController, height: CGFloat) {
        self.presenter = presenter
        self.presented = presented
        self.height = height
    }

    func handle(_ pan: UIPanGestureRecognizer) {
        let translation = pan.translation(in: pan.view)
        switch pan.state {
        case .began:
            if presenter.presentedViewController == nil {
                log.append("began: present")
                startProgress = 0
                presenter.present(presented, animated: true)
            } else {
                log.append("began: catch at \((interaction.percentComplete * 100).rounded()) %")
                interaction.pause()
                startProgress = interaction.percentComplete
            }
        case .changed:
            interaction.update(min(max(startProgress - translation.y / height, 0), 1))
        case .ended:
            // UIKit apps hand the finger's speed over in remaining distances per second.
            let velocity = -pan.velocity(in: pan.view).y
            let p = interaction.percentComplete
            if velocity > 0 {
                interaction.timingCurve = UISpringTimingParameters(
                    dampingRatio: 1, initialVelocity: CGVector(dx: velocity / ((1 - p) * height), dy: 0))
                log.append("ended: finish")
                interaction.finish()
            } else {
                interaction.timingCurve = UISpringTimingParameters(
                    dampingRatio: 1, initialVelocity: CGVector(dx: -velocity / (max(p, 0.01) * height), dy: 0))
                log.append("ended: cancel")
                interaction.cancel()
            }
        default:
            break
        }
    }
}

@Suite(.freshRuntime) @MainActor
struct InteractiveTouchTests {
    typealias S = AnimationTestSupport

    /// A finger down on `window` (the fixture's window has no AppDriver), through the router
    /// AppDriver.touchDown(at:) uses.
    func down(_ point: CGPoint, in window: UIWindow) -> SyntheticTouch {
        let touch = UIApplication.shared.touchRouter.begin(at: point, in: window)
        return SyntheticTouch(touch: touch, window: window, location: point)
    }

    @Test func flingThenCatchAndDragBack() {
        let f = PercentDrivenFixture(interaction: nil, animator: { InterruptibleSlideAnimator(log: $0) })
        let driver = DragToPresentController(presenter: f.a, presented: f.b, height: f.window.bounds.height)
        f.delegate.interaction = driver.interaction
        let pan = UIPanGestureRecognizer(target: driver, action: { $0.handle($1) })
        f.window.addGestureRecognizer(pan)
        let app = f.window
        let h = app.bounds.height
        // 1. Drag up 40 % of the height in 12 frames (0.2 s), lifted while still moving.
        let finger = down(CGPoint(x: 200, y: 800), in: app)
        for i in 1...12 {
            MediaClock.main.advanceFrames(1)
            finger.move(to: CGPoint(x: 200, y: 800 - 0.4 * h * CGFloat(i) / 12))
        }
        #expect(abs(driver.interaction.percentComplete - 0.4) < 1e-9)
        let y0 = S.presented(f.b.view, "y")
        finger.lift()
        // The finishing spring starts at the finger's speed: 0.4 h in 0.2 s, upwards.
        let step = 1e-4
        MediaClock.main.advance(by: step)
        let y1 = S.presented(f.b.view, "y")
        MediaClock.main.advance(by: step)
        let y2 = S.presented(f.b.view, "y")
        let slope = 2 * (y1 - y0) / step - (y2 - y0) / (2 * step)
        #expect(abs(slope - (-2 * h)) < 0.05 * 2 * h, "slope \(slope), finger \(-2 * h)")
        // 2. A second finger catches it mid-flight and drags it back down, released moving down.
        MediaClock.main.advance(by: 0.1)
        #expect(f.a.presentedViewController === f.b && !driver.interaction.percentComplete.isNaN)
        let second = down(CGPoint(x: 200, y: 300), in: app)
        for i in 1...12 {
            MediaClock.main.advanceFrames(1)
            second.move(to: CGPoint(x: 200, y: 300 + 0.5 * h * CGFloat(i) / 12))
        }
        #expect(f.b.transitionCoordinator?.isInteractive == true)
        second.lift()
        MediaClock.main.runUntilIdle()
        #expect(driver.log.count == 4)
        #expect(driver.log.first == "began: present" && driver.log[1] == "ended: finish")
        #expect(driver.log[2].hasPrefix("began: catch at ") && driver.log[3] == "ended: cancel")
        #expect(f.a.presentedViewController == nil)  // the presentation was cancelled
        #expect(f.b.view.window == nil)
        #expect(f.log.take().suffix(3) == ["B.viewWillDisappear(true)", "B.viewDidDisappear(true)", "animationEnded(false)"])
    }
}
