import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Records a scroll view delegate's calls; consecutive `scrollViewDidScroll`s are one entry.
@MainActor
final class ScrollRecordingDelegate: NSObject, UIScrollViewDelegate {
    let recorder = EventRecorder()
    var events: [String] { recorder.events }
    /// Replaces the target offset in `scrollViewWillEndDragging` when set.
    var newTarget: CGPoint?
    var lastVelocity: CGPoint = .zero
    var lastTarget: CGPoint = .zero
    /// Keeps the test's controller alive.
    var keep: [AnyObject] = []

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if recorder.events.last != "didScroll" { recorder.record("didScroll") }
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        recorder.record("willBeginDragging tracking=\(scrollView.isTracking) dragging=\(scrollView.isDragging)")
    }
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        lastVelocity = velocity
        lastTarget = targetContentOffset.pointee
        recorder.record("willEndDragging")
        if let newTarget { targetContentOffset.pointee = newTarget }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        recorder.record("didEndDragging \(decelerate)")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {
        recorder.record("willBeginDecelerating decelerating=\(scrollView.isDecelerating)")
    }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        recorder.record("didEndDecelerating decelerating=\(scrollView.isDecelerating)")
    }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
        recorder.record("didEndScrollingAnimation")
    }
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
        recorder.record("didChangeAdjustedContentInset")
    }
}

/// A full-screen scroll view (iPhone 15, 393 × 852) in a driven window, without safe-area
/// adjustment unless asked, with a recording delegate.
@MainActor
func makeScrollApp(
    contentSize: CGSize = CGSize(width: 393, height: 5000), adjust: UIScrollView.ContentInsetAdjustmentBehavior = .never
) -> (AppDriver, UIScrollView, ScrollRecordingDelegate) {
    MediaClock.main.runUntilIdle()
    let vc = UIViewController()
    let app = AppDriver(rootViewController: vc)
    let sv = UIScrollView(frame: vc.view.bounds)
    sv.contentInsetAdjustmentBehavior = adjust
    sv.contentSize = contentSize
    let d = ScrollRecordingDelegate()
    sv.delegate = d
    d.keep.append(vc)
    vc.view.addSubview(sv)
    vc.view.layoutIfNeeded()
    return (app, sv, d)
}

/// Runs frames until the scroll view stops moving (at most `limit` seconds); returns the time
/// that took.
@MainActor
@discardableResult
func settle(_ sv: UIScrollView, limit: Double = 10) -> Double {
    let start = MediaClock.main.now
    while (sv.isDecelerating || sv.motion != nil), MediaClock.main.now - start < limit {
        MediaClock.main.advanceFrames(1)
    }
    return MediaClock.main.now - start
}

func nearly(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-6) -> Bool { abs(a - b) <= tolerance }
