import Foundation
import Flipbook

/// Every controller a fuzzed run creates, held weakly (to check they are all released).
@MainActor
enum FuzzRegistry {
    struct Entry {
        weak var controller: UIViewController?
        weak var view: UIView?
    }
    static var created: [Entry] = []
    /// The interaction controllers handed out, newest last (the steps drive the last one).
    static var interactions: [UIPercentDrivenInteractiveTransition] = []
    /// Animators of each misbehaving kind that ran, to expect their diagnostics.
    static var misbehaved: [FuzzAnimator: Int] = [:]

    static func reset() {
        created = []
        interactions = []
        misbehaved = [:]
    }

    static func interaction(_ kind: FuzzInteraction) -> UIPercentDrivenInteractiveTransition? {
        guard kind != .none else { return nil }
        let interaction = UIPercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = kind == .percentDriven
        interactions.append(interaction)
        return interaction
    }
}

/// What the next transition of a controller or navigation controller uses.
struct FuzzPlan {
    var animator: FuzzAnimator = .system
    var interaction: FuzzInteraction = .none
}

/// A screen: a coloured view with a button in the middle that shows a new screen.
@MainActor
final class FuzzViewController: UIViewController {
    let fuzzDelegate = FuzzTransitioningDelegate()
    let number: Int

    init(number: Int) {
        self.number = number
        super.init(nibName: nil, bundle: nil)
        transitioningDelegate = fuzzDelegate
        FuzzRegistry.created.append(.init(controller: self))
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    override func viewDidLoad() {
        FuzzRegistry.created.append(.init(controller: nil, view: view))
        view.backgroundColor = UIColor(hue: CGFloat(number % 12) / 12, saturation: 0.6, brightness: 0.9, alpha: 1)
        let button = UIButton(frame: CGRect(x: 120, y: 350, width: 150, height: 150))
        button.addAction(UIAction { [weak self] _ in self?.showNext() }, for: .touchUpInside)
        view.addSubview(button)
    }

    private func showNext() {
        show(FuzzViewController(number: number + 100), sender: self)
    }
}

/// A navigation controller that keeps its delegate and vends the planned animators.
@MainActor
final class FuzzNavigationController: UINavigationController {
    let navDelegate = FuzzNavigationDelegate()
    let fuzzDelegate = FuzzTransitioningDelegate()

    init(root: UIViewController) {
        super.init(rootViewController: root)
        delegate = navDelegate
        transitioningDelegate = fuzzDelegate
        definesPresentationContext = true
        FuzzRegistry.created.append(.init(controller: self))
    }

    required init?(coder: NSCoder) { fatalError("not used") }
}

@MainActor
final class FuzzNavigationDelegate: NSObject, UINavigationControllerDelegate {
    var plan = FuzzPlan()

    func navigationController(
        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? {
        let planned = plan
        plan = FuzzPlan()
        pendingInteraction = planned.interaction
        return FuzzTransitionAnimator.make(planned.animator)
    }

    private var pendingInteraction = FuzzInteraction.none

    func navigationController(
        _ navigationController: UINavigationController, interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? {
        let kind = pendingInteraction
        pendingInteraction = .none
        return FuzzRegistry.interaction(kind)
    }
}

@MainActor
final class FuzzTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
    var plan = FuzzPlan()
    private var pendingInteraction = FuzzInteraction.none

    private func take() -> UIViewControllerAnimatedTransitioning? {
        let planned = plan
        plan = FuzzPlan()
        pendingInteraction = planned.interaction
        return FuzzTransitionAnimator.make(planned.animator)
    }

    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> UIViewControllerAnimatedTransitioning? { take() }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { take() }

    func interactionControllerForPresentation(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? { nextInteraction() }

    func interactionControllerForDismissal(
        using animator: UIViewControllerAnimatedTransitioning
    ) -> UIViewControllerInteractiveTransitioning? { nextInteraction() }

    private func nextInteraction() -> UIViewControllerInteractiveTransitioning? {
        let kind = pendingInteraction
        pendingInteraction = .none
        return FuzzRegistry.interaction(kind)
    }

    func presentationController(
        forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
    ) -> UIPresentationController? {
        FuzzPresentationController(presentedViewController: presented, presenting: presenting)
    }
}

/// A custom presentation: a dimming view under a card inset from the container's edges.
@MainActor
final class FuzzPresentationController: UIPresentationController {
    private let dimming = UIView(frame: .zero)

    override var frameOfPresentedViewInContainerView: CGRect {
        (containerView?.bounds ?? .zero).insetBy(dx: 20, dy: 80)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        dimming.frame = containerView.bounds
        dimming.backgroundColor = UIColor(white: 0, alpha: 0.4)
        containerView.insertSubview(dimming, at: 0)
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimming.removeFromSuperview() }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimming.removeFromSuperview() }
    }
}

/// The animators of `FuzzAnimator`: one class, its behaviour chosen by `kind`.
@MainActor
class FuzzTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let kind: FuzzAnimator

    fileprivate init(kind: FuzzAnimator) { self.kind = kind }

    static func make(_ kind: FuzzAnimator) -> UIViewControllerAnimatedTransitioning? {
        switch kind {
        case .system, .zoom: return nil
        case .interruptible: return FuzzInterruptibleAnimator()
        default: return FuzzTransitionAnimator(kind: kind)
        }
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        kind == .instant ? 0 : 0.4
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        if FuzzAnimator.misbehaving.contains(kind) { FuzzRegistry.misbehaved[kind, default: 0] += 1 }
        switch kind {
        case .system, .zoom:
            context.completeTransition(!context.transitionWasCancelled)
        case .instant:
            Self.place(context)
            context.completeTransition(!context.transitionWasCancelled)
        case .neverCompletes:
            Self.place(context)
        case .slide, .interruptible, .completesTwice, .wrongFlag, .throwsAwayViews:
            if kind == .throwsAwayViews { context.view(forKey: .from)?.removeFromSuperview() }
            let (view, final) = Self.place(context)
            UIView.animate(withDuration: 0.4, animations: {
                view?.frame = final
                view?.alpha = 1
            }) { _ in
                switch self.kind {
                case .wrongFlag:
                    context.completeTransition(context.transitionWasCancelled)
                case .completesTwice:
                    context.completeTransition(!context.transitionWasCancelled)
                    context.completeTransition(!context.transitionWasCancelled)
                default:
                    context.completeTransition(!context.transitionWasCancelled)
                }
            }
        }
    }

    /// Adds the to view (when it is not on screen yet) below its final frame, faded out;
    /// returns the view that moves and where it goes.
    @discardableResult
    static func place(_ context: UIViewControllerContextTransitioning) -> (UIView?, CGRect) {
        guard let toVC = context.viewController(forKey: .to) else { return (nil, .zero) }
        let final = context.finalFrame(for: toVC)
        guard let toView = context.view(forKey: .to) else {
            // A dismissal over a presenter that stays: the from view leaves downwards.
            let from = context.view(forKey: .from)
            let start = from?.frame ?? .zero
            return (from, start.offsetBy(dx: 0, dy: context.containerView.bounds.height))
        }
        if toView.superview !== context.containerView { context.containerView.addSubview(toView) }
        toView.frame = final.offsetBy(dx: 0, dy: 60)
        toView.alpha = 0.5
        return (toView, final)
    }

}

/// An animator with an interruptible `UIViewPropertyAnimator`.
@MainActor
final class FuzzInterruptibleAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    private var propertyAnimator: UIViewPropertyAnimator?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: context).startAnimation()
    }

    func interruptibleAnimator(using context: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let propertyAnimator { return propertyAnimator }
        let (view, final) = FuzzTransitionAnimator.place(context)
        let animator = UIViewPropertyAnimator(duration: 0.4, curve: .easeInOut) {
            view?.frame = final
            view?.alpha = 1
        }
        animator.addCompletion { _ in context.completeTransition(!context.transitionWasCancelled) }
        propertyAnimator = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) { propertyAnimator = nil }
}

/// The zoom transitions fuzzed controllers get: the source view is the source controller's
/// first subview (its button, or a navigation controller's content), or, one time in two, a
/// bad answer (nil, a view out of the window, a zero-size one, the zoomed view itself), which
/// Flipbook reports and replaces with the zoom to the centre. Nothing is captured: the
/// provider reads its controllers from its context, so no cycle keeps them alive.
@MainActor
enum FuzzZoom {
    static func transition(number: Int) -> UIViewController.Transition {
        let options = number % 5 == 0 ? UIViewController.Transition.ZoomOptions() : nil
        options?.interactiveDismissShouldBegin = { context in context.location.x >= 0 }
        options?.dimmingColor = UIColor(white: 0, alpha: 0.5)
        return .zoom(options: options) { context in
            switch number % 8 {
            case 4: return nil
            case 5: return UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            case 6: return UIView(frame: .zero)
            case 7: return context.zoomedViewController.viewIfLoaded
            default: return context.sourceViewController.viewIfLoaded?.subviews.first
            }
        }
    }
}
