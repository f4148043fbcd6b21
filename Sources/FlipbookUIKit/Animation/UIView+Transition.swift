import Foundation
import FlipbookGeometry
import FlipbookQuartz

extension UIView {
    /// Animates a change of a view's content with a whole-view transition, UIKit's
    /// `transition(with:duration:options:animations:completion:)`.
    ///
    /// A copy of the view's layer tree as it looks before `animations` runs is put in front of
    /// the view (behind it for curlDown); `animations` then applies its changes at once (they
    /// are animated only with `.allowAnimatedContent`), and the copy and the view are animated
    /// in the options' transition style (see `TransitionAnimations`). The copy is removed at
    /// the end, just before `completion`. With no transition style the block's changes animate
    /// as in `animate(withDuration:delay:options:animations:completion:)`. With animations
    /// disabled, a zero duration, or a view without a superlayer (and a style), the changes
    /// apply at once and the completion comes on the next frame.
    public class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
        animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        let method = "transition(with:duration:options:animations:completion:)"
        let spec = animationSpec(
            duration: duration, delay: 0, timing: AnimationTiming(curve: options.curve),
            flags: options.flags | AnimationOptions.overrideInheritedDuration.rawValue
                | AnimationOptions.overrideInheritedCurve.rawValue, method: method)
        let style = TransitionStyle(rawValue: options.transitionStyle)
        if options.transitionStyle > 7 {
            FlipbookDiagnostics.report("UIView.\(method): unknown transition style \(options.transitionStyle); no transition.")
        }
        // With no transition style there is nothing to snapshot: the block animates as a
        // `UIView.animate` block of this duration and curve, as iOS shows it (docs/Divergences.md,
        // "Transitions with no style").
        let animatesContent = options.contains(.allowAnimatedContent)
            || (style == TransitionStyle.none && areAnimationsEnabled && spec.duration > 0)
        guard areAnimationsEnabled, spec.duration > 0, let style, style != .none,
            let superlayer = view.layer.superlayer
        else {
            let tracker = AnimationCompletionTracker(completion, spec: spec)
            applyTransitionBody(animations, animated: animatesContent, spec: spec, tracker: tracker)
            tracker.seal()
            return
        }
        let snapshot = TransitionAnimations.copyTree(of: view.layer)
        if style == .curlDown {
            superlayer.insertSublayer(snapshot, below: view.layer)
        } else {
            superlayer.insertSublayer(snapshot, above: view.layer)
        }
        let tracker = AnimationCompletionTracker({ finished in
            snapshot.removeFromSuperlayer()
            completion?(finished)
        }, spec: spec)
        applyTransitionBody(animations, animated: animatesContent, spec: spec, tracker: tracker)
        // An animator's first block takes the transition's alongside blocks (see
        // runBasicAnimation): they animate with the transition's duration and curve, and its
        // completion waits for them.
        if let alongside = UIViewAnimationRegistry.takeAlongsideOffer(duration: spec.duration) {
            let state = UIViewAnimationState(kind: .basic, spec: spec)
            UIViewAnimationRegistry.run(state) { alongside.join(state) }
            state.commitBasic(tracker: tracker, seal: false)
        }
        TransitionAnimations(style: style, spec: spec).add(view: view.layer, snapshot: snapshot, tracker: tracker)
        // The view is involved in the transition even when only the copy moves (crossDissolve,
        // curlUp): an additive zero on its opacity marks it, so it takes no touches unless
        // allowed (docs/Semantics.md, "UIView animations").
        let marker = CABasicAnimation(keyPath: "opacity")
        marker.fromValue = Float(0)
        marker.toValue = Float(0)
        marker.isAdditive = true
        marker.duration = spec.duration
        tracker.track(marker)
        view.layer.add(marker, forKey: "flipbook.transition.involved")
        tracker.seal()
    }

    /// Replaces `fromView` by `toView` in its superview with a transition, UIKit's
    /// `transition(from:to:duration:options:completion:)`.
    ///
    /// The superview is animated as by `transition(with:…)`. `fromView` is removed from its
    /// superview and `toView` inserted in its place, or, with `.showHideTransitionViews`,
    /// `fromView` is hidden and `toView` shown instead.
    public class func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: ((Bool) -> Void)? = nil
    ) {
        let swap = {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let parent = fromView.superview {
                parent.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }
        guard let container = fromView.superview else {
            FlipbookDiagnostics.report(
                "UIView.transition(from:to:duration:options:completion:): fromView has no superview; nothing to transition.")
            if options.contains(.showHideTransitionViews) { swap() }
            let tracker = AnimationCompletionTracker(completion)
            tracker.seal()
            return
        }
        transition(with: container, duration: duration, options: options, animations: swap, completion: completion)
    }

    /// Runs a transition's body: at once, or recorded as a basic block with `.allowAnimatedContent`
    /// (its animations then count towards `tracker`, which the caller seals).
    static func applyTransitionBody(
        _ animations: (() -> Void)?, animated: Bool, spec: AnimationSpec, tracker: AnimationCompletionTracker
    ) {
        guard let animations else { return }
        if animated {
            let state = UIViewAnimationState(kind: .basic, spec: spec)
            UIViewAnimationRegistry.run(state, animations)
            state.commitBasic(tracker: tracker, seal: false)
        } else {
            let state = UIViewAnimationState(kind: .suppressed, spec: spec)
            UIViewAnimationRegistry.run(state, animations)
        }
    }
}
