import Foundation
import Testing
import TestSupport
import Flipbook

/// `initialFrame(for:)` and `finalFrame(for:)` of both controllers, in presentation and
/// dismissal, for every presentation style (docs/Semantics.md, "Frames in the context").
@Suite("Transition context frames", .freshRuntime)
@MainActor
struct TransitionContextFrameTests {
    /// How B is presented.
    enum Setup: CustomStringConvertible {
        case style(UIModalPresentationStyle)
        /// `.custom` with a presentation controller placing B at `TransitionContextFrameTests.customFrame`.
        case customController(removesPresenter: Bool)

        var description: String {
            switch self {
            case .style(let style): return ".\(style.appleNameForTests)"
            case .customController(let removes): return ".custom+controller(removes: \(removes))"
            }
        }
    }

    enum Direction: String { case presentation, dismissal }
    enum Role: String { case presenter, presented }

    /// What a frame should be: zero; the presenter's place (the container's bounds: the
    /// container covers the presenter's window or context); the presentation controller's
    /// `frameOfPresentedViewInContainerView`.
    enum Expected: String { case zero, bounds, presentation }

    struct Row {
        let setup: Setup
        let direction: Direction
        let role: Role
        let initial: Expected
        let final: Expected
    }

    static let customFrame = CGRect(x: 20, y: 300, width: 353, height: 552)

    static let table: [Row] = {
        var rows: [Row] = []
        func add(_ setup: Setup, _ direction: Direction, _ role: Role, _ initial: Expected, _ final: Expected) {
            rows.append(Row(setup: setup, direction: direction, role: role, initial: initial, final: final))
        }
        // Styles whose presentation removes the presenter's view at its end (a popover adapts to
        // .fullScreen in this iPhone-sized window's compact width).
        for setup in [
            Setup.style(.fullScreen), .style(.currentContext), .style(.popover), .customController(removesPresenter: true),
        ] {
            add(setup, .presentation, .presenter, .bounds, .zero)
            add(setup, .presentation, .presented, .zero, .presentation)
            add(setup, .dismissal, .presenter, .zero, .bounds)
            add(setup, .dismissal, .presented, .presentation, .presentation)
        }
        // Styles that leave the presenter's view where it is.
        for setup in [
            Setup.style(.overFullScreen), .style(.overCurrentContext), .style(.custom), .style(.pageSheet),
            .style(.formSheet), .style(.automatic), .customController(removesPresenter: false),
        ] {
            add(setup, .presentation, .presenter, .bounds, .bounds)
            add(setup, .presentation, .presented, .zero, .presentation)
            add(setup, .dismissal, .presenter, .zero, .bounds)
            add(setup, .dismissal, .presented, .presentation, .presentation)
        }
        return rows
    }()

    /// Records both controllers' frames when it starts, then does what a plain animator does.
    final class FrameRecordingAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        let presenting: Bool
        var frames: [String: CGRect] = [:]
        var containerBounds: CGRect = .null
        init(presenting: Bool) { self.presenting = presenting }

        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.2 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let from = transitionContext.viewController(forKey: .from),
                  let to = transitionContext.viewController(forKey: .to)
            else { return }
            let (presenter, presented) = presenting ? (from, to) : (to, from)
            containerBounds = transitionContext.containerView.bounds
            frames = [
                "presenter.initial": transitionContext.initialFrame(for: presenter),
                "presenter.final": transitionContext.finalFrame(for: presenter),
                "presented.initial": transitionContext.initialFrame(for: presented),
                "presented.final": transitionContext.finalFrame(for: presented),
            ]
            if presenting, let toView = transitionContext.view(forKey: .to) {
                toView.frame = transitionContext.finalFrame(for: to)
                transitionContext.containerView.addSubview(toView)
            }
            MediaClock.main.schedule(after: 0.2) {
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
        }
    }

    final class FramePresentationController: UIPresentationController {
        var removesPresenter = false
        override var shouldRemovePresentersView: Bool { removesPresenter }
        override var frameOfPresentedViewInContainerView: CGRect { TransitionContextFrameTests.customFrame }
    }

    final class FrameDelegate: NSObject, UIViewControllerTransitioningDelegate {
        let present = FrameRecordingAnimator(presenting: true)
        let dismiss = FrameRecordingAnimator(presenting: false)
        var makesController: Bool?

        func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? { present }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { dismiss }
        func presentationController(
            forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
        ) -> UIPresentationController? {
            guard let removes = makesController else { return nil }
            let controller = FramePresentationController(presentedViewController: presented, presenting: presenting)
            controller.removesPresenter = removes
            return controller
        }
    }

    /// Presents and dismisses B under `setup`; returns both animators' records and the
    /// presentation controller's frame for B.
    func run(_ setup: Setup) -> (present: FrameRecordingAnimator, dismiss: FrameRecordingAnimator, presentation: CGRect) {
        let root = UIViewController()
        let window = makeModalWindow(root: root)
        // The context styles cover a child defining a presentation context, not at the origin.
        let child = UIViewController()
        root.addChild(child)
        root.view.addSubview(child.view)
        child.view.frame = CGRect(x: 0, y: 100, width: 393, height: 400)
        child.didMove(toParent: root)
        child.definesPresentationContext = true

        let b = UIViewController()
        let delegate = FrameDelegate()
        switch setup {
        case .style(let style): b.modalPresentationStyle = style
        case .customController(let removes):
            b.modalPresentationStyle = .custom
            delegate.makesController = removes
        }
        b.transitioningDelegate = delegate
        b.popoverPresentationController?.sourceView = child.view
        child.present(b, animated: true, completion: nil)
        runModal(0.5)
        let presentation = b.presentationController?.frameOfPresentedViewInContainerView ?? .null
        b.dismiss(animated: true, completion: nil)
        runModal(0.5)
        #expect(b.presentingViewController == nil, "\(setup): dismissed")
        _ = window
        return (delegate.present, delegate.dismiss, presentation)
    }

    @Test func framesFollowUIKitsRuleForEveryStyleDirectionAndController() {
        var runs: [String: (present: FrameRecordingAnimator, dismiss: FrameRecordingAnimator, presentation: CGRect)] = [:]
        for row in Self.table {
            let key = row.setup.description
            let record = runs[key] ?? run(row.setup)
            runs[key] = record
            let animator = row.direction == .presentation ? record.present : record.dismiss
            func value(_ expected: Expected) -> CGRect {
                switch expected {
                case .zero: return .zero
                case .bounds: return animator.containerBounds
                case .presentation: return record.presentation
                }
            }
            let label = "\(row.setup) \(row.direction.rawValue) \(row.role.rawValue)"
            #expect(animator.frames["\(row.role.rawValue).initial"] == value(row.initial), "\(label): initialFrame(for:)")
            #expect(animator.frames["\(row.role.rawValue).final"] == value(row.final), "\(label): finalFrame(for:)")
        }
        // The table's symbols are distinct where it matters: a sheet and the custom controller
        // place B elsewhere than the container's bounds; a context's container is the context.
        #expect(runs[Setup.customController(removesPresenter: false).description]?.presentation == Self.customFrame)
        #expect(runs[Setup.style(.currentContext).description]?.present.containerBounds == CGRect(x: 0, y: 0, width: 393, height: 400))
        #expect(runs[Setup.style(.fullScreen).description]?.present.containerBounds == CGRect(x: 0, y: 0, width: 393, height: 852))
    }

    /// A presentation animator that pushes the root controller's view back (inset, as card
    /// presentations do) does not change where that view belongs: the dismissal's
    /// `finalFrame(for: presenter)` is the window's bounds, from which the animator restores it.
    @Test func dismissalFinalFrameOfAMovedRootViewIsTheWindowsBounds() {
        final class PushBack: NSObject, UIViewControllerAnimatedTransitioning {
            let presenting: Bool
            var presenterFinal: CGRect = .null
            init(presenting: Bool) { self.presenting = presenting }
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.2 }
            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                guard let from = transitionContext.viewController(forKey: .from),
                      let to = transitionContext.viewController(forKey: .to) else { return }
                if presenting {
                    from.view.frame = from.view.frame.insetBy(dx: 16, dy: 30)
                    to.view.frame = transitionContext.finalFrame(for: to)
                    transitionContext.containerView.addSubview(to.view)
                } else {
                    presenterFinal = transitionContext.finalFrame(for: to)
                    to.view.frame = presenterFinal
                }
                MediaClock.main.schedule(after: 0.2) { transitionContext.completeTransition(true) }
            }
        }
        final class Delegate: NSObject, UIViewControllerTransitioningDelegate {
            let present = PushBack(presenting: true)
            let dismiss = PushBack(presenting: false)
            func animationController(
                forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
            ) -> UIViewControllerAnimatedTransitioning? { present }
            func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { dismiss }
            func presentationController(
                forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
            ) -> UIPresentationController? {
                FramePresentationController(presentedViewController: presented, presenting: presenting)
            }
        }
        let root = UIViewController()
        let window = makeModalWindow(root: root)
        let b = UIViewController()
        let delegate = Delegate()
        b.modalPresentationStyle = .custom
        b.transitioningDelegate = delegate
        root.present(b, animated: true, completion: nil)
        runModal(0.5)
        #expect(root.view.frame == CGRect(x: 16, y: 30, width: 361, height: 792))
        b.dismiss(animated: true, completion: nil)
        runModal(0.5)
        #expect(delegate.dismiss.presenterFinal == window.bounds)
        #expect(root.view.frame == window.bounds)
    }

    /// A library animator that builds its dismissal from `finalFrame(for: presented)` (moved
    /// off screen below it) keeps the view's size and moves it, instead of collapsing it.
    @Test func dismissalBuiltFromTheFinalFrameMovesTheView() {
        final class CoverVertical: NSObject, UIViewControllerAnimatedTransitioning {
            let presenting: Bool
            init(presenting: Bool) { self.presenting = presenting }
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                let key: UITransitionContextViewControllerKey = presenting ? .to : .from
                guard let vc = transitionContext.viewController(forKey: key),
                      let view = transitionContext.view(forKey: presenting ? .to : .from)
                else { return }
                let container = transitionContext.containerView
                let shown = transitionContext.finalFrame(for: vc)
                var hidden = shown
                hidden.origin.y = container.bounds.height
                if presenting { container.addSubview(view) }
                view.frame = presenting ? hidden : shown
                UIView.animate(withDuration: 0.3, animations: { view.frame = self.presenting ? shown : hidden }) { _ in
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                }
            }
        }
        final class Delegate: NSObject, UIViewControllerTransitioningDelegate {
            func animationController(
                forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
            ) -> UIViewControllerAnimatedTransitioning? { CoverVertical(presenting: true) }
            func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
                CoverVertical(presenting: false)
            }
            func presentationController(
                forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController
            ) -> UIPresentationController? {
                FramePresentationController(presentedViewController: presented, presenting: presenting)
            }
        }
        let a = UIViewController()
        let window = makeModalWindow(root: a)
        let b = UIViewController()
        let delegate = Delegate()
        b.modalPresentationStyle = .custom
        b.transitioningDelegate = delegate
        a.present(b, animated: true, completion: nil)
        runModal(0.4)
        #expect(b.view.frame == Self.customFrame)
        b.dismiss(animated: true, completion: nil)
        runModal(0.15)
        // Halfway: the full size, on its way down.
        let midway = b.view.layer.presentation()?.frame ?? .null
        #expect(midway.size == Self.customFrame.size)
        #expect(midway.minY > Self.customFrame.minY && midway.minY < 852)
        _ = window
    }
}

extension UIModalPresentationStyle {
    var appleNameForTests: String {
        switch self {
        case .fullScreen: return "fullScreen"
        case .pageSheet: return "pageSheet"
        case .formSheet: return "formSheet"
        case .currentContext: return "currentContext"
        case .custom: return "custom"
        case .overFullScreen: return "overFullScreen"
        case .overCurrentContext: return "overCurrentContext"
        case .popover: return "popover"
        case .blurOverFullScreen: return "blurOverFullScreen"
        case .none: return "none"
        case .automatic: return "automatic"
        }
    }
}
