import Foundation

/// A scroll view's delegate, UIKit's `UIScrollViewDelegate`. Every method is optional, as in
/// UIKit: the extension gives the defaults (do nothing). The order of the calls is UIKit's
/// (docs/Semantics.md, "Scroll views"):
///
/// drag: `scrollViewWillBeginDragging` → `scrollViewDidScroll`… →
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` →
/// `scrollViewDidEndDragging(_:willDecelerate:)` → (when it moves on)
/// `scrollViewWillBeginDecelerating` → `scrollViewDidScroll`… → `scrollViewDidEndDecelerating`.
/// `setContentOffset(_:animated: true)`: `scrollViewDidScroll`… → `scrollViewDidEndScrollingAnimation`.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
    /// The content offset changed (by a drag, a deceleration, an animation or code).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A drag began (the pan recognized).
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifted. `velocity` is in points per millisecond, positive when the content
    /// offset grows; `targetContentOffset` points to where the scroll view will come to rest,
    /// and the delegate may change it.
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate` says whether the content keeps moving.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on its own after the finger lifted.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The content came to rest after a deceleration, a bounce back or a page settle.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animation started by `setContentOffset(_:animated:)` or `scrollRectToVisible(_:animated:)` ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// Whether a tap on the status bar scrolls to the top (default true).
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// The scroll view scrolled to the top after a status-bar tap.
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// `adjustedContentInset` changed.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
    /// The view to zoom (Flipbook does not zoom; kept for source compatibility).
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// Zooming callbacks (never called by Flipbook; kept for source compatibility).
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first, and only a delegate with nowhere to forward gets
/// UIKit's answer.
extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewDidScroll(scrollView) }
    }
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewWillBeginDragging(scrollView) }
    }
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
        targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        forwarded(as: UIScrollViewDelegate.self) {
            $0.scrollViewWillEndDragging(scrollView, withVelocity: velocity, targetContentOffset: targetContentOffset)
        }
    }
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate) }
    }
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewWillBeginDecelerating(scrollView) }
    }
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewDidEndDecelerating(scrollView) }
    }
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewDidEndScrollingAnimation(scrollView) }
    }
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewShouldScrollToTop(scrollView) } ?? true
    }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewDidScrollToTop(scrollView) }
    }
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewDidChangeAdjustedContentInset(scrollView) }
    }
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? {
        forwarded(as: UIScrollViewDelegate.self) { $0.viewForZooming(in: scrollView) }
    }
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewDidZoom(scrollView) }
    }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewWillBeginZooming(scrollView, with: view) }
    }
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        forwarded(as: UIScrollViewDelegate.self) { $0.scrollViewDidEndZooming(scrollView, with: view, atScale: scale) }
    }
}
