import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The transition styles of `UIView.AnimationOptions` bits 20–23.
enum TransitionStyle: UInt {
    case none = 0, flipFromLeft, flipFromRight, curlUp, curlDown, crossDissolve, flipFromTop, flipFromBottom
}

/// Builds the Core Animation animations of one `transition(with:…)` run.
///
/// - Flips: the old content (the snapshot) turns from 0 to ±π/2 about the view's vertical
///   (left/right) or horizontal (top/bottom) axis during the first half, then the view turns
///   from ∓π/2 to 0 during the second half, both under a perspective with eye distance
///   2 × the view's longer side. "From left" brings the left edge towards the viewer.
/// - crossDissolve: the snapshot fades from 1 to 0 over the view.
/// - curlUp: the snapshot slides up by its height while fading out (an approximation).
/// - curlDown: the view slides down from one height above while the snapshot stays behind
///   it (an approximation).
/// The whole transition is paced by the options' curve.
@preconcurrency @MainActor
struct TransitionAnimations {
    let style: TransitionStyle
    let spec: AnimationSpec

    /// Adds the style's animations to `view` (the real layer) and `snapshot` (its copy).
    func add(view: CALayer, snapshot: CALayer, tracker: AnimationCompletionTracker) {
        let size = view.bounds.size
        let eye = max(max(size.width, size.height) * 2, 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / eye
        let base = view.transform
        func turned(_ angle: CGFloat, aboutY: Bool) -> CATransform3D {
            let rotation = aboutY ? CATransform3DMakeRotation(angle, 0, 1, 0) : CATransform3DMakeRotation(angle, 1, 0, 0)
            return CATransform3DConcat(CATransform3DConcat(rotation, perspective), base)
        }
        switch style {
        case .none:
            return
        case .flipFromLeft, .flipFromRight, .flipFromTop, .flipFromBottom:
            let aboutY = style == .flipFromLeft || style == .flipFromRight
            // Left edge forward: +π/2 about y; top edge forward: −π/2 about x.
            let sign: CGFloat = (style == .flipFromLeft || style == .flipFromBottom) ? 1 : -1
            let half = CGFloat.pi / 2
            let old = keyframes("transform", [turned(0, aboutY: aboutY), turned(sign * half, aboutY: aboutY), turned(sign * half, aboutY: aboutY)], [0, 0.5, 1])
            let new = keyframes("transform", [turned(-sign * half, aboutY: aboutY), turned(-sign * half, aboutY: aboutY), turned(0, aboutY: aboutY)], [0, 0.5, 1])
            add(old, to: snapshot, tracker: tracker)
            add(new, to: view, tracker: tracker)
        case .crossDissolve:
            add(basic("opacity", from: snapshot.opacity, to: Float(0)), to: snapshot, tracker: tracker)
        case .curlUp:
            let up = CATransform3DConcat(base, CATransform3DMakeTranslation(0, -size.height, 0))
            add(basic("transform", from: base, to: up), to: snapshot, tracker: tracker)
            add(basic("opacity", from: snapshot.opacity, to: Float(0)), to: snapshot, tracker: tracker)
        case .curlDown:
            let above = CATransform3DConcat(base, CATransform3DMakeTranslation(0, -size.height, 0))
            add(basic("transform", from: above, to: base), to: view, tracker: tracker)
        }
    }

    private func keyframes(_ keyPath: String, _ values: [CATransform3D], _ times: [Double]) -> CAAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.keyTimes = times.map { NSNumber(value: $0) }
        return animation
    }

    private func basic(_ keyPath: String, from: Any, to: Any) -> CAAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        return animation
    }

    private func add(_ animation: CAAnimation, to layer: CALayer, tracker: AnimationCompletionTracker) {
        animation.duration = spec.duration
        if case let .bezier(x1, y1, x2, y2) = spec.timing {
            animation.timingFunction = CAMediaTimingFunction(controlPoints: x1, y1, x2, y2)
        }
        tracker.track(animation)
        layer.add(animation, forKey: "flipbook.transition.\((animation as? CAPropertyAnimation)?.keyPath ?? "")")
    }

    /// A copy of `layer` and its sublayers as the last commit left them (model values then, no
    /// animations, no delegate), used to show the old content during a transition: what is on
    /// screen, so changes made earlier in this turn (a child swapped before the call) are part
    /// of the new content, as on iOS (CALayer+CommittedState.swift).
    static func copyTree(of layer: CALayer) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        return copySubtree(of: layer)
    }

    private static func copySubtree(of layer: CALayer) -> CALayer {
        let copy = type(of: layer).init(_flipbookCopyOf: layer)
        copy.delegate = nil
        copy.sublayers = nil
        layer.applyCommittedValues(to: copy)
        for sublayer in layer.sublayersAsCommitted ?? [] { copy.addSublayer(copySubtree(of: sublayer)) }
        if let mask = layer.mask { copy.mask = copySubtree(of: mask) }
        return copy
    }
}
