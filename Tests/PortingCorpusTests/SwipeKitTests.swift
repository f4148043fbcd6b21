// SwipeKit, as `flipbook port` wrote it (Ported/SwipeKit), run headless: a swipe from anywhere
// on the screen goes back, through a navigation delegate fan-out that was a subclass of an
// Objective-C proxy (now `MulticastDelegateProxy`) and a pan subclass whose initialiser took an
// optional target and selector.
import XCTest
import Flipbook

/// The app's own navigation delegate, set before the swipe controller's fan-out took the slot.
final class SwipeShowRecorder: NSObject, UINavigationControllerDelegate {
    var shown: [String] = []
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        shown.append(viewController.title ?? "?")
    }
}

/// A delegate written for the current name, and one written before the rename.
final class SwipeFinishListener: SwipeBackControllerDelegate {
    var heard: [Bool] = []
    func swipeBackController(_ controller: SwipeBackController, didFinishGoingBack wentBack: Bool) { heard.append(wentBack) }
}

final class SwipeOldFinishListener: SwipeBackControllerDelegate {
    var finishes = 0
    func swipeBackControllerDidFinish(_ controller: SwipeBackController) { finishes += 1 }
}

final class SwipeKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    private func makeApp() -> (AppDriver, SwipeBackNavigationController, SwipeShowRecorder) {
        let nav = SwipeBackNavigationController(rootViewController: SwipePageViewController(number: 1, color: .systemBlue))
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.run(until: 0.1)
        let recorder = SwipeShowRecorder()
        nav.swipeBack?.setNavigationControllerDelegate(recorder)
        nav.pushViewController(SwipePageViewController(number: 2, color: .systemOrange), animated: true)
        app.run(until: 0.8)
        return (app, nav, recorder)
    }

    func testASwipeFromTheMiddleOfTheScreenGoesBack() throws {
        let (app, nav, recorder) = makeApp()
        XCTAssertEqual(recorder.shown, ["Page 2"], "the app's delegate hears through the fan-out")
        var frames: [RenderedImage] = []
        let page2 = try XCTUnwrap(nav.topViewController as? SwipePageViewController)
        app.at(1.0) { app.drag(from: CGPoint(x: 120, y: 500), to: CGPoint(x: 340, y: 500), duration: 0.4) }
        for t in [1.15, 1.3] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        let swipe = try XCTUnwrap(nav.swipeBack)
        XCTAssertTrue(swipe.isSwiping, "the finger is still down")
        let followed = page2.view.layer.presentation()?.frame.minX ?? 0
        XCTAssertGreaterThan(followed, 100, "the page follows the finger")
        XCTAssertLessThan(followed, 220)
        for t in [1.45, 1.6, 2.0] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        XCTAssertEqual(nav.viewControllers.count, 1)
        XCTAssertEqual(recorder.shown, ["Page 2", "Page 1"])
        XCTAssertFalse(swipe.isSwiping)
        Corpus.assertFilmstrip(frames, named: "SwipeKitTests/swipe-back")
    }

    func testAShortSwipePutsThePageBack() throws {
        let (app, nav, recorder) = makeApp()
        app.at(1.0) { app.drag(from: CGPoint(x: 120, y: 500), to: CGPoint(x: 180, y: 500), duration: 0.5) }
        app.run(until: 2.5)
        XCTAssertEqual(nav.viewControllers.count, 2)
        XCTAssertEqual((nav.topViewController as? SwipePageViewController)?.number, 2)
        XCTAssertEqual(nav.topViewController?.view.frame.minX, 0)
        XCTAssertEqual(recorder.shown, ["Page 2"], "a cancelled pop shows nothing new")
    }

    /// The recognizer cancels itself when the finger moves the wrong way: nothing pops, and
    /// nothing is reported.
    func testASwipeDownIsNotASwipeBack() throws {
        let (app, nav, _) = makeApp()
        let reports = FlipbookDiagnostics.capture {
            app.at(1.0) { app.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 700), duration: 0.4) }
            app.run(until: 2.0)
        }
        XCTAssertEqual(nav.viewControllers.count, 2)
        XCTAssertEqual(reports, [])
    }

    /// `if let f = delegate?.new(_:_:) { f(…) } else { delegate?.old?(…) }`: a delegate
    /// implementing the new name hears it, one implementing only the old name hears that, as on iOS.
    func testTheRenamedDelegateMethodAndItsDeprecatedNameAreBothHeard() throws {
        let (app, nav, _) = makeApp()
        let swipe = try XCTUnwrap(nav.swipeBack)
        let current = SwipeFinishListener()
        swipe.delegate = current
        app.at(1.0) { app.drag(from: CGPoint(x: 120, y: 500), to: CGPoint(x: 180, y: 500), duration: 0.5) }
        app.run(until: 2.0)
        XCTAssertEqual(current.heard, [false])
        let old = SwipeOldFinishListener()
        swipe.delegate = old
        app.at(2.2) { app.drag(from: CGPoint(x: 120, y: 500), to: CGPoint(x: 340, y: 500), duration: 0.4) }
        app.run(until: 3.5)
        XCTAssertEqual(old.finishes, 1)
        XCTAssertEqual(nav.viewControllers.count, 1)
        XCTAssertEqual(current.heard, [false])
    }
}
