import Foundation
import FlipbookGeometry

extension UIView {
    /// System-provided animations, UIKit's `UIView.SystemAnimation` (iOS 7).
    public enum SystemAnimation: UInt, Sendable {
        /// The views fade out and shrink, then leave their superviews.
        case delete = 0
    }

    /// How long `.delete` lasts, in seconds (Apple does not publish it; see docs/Divergences.md).
    static let systemDeleteDuration: TimeInterval = 0.3
    /// The scale `.delete` shrinks each view to, about its centre.
    static let systemDeleteScale: CGFloat = 0.5

    /// Performs a system animation on `views`, with `parallelAnimations` run alongside in the
    /// same animation, UIKit's `perform(_:on:options:animations:completion:)`.
    ///
    /// `.delete`: each view's alpha goes to 0 and its transform shrinks to half its size over
    /// 0.3 seconds (with the options' curve, ease-in-out by default); at the end every view is
    /// removed from its superview and gets back its alpha and transform (so it can be shown
    /// again), then `completion` runs once with whether the animation ran to its end. A view
    /// without a superview still animates and is simply left out.
    public class func perform(
        _ animation: UIView.SystemAnimation, on views: [UIView], options: UIView.AnimationOptions = [],
        animations parallelAnimations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        switch animation {
        case .delete:
            let saved = views.map { (view: $0, alpha: $0.alpha, transform: $0.transform) }
            animate(
                withDuration: systemDeleteDuration, delay: 0, options: options,
                animations: {
                    for v in views {
                        v.alpha = 0
                        v.transform = v.transform.scaledBy(x: systemDeleteScale, y: systemDeleteScale)
                    }
                    parallelAnimations?()
                },
                completion: { finished in
                    for s in saved {
                        s.view.removeFromSuperview()
                        s.view.alpha = s.alpha
                        s.view.transform = s.transform
                    }
                    completion?(finished)
                })
        }
    }
}
