import Foundation
import Testing
import TestSupport
import Flipbook

extension CompatibilityCorpusTests {
    @Test func navigationZoomWithSnapshots() {
        let grid = PhotoGridViewController()
        let nav = UINavigationController(rootViewController: grid)
        let app = AppDriver(rootViewController: nav)
        app.window.layoutIfNeeded()
        let third = grid.tiles[2]
        let tapPoint = third.convert(CGPoint(x: third.bounds.midX, y: third.bounds.midY), to: app.window)
        app.at(0.1) { app.tap(at: tapPoint) }
        app.at(1.0) { nav.popViewController(animated: true) }
        var frames: [RenderedImage] = []
        var flying: [UIView] = []
        var hiddenWhileFlying: [Bool] = []
        for t in [0.05, 0.22, 0.4, 0.8, 1.15, 1.3, 1.8] {
            app.run(until: t)
            if t == 0.22 || t == 1.15 {
                // A snapshot is a plain UIView showing a picture.
                let snapshots = app.window.allSubviewsInTree.filter { type(of: $0) == UIView.self && $0.layer.contents != nil }
                flying += snapshots
                hiddenWhileFlying.append(snapshots.count == 1 && third.isHidden)
            }
            frames.append(app.render(scale: 0.5))
        }
        app.runScript()
        // Mid-push and mid-pop one snapshot flies while the real thumbnail hides; afterwards
        // none is left and the grid is as before.
        #expect(hiddenWhileFlying == [true, true])
        #expect(flying.count == 2 && flying.allSatisfy { $0.superview == nil })
        #expect(nav.viewControllers.count == 1 && nav.topViewController === grid)
        #expect(!third.isHidden && grid.view.window === app.window)
        GoldenImage.assert(
            GoldenImage.filmstrip(frames)!, named: "CompatibilityCorpusTests/nav-zoom-filmstrip",
            tolerance: .init(channel: 2, pixelFraction: 0.001))
    }
}

extension UIView {
    /// This view and every view below it.
    fileprivate var allSubviewsInTree: [UIView] { [self] + subviews.flatMap(\.allSubviewsInTree) }
}
