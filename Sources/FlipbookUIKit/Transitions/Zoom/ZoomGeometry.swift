import Foundation
import FlipbookGeometry

/// The zoom transition's numbers, in one place. Apple documents none of them; each is
/// Flipbook's choice, with its reason in docs/Semantics.md ("Zoom transition").
enum ZoomSpec {
    /// The spring of a zoom that runs on its own (present, push, dismiss, pop): iOS 17's
    /// perceptual spring of this duration and bounce.
    static let springDuration: TimeInterval = 0.5
    static let zoomInBounce: CGFloat = 0.1
    static let zoomOutBounce: CGFloat = 0
    /// The spring after an interactive dismissal is released (the release velocity is added).
    static let settleDuration: TimeInterval = 0.45
    static let settleBounce: CGFloat = 0.1
    /// What `transitionDuration(using:)` answers (the springs run until they settle).
    static let transitionDuration: TimeInterval = 0.5

    /// The dimming behind the zoomed view when `ZoomOptions.dimmingColor` is nil.
    static let defaultDimmingWhite: CGFloat = 0
    static let defaultDimmingAlpha: CGFloat = 0.2

    /// The fallback (no usable source view): the view zooms from / to this scale of itself
    /// about its centre, fading in / out.
    static let fallbackScale: CGFloat = 0.5

    /// Drag: the view's scale k(d) = 1 − (1 − minimumDragScale)(1 − e^(−d / dragScaleLength)),
    /// d the finger's distance from where it went down.
    static let minimumDragScale: CGFloat = 0.4
    static let dragScaleLength: CGFloat = 400
    /// Drag: the corner radius grows to this (screen points) over the first `cornerRampDistance`.
    static let interactiveCornerRadius: CGFloat = 40
    static let cornerRampDistance: CGFloat = 40
    /// Pinch: scales above 1 are rubber-banded by this factor; no scale below `minimumPinchScale`.
    static let pinchOverscale: CGFloat = 0.25
    static let minimumPinchScale: CGFloat = 0.2

    /// Release: the position is projected `projectionTime` seconds ahead with the velocity.
    static let projectionTime: CGFloat = 0.15
    /// Release of a drag or edge swipe: finish when the projected distance reaches
    /// `finishDistance` while not moving back faster than `cancelSpeed`, or when moving away
    /// faster than `flickSpeed` (points per second along the drag).
    static let finishDistance: CGFloat = 100
    static let cancelSpeed: CGFloat = 300
    static let flickSpeed: CGFloat = 800
    /// Release of a pinch: finish when the projected scale is below this.
    static let finishPinchScale: CGFloat = 0.8
    /// The relative release velocity handed to the settle spring is kept within this.
    static let maximumRelativeVelocity: CGFloat = 30

    /// A drag must move this far before the dismissal begins (the pan's own threshold is the
    /// recognizer's); a mostly upward drag never begins one.
    static let upwardAngleLimit: CGFloat = 1  // |dy| > |dx| · this, dy < 0: upward
}

/// One frame of the zoom: where the clip (the rounded window the zoomed view is seen
/// through) is, where the zoomed view's centre is and how much it is scaled, in the
/// container's coordinates; plus the clip's corner radius, the dimming's opacity (0…1 of
/// its colour) and the zoomed view's opacity. Every component is linear in the zoom's
/// progress, so one spring moving every property gives `interpolated(_:_:p)` at the spring's
/// value p (docs/Semantics.md, "Zoom transition").
struct ZoomState: Equatable, Sendable {
    var clip: CGRect
    var contentCenter: CGPoint
    var contentScale: CGFloat
    var cornerRadius: CGFloat
    var dimming: CGFloat
    var alpha: CGFloat

    /// The zoomed view at its final frame: nothing clipped, no rounding, full dimming.
    static func full(_ frame: CGRect) -> ZoomState {
        ZoomState(
            clip: frame, contentCenter: CGPoint(x: frame.midX, y: frame.midY), contentScale: 1, cornerRadius: 0,
            dimming: 1, alpha: 1)
    }

    /// The zoomed view seen through the source view's frame `source` (container coordinates):
    /// scaled to cover it (aspect fill) with `alignment` (a rect of the zoomed view's bounds,
    /// by default all of them) centred on it; the clip is the source's frame with its corner
    /// radius.
    static func source(
        _ source: CGRect, cornerRadius: CGFloat, finalFrame: CGRect, alignment: CGRect? = nil
    ) -> ZoomState {
        let bounds = CGRect(origin: .zero, size: finalFrame.size)
        let a = (alignment.map { $0.isNull || $0.isEmpty ? bounds : $0 }) ?? bounds
        let scale = max(source.width / max(a.width, 1e-6), source.height / max(a.height, 1e-6))
        let center = CGPoint(
            x: source.midX - scale * (a.midX - bounds.midX), y: source.midY - scale * (a.midY - bounds.midY))
        return ZoomState(
            clip: source, contentCenter: center, contentScale: scale, cornerRadius: cornerRadius, dimming: 0, alpha: 1)
    }

    /// The fallback end: the view at `ZoomSpec.fallbackScale` of itself about its centre,
    /// transparent.
    static func fallback(_ frame: CGRect) -> ZoomState {
        let k = ZoomSpec.fallbackScale
        let center = CGPoint(x: frame.midX, y: frame.midY)
        let clip = CGRect(
            x: center.x - frame.width * k / 2, y: center.y - frame.height * k / 2, width: frame.width * k,
            height: frame.height * k)
        return ZoomState(clip: clip, contentCenter: center, contentScale: k, cornerRadius: 0, dimming: 0, alpha: 0)
    }

    /// a + (b − a)·p, component by component.
    static func interpolated(_ a: ZoomState, _ b: ZoomState, _ p: CGFloat) -> ZoomState {
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * p }
        return ZoomState(
            clip: CGRect(
                x: mix(a.clip.minX, b.clip.minX), y: mix(a.clip.minY, b.clip.minY),
                width: mix(a.clip.width, b.clip.width), height: mix(a.clip.height, b.clip.height)),
            contentCenter: CGPoint(x: mix(a.contentCenter.x, b.contentCenter.x), y: mix(a.contentCenter.y, b.contentCenter.y)),
            contentScale: mix(a.contentScale, b.contentScale), cornerRadius: mix(a.cornerRadius, b.cornerRadius),
            dimming: mix(a.dimming, b.dimming), alpha: mix(a.alpha, b.alpha))
    }

    /// The interactive dismissal's frame: this state scaled by `k` about `anchor` (where the
    /// finger went down, so the point under it stays under it), then moved by `translation`;
    /// the corner radius at least `radius`; the dimming times `dimmingFactor`.
    func following(anchor: CGPoint, translation: CGPoint, scale k: CGFloat, radius: CGFloat, dimmingFactor: CGFloat) -> ZoomState {
        func map(_ p: CGPoint) -> CGPoint {
            CGPoint(x: anchor.x + (p.x - anchor.x) * k + translation.x, y: anchor.y + (p.y - anchor.y) * k + translation.y)
        }
        let origin = map(clip.origin)
        return ZoomState(
            clip: CGRect(origin: origin, size: CGSize(width: clip.width * k, height: clip.height * k)),
            contentCenter: map(contentCenter), contentScale: contentScale * k, cornerRadius: max(cornerRadius, radius),
            dimming: dimming * dimmingFactor, alpha: alpha)
    }

    /// Whether every number is finite (a NaN source frame falls back).
    var isFinite: Bool {
        [clip.minX, clip.minY, clip.width, clip.height, contentCenter.x, contentCenter.y, contentScale, cornerRadius, dimming, alpha]
            .allSatisfy(\.isFinite)
    }
}

/// The interactive dismissal's laws (docs/Semantics.md, "Zoom transition").
enum ZoomInteractionLaw {
    /// k(d) = 1 − (1 − kMin)(1 − e^(−d/L)).
    static func dragScale(distance d: CGFloat) -> CGFloat {
        let kMin = ZoomSpec.minimumDragScale
        return 1 - (1 - kMin) * (1 - exp(-max(d, 0) / ZoomSpec.dragScaleLength))
    }

    /// The pinch's scale: g below 1 (not under the minimum), rubber-banded above.
    static func pinchScale(_ g: CGFloat) -> CGFloat {
        guard g.isFinite else { return 1 }
        if g > 1 { return 1 + (g - 1) * ZoomSpec.pinchOverscale }
        return max(g, ZoomSpec.minimumPinchScale)
    }

    /// The interaction's progress reported to the context: how far the view has shrunk
    /// towards the drag's minimum, 0…1.
    static func progress(scale k: CGFloat) -> CGFloat {
        min(max((1 - k) / (1 - ZoomSpec.minimumDragScale), 0), 1)
    }

    /// The corner radius while dragged `d` points.
    static func cornerRadius(distance d: CGFloat) -> CGFloat {
        ZoomSpec.interactiveCornerRadius * min(max(d, 0) / ZoomSpec.cornerRampDistance, 1)
    }

    /// Whether a released drag (translation `t`, velocity `v`, points and points per second)
    /// finishes the dismissal.
    static func dragFinishes(translation t: CGPoint, velocity v: CGPoint) -> Bool {
        let length = hypot(t.x, t.y)
        let speed = hypot(v.x, v.y)
        let direction: CGPoint
        if length > 0.5 {
            direction = CGPoint(x: t.x / length, y: t.y / length)
        } else if speed > 0 {
            direction = CGPoint(x: v.x / speed, y: v.y / speed)
        } else {
            return false
        }
        let along = v.x * direction.x + v.y * direction.y
        if along > ZoomSpec.flickSpeed { return true }
        let tau = ZoomSpec.projectionTime
        let projected = hypot(t.x + tau * v.x, t.y + tau * v.y)
        return projected >= ZoomSpec.finishDistance && along > -ZoomSpec.cancelSpeed
    }

    /// Whether a released pinch (scale `g`, scale velocity `gv` per second) finishes.
    static func pinchFinishes(scale g: CGFloat, velocity gv: CGFloat) -> Bool {
        guard g.isFinite, gv.isFinite else { return false }
        return g + ZoomSpec.projectionTime * gv < ZoomSpec.finishPinchScale
    }

    /// The settle spring's initial velocity, relative (whole distances per second, UIKit's
    /// convention): the release velocity's share along the way from `from` to `to`.
    static func relativeVelocity(_ v: CGPoint, from: CGPoint, to: CGPoint) -> CGFloat {
        let dx = to.x - from.x, dy = to.y - from.y
        let squared = dx * dx + dy * dy
        guard squared > 1, v.x.isFinite, v.y.isFinite else { return 0 }
        let r = (v.x * dx + v.y * dy) / squared
        return min(max(r, -ZoomSpec.maximumRelativeVelocity), ZoomSpec.maximumRelativeVelocity)
    }
}
