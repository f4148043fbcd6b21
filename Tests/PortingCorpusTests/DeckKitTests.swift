// DeckKit, as `flipbook port` wrote it (Ported/DeckKit), run headless: a card presented over a
// pushed-back screen, its transition kept on it by an associated object; a short swipe down
// springs it back on a display link, a long one dismisses it, with the delegate's optional
// requirements (default implementations after porting) called in order.
import XCTest
import Flipbook

final class DeckKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testACardSpringsBackFromAShortSwipeAndLeavesOnALongOne() throws {
        let home = DeckHomeViewController()
        let app = AppDriver(rootViewController: home, device: .iPhone15)
        app.at(0.1) { app.tap(home.showButton) }
        var frames: [RenderedImage] = []
        for t in [0.05, 0.3, 0.8] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        let card = try XCTUnwrap(home.presentedViewController as? DeckCardViewController)
        let transition = try XCTUnwrap(card.deckTransition, "the card keeps its transition (an associated object)")
        XCTAssertTrue(card.transitioningDelegate === transition)
        XCTAssertTrue(transition.delegate === home)
        let deck = try XCTUnwrap(card.presentationController as? DeckPresentationController)
        XCTAssertEqual(card.view.frame, CGRect(x: 0, y: 56, width: 393, height: 796))
        XCTAssertEqual(home.view.transform.a, 0.92, accuracy: 1e-9)
        XCTAssertEqual(home.deckEvents, [])

        // A short swipe (80 pt): not past the delegate's threshold of 150, so the card springs back.
        app.at(1.0) { app.drag(from: CGPoint(x: 196, y: 400), to: CGPoint(x: 196, y: 480), duration: 0.3) }
        app.run(until: 1.3)
        frames.append(app.render(scale: 0.5))
        XCTAssertGreaterThan(card.view.transform.ty, 50, "the card follows the finger")
        app.run(until: 2.5)
        frames.append(app.render(scale: 0.5))
        XCTAssertEqual(card.view.transform, .identity, "the spring has settled")
        XCTAssertGreaterThan(deck.springFrames, 10, "the display link stepped the spring frame by frame")
        XCTAssertEqual(home.view.transform.a, 0.92, accuracy: 1e-6)
        XCTAssertEqual(home.deckEvents, ["deckDismissThreshold"])
        XCTAssertTrue(home.presentedViewController === card)

        // A long swipe (250 pt): the card leaves from where the finger let go.
        app.at(3.0) { app.drag(from: CGPoint(x: 196, y: 400), to: CGPoint(x: 196, y: 650), duration: 0.3) }
        for t in [3.2, 3.45, 4.2] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        XCTAssertNil(home.presentedViewController)
        XCTAssertNil(card.view.superview)
        XCTAssertEqual(home.view.transform, .identity)
        XCTAssertEqual(home.deckEvents, ["deckDismissThreshold", "deckDismissThreshold", "deckWillDismiss", "deckDidDismiss"])
        Corpus.assertFilmstrip(frames, named: "DeckKitTests/deck-present-spring-dismiss")
    }

    func testTheDelegatesOptionalRequirementsHaveDefaults() {
        // A delegate implementing none of them: the threshold falls back to 120 pt.
        final class Silent: NSObject, DeckTransitionDelegate {}
        let silent = Silent()
        XCTAssertNil(silent.deckDismissThreshold())
        silent.deckWillDismiss()
        silent.deckDidDismiss()

        let home = UIViewController()
        let app = AppDriver(rootViewController: home, device: .iPhone15)
        let card = DeckCardViewController()
        home.presentDeck(card, delegate: silent)
        app.run(until: 0.8)
        // 130 pt: past the default 120.
        app.at(1.0) { app.drag(from: CGPoint(x: 196, y: 400), to: CGPoint(x: 196, y: 530), duration: 0.3) }
        app.run(until: 2.2)
        XCTAssertNil(home.presentedViewController)
    }

    func testTheCardAndItsTransitionAreReleasedAfterTheDismissal() {
        let home = UIViewController()
        let app = AppDriver(rootViewController: home, device: .iPhone15)
        weak var weakCard: UIViewController?
        weak var weakTransition: DeckTransition?
        do {
            let card = DeckCardViewController()
            home.presentDeck(card)
            weakCard = card
            weakTransition = card.deckTransition
            app.run(until: 0.8)
            card.dismiss(animated: true)
            app.run(until: 1.6)
        }
        XCTAssertNil(home.presentedViewController)
        XCTAssertNil(weakCard)
        XCTAssertNil(weakTransition, "the associated object goes with the card")
    }
}
