// ExplodeKit, as `flipbook port` wrote it (Ported/ExplodeKit): a navigation push whose animator
// cuts the old screen into hundreds of `resizableSnapshotView` pieces that scatter. Snapshots
// of an unchanged view share one picture, so the cut costs one drawing, not one per piece.
import XCTest
import Flipbook

final class ExplodeKitTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Corpus.resetClock()
    }

    func testTheOldScreenBreaksIntoPiecesThatShareOnePicture() throws {
        let first = ExplodeDemoViewController()
        let navigation = UINavigationController(rootViewController: first)
        let delegate = ExplodeNavigationDelegate()
        navigation.delegate = delegate
        let app = AppDriver(rootViewController: navigation, device: .iPhone15)
        app.at(0.1) { app.tap(first.nextButton) }
        var frames: [RenderedImage] = []
        var pictures: Set<ObjectIdentifier> = []
        for t in [0.2, 0.45, 0.75, 1.2] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
            if t == 0.2 {
                var stack: [UIView] = [app.window]
                while let view = stack.popLast() {
                    stack += view.subviews
                    if view.bounds.size == CGSize(width: 24, height: 24), let image = view.layer.contents as? CGImage {
                        pictures.insert(ObjectIdentifier(image))
                    }
                }
            }
        }
        let size = first.view.bounds.size
        XCTAssertEqual(delegate.transition.pieceCount, Int(ceil(size.width / 24) * ceil(size.height / 24)), "24 pt pieces of the screen")
        XCTAssertGreaterThan(delegate.transition.pieceCount, 500)
        XCTAssertEqual(navigation.viewControllers.count, 2)
        XCTAssertEqual(pictures.count, 1, "every piece shows the same picture")
        Corpus.assertFilmstrip(frames, named: "ExplodeKitTests/explode-push")
    }
}
