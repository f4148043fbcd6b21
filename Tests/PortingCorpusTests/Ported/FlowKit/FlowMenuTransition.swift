//
//  FlowMenuTransition.swift
//  FlowKit
//
//  A side menu that pours in from the left edge. The menu is presented full screen; once it is
//  in, the app's screen goes back into the key window underneath it, so the part the menu does
//  not cover keeps showing the app. The menu's edge is a wave: a rectangle with an oval cut out
//  of it (the oval reversed, so the non-zero rule leaves a hole), drawn by a shape layer.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

public final class FlowMenuTransition: NSObject {
    public var menuWidth: CGFloat = 260
    public var duration: TimeInterval = 0.35
    fileprivate var presenting = true
    public private(set) var waveLayer: CAShapeLayer?

    func wavePath(in bounds: CGRect, bulge: CGFloat) -> UIBezierPath {
        let path = UIBezierPath(rect: bounds)
        let oval = CGRect(x: bounds.maxX - bulge, y: bounds.midY - 160, width: bulge * 2, height: 320)
        path.append(UIBezierPath(ovalIn: oval).reversing())
        return path
    }
}

extension FlowMenuTransition: UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self.presenting = true
        return self
    }

    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self.presenting = false
        return self
    }
}

extension FlowMenuTransition: UIViewControllerAnimatedTransitioning {
    public func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    public func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let fromVC = transitionContext.viewController(forKey: .from)!
        let toVC = transitionContext.viewController(forKey: .to)!
        let container = transitionContext.containerView
        if presenting {
            let menuView = toVC.view!
            container.addSubview(fromVC.view)
            container.addSubview(menuView)
            menuView.frame = CGRect(x: -menuWidth, y: 0, width: menuWidth, height: container.bounds.height)
            let wave = CAShapeLayer()
            wave.fillColor = menuView.backgroundColor?.cgColor
            wave.path = wavePath(in: CGRect(x: 0, y: 0, width: 40, height: container.bounds.height), bulge: 30).cgPath
            wave.frame = CGRect(x: menuWidth, y: 0, width: 40, height: container.bounds.height)
            menuView.layer.addSublayer(wave)
            waveLayer = wave
            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseOut], animations: {
                menuView.frame.origin.x = 0
            }, completion: { _ in
                wave.removeFromSuperlayer()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                // The app stays visible beside the menu.
                UIApplication.shared.keyWindow?.insertSubview(fromVC.view, at: 0)
            })
        } else {
            let menuView = fromVC.view!
            let appView = toVC.view!
            appView.frame = container.bounds
            container.addSubview(appView)
            container.addSubview(menuView)
            UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseIn], animations: {
                menuView.frame.origin.x = -self.menuWidth
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}
