import Foundation
import FlipbookQuartz

/// A scroll view's zoom: the scale of the delegate's view for zooming, the limits, the pinch
/// and the progress of a pinch (docs/Semantics.md, "Scroll view zooming").
struct ScrollZoomState {
    var minimum: CGFloat = 1
    var maximum: CGFloat = 1
    var scale: CGFloat = 1
    var isZooming = false
    var isBouncing = false
    /// The pinch, present while `maximum > minimum`.
    var pinch: UIPinchGestureRecognizer?
    /// The view a pinch zooms, from its beginning to its end.
    weak var pinchedView: UIView?
    /// The point of the zoomed view (its own, unscaled coordinates) under the pinch's centre.
    var anchor: CGPoint = .zero
    /// The scale when the pinch began.
    var startScale: CGFloat = 1
    /// The pinch's centre relative to the visible top-left corner, as last seen.
    var centre: CGPoint = .zero
    /// Counts zoom animations, so an older animation's end does not end a newer bounce.
    var animationCount = 0
}

extension UIScrollView {
    /// The delegate's view for zooming, if it has one.
    var viewForZoomingNow: UIView? { delegate?.viewForZooming(in: self) }

    /// `scale` within the limits.
    func clampedZoomScale(_ scale: CGFloat) -> CGFloat {
        min(max(scale, zoomState.minimum), max(zoomState.minimum, zoomState.maximum))
    }

    func setZoomLimit(_ value: CGFloat, minimum: Bool) {
        guard value.isFinite, value > 0 else {
            FlipbookDiagnostics.report(
                "UIScrollView.\(minimum ? "minimumZoomScale" : "maximumZoomScale"): ignored \(value) (must be a positive number).",
                once: "UIScrollView.zoomLimit")
            return
        }
        if minimum { zoomState.minimum = value } else { zoomState.maximum = value }
        updatePinchRecognizer()
    }

    /// Adds the pinch when zooming becomes possible, removes it when it no longer is.
    private func updatePinchRecognizer() {
        if zoomState.maximum > zoomState.minimum {
            guard zoomState.pinch == nil else { return }
            let pinch = UIPinchGestureRecognizer()
            pinch.addTarget(self) { (sv: UIScrollView, g: UIPinchGestureRecognizer) in sv.handlePinch(g) }
            addGestureRecognizer(pinch)
            zoomState.pinch = pinch
        } else if let pinch = zoomState.pinch {
            removeGestureRecognizer(pinch)
            zoomState.pinch = nil
        }
    }

    /// The point of `view` (unscaled) under `q`, a point relative to the visible top-left.
    private func zoomAnchor(of view: UIView, at q: CGPoint) -> CGPoint {
        let origin = view.frame.origin
        let s = zoomState.scale > 0 ? zoomState.scale : 1
        return CGPoint(x: (contentOffset.x + q.x - origin.x) / s, y: (contentOffset.y + q.y - origin.y) / s)
    }

    private var boundsCentre: CGPoint { CGPoint(x: bounds.width / 2, y: bounds.height / 2) }

    func performSetZoomScale(_ scale: CGFloat, animated: Bool) {
        guard scale.isFinite, scale > 0 else {
            FlipbookDiagnostics.report("UIScrollView.setZoomScale: ignored \(scale) (must be a positive number).", once: "UIScrollView.zoomScale")
            return
        }
        guard let view = viewForZoomingNow else { return }
        let q = boundsCentre
        changeZoom(of: view, to: clampedZoomScale(scale), anchor: zoomAnchor(of: view, at: q), at: q, animated: animated)
    }

    func performZoom(to rect: CGRect, animated: Bool) {
        let r = rect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else {
            FlipbookDiagnostics.report("UIScrollView.zoom(to:animated:): ignored non-finite rect \(rect).", once: "UIScrollView.zoomRect")
            return
        }
        guard let view = viewForZoomingNow else { return }
        let sx = r.width > 0 ? bounds.width / r.width : .infinity
        let sy = r.height > 0 ? bounds.height / r.height : .infinity
        let scale = clampedZoomScale(min(sx, sy).isFinite ? min(sx, sy) : zoomState.maximum)
        changeZoom(of: view, to: scale, anchor: CGPoint(x: r.midX, y: r.midY), at: boundsCentre, animated: animated)
    }

    /// Zooms `view` to `scale` keeping its point `anchor` at `q` (within the scrollable range):
    /// at once, or in an animation that UIKit's delegate calls bracket.
    private func changeZoom(of view: UIView, to scale: CGFloat, anchor: CGPoint, at q: CGPoint, animated: Bool) {
        stopMotion()
        guard animated else {
            applyZoom(scale, to: view, anchor: anchor, at: q, clampsOffset: true)
            return
        }
        delegate?.scrollViewWillBeginZooming(self, with: view)
        zoomState.animationCount += 1
        UIView.animate(
            withDuration: ScrollPhysics.animationDuration, delay: 0, options: [.curveEaseInOut, .beginFromCurrentState],
            animations: { self.applyZoom(scale, to: view, anchor: anchor, at: q, clampsOffset: true) },
            completion: { [weak self] _ in
                guard let self else { return }
                self.delegate?.scrollViewDidEndZooming(self, with: view, atScale: scale)
            })
    }

    /// Sets the scale: the view's transform (its frame's origin at the content's origin), the
    /// content size (the view's frame size), the offset that keeps `anchor` at `q`; then
    /// `scrollViewDidZoom` (while pinching, or when the scale changed).
    private func applyZoom(_ scale: CGFloat, to view: UIView, anchor: CGPoint, at q: CGPoint, clampsOffset: Bool) {
        let zooms = zoomState.isZooming || zoomState.scale != scale
            || view.transform != CGAffineTransform(scaleX: scale, y: scale)
        let size = view.bounds.size
        let anchorPoint = view.layer.anchorPoint
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        view.center = CGPoint(x: anchorPoint.x * size.width * scale, y: anchorPoint.y * size.height * scale)
        zoomState.scale = scale
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        var offset = CGPoint(x: anchor.x * scale - q.x, y: anchor.y * scale - q.y)
        if clampsOffset { offset = clampedOffset(offset) }
        if offset != contentOffset { bounds.origin = offset }
        if zooms { delegate?.scrollViewDidZoom(self) }
    }

    // MARK: Pinch

    func pinchShouldBegin() -> Bool { viewForZoomingNow != nil }

    private func handlePinch(_ g: UIPinchGestureRecognizer) {
        switch g.state {
        case .began:
            guard let view = viewForZoomingNow else { return }
            stopMotion()
            let c = g.location(in: self)
            let q = CGPoint(x: c.x - contentOffset.x, y: c.y - contentOffset.y)
            zoomState.pinchedView = view
            zoomState.isZooming = true
            zoomState.isBouncing = false
            zoomState.anchor = zoomAnchor(of: view, at: q)
            zoomState.startScale = zoomState.scale
            zoomState.centre = q
            delegate?.scrollViewWillBeginZooming(self, with: view)
            pinchChanged(g)
        case .changed:
            pinchChanged(g)
        case .ended, .cancelled, .failed:
            pinchEnded()
        default:
            break
        }
    }

    /// The pinch's scale past the limits, with resistance (the square root of the excess)
    /// when `bouncesZoom`, else stopped at them.
    private func pinchedScale(_ raw: CGFloat) -> CGFloat {
        let lo = zoomState.minimum, hi = max(zoomState.minimum, zoomState.maximum)
        if raw > hi { return bouncesZoom ? hi * (raw / hi).squareRoot() : hi }
        if raw < lo { return bouncesZoom ? lo * (raw / lo).squareRoot() : lo }
        return raw
    }

    private func pinchChanged(_ g: UIPinchGestureRecognizer) {
        guard let view = zoomState.pinchedView else { return }
        let raw = zoomState.startScale * g.scale
        guard raw.isFinite, raw > 0 else { return }
        let c = g.location(in: self)
        let q = CGPoint(x: c.x - contentOffset.x, y: c.y - contentOffset.y)
        zoomState.centre = q
        applyZoom(pinchedScale(raw), to: view, anchor: zoomState.anchor, at: q, clampsOffset: false)
    }

    /// The pinch ended: `scrollViewDidEndZooming` with the scale the zoom comes to rest at, then
    /// (past a limit, or with the content past an edge) a spring back into range
    /// (`isZoomBouncing` meanwhile).
    private func pinchEnded() {
        guard let view = zoomState.pinchedView else { return }
        zoomState.pinchedView = nil
        zoomState.isZooming = false
        let scale = zoomState.scale
        let target = clampedZoomScale(scale)
        let needsBounce = target != scale || clampedOffset(contentOffset) != contentOffset
        zoomState.isBouncing = target != scale
        delegate?.scrollViewDidEndZooming(self, with: view, atScale: target)
        guard needsBounce else { return }
        zoomState.animationCount += 1
        let count = zoomState.animationCount
        let q = zoomState.centre
        let anchor = zoomAnchor(of: view, at: q)
        UIView.animate(
            withDuration: ScrollPhysics.animationDuration, delay: 0, options: [.curveEaseOut, .beginFromCurrentState],
            animations: { self.applyZoom(target, to: view, anchor: anchor, at: q, clampsOffset: true) },
            completion: { [weak self] _ in
                guard let self, self.zoomState.animationCount == count else { return }
                self.zoomState.isBouncing = false
            })
    }
}
