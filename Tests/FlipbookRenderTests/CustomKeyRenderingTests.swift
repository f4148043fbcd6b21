import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// A pie chart layer as iOS code writes it: `@NSManaged var radius` (here as `flipbook port`
/// writes it, over the key-value storage), redrawn whenever "radius" changes, drawing a
/// three-quarter pie of that radius in `draw(in:)`.
private final class RadiusPieLayer: CALayer {
    var radius: CGFloat {
        get { value(forKey: "radius") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "radius") }
    }

    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "radius" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let c = CGPoint(x: bounds.midX, y: bounds.midY)
        ctx.setFillColor(CGColor(red: 0.95, green: 0.55, blue: 0.1, alpha: 1))
        ctx.move(to: c)
        ctx.addArc(center: c, radius: radius, startAngle: -.pi / 2, endAngle: .pi, clockwise: false)
        ctx.closePath()
        ctx.fillPath()
    }
}

/// A custom key animated with `needsDisplay(forKey:)` true redraws the presentation layer each
/// frame, and the renderer's content cache shows the new drawing (not the model's, not a stale
/// bitmap), through one renderer kept across the frames as an exporter keeps it.
@MainActor
@Suite(.freshRuntime) struct CustomKeyRenderingTests {
    @Test("Golden: a pie's animated radius drawn through draw(in:) at 0.25, 0.5 and 0.9 s")
    func animatedRadiusIsRedrawnEachFrame() {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 100), white)
        let pie = RadiusPieLayer()
        withoutActions {
            pie.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            pie.radius = 45
            root.addSublayer(pie)
        }
        pie.displayIfNeeded()
        let a = CABasicAnimation(keyPath: "radius")
        a.fromValue = 0
        a.toValue = 40
        a.duration = 1
        pie.add(a, forKey: "r")
        let renderer = LayerRenderer(scale: 1)
        var frames: [RenderedImage] = []
        var now = 0.0
        for t in [0.25, 0.5, 0.9] {
            MediaClock.main.advance(by: t - now)
            now = t
            let frame = renderer.render(root)
            // The kept renderer gives what a fresh one gives: no stale content.
            #expect(frame.premultipliedPixels == LayerRenderer(scale: 1).render(root).premultipliedPixels, "at \(t)")
            frames.append(frame)
        }
        // Radius 10, 20, 36 (linear): the pie's left edge at x = 50 − r (below the centre), its
        // top at y = 50 − r (right of the centre).
        func orange(_ img: RenderedImage, _ x: Int, _ y: Int) -> Bool {
            let p = img.pixel(x: x, y: y)
            return p.r > 200 && p.g > 100 && p.g < 180 && p.b < 60
        }
        #expect(orange(frames[0], 43, 52) && !orange(frames[0], 37, 52))
        #expect(orange(frames[1], 33, 52) && !orange(frames[1], 27, 52))
        #expect(orange(frames[2], 17, 52) && !orange(frames[2], 11, 52))
        #expect(orange(frames[2], 52, 17) && !orange(frames[2], 52, 11))
        // The quarter from the left to the top (x < 50, y < 50) is left open.
        #expect(!orange(frames[2], 40, 40))
        guard let strip = GoldenImage.filmstrip(frames) else { Issue.record("no filmstrip"); return }
        Snapshot.assert(strip, named: "custom-key-pie", tolerance: .init(channel: 2, pixelFraction: 0.001))
        // After the animation the model's drawing (radius 45) shows.
        MediaClock.main.advance(by: 0.2)
        let after = renderer.render(root)
        #expect(orange(after, 7, 52) && !orange(after, 3, 52))
    }
}
