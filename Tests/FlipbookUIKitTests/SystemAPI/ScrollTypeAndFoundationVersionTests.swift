import Foundation
import Testing
import TestSupport
import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// API that a round of real libraries called (docs/API-Status.md): a panel's pan recognizer
/// that also takes trackpad scrolls (`allowedScrollTypesMask = .continuous`), and an old side
/// menu that picks its layout by Foundation's version number.
@Suite(.freshRuntime) @MainActor struct ScrollTypeAndFoundationVersionTests {
    @Test func scrollTypeMasksHaveOneBitPerScrollType() {
        #expect(UIScrollType.discrete.rawValue == 0 && UIScrollType.continuous.rawValue == 1)
        #expect(UIScrollTypeMask.discrete.rawValue == 1 && UIScrollTypeMask.continuous.rawValue == 2)
        #expect(UIScrollTypeMask.all.rawValue == 3 && UIScrollTypeMask.all == [.discrete, .continuous])
    }

    /// The mask is kept; touches pan whatever it says, as on iOS.
    @Test func panRecognizersKeepTheirMaskAndStillPanWithTouches() {
        let root = UIViewController()
        var states: [UIGestureRecognizer.State] = []
        let pan = UIPanGestureRecognizer(target: root) { (_: UIViewController, r: UIPanGestureRecognizer) in states.append(r.state) }
        #expect(pan.allowedScrollTypesMask == [])
        pan.allowedScrollTypesMask = .continuous
        #expect(pan.allowedScrollTypesMask == .continuous)
        root.view.addGestureRecognizer(pan)
        let app = AppDriver(rootViewController: root)
        app.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 500), duration: 0.2)
        app.run(until: 0.5)
        #expect(states.first == .began && states.last == .ended)
    }

    @Test nonisolated func foundationsVersionIsAboveEveryNamedRelease() {
        #expect(NSFoundationVersionNumber_iOS_7_1 == 1047.25 && NSFoundationVersionNumber_iOS_8_0 == 1140.11)
        #expect(NSFoundationVersionNumber_iPhoneOS_3_0 < NSFoundationVersionNumber_iOS_4_0)
        // The modern branch of `if floor(NSFoundationVersionNumber) <= NSFoundationVersionNumber_iOS_7_1`.
        #expect(floor(NSFoundationVersionNumber) > NSFoundationVersionNumber_iOS_9_x_Max)
    }
}

/// A recognizer meant for pointer scrolls only refuses touch events in `shouldReceive(_:)` (a
/// panel library's): it never sees a touch, while a plain pan on the same view does.
private final class ScrollOnlyPan: UIPanGestureRecognizer {
    override func shouldReceive(_ event: UIEvent) -> Bool {
        guard event.type == .scroll else { return false }
        return super.shouldReceive(event)
    }
}

@Suite(.freshRuntime) @MainActor struct ShouldReceiveEventTests {
    @Test func aRecognizerThatRefusesTouchEventsSeesNoTouches() {
        let root = UIViewController()
        var scrollStates: [UIGestureRecognizer.State] = [], panStates: [UIGestureRecognizer.State] = []
        let scroll = ScrollOnlyPan(target: root) { (_: UIViewController, r: UIPanGestureRecognizer) in scrollStates.append(r.state) }
        let pan = UIPanGestureRecognizer(target: root) { (_: UIViewController, r: UIPanGestureRecognizer) in panStates.append(r.state) }
        root.view.addGestureRecognizer(scroll)
        root.view.addGestureRecognizer(pan)
        let app = AppDriver(rootViewController: root)
        app.drag(from: CGPoint(x: 100, y: 300), to: CGPoint(x: 100, y: 500), duration: 0.2)
        app.run(until: 0.5)
        #expect(scrollStates.isEmpty && panStates.first == .began && panStates.last == .ended)
    }
}
