import Foundation
import Testing
import TestSupport
import Flipbook

extension CompatibilityCorpusTests {
    /// The circular reveal (CircularReveal.swift): presented by tapping the "+" button and
    /// dismissed by tapping the close button, both through real transitions whose mask path
    /// animates between two circles; the delegate's animationDidStop completes each.
    @Test func circularRevealPresentsAndDismisses() {
        let list = RevealListViewController()
        let app = AppDriver(rootViewController: list)
        let recorder = TransitionRecorder(app: app)
        app.at(0.1) { app.tap(list.composeButton) }
        app.at(1.0) { (list.presentedViewController as? RevealComposeViewController).map { app.tap($0.closeButton) } }
        var frames: [RenderedImage] = []
        var presented: [Bool] = []
        for t in [0.05, 0.3, 0.45, 0.8, 1.2, 1.35, 1.7] {
            app.run(until: t)
            frames.append(app.render(scale: 0.5))
            presented.append(list.presentedViewController is RevealComposeViewController)
        }
        app.runScript()
        #expect(presented == [false, true, true, true, true, true, false])
        #expect(list.presentedViewController == nil)
        let ends = recorder.history.events.filter { $0.contains("completeTransition") }
        #expect(ends.count == 2)
        GoldenImage.assert(
            GoldenImage.filmstrip(frames)!, named: "CompatibilityCorpusTests/circular-reveal-filmstrip",
            tolerance: .init(channel: 2, pixelFraction: 0.001))
    }
}
