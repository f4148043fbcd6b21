// BubbleKit, as `flipbook port` wrote it (Ported/BubbleKit), run headless: the "+" button grows
// the bubble into the menu and the close button shrinks it back into the button.
import XCTest
import Flipbook

final class BubbleKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testTheBubbleGrowsOutOfTheButtonAndShrinksBackIntoIt() throws {
        let home = BubbleHomeViewController()
        let app = AppDriver(rootViewController: home, device: .iPhone15)
        let transition = home.bubbleDelegate.transition
        XCTAssertEqual(home.actionButton.center, CGPoint(x: 333, y: 752))

        // The button's target-action (`#selector(present(_:))` before porting) presents the menu.
        app.at(0.1) { app.tap(home.actionButton) }
        var frames: [RenderedImage] = []
        var halfway: CGFloat = 0
        for t in [0.05, 0.3, 0.45, 0.8] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
            if t == 0.3 { halfway = transition.bubble.layer.presentation()?.transform.m11 ?? -1 }
        }
        let menu = try XCTUnwrap(home.presentedViewController as? BubbleMenuViewController)
        XCTAssertTrue(menu.transitioningDelegate === home.bubbleDelegate)
        XCTAssertEqual(transition.origin, home.actionButton.center, "the bubble grows from the button's centre")
        XCTAssertGreaterThan(halfway, 0.05, "the bubble is growing at 0.3 s")
        XCTAssertLessThan(halfway, 0.95)
        XCTAssertEqual(transition.history, ["present began", "present ended", "animationEnded(true)"])
        XCTAssertTrue(transition.bubble.superview === menu.view.superview, "the bubble stays behind the menu")
        XCTAssertEqual(transition.bubble.transform, .identity)
        XCTAssertEqual(menu.view.frame, CGRect(x: 0, y: 0, width: 393, height: 852))
        XCTAssertEqual(menu.view.transform, .identity)

        // The close button (a bare `#selector(close)` before porting) dismisses it.
        app.at(1.0) { app.tap(menu.closeButton) }
        for t in [1.2, 1.35, 1.8] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        XCTAssertNil(home.presentedViewController)
        XCTAssertNil(transition.bubble.superview)
        XCTAssertNil(menu.view.superview)
        XCTAssertEqual(transition.history, [
            "present began", "present ended", "animationEnded(true)",
            "dismiss began", "dismiss ended", "animationEnded(true)",
        ])
        Corpus.assertFilmstrip(frames, named: "BubbleKitTests/bubble-present-dismiss")
    }
}
