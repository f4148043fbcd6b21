// PullKit, as `flipbook port` wrote it (Ported/PullKit): a pull-to-dismiss that follows a scroll
// view's `contentOffset` with string key-value observing (`addObserver(_:forKeyPath:options:
// context:)` and an `observeValue` override, which the port makes a `FlipbookKeyValueObserver`
// conformance) and reads the change through `(value as AnyObject).cgPointValue` (ported to
// `as! NSValue`). Dragging the screen down past its top dismisses it.
import XCTest
import Flipbook

private final class PullHostViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.2, green: 0.24, blue: 0.32, alpha: 1)
    }
}

final class PullKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testPullingPastTheTopDismissesAndEveryOffsetIsHeard() throws {
        let host = PullHostViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        let card = PullCardViewController()
        card.modalPresentationStyle = .fullScreen
        app.at(0.1) { host.present(card, animated: false) }
        app.run(until: 0.2)
        let pull = try XCTUnwrap(card.pullToDismiss)
        // At rest under the status bar, as on iOS: the adjusted inset moved the offset once.
        let rest = card.scrollView.contentOffset.y
        let heardBefore = pull.offsets.count

        // A small pull comes back: heard, not dismissed.
        app.at(0.3) { app.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 360), duration: 0.2) }
        app.run(until: 1.2)
        XCTAssertFalse(pull.didDismiss)
        XCTAssertGreaterThan(pull.offsets.count, heardBefore + 5, "contentOffset changes reach observeValue")
        XCTAssertLessThan(pull.offsets.min() ?? 0, rest - 10)
        XCTAssertEqual(card.scrollView.contentOffset.y, rest, accuracy: 0.5, "it bounced back")
        XCTAssertEqual(pull.offsets.last ?? .nan, card.scrollView.contentOffset.y, accuracy: 1e-9)
        XCTAssertTrue(host.presentedViewController === card)

        // A long pull goes past the threshold: the card dismisses.
        var frames: [RenderedImage] = []
        app.at(1.3) { app.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 700), duration: 1.0) }
        app.run(until: 1.45)
        frames.append(app.render(scale: 0.5))
        XCTAssertFalse(pull.didDismiss, "still above the threshold")
        app.run(until: 1.75)
        frames.append(app.render(scale: 0.5))
        app.run(until: 2.0)
        frames.append(app.render(scale: 0.5))
        XCTAssertTrue(pull.didDismiss)
        app.run(until: 3.0)
        frames.append(app.render(scale: 0.5))
        XCTAssertNil(host.presentedViewController)
        Corpus.assertFilmstrip(frames, named: "PullKitTests/pull-to-dismiss")
    }
}
