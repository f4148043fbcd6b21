// BlurKit, as `flipbook port` wrote it (Ported/BlurKit): a dialog presented over a blurred
// snapshot of the screen, in the style of blur-dialog libraries. The port gates `import os.log`
// and `import Accelerate` alone (Flipbook provides `os_log` and vImage's box convolution), turns
// `UIScreen.main.displayLink(withTarget:selector:)`'s selector into a closure, and the view's
// `display(_:)` override fills its layer with the blurred pixels, made through the image's data
// provider and a bitmap context. The blur deepens as the card springs in and clears as it fades.
import XCTest
import Flipbook

private final class StripesViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemBlue, .systemPurple]
        for (i, color) in colors.enumerated() {
            let stripe = UIView(frame: CGRect(x: 0, y: 80 + CGFloat(i) * 120, width: 393, height: 60))
            stripe.backgroundColor = color
            view.addSubview(stripe)
        }
    }
}

final class BlurKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testTheBlurDeepensUnderTheDialogAndClearsOnDismissal() throws {
        let host = StripesViewController()
        let app = AppDriver(rootViewController: host, device: .iPhone15)
        let dialog = BlurDialogController(title: "Saved")
        app.at(0.1) { host.present(dialog, animated: true) }
        var frames: [RenderedImage] = []
        for t in [0.2, 0.35, 0.7] {
            app.run(until: t)
            frames.append(app.render(scale: 0.3))
        }
        XCTAssertTrue(host.presentedViewController === dialog)
        let container = try XCTUnwrap(dialog.view.superview)
        let blur = try XCTUnwrap(container.subviews.compactMap { $0 as? BlurSnapshotView }.first)
        XCTAssertEqual(blur.blurRadius, 10, "the blur reached the dialog's radius")
        XCTAssertEqual(blur.radiiDrawn.last, 10)
        XCTAssertGreaterThan(Set(blur.radiiDrawn).count, 5, "redrawn as the radius grew: \(blur.radiiDrawn)")
        XCTAssertEqual(blur.radiiDrawn, blur.radiiDrawn.sorted(), "the radius only grew")

        app.at(0.8) { app.tap(dialog.closeButton) }
        for t in [0.95, 1.1, 1.6] {
            app.run(until: t)
            frames.append(app.render(scale: 0.3))
        }
        XCTAssertNil(host.presentedViewController)
        XCTAssertNil(blur.superview, "the blur view left with the dialog")
        XCTAssertEqual(blur.radiiDrawn.last, 0, "cleared as the dialog faded")
        Corpus.assertFilmstrip(frames, named: "BlurKitTests/blur-dialog")
    }
}
