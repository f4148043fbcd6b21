import Foundation
import Testing
import TestSupport
import Flipbook

extension CompatibilityCorpusTests {
    /// The cube transition (CubeTransition.swift) presenting and dismissing through real modal
    /// transitions; mid-turn both faces show in perspective.
    @Test func cubeTransitionPresentsAndDismisses() {
        let gallery = CubeGalleryViewController()
        let app = AppDriver(rootViewController: gallery)
        app.at(0.1) { gallery.openDetail() }
        app.at(1.2) { (gallery.presentedViewController as? CubeDetailViewController)?.close() }
        var frames: [RenderedImage] = []
        var presented: [Bool] = []
        for t in [0.05, 0.35, 0.5, 0.65, 1.1, 1.45, 1.6, 2.2] {
            app.run(until: t)
            frames.append(app.render(scale: 0.25))
            presented.append(gallery.presentedViewController is CubeDetailViewController)
        }
        app.runScript()
        #expect(presented == [false, true, true, true, true, true, true, false])
        #expect(gallery.presentedViewController == nil)
        // Mid-turn (0.5 s, half of the 0.8 s turn begun at 0.1 s) the cube's edge is near the
        // middle: the gallery's face on the left, the detail's (indigo) on the right.
        let mid = frames[2]
        let left = mid.pixel(x: mid.width / 4, y: mid.height / 2), right = mid.pixel(x: mid.width * 3 / 4 + 4, y: mid.height / 2)
        #expect(left != right)
        GoldenImage.assert(
            GoldenImage.filmstrip(frames)!, named: "CompatibilityCorpusTests/cube-transition-filmstrip",
            tolerance: .init(channel: 2, pixelFraction: 0.001))
    }
}
