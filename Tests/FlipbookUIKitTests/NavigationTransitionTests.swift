import Foundation
import Testing
import TestSupport
import Flipbook

/// A custom push/pop animator that records what the engine hands it and fades the new view in.
@MainActor
final class NavFadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let log: ModalLog
    var seenFrom: UIViewController?
    var seenTo: UIViewController?
    var seenFromView: UIView?
    var seenToView: UIView?
    var seenContainer: UIView?
    var seenFinalFrame: CGRect = .null

    init(log: ModalLog) { self.log = log }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        log("fade.transitionDuration")
        return 0.5
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        log("fade.animateTransition")
        seenFrom = transitionContext.viewController(forKey: .from)
        seenTo = transitionContext.viewController(forKey: .to)
        seenFromView = transitionContext.view(forKey: .from)
        seenToView = transitionContext.view(forKey: .to)
        seenContainer = transitionContext.containerView
        guard let to = seenTo, let toView = seenToView else { return }
        seenFinalFrame = transitionContext.finalFrame(for: to)
        toView.frame = seenFinalFrame
        toView.alpha = 0
        transitionContext.containerView.addSubview(toView)
        UIView.animate(withDuration: 0.5, animations: { toView.alpha = 1 }, completion: { _ in
            self.log("fade.completeTransition")
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    func animationEnded(_ transitionCompleted: Bool) { log("fade.animationEnded(\(transitionCompleted))") }
}

/// A gesture delegate that refuses every gesture.
@MainActor
final class RefusingGestureDelegate: NSObject, UIGestureRecognizerDelegate {
    var asked = 0
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        asked += 1
        return false
    }
}

/// Push and pop transitions of UINavigationController through the shared engine: a custom
/// animator from the delegate, the default slide's positions, and the interactive pop by a
/// real edge swipe (docs/Semantics.md, "Navigation controller").
@Suite("Navigation transitions", .freshRuntime)
@MainActor
struct NavigationTransitionTests {
    struct Fixture {
        let log: ModalLog
        let nav: UINavigationController
        let a: NavRecordingViewController
        let b: NavRecordingViewController
        let app: AppDriver
        let delegate: NavRecordingDelegate
    }

    /// A navigation controller with A and B (B on top unless `pushB` is false) in an AppDriver
    /// window (iPhone 15, 393 × 852).
    func setUp(pushB: Bool = true) -> Fixture {
        let log = ModalLog()
        let a = NavRecordingViewController("A", log: log)
        let b = NavRecordingViewController("B", log: log)
        let nav = UINavigationController(rootViewController: a)
        let app = AppDriver(rootViewController: nav)
        let delegate = NavRecordingDelegate(log: log)
        nav.delegate = delegate
        if pushB { nav.pushViewController(b, animated: false) }
        app.window.layoutIfNeeded()
        _ = log.take()
        return Fixture(log: log, nav: nav, a: a, b: b, app: app, delegate: delegate)
    }

    func x(_ view: UIView) -> CGFloat { view.layer.presentation()?.frame.minX ?? .nan }

    @Test func customAnimatorFromTheDelegateRunsThroughTheEngine() {
        let f = setUp(pushB: false)
        let animator = NavFadeAnimator(log: f.log)
        f.delegate.animator = animator
        f.nav.pushViewController(f.b, animated: true)
        #expect(f.log.take() == [
            "B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "delegate.willShow(B, true)", "delegate.animationControllerFor(push, A→B)",
            "delegate.interactionControllerFor", "fade.transitionDuration", "fade.animateTransition",
        ])
        #expect(animator.seenFrom === f.a && animator.seenTo === f.b)
        #expect(animator.seenFromView === f.a.view && animator.seenToView === f.b.view)
        // The container is the navigation controller's transition view, filling its view.
        let container = animator.seenContainer
        #expect(container?.isDescendant(of: f.nav.view) == true)
        #expect(f.a.view.superview === container)
        #expect(animator.seenFinalFrame == container?.bounds)
        #expect(container.map { f.nav.view.convert($0.frame, from: $0.superview) } == f.nav.view.bounds)
        runNav(0.5)
        #expect(f.log.take() == [
            "fade.completeTransition", "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(nav)",
            "delegate.didShow(B, true)", "fade.animationEnded(true)",
        ])
        #expect(f.a.view.superview == nil && f.b.view.superview === container)

        f.nav.popViewController(animated: true)
        #expect(f.log.take() == [
            "B.willMove(nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "delegate.willShow(A, true)",
            "delegate.animationControllerFor(pop, B→A)", "delegate.interactionControllerFor",
            "fade.transitionDuration", "fade.animateTransition",
        ])
        #expect(animator.seenFrom === f.b && animator.seenTo === f.a)
        runNav(0.5)
        #expect(f.log.take() == [
            "fade.completeTransition", "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)",
            "delegate.didShow(A, true)", "fade.animationEnded(true)",
        ])
        #expect(f.nav.viewControllers.count == 1)
    }

    @Test func delegateInteractionControllerDrivesAPopThatCancels() {
        let f = setUp()
        let animator = NavFadeAnimator(log: f.log)
        let interaction = UIPercentDrivenInteractiveTransition()
        f.delegate.animator = animator
        f.delegate.interaction = interaction
        var coordinatorEvents: [String] = []
        f.nav.popViewController(animated: true)
        f.a.transitionCoordinator?.animate(alongsideTransition: nil) { context in
            coordinatorEvents.append("completion(cancelled: \(context.isCancelled))")
        }
        #expect(f.log.take() == [
            "B.willMove(nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "delegate.willShow(A, true)",
            "delegate.animationControllerFor(pop, B→A)", "delegate.interactionControllerFor",
            "fade.transitionDuration", "fade.animateTransition",
        ])
        #expect(f.nav.transitionCoordinator?.isInteractive == true)
        interaction.update(0.3)
        runNav(1)
        #expect(f.log.take().isEmpty)  // the interaction holds the transition
        interaction.cancel()
        runNav(0.5)
        #expect(f.log.take() == [
            "fade.completeTransition", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
            "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(nav)", "fade.animationEnded(false)",
        ])
        #expect(coordinatorEvents == ["completion(cancelled: true)"])
        #expect(f.nav.viewControllers.count == 2 && f.nav.topViewController === f.b)
        #expect(f.a.view.superview == nil && f.b.view.window === f.app.window)
        #expect(f.nav.transitionCoordinator == nil)
    }

    @Test func defaultPushSlidesTheNewViewInFromTheRight() {
        let f = setUp(pushB: false)
        let width: CGFloat = 393
        f.nav.pushViewController(f.b, animated: true)
        CATransaction.flush()
        #expect(abs(x(f.b.view) - width) < 0.01)
        #expect(abs(x(f.a.view)) < 0.01)
        MediaClock.main.advance(by: 0.175)
        // Half way through ease-in-out: half the distance.
        #expect(abs(x(f.b.view) - width / 2) < 0.5)
        #expect(abs(x(f.a.view) - -width * 0.15) < 0.5)
        MediaClock.main.advance(by: 0.175 + 1.0 / 60)
        #expect(x(f.b.view) == 0)
        #expect(f.a.view.superview == nil)
        #expect(f.nav.topViewController === f.b)
        #expect(f.b.view.frame == CGRect(x: 0, y: 0, width: width, height: f.b.view.superview?.bounds.height ?? 0))
    }

    @Test func defaultPopSlidesTheTopViewOutToTheRight() {
        let f = setUp()
        let width: CGFloat = 393
        f.nav.popViewController(animated: true)
        CATransaction.flush()
        #expect(abs(x(f.a.view) - -width * 0.3) < 0.01)
        #expect(abs(x(f.b.view)) < 0.01)
        MediaClock.main.advance(by: 0.175)
        #expect(abs(x(f.b.view) - width / 2) < 0.5)
        #expect(abs(x(f.a.view) - -width * 0.15) < 0.5)
        runNav(0.2)
        #expect(x(f.a.view) == 0)
        #expect(f.b.view.superview == nil)
    }

    /// An edge swipe: down at the left edge, moved right `steps` times by `dx`, one frame each.
    func swipe(_ app: AppDriver, to endX: CGFloat, steps: Int, holdFrames: Int = 0) {
        let y: CGFloat = 400
        let finger = app.touchDown(at: CGPoint(x: 4, y: y))
        app.advanceFrames(1)
        for k in 1...steps {
            finger.move(to: CGPoint(x: 4 + (endX - 4) * CGFloat(k) / CGFloat(steps), y: y))
            app.advanceFrames(1)
        }
        app.advanceFrames(holdFrames)
        finger.lift()
    }

    @Test func edgeSwipePastHalfWayFinishesThePop() {
        let f = setUp()
        let finger = f.app.touchDown(at: CGPoint(x: 4, y: 400))
        f.app.advanceFrames(1)
        for k in 1...12 {
            finger.move(to: CGPoint(x: 4 + 20 * CGFloat(k), y: 400))
            f.app.advanceFrames(1)
        }
        #expect(f.log.take() == [
            "B.willMove(nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "delegate.willShow(A, true)",
            "delegate.animationControllerFor(pop, B→A)",
        ])
        #expect(f.nav.viewControllers.count == 1)
        // Interactive: B's view follows the finger (the pan's translation since it began).
        let translation = (f.nav.interactivePopGestureRecognizer as? UIPanGestureRecognizer)?
            .translation(in: f.nav.view).x ?? .nan
        #expect(translation > 150)
        #expect(abs(x(f.b.view) - translation) < 0.5)
        for k in 13...16 {
            finger.move(to: CGPoint(x: 4 + 20 * CGFloat(k), y: 400))
            f.app.advanceFrames(1)
        }
        finger.lift()
        #expect(f.log.take().isEmpty)
        runNav(0.35)
        #expect(f.log.take() == [
            "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)", "delegate.didShow(A, true)",
        ])
        #expect(f.nav.viewControllers.count == 1 && f.nav.topViewController === f.a)
        #expect(f.b.parent == nil && f.b.view.superview == nil)
        #expect(f.a.view.window === f.app.window && f.a.view.frame.minX == 0)
        #expect(f.nav.interactivePopGestureRecognizer?.isEnabled == false)
    }

    /// The bar's content views (old and new during a transition), in the order added.
    func barContents(_ nav: UINavigationController) -> [UIView] {
        nav.navigationBar.subviews.filter { String(describing: type(of: $0)) == "NavigationBarContentView" }
    }

    func opacity(_ view: UIView) -> Float { view.layer.presentation()?.opacity ?? -1 }

    @Test func theBarsCrossFadeFollowsTheFingerInAnInteractivePop() {
        let f = setUp()
        let finger = f.app.touchDown(at: CGPoint(x: 4, y: 400))
        f.app.advanceFrames(1)
        for k in 1...6 {
            finger.move(to: CGPoint(x: 4 + 20 * CGFloat(k), y: 400))
            f.app.advanceFrames(1)
        }
        let contents = barContents(f.nav)
        #expect(contents.count == 2)
        guard contents.count == 2 else { return finger.lift() }
        let (old, new) = (contents[0], contents[1])
        let early = opacity(new)
        #expect(early > 0 && early < 0.5, "new content's opacity \(early)")
        #expect(abs(opacity(old) + early - 1) < 1e-3)
        // The finger holds still for half a second, longer than the whole pop: the bar's
        // cross-fade is scrubbed by the interaction, so it holds still too.
        f.app.advanceFrames(30)
        #expect(abs(opacity(new) - early) < 1e-6, "held: \(opacity(new)) vs \(early)")
        #expect(abs(opacity(old) + opacity(new) - 1) < 1e-3)
        // Further right, further along.
        for k in 7...14 {
            finger.move(to: CGPoint(x: 4 + 20 * CGFloat(k), y: 400))
            f.app.advanceFrames(1)
        }
        let later = opacity(new)
        #expect(later > early + 0.2, "later \(later), early \(early)")
        finger.lift()
        runNav(0.35)
        let after = barContents(f.nav)
        #expect(after.count == 1 && after.first === new)
        #expect(after.first.map(opacity) == 1 && new.layer.speed == 1 && new.layer.timeOffset == 0)
        #expect(f.nav.viewControllers.count == 1)
    }

    @Test func aCancelledInteractivePopPutsTheBarBack() {
        let f = setUp()
        swipe(f.app, to: 120, steps: 8, holdFrames: 20)
        let contents = barContents(f.nav)
        #expect(contents.count == 2)
        let held = contents.last.map(opacity) ?? -1
        #expect(held > 0 && held < 0.5, "new content's opacity while held: \(held)")
        runNav(0.35)
        let after = barContents(f.nav)
        #expect(after.count == 1)
        #expect(after.first.map(opacity) == 1)
        #expect(after.allSatisfy { $0.layer.speed == 1 && $0.layer.timeOffset == 0 })
        #expect(f.nav.viewControllers.count == 2)
    }

    @Test func edgeSwipeHeldStillBelowHalfCancelsThePop() {
        let f = setUp()
        swipe(f.app, to: 120, steps: 8, holdFrames: 20)
        #expect(f.log.take() == [
            "B.willMove(nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)", "delegate.willShow(A, true)",
            "delegate.animationControllerFor(pop, B→A)",
        ])
        runNav(0.35)
        #expect(f.log.take() == [
            "A.viewWillDisappear(true)", "B.viewWillAppear(true)", "A.viewDidDisappear(true)", "B.viewDidAppear(true)",
            "B.didMove(nav)",
        ])
        #expect(f.nav.viewControllers.map { ObjectIdentifier($0) } == [ObjectIdentifier(f.a), ObjectIdentifier(f.b)])
        #expect(f.nav.children.count == 2 && f.b.parent === f.nav)
        #expect(f.a.view.superview == nil)
        #expect(f.b.view.window === f.app.window)
        #expect(f.b.view.frame.origin == .zero)
        #expect(x(f.b.view) == 0)
        #expect(f.nav.interactivePopGestureRecognizer?.isEnabled == true)
        // The stack still works: a later pop by code runs normally.
        #expect(f.nav.popViewController(animated: false) === f.b)
        #expect(f.nav.viewControllers.count == 1)
    }

    @Test func aFlingToTheRightBelowHalfWayStillFinishes() {
        let f = setUp()
        swipe(f.app, to: 120, steps: 4)
        _ = f.log.take()
        runNav(0.35)
        #expect(f.log.take() == [
            "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)", "delegate.didShow(A, true)",
        ])
        #expect(f.nav.viewControllers.count == 1)
    }

    @Test func edgeSwipeAtTheRootOrRefusedByTheDelegateDoesNothing() {
        let f = setUp(pushB: false)
        swipe(f.app, to: 300, steps: 10)
        runNav(0.35)
        #expect(f.log.take().isEmpty)
        #expect(f.nav.viewControllers.count == 1)

        f.nav.pushViewController(f.b, animated: false)
        _ = f.log.take()
        let refusing = RefusingGestureDelegate()
        f.nav.interactivePopGestureRecognizer?.delegate = refusing
        swipe(f.app, to: 300, steps: 10)
        runNav(0.35)
        #expect(refusing.asked >= 1)
        #expect(f.log.take().isEmpty)
        #expect(f.nav.viewControllers.count == 2)
    }

    @Test func aSwipeFromTheMiddleDoesNotPop() {
        let f = setUp()
        let finger = f.app.touchDown(at: CGPoint(x: 150, y: 400))
        for k in 1...10 {
            finger.move(to: CGPoint(x: 150 + 20 * CGFloat(k), y: 400))
            f.app.advanceFrames(1)
        }
        finger.lift()
        runNav(0.35)
        #expect(f.log.take().isEmpty)
        #expect(f.nav.viewControllers.count == 2)
    }
}
