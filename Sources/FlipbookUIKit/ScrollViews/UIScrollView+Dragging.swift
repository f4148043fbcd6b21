import Foundation

/// Dragging: touch-down, 1:1 tracking with rubber-banding, and the release
/// (docs/Semantics.md, "Scroll views").
extension UIScrollView {
    /// Directional lock: a drag whose start is this many times longer on one axis than on the
    /// other moves along that axis only (docs/Divergences.md).
    static let directionalLockRatio: CGFloat = 2

    /// The first finger went down on the scroll view or its content.
    func fingerDidTouchDown() {
        trackingFlag = true
        touchStoppedMotion = motion != nil
        if motion != nil {
            stopMotion()
        }
        cancelIndicatorFade()
    }

    /// The last finger lifted (the pan finished or failed). A scroll view left past an edge or
    /// between pages without a drag settles.
    func fingerDidLift() {
        let wasTracking = trackingFlag
        trackingFlag = false
        touchStoppedMotion = false
        guard wasTracking, !draggingFlag, motion == nil else { return }
        let o = contentOffset
        var target = clampedOffset(o)
        if isPagingEnabled { target = pageTarget(from: o, velocity: .zero) }
        if abs(target.x - o.x) > ScrollPhysics.restDistance || abs(target.y - o.y) > ScrollPhysics.restDistance {
            deceleratingFlag = true
            delegate?.scrollViewWillBeginDecelerating(self)
            startSettle(to: target, velocity: .zero, deceleration: true)
        } else {
            if target != o { bounds.origin = target }
            scheduleIndicatorFade()
        }
    }

    func panShouldBegin() -> Bool {
        let t = scrollPan.translation(in: self)
        let h = scrollsHorizontally, v = scrollsVertically
        if !h && !v { return false }
        if !h && abs(t.x) > abs(t.y) { return false }
        if !v && abs(t.y) > abs(t.x) { return false }
        for touch in scrollPan.sequenceTouches where touch.viewHasBegun && !touch.viewHasEnded {
            guard let view = touch.view, view !== self else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        return true
    }

    func handlePan(_ g: UIPanGestureRecognizer) {
        switch g.state {
        case .began: beginDrag(g)
        case .changed: trackDrag(g)
        case .ended: endDrag(velocity: g.velocity(in: self))
        case .cancelled: endDrag(velocity: .zero)
        default: break
        }
    }

    private func beginDrag(_ g: UIPanGestureRecognizer) {
        stopMotion()
        let t = g.translation(in: self)
        var d = ScrollDrag()
        d.startTranslation = t
        d.movesX = scrollsHorizontally
        d.movesY = scrollsVertically
        if isDirectionalLockEnabled, d.movesX, d.movesY {
            if abs(t.x) >= abs(t.y) * Self.directionalLockRatio {
                d.movesY = false
            } else if abs(t.y) >= abs(t.x) * Self.directionalLockRatio {
                d.movesX = false
            }
        }
        let o = contentOffset, lo = minimumContentOffset, hi = maximumContentOffset
        d.startOffset = CGPoint(
            x: unrubber(o.x, lo.x, hi.x, bounds.width), y: unrubber(o.y, lo.y, hi.y, bounds.height))
        drag = d
        draggingFlag = true
        showIndicators()
        delegate?.scrollViewWillBeginDragging(self)
    }

    private func trackDrag(_ g: UIPanGestureRecognizer) {
        guard draggingFlag else { return }
        let t = g.translation(in: self)
        let d = drag
        let lo = minimumContentOffset, hi = maximumContentOffset
        var o = contentOffset
        if d.movesX {
            o.x = rubber(d.startOffset.x - (t.x - d.startTranslation.x), lo.x, hi.x, bounds.width)
        }
        if d.movesY {
            o.y = rubber(d.startOffset.y - (t.y - d.startTranslation.y), lo.y, hi.y, bounds.height)
        }
        if o != contentOffset { bounds.origin = o }
    }

    /// The finger lifted after a drag. `fingerVelocity` is the pan's, in this view's points
    /// per second (the content offset moves the opposite way).
    private func endDrag(velocity fingerVelocity: CGPoint) {
        guard draggingFlag else { return }
        trackingFlag = false
        var v = CGPoint(
            x: drag.movesX ? -fingerVelocity.x : 0, y: drag.movesY ? -fingerVelocity.y : 0)
        if !v.x.isFinite || !v.y.isFinite { v = .zero }
        let o = contentOffset
        let projected = projectedTarget(from: o, velocity: v)
        var proposed = projected
        // A collection view's layout picks the resting offset first (a paging or snapping
        // layout), with the release velocity in points per millisecond, as the delegate gets
        // it; the delegate then sees the layout's choice (docs/Semantics.md, "A collection view's
        // layout chooses where a drag comes to rest").
        if let cv = self as? UICollectionView {
            let snapped = cv.collectionViewLayout.targetContentOffset(
                forProposedContentOffset: projected, withScrollingVelocity: CGPoint(x: v.x / 1000, y: v.y / 1000))
            if snapped.x.isFinite, snapped.y.isFinite {
                proposed = snapped
            } else {
                FlipbookDiagnostics.report(
                    "targetContentOffset(forProposedContentOffset:withScrollingVelocity:) returned a non-finite \(snapped); using \(projected).",
                    once: "UICollectionViewLayout.targetContentOffset")
            }
        }
        var target = proposed
        withUnsafeMutablePointer(to: &target) { p in
            delegate?.scrollViewWillEndDragging(
                self, withVelocity: CGPoint(x: v.x / 1000, y: v.y / 1000), targetContentOffset: p)
        }
        if !target.x.isFinite || !target.y.isFinite {
            FlipbookDiagnostics.report(
                "scrollViewWillEndDragging set a non-finite targetContentOffset \(target); using \(proposed).",
                once: "UIScrollView.targetContentOffset")
            target = proposed
        }
        target = clampedOffset(target)
        let plan = releasePlan(from: o, velocity: v, target: target, projected: projected)
        let willDecelerate = plan != nil
        delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        draggingFlag = false
        // The delegate moved the content itself (a drawer snapping to a stop with
        // setContentOffset, often inside a UIView animation, or an animated
        // setContentOffset): a programmatic scroll stops the release, as it stops a running
        // deceleration, so neither the deceleration nor the settle to `target` follows.
        if contentOffset != o || motion != nil {
            scheduleIndicatorFade()
            return
        }
        if let plan {
            deceleratingFlag = true
            delegate?.scrollViewWillBeginDecelerating(self)
            start(plan)
        } else {
            if target != contentOffset { bounds.origin = target }
            scheduleIndicatorFade()
        }
    }

    /// Where a release at `v` (content pt/s) comes to rest before the delegate's say: a page
    /// when paging, else the deceleration's end, within the scrollable range.
    func projectedTarget(from o: CGPoint, velocity v: CGPoint) -> CGPoint {
        if isPagingEnabled { return pageTarget(from: o, velocity: v) }
        let rate = Double(decelerationRate.rawValue)
        let lo = minimumContentOffset, hi = maximumContentOffset
        func axis(_ x: CGFloat, _ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> CGFloat {
            if x < lo || x > hi { return min(max(x, lo), hi) }
            let end = x + CGFloat(ScrollPhysics.decelerationDistance(velocity: Double(v), rate: rate))
            return min(max(end, lo), hi)
        }
        return CGPoint(x: axis(o.x, v.x, lo.x, hi.x), y: axis(o.y, v.y, lo.y, hi.y))
    }

    /// The page a release settles on: the multiple of the bounds size nearest to where the
    /// deceleration would end, but no further than the pages either side of the offset now.
    func pageTarget(from o: CGPoint, velocity v: CGPoint) -> CGPoint {
        let rate = Double(decelerationRate.rawValue)
        let lo = minimumContentOffset, hi = maximumContentOffset
        func axis(_ x: CGFloat, _ v: CGFloat, _ size: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> CGFloat {
            guard size > 0 else { return min(max(x, lo), hi) }
            let p = Double(x / size)
            let projected = (Double(x) + ScrollPhysics.decelerationDistance(velocity: Double(v), rate: rate)) / Double(size)
            let page = min(max(projected.rounded(), floor(p + 1e-9)), ceil(p - 1e-9))
            return min(max(CGFloat(page) * size, lo), hi)
        }
        return CGPoint(
            x: axis(o.x, v.x, bounds.width, lo.x, hi.x), y: axis(o.y, v.y, bounds.height, lo.y, hi.y))
    }

    // MARK: Rubber band

    /// The offset shown for a finger offset `u`: `u` inside the range, rubber-banded past it
    /// (or held at the edge when `bounces` is off).
    func rubber(_ u: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ size: CGFloat) -> CGFloat {
        if u < lo {
            return bounces ? lo + CGFloat(ScrollPhysics.rubberBand(Double(u - lo), dimension: Double(size))) : lo
        }
        if u > hi {
            return bounces ? hi + CGFloat(ScrollPhysics.rubberBand(Double(u - hi), dimension: Double(size))) : hi
        }
        return u
    }

    /// The finger offset that shows offset `o` (the inverse of `rubber`).
    func unrubber(_ o: CGFloat, _ lo: CGFloat, _ hi: CGFloat, _ size: CGFloat) -> CGFloat {
        if o < lo { return lo + CGFloat(ScrollPhysics.inverseRubberBand(Double(o - lo), dimension: Double(size))) }
        if o > hi { return hi + CGFloat(ScrollPhysics.inverseRubberBand(Double(o - hi), dimension: Double(size))) }
        return o
    }
}
