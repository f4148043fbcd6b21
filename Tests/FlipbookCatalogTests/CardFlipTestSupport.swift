import Flipbook
import Foundation
import TestSupport

@testable import FlipbookCatalog

/// A deck that records its appearance callbacks.
final class RecordingDeck: DeckViewController {
    var recorder: EventRecorder?
    override func viewWillAppear(_ animated: Bool) { recorder?.record("deck viewWillAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { recorder?.record("deck viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) { recorder?.record("deck viewWillDisappear(\(animated))") }
    override func viewDidDisappear(_ animated: Bool) { recorder?.record("deck viewDidDisappear(\(animated))") }
}

/// A reveal screen that records its appearance callbacks.
final class RecordingReveal: RevealViewController {
    var recorder: EventRecorder?
    override func viewWillAppear(_ animated: Bool) { recorder?.record("reveal viewWillAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { recorder?.record("reveal viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) { recorder?.record("reveal viewWillDisappear(\(animated))") }
    override func viewDidDisappear(_ animated: Bool) { recorder?.record("reveal viewDidDisappear(\(animated))") }
}

/// Stands between UIKit and the card's transitioning delegate, recording what UIKit asks
/// and wrapping the card's animators so their calls are recorded too.
@MainActor
final class RecordingTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let card: CardViewController
    let recorder: EventRecorder
    /// The animators the card returned, unwrapped, in order.
    var animators: [UIViewControllerAnimatedTransitioning] = []

    init(card: CardViewController, recorder: EventRecorder) {
        self.card = card
        self.recorder = recorder
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        recorder.record("delegate animationController(forPresented:)")
        return wrap(card.animationController(forPresented: presented, presenting: presenting, source: source))
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        recorder.record("delegate animationController(forDismissed:)")
        return wrap(card.animationController(forDismissed: dismissed))
    }

    func interactionControllerForPresentation(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        recorder.record("delegate interactionControllerForPresentation(using:)")
        return card.interactionControllerForPresentation(using: animator)
    }

    func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        // The card looks for its own animator: hand it the one inside the recording wrapper.
        let inner = (animator as? RecordingAnimator)?.inner ?? animator
        let interaction = card.interactionControllerForDismissal(using: inner)
        recorder.record("delegate interactionControllerForDismissal(using:) -> \(interaction.map { "\(type(of: $0))" } ?? "nil")")
        return interaction
    }

    private func wrap(_ animator: UIViewControllerAnimatedTransitioning?) -> UIViewControllerAnimatedTransitioning? {
        guard let animator else { return nil }
        animators.append(animator)
        return RecordingAnimator(animator, name: String(describing: type(of: animator)), recorder: recorder)
    }
}

/// Forwards to an animator, recording each call (and the context's completeTransition).
@MainActor
final class RecordingAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let inner: UIViewControllerAnimatedTransitioning
    let name: String
    let recorder: EventRecorder

    init(_ inner: UIViewControllerAnimatedTransitioning, name: String, recorder: EventRecorder) {
        self.inner = inner
        self.name = name
        self.recorder = recorder
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        let duration = inner.transitionDuration(using: transitionContext)
        recorder.record("\(name) transitionDuration = \(duration)")
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        recorder.record("\(name) animateTransition")
        inner.animateTransition(using: RecordingContext(transitionContext, recorder: recorder))
    }

    func animationEnded(_ transitionCompleted: Bool) {
        recorder.record("\(name) animationEnded(\(transitionCompleted))")
        inner.animationEnded(transitionCompleted)
    }
}

/// Forwards to a transition context, recording `completeTransition(_:)`.
@MainActor
final class RecordingContext: NSObject, UIViewControllerContextTransitioning {
    let inner: UIViewControllerContextTransitioning
    let recorder: EventRecorder

    init(_ inner: UIViewControllerContextTransitioning, recorder: EventRecorder) {
        self.inner = inner
        self.recorder = recorder
    }

    var containerView: UIView { inner.containerView }
    var isAnimated: Bool { inner.isAnimated }
    var isInteractive: Bool { inner.isInteractive }
    var transitionWasCancelled: Bool { inner.transitionWasCancelled }
    var presentationStyle: UIModalPresentationStyle { inner.presentationStyle }
    var targetTransform: CGAffineTransform { inner.targetTransform }
    func updateInteractiveTransition(_ percentComplete: CGFloat) { inner.updateInteractiveTransition(percentComplete) }
    func finishInteractiveTransition() { inner.finishInteractiveTransition() }
    func cancelInteractiveTransition() { inner.cancelInteractiveTransition() }
    func pauseInteractiveTransition() { inner.pauseInteractiveTransition() }
    func completeTransition(_ didComplete: Bool) {
        recorder.record("context completeTransition(\(didComplete))")
        inner.completeTransition(didComplete)
    }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        inner.viewController(forKey: key)
    }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { inner.view(forKey: key) }
    func initialFrame(for vc: UIViewController) -> CGRect { inner.initialFrame(for: vc) }
    func finalFrame(for vc: UIViewController) -> CGRect { inner.finalFrame(for: vc) }
}

/// The y-rotation matrix written out: m11 = m33 = cos a, m13 = −sin a, m31 = sin a.
func expectedYRotation(_ angle: Double) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = CGFloat(cos(angle))
    t.m13 = CGFloat(-sin(angle))
    t.m31 = CGFloat(sin(angle))
    t.m33 = CGFloat(cos(angle))
    return t
}

/// Whether every entry of `a` and `b` differs by at most `tolerance`.
func transformsMatch(_ a: CATransform3D, _ b: CATransform3D, tolerance: CGFloat = 1e-3) -> Bool {
    let x = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
    let y = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
    return zip(x, y).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Whether two rectangles agree to within `tolerance` points on every edge.
func rectsMatch(_ a: CGRect, _ b: CGRect, tolerance: CGFloat = 0.01) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance && abs(a.width - b.width) <= tolerance
        && abs(a.height - b.height) <= tolerance
}

/// The time fraction at which CSS/Core Animation's ease-in-ease-out curve, the cubic Bézier
/// (0.42, 0, 0.58, 1), reaches `progress`: solved here by bisection on the curve's parametric
/// form, independently of Flipbook's solver.
func easeInEaseOutTime(forProgress progress: Double) -> Double {
    func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if bezier(0, 1, mid) < progress { lo = mid } else { hi = mid }
    }
    return bezier(0.42, 0.58, (lo + hi) / 2)
}

/// The card-flip app in a driver, with a recording deck.
@MainActor
struct CardFlipApp {
    let driver: AppDriver
    let deck: RecordingDeck
    let recorder: EventRecorder

    init() {
        recorder = EventRecorder()
        deck = RecordingDeck()
        driver = AppDriver(rootViewController: deck, device: .iPhone15)
        deck.recorder = recorder
    }

    /// The card on screen.
    var card: CardViewController? { deck.currentCard }
}
