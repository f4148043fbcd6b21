import Foundation
import FlipbookQuartz

/// The animators UIKit uses when no transitioning delegate supplies one: the four
/// `UIModalTransitionStyle`s and the sheet's slide.
///
/// Durations and curves are Flipbook's approximations of UIKit's (which Apple does not
/// publish): cover vertical and sheets 0.5 s, cross dissolve 0.4 s, flip 0.75 s,
/// partial curl 0.5 s. The partial curl is drawn as a snapshot of the presenting view
/// lifted and tilted away to uncover the lower 60% (see docs/Divergences.md).
@preconcurrency @MainActor
final class DefaultModalAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    enum Kind { case coverVertical, flipHorizontal, crossDissolve, partialCurl, sheet }

    /// The tag of the curl snapshot left in the container while curled.
    static let curlTag = 0x6375_726C
    /// Eye distance of the flip's perspective, in points.
    static let flipEyeDistance: CGFloat = 1000
    /// How much of the presenting view the partial curl uncovers (fraction of its height).
    static let curlFraction: CGFloat = 0.6

    let kind: Kind

    init(style: UIModalTransitionStyle, sheet: Bool) {
        if sheet {
            kind = .sheet
        } else {
            switch style {
            case .coverVertical: kind = .coverVertical
            case .flipHorizontal: kind = .flipHorizontal
            case .crossDissolve: kind = .crossDissolve
            case .partialCurl: kind = .partialCurl
            }
        }
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        switch kind {
        case .coverVertical, .sheet, .partialCurl: return 0.5
        case .crossDissolve: return 0.4
        case .flipHorizontal: return 0.75
        }
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? ViewControllerTransitionContext else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let duration = transitionDuration(using: context)
        let presenting = context.isPresentationTransition
        let done: (Bool) -> Void = { _ in context.completeTransition(!context.transitionWasCancelled) }
        let container = context.containerView
        let moving: UIView?
        if presenting {
            let toView = context.view(forKey: .to)
            let final = context.finalFrame(for: context.toViewController)
            toView?.frame = final
            if let toView, kind != .partialCurl { container.addSubview(toView) }
            moving = toView
        } else {
            moving = context.view(forKey: .from)
        }
        switch kind {
        case .coverVertical, .sheet:
            let offscreen = { (frame: CGRect) in frame.offsetBy(dx: 0, dy: container.bounds.height - frame.minY) }
            if presenting, let moving {
                let final = moving.frame
                moving.frame = offscreen(final)
                TransitionAnimation.animate(
                    duration: duration, curve: kind == .sheet ? .easeOut : .easeInOut,
                    animations: { moving.frame = final }, completion: done)
            } else {
                TransitionAnimation.animate(
                    duration: duration,
                    animations: { if let moving { moving.frame = offscreen(moving.frame) } }, completion: done)
            }
        case .crossDissolve:
            if presenting { moving?.alpha = 0 }
            TransitionAnimation.animate(
                duration: duration,
                animations: { moving?.alpha = presenting ? 1 : 0 },
                completion: { finished in
                    if !presenting { moving?.alpha = 1 }
                    done(finished)
                })
        case .flipHorizontal:
            flip(context, duration: duration, done: done)
        case .partialCurl:
            curl(context, duration: duration, done: done)
        }
    }

    /// A rotation about y with its own perspective, so it reads as 3D wherever the view is.
    static func flipTransform(_ angle: CGFloat) -> CATransform3D {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / flipEyeDistance
        return CATransform3DRotate(perspective, angle, 0, 1, 0)
    }

    private func flip(_ context: ViewControllerTransitionContext, duration: TimeInterval, done: @escaping (Bool) -> Void) {
        // The outgoing side turns away to edge-on in the first half (right edge going
        // back: UIKit flips right to left), the incoming side turns in during the second.
        let outgoing = context.view(forKey: .from)
        let incoming = context.view(forKey: .to)
        let sign: CGFloat = context.isPresentationTransition ? 1 : -1
        incoming?.layer.transform = Self.flipTransform(-sign * .pi / 2)
        TransitionAnimation.animate(
            duration: duration / 2, curve: .easeIn,
            animations: { outgoing?.layer.transform = Self.flipTransform(sign * .pi / 2) },
            completion: { _ in
                TransitionAnimation.animate(
                    duration: duration / 2, curve: .easeOut,
                    animations: { incoming?.layer.transform = Self.flipTransform(0) },
                    completion: { finished in
                        outgoing?.layer.transform = CATransform3DIdentity
                        incoming?.layer.transform = CATransform3DIdentity
                        done(finished)
                    })
            })
    }

    static func curledTransform(height: CGFloat) -> CATransform3D {
        let lifted = CATransform3DMakeTranslation(0, -height * curlFraction, 0)
        return CATransform3DRotate(lifted, -0.12, 0, 0, 1)
    }

    private func curl(_ context: ViewControllerTransitionContext, duration: TimeInterval, done: @escaping (Bool) -> Void) {
        let container = context.containerView
        if context.isPresentationTransition {
            let toView = context.view(forKey: .to)
            if let toView { container.addSubview(toView) }
            let presenterView: UIView? = context.fromViewController.viewIfLoaded
            guard let snapshot = presenterView?.snapshotView(afterScreenUpdates: false) else {
                done(true)
                return
            }
            snapshot.tag = Self.curlTag
            snapshot.frame = container.bounds
            container.addSubview(snapshot)
            TransitionAnimation.animate(
                duration: duration,
                animations: { snapshot.layer.transform = Self.curledTransform(height: container.bounds.height) },
                completion: done)
        } else {
            let snapshot = container.subviews.first { $0.tag == Self.curlTag }
            TransitionAnimation.animate(
                duration: duration,
                animations: { snapshot?.layer.transform = CATransform3DIdentity },
                completion: { finished in
                    snapshot?.removeFromSuperview()
                    done(finished)
                })
        }
    }
}
