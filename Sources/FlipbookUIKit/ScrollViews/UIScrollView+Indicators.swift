import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// The scroll indicators as iOS draws them (docs/Semantics.md, "Scroll indicators"): a bar
/// 3 pt thick with fully rounded ends, 3 pt in from the trailing (vertical) or bottom
/// (horizontal) edge and from the ends of its track, black at 35 % opacity (`.default`,
/// `.black` 50 %, `.white` white 50 %), as long as the visible fraction of the track but at
/// least 36 pt, shortened by the rubber-band overshoot down to 7 pt. They show while the
/// content moves and fade out over 0.25 s starting 0.5 s after it stops.
@preconcurrency @MainActor
final class ScrollIndicators {
    static let thickness: CGFloat = 3
    static let edgeInset: CGFloat = 3
    static let minimumLength: CGFloat = 36
    static let minimumSquashedLength: CGFloat = 7
    static let fadeDelay: CFTimeInterval = 0.5
    static let fadeDuration: CFTimeInterval = 0.25

    var automaticallyAdjusts = true
    var verticalInsets = UIEdgeInsets.zero
    var horizontalInsets = UIEdgeInsets.zero
    var showsVertical = true
    var showsHorizontal = true
    var style: UIScrollView.IndicatorStyle = .default
    /// Whether the indicators are showing (not faded out).
    var isVisible = false
    var fadeToken: MediaClockToken?

    lazy var vertical: CALayer = makeLayer()
    lazy var horizontal: CALayer = makeLayer()

    private func makeLayer() -> CALayer {
        let l = CALayer()
        l.actions = [
            "position": NSNull(), "bounds": NSNull(), "opacity": NSNull(), "hidden": NSNull(),
            "backgroundColor": NSNull(), "cornerRadius": NSNull(),
        ]
        l.cornerRadius = Self.thickness / 2
        l.opacity = 0
        l.isHidden = true
        return l
    }

    var color: CGColor {
        switch style {
        case .default: UIColor(white: 0, alpha: 0.35).cgColor
        case .black: UIColor(white: 0, alpha: 0.5).cgColor
        case .white: UIColor(white: 1, alpha: 0.5).cgColor
        }
    }
}

extension UIScrollView {
    /// Shows the indicators (the content started to move).
    func showIndicators() {
        cancelIndicatorFade()
        indicators.isVisible = true
        updateIndicators()
    }

    func cancelIndicatorFade() {
        indicators.fadeToken.cancelAndClear()
    }

    /// The content came to rest: fade the indicators after the delay.
    func scheduleIndicatorFade() {
        cancelIndicatorFade()
        guard indicators.isVisible else { return }
        indicators.fadeToken = ownClock.schedule(after: ScrollIndicators.fadeDelay) { [weak self] in
            guard let self else { return }
            self.indicators.fadeToken = nil
            guard !self.isTracking, self.motion == nil else { return }
            self.fadeIndicators()
        }
    }

    private func fadeIndicators() {
        indicators.isVisible = false
        for l in [indicators.vertical, indicators.horizontal] where !l.isHidden && l.opacity > 0 {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = l.opacity
            a.toValue = Float(0)
            a.duration = ScrollIndicators.fadeDuration
            l.opacity = 0
            l.add(a, forKey: "fade")
        }
    }

    /// Places both indicators for the current offset, size and insets.
    func updateIndicators() {
        let ind = indicators
        guard ind.isVisible else { return }
        let b = bounds
        let adjusted = adjustedContentInset
        let c = contentInset
        let auto = ind.automaticallyAdjusts
        func extra(_ i: UIEdgeInsets) -> UIEdgeInsets {
            guard auto else { return i }
            return UIEdgeInsets(
                top: i.top + adjusted.top - c.top, left: i.left + adjusted.left - c.left,
                bottom: i.bottom + adjusted.bottom - c.bottom, right: i.right + adjusted.right - c.right)
        }
        let vIns = extra(ind.verticalInsets), hIns = extra(ind.horizontalInsets)
        let visH = b.height - adjusted.top - adjusted.bottom
        let visW = b.width - adjusted.left - adjusted.right
        let showV = ind.showsVertical && contentSize.height > visH + 0.5 && contentSize.height > 0
        let showH = ind.showsHorizontal && contentSize.width > visW + 0.5 && contentSize.width > 0
        let t = ScrollIndicators.thickness, e = ScrollIndicators.edgeInset
        let lo = minimumContentOffset, hi = maximumContentOffset
        let o = contentOffset

        func place(_ offset: CGFloat, _ lo: CGFloat, _ hi: CGFloat, visible: CGFloat, content: CGFloat, track: CGFloat)
            -> (CGFloat, CGFloat)
        {
            var length = max(ScrollIndicators.minimumLength, track * min(1, visible / content))
            length = min(length, track)
            let over = offset < lo ? lo - offset : (offset > hi ? offset - hi : 0)
            length = max(min(ScrollIndicators.minimumSquashedLength, track), length - over)
            let progress = hi > lo ? min(1, max(0, (offset - lo) / (hi - lo))) : 0
            return (progress * (track - length), length)
        }

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let v = ind.vertical, h = ind.horizontal
        for l in [v, h] where l.superlayer !== layer || layer.sublayers?.last !== h {
            l.removeFromSuperlayer()
            layer.addSublayer(l)
        }
        v.backgroundColor = ind.color
        h.backgroundColor = ind.color
        if showV {
            let trackTop = b.minY + vIns.top + e
            let track = max(0, b.height - vIns.top - vIns.bottom - 2 * e - (showH ? t + e : 0))
            let (pos, len) = place(o.y, lo.y, hi.y, visible: visH, content: contentSize.height, track: track)
            v.frame = CGRect(x: b.maxX - vIns.right - e - t, y: trackTop + pos, width: t, height: len)
            v.isHidden = false
            v.removeAnimation(forKey: "fade")
            v.opacity = 1
        } else {
            v.isHidden = true
        }
        if showH {
            let trackLeft = b.minX + hIns.left + e
            let track = max(0, b.width - hIns.left - hIns.right - 2 * e - (showV ? t + e : 0))
            let (pos, len) = place(o.x, lo.x, hi.x, visible: visW, content: contentSize.width, track: track)
            h.frame = CGRect(x: trackLeft + pos, y: b.maxY - hIns.bottom - e - t, width: len, height: t)
            h.isHidden = false
            h.removeAnimation(forKey: "fade")
            h.opacity = 1
        } else {
            h.isHidden = true
        }
    }
}
