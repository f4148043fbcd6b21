import Foundation
import Testing
import TestSupport
import Flipbook

/// A drawer as drawer libraries write it (issue 37, C4): a `.custom` presentation with a
/// presentation controller, presented by two spring property animators (one moving the frame,
/// one rounding the corners) and a transitioning delegate that also returns an interaction
/// controller for the presentation although no gesture drives it. Each variant must complete
/// by itself, end exactly at its final frame, and leave the drawer dismissible.
@Suite("Spring drawer transitions", .freshRuntime)
@MainActor
struct SpringDrawerTransitionTests {
    static let duration: TimeInterval = 0.4
    static let drawerFrame = CGRect(x: 0, y: 352, width: 393, height: 500)

    /// How the drawer's delegate answers `interactionControllerForPresentation(using:)`.
    enum Interaction: CaseIterable, CustomStringConvertible {
        case none
        /// A `UIPercentDrivenInteractiveTransition` with `wantsInteractiveStart` false, never updated.
        case percentDrivenNotInteractive
        /// A `UIPercentDrivenInteractiveTransition` left interactive at the start but finished at once
        /// (the "not driven by a gesture" path of some libraries: finish() right after presenting).
        case percentDrivenFinishedAtOnce
        /// A plain interaction controller whose `wantsInteractiveStart` is false and which starts
        /// the animator's own `animateTransition(using:)`.
        case customNotInteractive

        var description: String {
            switch self {
            case .none: return "no interaction controller"
            case .percentDrivenNotInteractive: return "percent-driven, wantsInteractiveStart false"
            case .percentDrivenFinishedAtOnce: return "percent-driven, finished at once"
            case .customNotInteractive: return "custom interaction controller, wantsInteractiveStart false"
            }
        }
    }

    /// The drawer's animator: two spring property animators it keeps no reference to; with
    /// `interruptible` it also returns the frame animator from `interruptibleAnimator(using:)`
    /// (built once and kept, as Apple requires).
    final class DrawerAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        let presenting: Bool
        let interruptible: Bool
        /// The presentation controller animates the corners (DrawerKit's way): this animator
        /// only moves the frame.
        var cornersElsewhere = false
        var frameAnimator: UIViewPropertyAnimator?
        var completions: [UIViewAnimatingPosition] = []

        init(presenting: Bool, interruptible: Bool) {
            self.presenting = presenting
            self.interruptible = interruptible
        }

        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
            SpringDrawerTransitionTests.duration
        }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            // Like DrawerKit, the animators are local: nothing but the system keeps them alive
            // (the interruptible one excepted, which the animator must keep).
            if interruptible {
                interruptibleAnimator(using: transitionContext).startAnimation()
            } else {
                build(transitionContext).startAnimation()
            }
        }

        func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
            guard interruptible else { return UIViewPropertyAnimator.notProvidedInterruptibleAnimator }
            // Apple requires the same object for the whole transition: this one is kept.
            if let frameAnimator { return frameAnimator }
            let frames = build(transitionContext)
            frameAnimator = frames
            return frames
        }

        /// Sets the view up and returns the frame animator; starts the corner animator (unless
        /// the presentation controller animates the corners).
        private func build(_ context: UIViewControllerContextTransitioning) -> UIViewPropertyAnimator {
            if let frameAnimator { return frameAnimator }
            let key: UITransitionContextViewControllerKey = presenting ? .to : .from
            let vc = context.viewController(forKey: key)!
            let view = context.view(forKey: presenting ? .to : .from) ?? vc.view!
            let container = context.containerView
            let shown = presenting ? context.finalFrame(for: vc) : context.initialFrame(for: vc)
            let hidden = shown.offsetBy(dx: 0, dy: container.bounds.height - shown.minY)
            if presenting {
                container.addSubview(view)
                view.frame = hidden
                view.layer.cornerRadius = 0
            }
            let frames = UIViewPropertyAnimator(duration: SpringDrawerTransitionTests.duration, dampingRatio: 0.82) {
                view.frame = self.presenting ? shown : hidden
            }
            frames.addCompletion { [self] position in
                completions.append(position)
                context.completeTransition(!context.transitionWasCancelled)
            }
            if !cornersElsewhere {
                let corners = UIViewPropertyAnimator(duration: SpringDrawerTransitionTests.duration, dampingRatio: 0.82) {
                    view.layer.cornerRadius = self.presenting ? 16 : 0
                }
                corners.startAnimation()
            }
            return frames
        }

        func animationEnded(_ transitionCompleted: Bool) { frameAnimator = nil }
    }

    final class DrawerPresentationController: UIPresentationController {
        let dimming = UIView()
        /// Starts its own spring animator for the corners when a transition begins, before the
        /// transition's animator runs (and, presenting, before the view is in the container).
        var animatesCorners = false
        override var frameOfPresentedViewInContainerView: CGRect { SpringDrawerTransitionTests.drawerFrame }
        func animateCorners(to radius: CGFloat) {
            guard animatesCorners, let view = presentedView else { return }
            let corners = UIViewPropertyAnimator(duration: SpringDrawerTransitionTests.duration, dampingRatio: 0.82) {
                view.layer.cornerRadius = radius
            }
            corners.startAnimation()
        }
        override func presentationTransitionWillBegin() {
            animateCorners(to: 16)
            guard let containerView else { return }
            dimming.backgroundColor = UIColor(white: 0, alpha: 0.4)
            dimming.frame = containerView.bounds
            dimming.alpha = 0
            containerView.insertSubview(dimming, at: 0)
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 1 })
        }
        override func dismissalTransitionWillBegin() {
            animateCorners(to: 0)
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0 })
        }
        override func containerViewWillLayoutSubviews() {
            dimming.frame = containerView?.bounds ?? .zero
            presentedView?.frame = frameOfPresentedViewInContainerView
        }
    }

    /// Returns its `wantsInteractiveStart` and starts the animator itself.
    final class PlainInteraction: NSObject, UIViewControllerInteractiveTransitioning {
        let animator: UIViewControllerAnimatedTransitioning
        init(_ animator: UIViewControllerAnimatedTransitioning) { self.animator = animator }
        var wantsInteractiveStart: Bool { false }
        func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
            animator.animateTransition(using: transitionContext)
        }
    }

    final class DrawerDelegate: NSObject, UIViewControllerTransitioningDelegate {
        let interaction: Interaction
        let interruptible: Bool
        let cornersByPresentationController: Bool
        var presentAnimator: DrawerAnimator?
        var percentDriven: UIPercentDrivenInteractiveTransition?

        init(interaction: Interaction, interruptible: Bool, cornersByPresentationController: Bool) {
            self.interaction = interaction
            self.interruptible = interruptible
            self.cornersByPresentationController = cornersByPresentationController
        }

        func presentationController(
            forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
        ) -> UIPresentationController? {
            let controller = DrawerPresentationController(presentedViewController: presented, presenting: presenting)
            controller.animatesCorners = cornersByPresentationController
            return controller
        }
        func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? {
            let animator = DrawerAnimator(presenting: true, interruptible: interruptible)
            animator.cornersElsewhere = cornersByPresentationController
            presentAnimator = animator
            return animator
        }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            let animator = DrawerAnimator(presenting: false, interruptible: interruptible)
            animator.cornersElsewhere = cornersByPresentationController
            return animator
        }
        func interactionControllerForPresentation(
            using animator: UIViewControllerAnimatedTransitioning
        ) -> UIViewControllerInteractiveTransitioning? {
            switch interaction {
            case .none: return nil
            case .percentDrivenNotInteractive:
                let driver = UIPercentDrivenInteractiveTransition()
                driver.wantsInteractiveStart = false
                percentDriven = driver
                return driver
            case .percentDrivenFinishedAtOnce:
                let driver = UIPercentDrivenInteractiveTransition()
                percentDriven = driver
                return driver
            case .customNotInteractive:
                return PlainInteraction(animator)
            }
        }
    }

    func capture(_ body: () -> Void) -> [String] {
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        body()
        return reports
    }

    func presentAndDismiss(_ interaction: Interaction, interruptible: Bool, cornersByPresentationController: Bool) {
        let label = "\(interaction), interruptible animator: \(interruptible), corners by the presentation controller: "
            + "\(cornersByPresentationController)"
        let root = UIViewController()
        let window = makeModalWindow(root: root)
        let drawer = UIViewController()
        let delegate = DrawerDelegate(
            interaction: interaction, interruptible: interruptible, cornersByPresentationController: cornersByPresentationController)
        drawer.modalPresentationStyle = .custom
        drawer.transitioningDelegate = delegate
        var presented = false
        let reports = capture {
            root.present(drawer, animated: true) { presented = true }
            if interaction == .percentDrivenFinishedAtOnce { delegate.percentDriven?.finish() }
            MediaClock.main.advance(by: Self.duration + 0.1)
        }
        #expect(reports.isEmpty, "\(label): \(reports)")
        #expect(presented, "\(label): the presentation completed")
        #expect(delegate.presentAnimator?.completions == [.end], "\(label): the frame animator's completion ran")
        #expect(!drawer.isBeingPresented, "\(label)")
        #expect(drawer.view.frame == Self.drawerFrame, "\(label): model frame \(drawer.view.frame)")
        let shown = drawer.view.layer.presentation()?.frame ?? .null
        #expect(shown == Self.drawerFrame, "\(label): frame on screen \(shown)")
        #expect(drawer.view.layer.cornerRadius == 16, "\(label)")

        var dismissed = false
        let dismissReports = capture {
            drawer.dismiss(animated: true) { dismissed = true }
            MediaClock.main.advance(by: Self.duration + 0.1)
        }
        #expect(dismissReports.isEmpty, "\(label): \(dismissReports)")
        #expect(dismissed && root.presentedViewController == nil, "\(label): dismissed")
        _ = window
    }

    @Test(arguments: Interaction.allCases, [false, true])
    func drawerCompletesByItself(_ interaction: Interaction, interruptible: Bool) {
        presentAndDismiss(interaction, interruptible: interruptible, cornersByPresentationController: false)
    }

    /// DrawerKit's arrangement: the presentation controller starts the corner animator in
    /// `presentationTransitionWillBegin()`, before the transition's animator runs.
    @Test(arguments: Interaction.allCases, [false, true])
    func drawerWithCornersByItsPresentationControllerCompletesByItself(_ interaction: Interaction, interruptible: Bool) {
        presentAndDismiss(interaction, interruptible: interruptible, cornersByPresentationController: true)
    }

    /// The same two animators on a plain view complete (the control of the issue).
    @Test func theTwoAnimatorsCompleteOnAPlainView() {
        let window = makeModalWindow(root: UIViewController())
        let view = UIView(frame: CGRect(x: 0, y: 852, width: 393, height: 500))
        window.addSubview(view)
        let frames = UIViewPropertyAnimator(duration: Self.duration, dampingRatio: 0.82) { view.frame = Self.drawerFrame }
        let corners = UIViewPropertyAnimator(duration: Self.duration, dampingRatio: 0.82) { view.layer.cornerRadius = 16 }
        var ended: [UIViewAnimatingPosition] = []
        frames.addCompletion { ended.append($0) }
        frames.startAnimation()
        corners.startAnimation()
        MediaClock.main.advance(by: Self.duration + 0.1)
        #expect(ended == [.end])
        #expect(view.layer.presentation()?.frame == Self.drawerFrame)
    }

    /// A running animator nobody keeps a reference to runs to its end and calls its completions,
    /// as UIKit keeps running animators alive (Flipbook let it go: the view froze just short of
    /// the spring's end and the completion never ran).
    @Test func anAnimatorNobodyKeepsRunsToItsEnd() {
        let window = makeModalWindow(root: UIViewController())
        let view = UIView(frame: CGRect(x: 0, y: 852, width: 393, height: 500))
        window.addSubview(view)
        var ended: [UIViewAnimatingPosition] = []
        do {
            let frames = UIViewPropertyAnimator(duration: Self.duration, dampingRatio: 0.82) { view.frame = Self.drawerFrame }
            frames.addCompletion { ended.append($0) }
            frames.startAnimation()
        }
        UIViewPropertyAnimator.runningPropertyAnimator(withDuration: Self.duration, delay: 0.1, options: [], animations: {
            view.layer.cornerRadius = 16
        }, completion: { ended.append($0) })
        MediaClock.main.advance(by: Self.duration + 0.2)
        #expect(ended == [.end, .end])
        #expect(view.layer.presentation()?.frame == Self.drawerFrame)
        #expect(view.layer.cornerRadius == 16)
    }
}
