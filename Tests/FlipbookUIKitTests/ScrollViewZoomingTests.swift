import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Records a zooming scroll view's delegate calls; consecutive `scrollViewDidZoom`s (and
/// `scrollViewDidScroll`s) are one entry.
@MainActor
final class ZoomRecordingDelegate: NSObject, UIScrollViewDelegate {
    var events: [String] = []
    var zoomView: UIView?
    var zoomCalls = 0
    var keep: [AnyObject] = []

    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
    func scrollViewDidZoom(_ scrollView: UIScrollView) {
        zoomCalls += 1
        if events.last?.hasPrefix("didZoom") != true { events.append("didZoom") }
    }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {
        events.append("willBeginZooming \(view === zoomView) zooming=\(scrollView.isZooming)")
    }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        events.append("didEndZooming \(view === zoomView) \(scale) bouncing=\(scrollView.isZoomBouncing) zooming=\(scrollView.isZooming)")
    }
}

/// A full-screen scroll view (iPhone 15, 393 × 852) with a 400 × 300 view for zooming at the
/// content's origin and zoom limits 1…4.
@MainActor
func makeZoomApp(maximum: CGFloat = 4) -> (AppDriver, UIScrollView, UIView, ZoomRecordingDelegate) {
    MediaClock.main.runUntilIdle()
    let vc = UIViewController()
    let app = AppDriver(rootViewController: vc)
    let sv = UIScrollView(frame: vc.view.bounds)
    sv.contentInsetAdjustmentBehavior = .never
    let image = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    sv.addSubview(image)
    sv.contentSize = image.frame.size
    sv.maximumZoomScale = maximum
    let d = ZoomRecordingDelegate()
    d.zoomView = image
    sv.delegate = d
    d.keep.append(vc)
    vc.view.addSubview(sv)
    vc.view.layoutIfNeeded()
    return (app, sv, image, d)
}

@Suite("Scroll view zooming", .freshRuntime) @MainActor struct ScrollViewZoomingTests {
    @Test func zoomingIsOffUntilTheLimitsAllowIt() {
        let sv = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(sv.minimumZoomScale == 1 && sv.maximumZoomScale == 1 && sv.zoomScale == 1)
        #expect(sv.bouncesZoom && !sv.isZooming && !sv.isZoomBouncing)
        #expect(sv.pinchGestureRecognizer == nil)
        sv.maximumZoomScale = 3
        let pinch = sv.pinchGestureRecognizer
        #expect(pinch != nil && pinch?.view === sv)
        #expect(sv.gestureRecognizers?.contains { $0 === pinch } == true)
        sv.maximumZoomScale = 1
        #expect(sv.pinchGestureRecognizer == nil && sv.gestureRecognizers?.contains { $0 === pinch } == false)
        let reports = FlipbookDiagnostics.capture {
            sv.minimumZoomScale = .nan
            sv.maximumZoomScale = -2
            sv.zoomScale = .infinity
        }
        #expect(reports.count == 3)
        #expect(sv.minimumZoomScale == 1 && sv.maximumZoomScale == 1 && sv.zoomScale == 1)
    }

    @Test func withoutAViewForZoomingNothingZooms() {
        let (_, sv, image, d) = makeZoomApp()
        d.zoomView = nil
        sv.setZoomScale(2, animated: false)
        sv.zoom(to: CGRect(x: 0, y: 0, width: 10, height: 10), animated: true)
        #expect(sv.zoomScale == 1 && image.transform == .identity && sv.contentSize == CGSize(width: 400, height: 300))
        #expect(d.events.isEmpty)
    }

    @Test func setZoomScaleScalesTheViewAroundTheCentreWithinTheLimits() {
        let (_, sv, image, d) = makeZoomApp()
        sv.setZoomScale(2, animated: false)
        #expect(sv.zoomScale == 2)
        #expect(image.transform == CGAffineTransform(scaleX: 2, y: 2))
        #expect(image.frame == CGRect(x: 0, y: 0, width: 800, height: 600))
        #expect(sv.contentSize == CGSize(width: 800, height: 600))
        // The content point at the centre of the bounds (196.5, 426) stays there; y is clamped
        // (the content is shorter than the bounds).
        #expect(sv.contentOffset == CGPoint(x: 196.5, y: 0))
        #expect(d.events == ["didZoom", "didScroll"] || d.events == ["didZoom"])
        #expect(!d.events.contains { $0.hasPrefix("willBegin") || $0.hasPrefix("didEnd") })
        sv.zoomScale = 10
        #expect(sv.zoomScale == 4 && sv.contentSize == CGSize(width: 1600, height: 1200))
        sv.setZoomScale(0.25, animated: false)
        #expect(sv.zoomScale == 1 && image.frame == CGRect(x: 0, y: 0, width: 400, height: 300))
        #expect(sv.contentOffset == .zero)
    }

    @Test func zoomToRectFillsTheBoundsWithTheRect() {
        let (_, sv, image, d) = makeZoomApp()
        defer { withExtendedLifetime(d) {} }
        sv.zoom(to: CGRect(x: 100, y: 100, width: 100, height: 100), animated: false)
        #expect(abs(sv.zoomScale - 3.93) < 1e-9)
        #expect(abs(sv.contentOffset.x - 393) < 1e-9 && abs(sv.contentOffset.y - 163.5) < 1e-9)
        // The rect's left and right edges are the bounds' edges.
        let left = image.convert(CGPoint(x: 100, y: 150), to: sv)
        let right = image.convert(CGPoint(x: 200, y: 150), to: sv)
        #expect(abs(left.x - sv.bounds.minX) < 1e-9 && abs(right.x - sv.bounds.maxX) < 1e-9)
        // Too small a rect zooms to the maximum.
        sv.zoom(to: CGRect(x: 10, y: 10, width: 1, height: 1), animated: false)
        #expect(sv.zoomScale == 4)
    }

    @Test func anAnimatedZoomChangesTheModelAtOnceAndEndsWithTheAnimation() {
        let (app, sv, image, d) = makeZoomApp()
        sv.setZoomScale(2, animated: true)
        #expect(sv.zoomScale == 2 && sv.contentSize == CGSize(width: 800, height: 600))
        #expect(d.events.first == "willBeginZooming true zooming=false")
        #expect(d.zoomCalls == 1)
        app.advance(by: 0.15)
        let halfway = image.layer.presentation()?.transform.m11 ?? 0
        #expect(halfway > 1.05 && halfway < 1.95, "the scale animates: \(halfway)")
        #expect(!d.events.contains { $0.hasPrefix("didEndZooming") })
        app.advance(by: 0.2)
        #expect(d.events.last == "didEndZooming true 2.0 bouncing=false zooming=false")
        #expect(d.zoomCalls == 1)
        #expect(image.layer.presentation()?.transform.m11 == 2)
    }

    @Test func aPinchZoomsAroundItsCentreAndSettlesIntoRange() {
        let (app, sv, image, d) = makeZoomApp()
        let a = app.touchDown(at: CGPoint(x: 150, y: 250))
        let b = app.touchDown(at: CGPoint(x: 250, y: 250))
        for step in 1...10 {
            let dx = CGFloat(step) * 5
            a.move(to: CGPoint(x: 150 - dx, y: 250))
            b.move(to: CGPoint(x: 250 + dx, y: 250))
            app.advanceFrames(1)
            if step == 5 { #expect(sv.isZooming) }
        }
        #expect(abs(sv.zoomScale - 2) < 1e-9)
        #expect(sv.contentSize == CGSize(width: 800, height: 600))
        // The view's point under the pinch's centre is the one that was there when it began: the
        // pinch began when the first finger moved (140 and 255: centre 197.5), the span 115.
        let under = image.convert(CGPoint(x: 200, y: 250), from: nil as UIView?)
        #expect(abs(under.x - 197.5) < 1e-6 && abs(under.y - 250) < 1e-6, "\(under)")
        // 197.5 · 2 − 200 = 195; y is past the bottom edge while pinching.
        #expect(abs(sv.contentOffset.x - 195) < 1e-6 && abs(sv.contentOffset.y - 250) < 1e-6)
        #expect(d.events.first == "willBeginZooming true zooming=true")
        a.lift()
        b.lift()
        #expect(!sv.isZooming)
        #expect(d.events.last == "didEndZooming true 2.0 bouncing=false zooming=false")
        #expect(abs(sv.contentOffset.x - 195) < 1e-6 && sv.contentOffset.y == 0)  // the model settles at once…
        app.advance(by: 0.1)
        let y = sv.layer.presentation()?.bounds.origin.y ?? 0
        #expect(y > 1 && y < 249, "…and the content springs back: \(y)")
        app.advance(by: 0.5)
        #expect(sv.layer.presentation()?.bounds.origin.y == 0)
        #expect(sv.panGestureRecognizer.state == .possible || sv.panGestureRecognizer.state == .failed)
    }

    @Test func aPinchPastTheMaximumBouncesBack() {
        let (app, sv, _, d) = makeZoomApp(maximum: 1.5)
        let a = app.touchDown(at: CGPoint(x: 150, y: 250))
        let b = app.touchDown(at: CGPoint(x: 250, y: 250))
        for step in 1...10 {
            let dx = CGFloat(step) * 5
            a.move(to: CGPoint(x: 150 - dx, y: 250))
            b.move(to: CGPoint(x: 250 + dx, y: 250))
            app.advanceFrames(1)
        }
        // Twice the span: 1.5 · √(2 / 1.5), with resistance past the maximum.
        #expect(abs(sv.zoomScale - 1.5 * (2 / 1.5).squareRoot()) < 1e-9)
        a.lift()
        b.lift()
        #expect(Array(d.events.suffix(2)) == ["didEndZooming true 1.5 bouncing=true zooming=false", "didZoom"])
        #expect(sv.zoomScale == 1.5 && sv.isZoomBouncing)
        app.advance(by: 0.5)
        #expect(!sv.isZoomBouncing)
    }

    @Test func withoutBouncesZoomThePinchStopsAtTheLimits() {
        let (app, sv, _, d) = makeZoomApp(maximum: 1.5)
        sv.bouncesZoom = false
        let a = app.touchDown(at: CGPoint(x: 100, y: 250))
        let b = app.touchDown(at: CGPoint(x: 300, y: 250))
        for step in 1...10 {
            let dx = CGFloat(step) * 5  // closer: towards half the span
            a.move(to: CGPoint(x: 100 + dx, y: 250))
            b.move(to: CGPoint(x: 300 - dx, y: 250))
            app.advanceFrames(1)
        }
        #expect(sv.zoomScale == 1)
        a.lift()
        b.lift()
        #expect(d.events.last == "didEndZooming true 1.0 bouncing=false zooming=false")
    }

    @Test func aPinchWithoutAViewForZoomingDoesNotBegin() {
        let (app, sv, _, d) = makeZoomApp()
        d.zoomView = nil
        let a = app.touchDown(at: CGPoint(x: 150, y: 250))
        let b = app.touchDown(at: CGPoint(x: 250, y: 250))
        for step in 1...10 {
            a.move(to: CGPoint(x: 150 - CGFloat(step) * 5, y: 250))
            b.move(to: CGPoint(x: 250 + CGFloat(step) * 5, y: 250))
            app.advanceFrames(1)
        }
        #expect(!sv.isZooming && sv.zoomScale == 1 && d.events.isEmpty)
        a.lift()
        b.lift()
    }
}

