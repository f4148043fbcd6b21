import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// Delegate call order, state flags and touches in the content (docs/Semantics.md,
/// "Scroll views").
@Suite(.freshRuntime) @MainActor struct ScrollViewDelegateTests {
    @Test func dragWithoutFlingHistory() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        let f = app.touchDown(at: CGPoint(x: 200, y: 600))
        #expect(sv.isTracking && !sv.isDragging)
        app.advanceFrames(1)
        f.move(to: CGPoint(x: 200, y: 580))
        #expect(sv.isDragging)
        f.move(to: CGPoint(x: 200, y: 480))
        #expect(sv.contentOffset.y == 100)
        app.advanceFrames(12)
        f.lift()
        #expect(!sv.isTracking && !sv.isDragging && !sv.isDecelerating)
        #expect(d.events == [
            "willBeginDragging tracking=true dragging=true", "didScroll", "willEndDragging", "didEndDragging false",
        ])
    }

    @Test func flingHistory() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.3)
        #expect(sv.isDecelerating && !sv.isDragging && !sv.isTracking)
        settle(sv)
        #expect(d.events == [
            "willBeginDragging tracking=true dragging=true", "didScroll", "willEndDragging", "didEndDragging true",
            "willBeginDecelerating decelerating=true", "didScroll", "didEndDecelerating decelerating=false",
        ])
    }

    /// A tap reaches the content (after the finger lifts, as the touch-down was held back to see
    /// whether it would drag) and the delegate hears nothing.
    @Test func tapReachesContent() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        let r = EventRecorder()
        let content = TouchRecordingView("content", r, frame: CGRect(x: 0, y: 0, width: 393, height: 300))
        sv.addSubview(content)
        app.tap(at: CGPoint(x: 100, y: 100))
        #expect(r.events == ["content began", "content ended"])
        #expect(d.events.isEmpty)
        // Held still past the delay, the content gets the touch-down before the lift.
        r.reset()
        let f = app.touchDown(at: CGPoint(x: 100, y: 100))
        #expect(r.events.isEmpty)
        app.advance(by: 0.2)
        #expect(r.events == ["content began"])
        f.lift()
        #expect(r.events == ["content began", "content ended"])
    }

    /// A quick drag scrolls and the content never sees the touch; a drag after the delay
    /// cancels the content's touch; `canCancelContentTouches = false` keeps it.
    @Test func dragScrollsInsteadOfTouchingContent() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        let r = EventRecorder()
        let content = TouchRecordingView("content", r, frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        sv.addSubview(content)
        app.drag(from: CGPoint(x: 100, y: 500), to: CGPoint(x: 100, y: 300), duration: 0.1)
        #expect(r.events.isEmpty)
        #expect(d.events.first == "willBeginDragging tracking=true dragging=true")
        settle(sv)
        sv.contentOffset = .zero
        // Held, then dragged: began, then cancelled when the scroll starts.
        let f = app.touchDown(at: CGPoint(x: 100, y: 500))
        app.advance(by: 0.2)
        f.move(to: CGPoint(x: 100, y: 450))
        #expect(r.events == ["content began", "content cancelled"])
        #expect(sv.isDragging)
        f.lift()
        settle(sv)
        // Without cancelling, a held touch belongs to the content: no scroll.
        r.reset()
        sv.contentOffset = .zero
        sv.canCancelContentTouches = false
        let g = app.touchDown(at: CGPoint(x: 100, y: 500))
        app.advance(by: 0.2)
        g.move(to: CGPoint(x: 100, y: 450))
        g.move(to: CGPoint(x: 100, y: 400))
        #expect(sv.contentOffset == .zero)
        #expect(!sv.isDragging)
        g.lift()
        #expect(r.events == ["content began", "content moved", "content moved", "content ended"])
    }

    @Test func withoutDelaysContentSeesTheTouchAtOnce() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        sv.delaysContentTouches = false
        let r = EventRecorder()
        sv.addSubview(TouchRecordingView("content", r, frame: CGRect(x: 0, y: 0, width: 393, height: 852)))
        let f = app.touchDown(at: CGPoint(x: 100, y: 500))
        #expect(r.events == ["content began"])
        f.move(to: CGPoint(x: 100, y: 450))
        #expect(r.events == ["content began", "content cancelled"])
        f.lift()
    }

    /// A touch on a decelerating scroll view stops it where it is; the tap does not reach the
    /// content and `scrollViewDidEndDecelerating` is not sent.
    @Test func touchStopsDeceleration() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        let r = EventRecorder()
        sv.addSubview(TouchRecordingView("content", r, frame: CGRect(x: 0, y: 0, width: 393, height: 5000)))
        app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.3)
        app.advanceFrames(10)
        let y = sv.contentOffset.y
        d.recorder.reset()
        app.tap(at: CGPoint(x: 200, y: 400))
        #expect(!sv.isDecelerating)
        app.advanceFrames(30)
        #expect(sv.contentOffset.y == y)
        #expect(r.events.isEmpty)
        #expect(d.events.isEmpty)
    }

    @Test func animatedOffsetHistory() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        sv.setContentOffset(CGPoint(x: 0, y: 400), animated: true)
        #expect(sv.contentOffset.y == 0)
        MediaClock.main.advance(by: 0.15)
        #expect(nearly(sv.contentOffset.y, 200, 1e-6))  // ease in-out is symmetric
        let t = settle(sv)
        #expect(t <= 0.15 + 1.0 / 60 + 1e-9)
        #expect(sv.contentOffset.y == 400)
        #expect(d.events == ["didScroll", "didEndScrollingAnimation"])
        // Not animated: one didScroll, no animation callback.
        d.recorder.reset()
        sv.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
        #expect(d.events == ["didScroll"])
    }

    @Test func scrollRectToVisibleMovesTheLeast() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        sv.scrollRectToVisible(CGRect(x: 0, y: 1000, width: 100, height: 100), animated: false)
        #expect(sv.contentOffset.y == CGFloat(248))
        sv.scrollRectToVisible(CGRect(x: 0, y: 500, width: 100, height: 100), animated: false)
        #expect(sv.contentOffset.y == 248)  // already visible
        sv.scrollRectToVisible(CGRect(x: 0, y: 100, width: 100, height: 100), animated: false)
        #expect(sv.contentOffset.y == 100)
        sv.scrollRectToVisible(CGRect(x: 0, y: 4990, width: 100, height: 100), animated: false)
        #expect(sv.contentOffset.y == CGFloat(4148))
    }

    @Test func adjustedContentInsetFollowsTheBehavior() {
        // iPhone 15: safe area top 59, bottom 34.
        let (app, sv, d) = makeScrollApp(adjust: .automatic)
        defer { withExtendedLifetime((app, d)) {} }
        #expect(sv.adjustedContentInset == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(sv.contentOffset.y == -59)  // the content starts below the status bar
        #expect(d.events.contains("didChangeAdjustedContentInset"))
        sv.contentInsetAdjustmentBehavior = .never
        #expect(sv.adjustedContentInset == .zero)
        sv.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
        sv.contentInsetAdjustmentBehavior = .always
        #expect(sv.adjustedContentInset == UIEdgeInsets(top: 69, left: 0, bottom: 54, right: 0))
        // Scrollable axes: only the vertical axis scrolls, so left/right stay.
        sv.contentInsetAdjustmentBehavior = .scrollableAxes
        #expect(sv.adjustedContentInset == UIEdgeInsets(top: 69, left: 0, bottom: 54, right: 0))
        sv.contentSize = CGSize(width: 393, height: 100)
        #expect(sv.adjustedContentInset == UIEdgeInsets(top: 10, left: 0, bottom: 20, right: 0))
        sv.alwaysBounceVertical = true
        #expect(sv.adjustedContentInset == UIEdgeInsets(top: 69, left: 0, bottom: 54, right: 0))
        // The range includes the insets.
        sv.contentSize = CGSize(width: 393, height: 2000)
        #expect(sv.minimumContentOffset == CGPoint(x: 0, y: -69))
        #expect(sv.maximumContentOffset == CGPoint(x: 0, y: 2000 + 54 - 852))
    }

    @Test func badInputIsReportedAndIgnored() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        sv.contentOffset = CGPoint(x: 0, y: 50)
        let messages = FlipbookDiagnostics.capture {
            sv.contentSize = CGSize(width: CGFloat.nan, height: 10)
            sv.contentOffset = CGPoint(x: CGFloat.nan, y: 0)
            sv.contentInset = UIEdgeInsets(top: .infinity, left: 0, bottom: 0, right: 0)
            sv.decelerationRate = UIScrollView.DecelerationRate(rawValue: 1.5)
            sv.contentSize = CGSize(width: -5, height: 3000)
            sv.scrollRectToVisible(CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1), animated: true)
        }
        #expect(messages.count == 6, "\(messages)")
        #expect(sv.contentSize == CGSize(width: 0, height: 3000))
        #expect(sv.contentOffset == CGPoint(x: 0, y: 50))
        #expect(sv.contentInset == .zero)
        #expect(sv.decelerationRate == .normal)
        _ = d
    }

    @Test func nonFiniteTargetFromTheDelegateIsReported() {
        let (app, sv, d) = makeScrollApp()
        defer { withExtendedLifetime((app, d)) {} }
        d.newTarget = CGPoint(x: 0, y: CGFloat.nan)
        let messages = FlipbookDiagnostics.capture {
            app.drag(from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), duration: 0.3)
            settle(sv)
        }
        #expect(messages.count == 1)
        #expect(nearly(sv.contentOffset.y, 283.3333333 + 499, 1e-4))
    }

    @Test func contentLayoutGuideDecidesTheContentSize() {
        let (app, sv, d) = makeScrollApp(contentSize: .zero)
        defer { withExtendedLifetime((app, d)) {} }
        let content = UIView()
        content.translatesAutoresizingMaskIntoConstraints = false
        sv.addSubview(content)
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: sv.contentLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: sv.contentLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: sv.contentLayoutGuide.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: sv.contentLayoutGuide.bottomAnchor),
            content.widthAnchor.constraint(equalTo: sv.frameLayoutGuide.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 2000),
        ])
        sv.superview?.layoutIfNeeded()
        #expect(sv.contentSize == CGSize(width: 393, height: 2000))
        #expect(content.frame == CGRect(x: 0, y: 0, width: 393, height: 2000))
    }

    /// A view pinned to `frameLayoutGuide` stays put on screen while the content scrolls (its
    /// frame follows the bounds origin); one pinned to `contentLayoutGuide` scrolls.
    @Test func frameLayoutGuidePinsToTheVisibleArea() {
        let (app, sv, d) = makeScrollApp(contentSize: .zero)
        defer { withExtendedLifetime((app, d)) {} }
        let content = UIView()
        let badge = UIView()
        for v in [content, badge] {
            v.translatesAutoresizingMaskIntoConstraints = false
            sv.addSubview(v)
        }
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: sv.contentLayoutGuide.topAnchor),
            content.leadingAnchor.constraint(equalTo: sv.contentLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: sv.contentLayoutGuide.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: sv.contentLayoutGuide.bottomAnchor),
            content.widthAnchor.constraint(equalTo: sv.frameLayoutGuide.widthAnchor),
            content.heightAnchor.constraint(equalToConstant: 3000),
            badge.topAnchor.constraint(equalTo: sv.frameLayoutGuide.topAnchor, constant: 10),
            badge.trailingAnchor.constraint(equalTo: sv.frameLayoutGuide.trailingAnchor, constant: -10),
            badge.widthAnchor.constraint(equalToConstant: 50),
            badge.heightAnchor.constraint(equalToConstant: 20),
        ])
        sv.superview?.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 333, y: 10, width: 50, height: 20))
        sv.contentOffset = CGPoint(x: 0, y: 300)
        sv.superview?.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 333, y: 310, width: 50, height: 20))
        #expect(content.frame == CGRect(x: 0, y: 0, width: 393, height: 3000))
        #expect(badge.convert(badge.bounds, to: sv.superview) == CGRect(x: 333, y: 10, width: 50, height: 20))
    }

    /// `flashScrollIndicators()` shows the bars, which stay for 0.5 s and then fade out
    /// linearly over 0.25 s (half way through the fade: opacity 0.5); a horizontal bar shows
    /// only when the content is wider than the view.
    @Test func indicatorsFadeAfterTheDelay() {
        let (app, sv, d) = makeScrollApp(contentSize: CGSize(width: 393 * 2, height: 852 * 4))
        defer { withExtendedLifetime((app, d)) {} }
        sv.flashScrollIndicators()
        let v = sv.indicators.vertical, h = sv.indicators.horizontal
        #expect(!v.isHidden && !h.isHidden && v.opacity == 1 && h.opacity == 1)
        // The horizontal bar: 3 pt from the bottom, its track short of the vertical bar's corner.
        #expect(nearly(h.frame.minY, 852 - 6) && nearly(h.frame.height, 3))
        #expect(nearly(h.frame.width, (393 - 6 - 6) / 2))
        MediaClock.main.advance(by: 0.49)
        #expect((v.presentation() ?? v).opacity == 1)
        MediaClock.main.advance(by: 0.01 + 0.125)
        // Within one 120 Hz frame (1/30 of the fade) of half way.
        #expect(abs(Double((v.presentation() ?? v).opacity) - 0.5) < 0.035)
        MediaClock.main.advance(by: 0.2)
        #expect((v.presentation() ?? v).opacity == 0 && (h.presentation() ?? h).opacity == 0)
    }

    /// While scrolling the vertical indicator is 3 pt wide, 3 pt from the right edge, as long
    /// as the visible fraction of its track; it fades out after the scroll stops.
    @Test func verticalIndicatorGeometry() {
        let (app, sv, d) = makeScrollApp(contentSize: CGSize(width: 393, height: 852 * 4))
        defer { withExtendedLifetime((app, d)) {} }
        let f = app.touchDown(at: CGPoint(x: 200, y: 600))
        f.move(to: CGPoint(x: 200, y: 580))
        f.move(to: CGPoint(x: 200, y: 480))  // offset 100
        let v = sv.indicators.vertical
        #expect(!v.isHidden && v.opacity == 1)
        let track: CGFloat = 852 - 6
        let length = track / 4
        let pos = 3 + 100 / (852 * 3) * (track - length)
        #expect(nearly(v.frame.minX, 393 - 6) && nearly(v.frame.width, 3))
        #expect(nearly(v.frame.height, length) && nearly(v.frame.minY - 100, pos))
        #expect(sv.indicators.horizontal.isHidden)
        app.advanceFrames(12)
        f.lift()
        MediaClock.main.runUntilIdle()
        #expect(v.opacity == 0)
    }
}
