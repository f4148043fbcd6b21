import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// The renderer draws the presentation tree at MediaClock.main's time, never the model alone.
@MainActor
@Suite(.freshRuntime) struct PresentationRenderingTests {
    @Test func drawsAnimatedValuesAtTheCurrentMediaTime() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), .white)
        let l = makeLayer(CGRect(x: 0, y: 0, width: 20, height: 20), .black, in: root)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        l.add(fade, forKey: "fade")
        MediaClock.main.advance(by: 0.25)
        let quarter = LayerRenderer(scale: 1).render(root).pixel(x: 10, y: 10)
        MediaClock.main.advance(by: 0.5)
        let threeQuarters = LayerRenderer(scale: 1).render(root).pixel(x: 10, y: 10)
        // Black at opacity t over white: 255 × (1 − t).
        #expect(abs(Int(quarter.r) - 191) <= 2)
        #expect(abs(Int(threeQuarters.r) - 64) <= 2)
        // The model was not touched by rendering.
        #expect(l.opacity == 1 && l.animation(forKey: "fade") != nil)
    }
}
