import Foundation
import FlipbookQuartz

extension UIViewController {
    /// UIKit's `transition(from:to:duration:options:animations:completion:)` for custom
    /// containers (docs/Semantics.md, "Child view-controller transitions").
    ///
    /// Both controllers must be children of the receiver, `from`'s view must be in a view
    /// hierarchy and `to` must differ from `from`; otherwise (UIKit raises) the misuse is
    /// reported and nothing happens, no completion included. The transition:
    /// 1. with the receiver's appearance forwarded automatically and its view on screen,
    ///    `from` gets `viewWillDisappear`, then `to` gets `viewWillAppear`;
    /// 2. `to`'s view is added to `from`'s superview, just above `from`'s view, and `animations`
    ///    runs: as a `UIView.animate` block with these options, or, when the options hold a
    ///    transition style, inside `UIView.transition(with:)` on that superview (the old
    ///    content flips, curls or dissolves into the new);
    /// 3. when it has finished, `from`'s view is removed, `from` gets `viewDidDisappear` and `to`
    ///    `viewDidAppear`, then `completion` runs.
    /// Adding `to` (`addChild`) before and removing `from` (`willMove(toParent: nil)`,
    /// `removeFromParent()`) after stay the caller's work, as in UIKit.
    func performChildTransition(
        from fromVC: UIViewController, to toVC: UIViewController, duration: TimeInterval,
        options: UIView.AnimationOptions, animations: (() -> Void)?, completion: ((Bool) -> Void)?
    ) {
        let method = "UIViewController.transition(from:to:duration:options:animations:completion:)"
        guard fromVC.parent === self, toVC.parent === self else {
            FlipbookDiagnostics.report(
                "\(method): both view controllers must be children of \(describe(self)) (from's parent is \(describe(fromVC.parent)), to's is \(describe(toVC.parent))); nothing happens.")
            return
        }
        guard fromVC !== toVC else {
            FlipbookDiagnostics.report("\(method): from and to are the same view controller (\(describe(fromVC))); nothing happens.")
            return
        }
        let fromView = fromVC.view!
        guard let container = fromView.superview else {
            FlipbookDiagnostics.report(
                "\(method): the view of \(describe(fromVC)) is not in a view hierarchy, so there is nowhere to put the view of \(describe(toVC)); nothing happens.")
            return
        }
        let toView = toVC.view!
        let animated = duration.isFinite && duration > 0 && UIView.areAnimationsEnabled
        let forwards = shouldAutomaticallyForwardAppearanceMethods
            && (appearanceState == .appeared || appearanceState == .appearing)
        if forwards {
            fromVC.beginAppearanceTransition(false, animated: animated)
            toVC.beginAppearanceTransition(true, animated: animated)
        }
        let finish: (Bool) -> Void = { finished in
            fromView.removeFromSuperview()
            if forwards {
                fromVC.endAppearanceTransition()
                toVC.endAppearanceTransition()
            }
            completion?(finished)
        }
        let insert = {
            if toView.superview !== container || toView.isHidden {
                container.insertSubview(toView, aboveSubview: fromView)
            }
        }
        if options.transitionStyle != 0 {
            UIView.transition(with: container, duration: duration, options: options, animations: {
                insert()
                animations?()
            }, completion: finish)
        } else {
            UIView.performWithoutAnimation(insert)
            UIView.animate(withDuration: duration, delay: 0, options: options, animations: animations ?? {}, completion: finish)
        }
    }
}
