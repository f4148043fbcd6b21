// FlowKit, as `flipbook port` wrote it (Ported/FlowKit): a side menu presented full screen
// whose animator puts the app's view back into the key window under the menu once it is in,
// and cuts its wave edge with a reversed oval; a tip bubble made ahead of time whose
// `draw(_:)` reads state set only when it is shown; a button whose shake sets a completion
// block and commits without a begin. Each leans on a UIKit rule real libraries showed
// (docs/Semantics.md, "Presentation styles", "Layout of views in no window", "A commit with
// no begin").
import XCTest
import Flipbook

private final class FlowAppViewController: UIViewController {
    let button = SpinnerButton(type: .custom)
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.36, green: 0.34, blue: 0.84, alpha: 1)
        button.frame = CGRect(x: 96, y: 600, width: 200, height: 50)
        button.backgroundColor = .systemOrange
        button.layer.cornerRadius = 25
        view.addSubview(button)
        for row in 0..<4 {
            let bar = UIView(frame: CGRect(x: 24, y: 140 + CGFloat(row) * 80, width: 345, height: 56))
            bar.backgroundColor = UIColor(white: 1, alpha: 0.85)
            bar.layer.cornerRadius = 12
            view.addSubview(bar)
        }
    }
}

private final class FlowMenuViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.0, green: 0.78, blue: 0.75, alpha: 1)
        for row in 0..<5 {
            let item = UIView(frame: CGRect(x: 24, y: 120 + CGFloat(row) * 60, width: 160, height: 24))
            item.backgroundColor = UIColor(white: 1, alpha: 0.7)
            item.layer.cornerRadius = 6
            view.addSubview(item)
        }
    }
}

final class FlowKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testTheMenuPoursInAndTheAppComesBackUnderIt() {
        let appVC = FlowAppViewController()
        let app = AppDriver(rootViewController: appVC, device: .iPhone15)
        let transition = FlowMenuTransition()
        let menu = FlowMenuViewController()
        menu.modalPresentationStyle = .fullScreen
        menu.transitioningDelegate = transition
        var reports: [String] = []
        let token = FlipbookDiagnostics.addObserver { reports.append($0.message) }
        defer { FlipbookDiagnostics.removeObserver(token) }

        app.at(0.1) { appVC.present(menu, animated: true) }
        var frames: [RenderedImage] = []
        app.run(until: 0.25)
        frames.append(app.render(scale: 0.5))
        XCTAssertEqual(transition.waveLayer?.superlayer, menu.view.layer, "the wave rides on the menu's edge")
        app.run(until: 0.7)
        frames.append(app.render(scale: 0.5))
        XCTAssertTrue(appVC.presentedViewController === menu)
        XCTAssertTrue(appVC.view.window === app.window, "the animator put the app back under the menu")

        app.at(0.8) { menu.dismiss(animated: true) }
        app.run(until: 0.95)
        frames.append(app.render(scale: 0.5))
        app.run(until: 1.4)
        frames.append(app.render(scale: 0.5))
        XCTAssertNil(appVC.presentedViewController)
        XCTAssertTrue(appVC.view.superview === app.window)
        XCTAssertEqual(appVC.view.frame, app.window.bounds)
        XCTAssertNil(menu.view.window)
        XCTAssertEqual(reports, [])
        Corpus.assertFilmstrip(frames, named: "FlowKitTests/menu-in-and-out")
    }

    /// The wave's hole: the reversed oval cancels the rectangle's winding under the non-zero rule.
    func testTheWaveIsARectangleWithAnOvalCutOut() {
        let path = FlowMenuTransition().wavePath(in: CGRect(x: 0, y: 0, width: 40, height: 800), bulge: 30)
        XCTAssertTrue(path.contains(CGPoint(x: 4, y: 400)))
        XCTAssertFalse(path.contains(CGPoint(x: 30, y: 400)), "inside the oval: cut out")
        XCTAssertTrue(path.contains(CGPoint(x: 30, y: 100)))
    }

    /// The bubble exists for a while before it is shown; UIKit draws only what a window shows,
    /// so `draw(_:)` first runs after `show`, with its anchor set.
    func testTheTipIsDrawnOnlyOnceShown() {
        let appVC = FlowAppViewController()
        let app = AppDriver(rootViewController: appVC, device: .iPhone15)
        let tip = TipView()
        tip.bubbleColor = .white
        app.run(until: 0.3)
        XCTAssertEqual(tip.drawCount, 0)
        app.at(0.35) { tip.show(CGSize(width: 180, height: 90), from: appVC.button, in: appVC.view) }
        var frames: [RenderedImage] = []
        for t in [0.4, 0.55, 1.0] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        XCTAssertEqual(tip.drawCount, 1)
        app.at(1.1) { tip.dismiss() }
        app.run(until: 1.5)
        XCTAssertNil(tip.superview)
        Corpus.assertFilmstrip(frames, named: "FlowKitTests/tip")
    }

    /// A swipe up on the tip dismisses it: the swipe recognizer's action method was declared
    /// for a tap recognizer and never reads it, so the port hands it a fresh one.
    func testASwipeUpDismissesTheTip() {
        let appVC = FlowAppViewController()
        let app = AppDriver(rootViewController: appVC, device: .iPhone15)
        let tip = TipView()
        app.at(0.1) { tip.show(CGSize(width: 180, height: 90), from: appVC.button, in: appVC.view) }
        app.run(until: 0.8)
        XCTAssertTrue(tip.superview === appVC.view)
        let middle = CGPoint(x: tip.frame.midX, y: tip.frame.midY)
        app.drag(from: middle, to: CGPoint(x: middle.x, y: middle.y - 120), duration: 0.1)
        app.run(until: app.time + 0.5)
        XCTAssertNil(tip.superview, "the swipe dismissed the tip")
    }

    /// The shake's completion waits for the shake alone: the commit without a begin committed
    /// the implicit transaction there, so a fade added after it in the same turn is not waited for.
    func testTheShakesCompletionWaitsForTheShakeOnly() {
        let appVC = FlowAppViewController()
        let app = AppDriver(rootViewController: appVC, device: .iPhone15)
        var shookAt: Double?
        var doneAt: Double?
        app.at(0.2) {
            shookAt = MediaClock.main.now
            appVC.button.shake { doneAt = MediaClock.main.now }
            UIView.animate(withDuration: 2) { appVC.button.alpha = 0.5 }
        }
        app.run(until: 1.0)
        XCTAssertEqual(appVC.button.shakes, 1)
        let took = (doneAt ?? 99) - (shookAt ?? 0)
        XCTAssertGreaterThanOrEqual(took, 0.5)
        XCTAssertLessThan(took, 0.55, "the half-second shake, not the two-second fade")
    }
}
