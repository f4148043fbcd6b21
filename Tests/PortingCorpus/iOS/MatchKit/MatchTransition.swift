//
//  MatchTransition.swift
//  MatchKit
//
//  Moves a view of the presenting screen onto the view with the same match identifier on the
//  presented one, on MatchKit's own curve: the frame change is made in a UIView animation
//  block, then the animations UIKit added for it are given `curve` and added again.
//

#if canImport(UIKit)
import UIKit

private var matchIdentifierKey: UInt8 = 0

public extension UIView {
    /// Views with equal identifiers on both screens are matched.
    var matchIdentifier: String? {
        get { return objc_getAssociatedObject(self, &matchIdentifierKey) as? String }
        set { objc_setAssociatedObject(self, &matchIdentifierKey, newValue, .OBJC_ASSOCIATION_COPY_NONATOMIC) }
    }

    func firstView(matching identifier: String) -> UIView? {
        if matchIdentifier == identifier { return self }
        for subview in subviews {
            if let found = subview.firstView(matching: identifier) { return found }
        }
        return nil
    }
}

public class MatchTransition: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {

    public var identifier = "hero"
    public var duration: TimeInterval = 0.6
    /// MatchKit's curve (a fast start, a long settle), given to every captured animation.
    public let curve = CAMediaTimingFunction(controlPoints: 0.2, 0, 0, 1)
    private var presenting = true

    /// The sizes the moving snapshot went between, read back by key as UIKit boxes them.
    public private(set) var sizes: [CGSize] = []

    public func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    public func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to) else { return }
        let container = transitionContext.containerView
        toVC.view.frame = transitionContext.finalFrame(for: toVC)
        if presenting {
            container.addSubview(toVC.view)
        } else {
            container.insertSubview(toVC.view, belowSubview: fromVC.view)
        }
        toVC.view.layoutIfNeeded()
        guard let source = fromVC.view.firstView(matching: identifier),
              let target = toVC.view.firstView(matching: identifier) else {
            transitionContext.completeTransition(true)
            return
        }
        let mover = UIView(frame: container.convert(source.bounds, from: source))
        mover.backgroundColor = source.backgroundColor
        mover.layer.cornerRadius = source.layer.cornerRadius
        container.addSubview(mover)
        source.isHidden = true
        target.isHidden = true
        let appearing = presenting ? toVC.view! : fromVC.view!
        appearing.alpha = presenting ? 0 : 1
        let end = container.convert(target.bounds, from: target)

        let added = CALayer.capture(duration: duration) {
            mover.frame = end
            mover.layer.cornerRadius = target.layer.cornerRadius
            appearing.alpha = self.presenting ? 1 : 0
        }
        mover.layer.shadowRadius = 12
        mover.layer.shadowOffset = CGSize(width: 0, height: 6)
        lift(mover.layer, \.shadowOpacity, from: presenting ? 0 : 0.35, to: presenting ? 0.35 : 0)
        for (layer, key, animation) in added {
            layer.removeAnimation(forKey: key)
            animation.timingFunction = curve
            layer.add(animation, forKey: "match." + key)
        }
        if let size = mover.layer.value(forKeyPath: "bounds.size") as? NSValue {
            sizes.append(size.cgSizeValue)
        }

        DispatchQueue.main.asyncAfter(deadline: .now() + duration) {
            source.isHidden = false
            target.isHidden = false
            mover.removeFromSuperview()
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }

    /// Animates one layer property over the transition, keyed by the property's own name.
    private func lift<T>(_ layer: CALayer, _ path: ReferenceWritableKeyPath<CALayer, T>, from: T, to: T) {
        let key = path._kvcKeyPathString!
        let animation = CABasicAnimation(keyPath: key)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.timingFunction = curve
        layer.add(animation, forKey: key)
        layer[keyPath: path] = to
    }

    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self.presenting = true
        return self
    }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self.presenting = false
        return self
    }
}
#endif
