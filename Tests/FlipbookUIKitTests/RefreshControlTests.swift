import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// UIRefreshControl: a drag pulling the content past the trigger distance begins refreshing and
/// sends `.valueChanged` once; the released content rests below the spinning control;
/// `endRefreshing()` animates it back (docs/Semantics.md, "Refresh control").
@Suite(.freshRuntime) @MainActor struct RefreshControlTests {
    /// A scroll app with a refresh control whose `.valueChanged` goes into the delegate's history.
    private func makeRefreshApp() -> (AppDriver, UIScrollView, ScrollRecordingDelegate, UIRefreshControl) {
        let (app, sv, d) = makeScrollApp()
        let refresh = UIRefreshControl()
        refresh.addAction(UIAction { [weak refresh, weak d] _ in
            d?.recorder.record("valueChanged refreshing=\(refresh?.isRefreshing ?? false)")
        }, for: .valueChanged)
        sv.refreshControl = refresh
        return (app, sv, d, refresh)
    }

    @Test func theControlSitsAboveTheContent() {
        let (app, sv, d, refresh) = makeRefreshApp()
        defer { withExtendedLifetime((app, d)) {} }
        #expect(refresh.superview === sv)
        #expect(refresh.frame == CGRect(x: 0, y: -60, width: 393, height: 60))
        #expect(!refresh.isRefreshing)
        #expect(refresh.spinner.alpha == 0)
    }

    @Test func pullingPastTheTriggerDistanceBeginsRefreshingOnce() {
        let (app, sv, d, refresh) = makeRefreshApp()
        defer { withExtendedLifetime((app, d)) {} }
        let f = app.touchDown(at: CGPoint(x: 200, y: 100))
        app.advanceFrames(1)
        var offsetBefore: CGFloat = 0
        var offsetAtTrigger: CGFloat?
        var y: CGFloat = 100
        while y < 700 {
            y += 10
            let before = sv.contentOffset.y
            f.move(to: CGPoint(x: 200, y: y))
            app.advanceFrames(1)
            if offsetAtTrigger == nil, refresh.isRefreshing {
                offsetBefore = before
                offsetAtTrigger = sv.contentOffset.y
            }
        }
        // It began on the move that took the pull to 90 pt.
        #expect(offsetBefore > -90)
        #expect((offsetAtTrigger ?? 0) <= -90)
        #expect(refresh.spinner.isAnimating)
        #expect(sv.adjustedContentInset.top == 60)
        f.lift()
        settle(sv)
        // Released: the content rests below the control, which stays where it was.
        #expect(sv.contentOffset.y == -60)
        #expect(refresh.frame == CGRect(x: 0, y: -60, width: 393, height: 60))
        #expect(refresh.isRefreshing)
        #expect(d.events == [
            "willBeginDragging tracking=true dragging=true", "didScroll",
            "didChangeAdjustedContentInset", "valueChanged refreshing=true", "didScroll",
            "willEndDragging", "didEndDragging true", "willBeginDecelerating decelerating=true", "didScroll",
            "didEndDecelerating decelerating=false",
        ])
        d.recorder.reset()
        refresh.endRefreshing()
        // The model moves back at once; the layer animates there.
        #expect(!refresh.isRefreshing)
        #expect(!refresh.spinner.isAnimating)
        #expect(sv.adjustedContentInset.top == 0)
        #expect(sv.contentOffset.y == 0)
        #expect(sv.layer.animationKeys()?.isEmpty == false)
        // As for any change of inset: the offset moves to the new top, then the delegate hears of it.
        #expect(d.events == ["didScroll", "didChangeAdjustedContentInset"])
        app.advanceFrames(30)
        #expect(sv.layer.animationKeys()?.isEmpty ?? true)
    }

    @Test func aShortPullShowsTheSpinnerWithoutRefreshing() {
        let (app, sv, d, refresh) = makeRefreshApp()
        defer { withExtendedLifetime((app, d)) {} }
        let f = app.touchDown(at: CGPoint(x: 200, y: 100))
        app.advanceFrames(1)
        for y in stride(from: 110, through: 170, by: 10) {
            f.move(to: CGPoint(x: 200, y: CGFloat(y)))
            app.advanceFrames(1)
        }
        #expect(sv.contentOffset.y < 0 && sv.contentOffset.y > -90)
        #expect(refresh.spinner.alpha > 0 && refresh.spinner.alpha < 1)
        f.lift()
        settle(sv)
        #expect(!refresh.isRefreshing)
        #expect(sv.contentOffset.y == 0)
        #expect(refresh.spinner.alpha == 0)
        #expect(!d.events.contains { $0.hasPrefix("valueChanged") })
    }

    @Test func beginRefreshingInCodeMakesRoomButDoesNotMoveTheContent() {
        let (app, sv, d, refresh) = makeRefreshApp()
        defer { withExtendedLifetime((app, d)) {} }
        refresh.beginRefreshing()
        #expect(refresh.isRefreshing)
        #expect(sv.adjustedContentInset.top == 60)
        #expect(sv.contentOffset.y == 0)
        #expect(d.events == ["didChangeAdjustedContentInset"])
        // Scrolled up to show it, as apps do, then ended: the content goes back to the top.
        sv.setContentOffset(CGPoint(x: 0, y: -60), animated: false)
        refresh.endRefreshing()
        #expect(sv.contentOffset.y == 0)
        refresh.endRefreshing()  // a second end changes nothing
        // (The recorder counts consecutive scrolls once: the move back and the one before it.)
        #expect(d.events == ["didChangeAdjustedContentInset", "didScroll", "didChangeAdjustedContentInset"])
    }

    @Test func aDisabledControlDoesNotTrigger() {
        let (app, sv, d, refresh) = makeRefreshApp()
        defer { withExtendedLifetime((app, d)) {} }
        refresh.isEnabled = false
        app.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 600), duration: 0.5)
        settle(sv)
        #expect(!refresh.isRefreshing)
        #expect(!d.events.contains { $0.hasPrefix("valueChanged") })
    }

    @Test func aNewDragTriggersAgainAfterTheRefreshEnded() {
        let (app, sv, d, refresh) = makeRefreshApp()
        defer { withExtendedLifetime((app, d)) {} }
        app.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 600), duration: 0.5)
        settle(sv)
        refresh.endRefreshing()
        app.advanceFrames(30)
        app.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 600), duration: 0.5)
        settle(sv)
        #expect(d.events.filter { $0.hasPrefix("valueChanged") }.count == 2)
        #expect(refresh.isRefreshing)
    }

    @Test func aTableControllersRefreshControlIsItsTables() {
        let controller = UITableViewController(style: .plain)
        let refresh = UIRefreshControl()
        controller.refreshControl = refresh
        #expect(controller.tableView.refreshControl === refresh)
        #expect(refresh.superview === controller.tableView)
        controller.refreshControl = nil
        #expect(refresh.superview == nil)
    }

    @Test func theTitleAndTintAreShown() {
        let refresh = UIRefreshControl()
        refresh.tintColor = .systemRed
        refresh.attributedTitle = NSAttributedString(string: "Pull to refresh")
        refresh.layoutIfNeeded()
        #expect(refresh.spinner.color == .systemRed)
        let label = refresh.subviews.compactMap { $0 as? UILabel }.first
        #expect(label?.text == "Pull to refresh")
        #expect(label.map { $0.frame.minY > refresh.spinner.frame.maxY } == true)
    }
}
