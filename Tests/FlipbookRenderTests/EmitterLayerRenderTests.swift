import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// CAEmitterLayer's particles drawn: each the cell's image at its size over `contentsScale`,
/// centred on the particle, scaled, multiplied by its colour (docs/Semantics.md, "Particle emitters").
@Suite(.freshRuntime) @MainActor struct EmitterLayerRenderTests {
    /// A white square image `side` pixels wide.
    func white(_ side: Int) -> CGImage {
        CGImage(width: side, height: side, premultipliedRGBA: Array(repeating: 255, count: side * side * 4))!
    }

    /// A black 100 × 100 root holding an emitter at (50, 50) whose one cell shoots a particle a
    /// second to the right at 40 points a second.
    func scene(_ configure: (CAEmitterLayer, CAEmitterCell) -> Void) -> (CALayer, CAEmitterLayer) {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), CGColor(gray: 0, alpha: 1))
        let e = CAEmitterLayer()
        let cell = CAEmitterCell()
        withoutActions {
            e.frame = root.bounds
            e.emitterPosition = CGPoint(x: 50, y: 50)
            cell.birthRate = 1
            cell.lifetime = 10
            cell.velocity = 40
            cell.contents = white(10)
            configure(e, cell)
            e.emitterCells = [cell]
            root.addSublayer(e)
        }
        return (root, e)
    }

    @Test func aParticleIsItsImageMultipliedByItsColour() {
        let (root, _) = scene { _, cell in cell.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        MediaClock.main.advance(by: 0.5)
        let image = LayerRenderer(scale: 1).render(root)
        // Centred at (70, 50), 10 points wide: x 65…75, y 45…55.
        #expect(matches(image.pixel(x: 70, y: 50), 0, 0, 255, tolerance: 2))
        #expect(matches(image.pixel(x: 66, y: 46), 0, 0, 255, tolerance: 2))
        #expect(matches(image.pixel(x: 63, y: 50), 0, 0, 0))
        #expect(matches(image.pixel(x: 77, y: 50), 0, 0, 0))
        #expect(matches(image.pixel(x: 50, y: 50), 0, 0, 0), "the particle has moved on")
    }

    @Test func scaleContentsScaleAndAlphaShapeTheParticle() {
        // A 20-pixel image at contentsScale 2 is 10 points; scale 2 makes it 20; alpha 0.5.
        let (root, _) = scene { _, cell in
            cell.contents = white(20)
            cell.contentsScale = 2
            cell.scale = 2
            cell.color = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        }
        MediaClock.main.advance(by: 0.5)
        let image = LayerRenderer(scale: 1).render(root)
        #expect(matches(image.pixel(x: 62, y: 42), 128, 128, 128, tolerance: 2))
        #expect(matches(image.pixel(x: 78, y: 58), 128, 128, 128, tolerance: 2))
        #expect(matches(image.pixel(x: 58, y: 50), 0, 0, 0))
    }

    @Test func theLayersBoundsClipParticlesWhenItMasksToThem() {
        let (root, e) = scene { _, _ in }
        withoutActions {
            e.frame = CGRect(x: 0, y: 0, width: 68, height: 100)
            e.masksToBounds = true
        }
        MediaClock.main.advance(by: 0.5)
        let image = LayerRenderer(scale: 1).render(root)
        #expect(matches(image.pixel(x: 66, y: 50), 255, 255, 255, tolerance: 2))
        #expect(matches(image.pixel(x: 70, y: 50), 0, 0, 0))
    }
}
