// KeyboardKit, as `flipbook port` wrote it (Ported/KeyboardKit), run headless: the composer bar
// follows the keyboard through `keyboardWillChangeFrameNotification`, observed with
// `addObserver(_:selector:name:object:)` (a `#selector` before porting).
import XCTest
import Flipbook

final class KeyboardKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testTheComposerRidesOnTheKeyboard() {
        let conversation = ConversationViewController()
        let app = AppDriver(rootViewController: conversation, device: .iPhone15)
        let bottomInset = conversation.view.safeAreaInsets.bottom
        XCTAssertEqual(conversation.accessoryBar.frame, CGRect(x: 0, y: 852 - bottomInset - 56, width: 393, height: 56))

        app.at(0.1) { app.showKeyboard(height: 336) }
        app.at(0.6) { app.hideKeyboard() }
        var frames: [RenderedImage] = []
        var middle: CGFloat = 0
        for t in [0.05, 0.2, 0.45] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
            if t == 0.2 { middle = conversation.accessoryBar.layer.presentation()?.frame.minY ?? 0 }
        }
        XCTAssertEqual(conversation.keyboardOverlap, 336)
        XCTAssertEqual(conversation.accessoryBar.frame.minY, 852 - 336 - 56)
        XCTAssertLessThan(middle, 852 - bottomInset - 56, "moving up with the keyboard at 0.2 s")
        XCTAssertGreaterThan(middle, 852 - 336 - 56)

        for t in [0.72, 1.0] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
        }
        XCTAssertEqual(conversation.keyboardOverlap, 0)
        XCTAssertEqual(conversation.accessoryBar.frame.minY, 852 - bottomInset - 56)
        XCTAssertEqual(conversation.followedDurations, [0.25, 0.25], "the keyboard's own duration, twice")
        Corpus.assertFilmstrip(frames, named: "KeyboardKitTests/keyboard-show-hide")
    }

    func testNoLongerFollowsOnceOffScreen() {
        let conversation = ConversationViewController()
        let app = AppDriver(rootViewController: UIViewController(), device: .iPhone15)
        app.rootViewController?.present(conversation, animated: false)
        app.showKeyboard(height: 300)
        app.advance(by: 0.5)
        XCTAssertEqual(conversation.followedDurations, [0.25])
        conversation.dismiss(animated: false)
        app.hideKeyboard()
        app.advance(by: 0.5)
        XCTAssertEqual(conversation.followedDurations, [0.25], "removed as observer in viewDidDisappear")
    }
}
