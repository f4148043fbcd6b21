import Foundation
import FlipbookQuartz

// iOS 18's `preferredTransition` (the SDK's UIViewControllerTransition and the
// UIZoomTransition* classes, under their Swift names). The zoom itself is
// ZoomTransitionAnimator (one animator run by the shared TransitionEngine) and its
// interactive dismissal ZoomDismissal; docs/Semantics.md, "Zoom transition".

extension UIViewController {
    /// The transition UIKit uses when this controller is presented or pushed (iOS 18), unless
    /// a transitioning delegate (or navigation delegate) supplies an animator. `nil` (the
    /// default) keeps `modalTransitionStyle` and the navigation slide. Read when each
    /// transition starts: a change while one runs applies to the next.
    @available(iOS 18.0, *)
    public var preferredTransition: UIViewController.Transition? {
        get { storedPreferredTransition }
        set { storedPreferredTransition = newValue }
    }

    /// The zoom transition this controller uses now, if any.
    var zoomTransition: Transition? {
        guard let transition = storedPreferredTransition, case .zoom = transition.style else { return nil }
        return transition
    }

    /// `modalPresentationStyle` as presented: `.automatic` is full screen under a zoom
    /// transition (docs/Semantics.md, "Zoom transition"), else the usual resolution.
    var resolvedModalPresentationStyle: UIModalPresentationStyle {
        if modalPresentationStyle == .automatic, zoomTransition != nil { return .fullScreen }
        return modalPresentationStyle.resolved
    }

    /// The modal transition style a non-zoom `preferredTransition` stands for, else
    /// `modalTransitionStyle`.
    var effectiveModalTransitionStyle: UIModalTransitionStyle {
        guard let transition = storedPreferredTransition else { return modalTransitionStyle }
        switch transition.style {
        case let .modal(style): return style
        case .zoom: return modalTransitionStyle
        }
    }

    /// An object that defines the transition animation when switching to a new view controller
    /// (UIKit's `UIViewControllerTransition`). Made by its class methods only.
    @available(iOS 18.0, *)
    @preconcurrency @MainActor
    public class Transition: NSObject {
        enum Style {
            case zoom(options: ZoomOptions?, provider: (ZoomSourceViewProviderContext) -> UIView?)
            case modal(UIModalTransitionStyle)
        }

        let style: Style

        required init(style: Style) {
            self.style = style
            super.init()
        }

        /// Zooms the presented or pushed controller's view out of the view `sourceViewProvider`
        /// returns, and back into the view it returns when the controller is dismissed or
        /// popped. The provider may be called several times in a transition's life, so that
        /// the transition follows the current visuals (a list that scrolled, a detail that
        /// paged to another item); return nil when there is no such view (the zoom then
        /// shrinks and fades to the centre).
        public static func zoom(
            options: UIViewController.Transition.ZoomOptions? = nil,
            sourceViewProvider: @escaping (UIViewController.Transition.ZoomSourceViewProviderContext) -> UIView?
        ) -> Self {
            Self(style: .zoom(options: options, provider: sourceViewProvider))
        }

        /// The `UIModalTransitionStyle.coverVertical` animation.
        public static func coverVertical() -> Self { Self(style: .modal(.coverVertical)) }
        /// The `UIModalTransitionStyle.flipHorizontal` animation.
        public static func flipHorizontal() -> Self { Self(style: .modal(.flipHorizontal)) }
        /// The `UIModalTransitionStyle.crossDissolve` animation.
        public static func crossDissolve() -> Self { Self(style: .modal(.crossDissolve)) }
        /// The `UIModalTransitionStyle.partialCurl` animation.
        public static func partialCurl() -> Self { Self(style: .modal(.partialCurl)) }

        public override var description: String {
            switch style {
            case .zoom: return "<UIViewController.Transition: zoom>"
            case let .modal(style): return "<UIViewController.Transition: \(style)>"
            }
        }

        /// What a zoom transition's source view provider is given
        /// (`UIZoomTransitionSourceViewProviderContext`).
        @preconcurrency @MainActor
        public class ZoomSourceViewProviderContext: NSObject {
            /// The controller the zoom starts from (the presenter, or the controller below
            /// in the navigation stack).
            public let sourceViewController: UIViewController
            /// The controller being zoomed (the presented or pushed one).
            public let zoomedViewController: UIViewController

            init(sourceViewController: UIViewController, zoomedViewController: UIViewController) {
                self.sourceViewController = sourceViewController
                self.zoomedViewController = zoomedViewController
                super.init()
            }
        }

        /// Options for a zoom transition (`UIZoomTransitionOptions`).
        @preconcurrency @MainActor
        open class ZoomOptions: NSObject {
            /// Asked when an interactive dismissal is about to begin (a drag, a pinch, an edge
            /// swipe, or a touch that takes hold of a dismissal in progress); return false to
            /// refuse it. Nil allows every interaction the zoom would begin by itself.
            open var interactiveDismissShouldBegin: ((UIViewController.Transition.ZoomOptions.InteractionContext) -> Bool)?
            /// Returns the rectangle of the zoomed controller's view, in that view's
            /// coordinates, to which the source view is aligned; nil for no preference (the
            /// whole view, centred).
            open var alignmentRectProvider: ((UIViewController.Transition.ZoomOptions.AlignmentRectContext) -> CGRect?)?
            /// The colour of the dimming behind the zoomed view (nil: the zoom's default,
            /// black at 20 %).
            open var dimmingColor: UIColor?
            /// A blur behind the zoomed view instead of the plain dimming (nil: none).
            open var dimmingVisualEffect: UIBlurEffect?

            public override init() { super.init() }

            /// Data to decide whether an interactive dismissal may begin
            /// (`UIZoomTransitionInteractionContext`).
            @preconcurrency @MainActor
            public class InteractionContext: NSObject {
                /// The touch's location, in the zoomed controller's view.
                public let location: CGPoint
                /// The touch's velocity, in points per second.
                public let velocity: CGVector
                /// True when the interaction begins a new dismissal; false when it takes hold
                /// of a dismissal already running (its settle).
                public let willBegin: Bool

                init(location: CGPoint, velocity: CGVector, willBegin: Bool) {
                    self.location = location
                    self.velocity = velocity
                    self.willBegin = willBegin
                    super.init()
                }
            }

            /// The views an alignment rectangle is asked for
            /// (`UIZoomTransitionAlignmentRectContext`).
            @preconcurrency @MainActor
            public class AlignmentRectContext: NSObject {
                /// The source view the zoom starts from or ends in.
                public let sourceView: UIView
                /// The controller being zoomed.
                public let zoomedViewController: UIViewController

                init(sourceView: UIView, zoomedViewController: UIViewController) {
                    self.sourceView = sourceView
                    self.zoomedViewController = zoomedViewController
                    super.init()
                }
            }
        }
    }
}
