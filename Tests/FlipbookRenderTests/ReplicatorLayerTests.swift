import Foundation
import Testing
import TestSupport
import FlipbookGeometry
import FlipbookQuartz
@testable import FlipbookRender

/// CAReplicatorLayer: instances placed by instanceTransform about the centre, coloured by
/// instanceColor and the offsets, delayed in time by instanceDelay (docs/Semantics.md,
/// "Replicator layers").
@Suite(.freshRuntime) @MainActor struct ReplicatorLayerTests {
    /// A replicator filling a `size` root, with one `square` white sublayer at `frame`.
    func replicator(size: CGSize, square frame: CGRect, configure: (CAReplicatorLayer) -> Void) -> (CALayer, CAReplicatorLayer, CALayer) {
        let root = makeLayer(CGRect(origin: .zero, size: size), CGColor(gray: 0, alpha: 1))
        let r = CAReplicatorLayer()
        let dot = CALayer()
        withoutActions {
            r.frame = root.bounds
            dot.frame = frame
            dot.backgroundColor = CGColor.white
            r.addSublayer(dot)
            configure(r)
            root.addSublayer(r)
        }
        return (root, r, dot)
    }

    @Test func translatedInstancesWithColourOffsets() {
        // Five 20-point squares 30 points apart; blue and green fall by 0.2 an instance, red by 0.1
        // from an instanceColor of (1, 1, 1, 1).
        let (root, _, _) = replicator(size: CGSize(width: 160, height: 40), square: CGRect(x: 5, y: 10, width: 20, height: 20)) { r in
            r.instanceCount = 5
            r.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
            r.instanceRedOffset = -0.1
            r.instanceGreenOffset = -0.2
            r.instanceBlueOffset = -0.2
        }
        let image = LayerRenderer(scale: 1).render(root)
        for k in 0..<5 {
            let p = image.pixel(x: 15 + 30 * k, y: 20)
            let r = Int((255 * (1 - 0.1 * Double(k))).rounded()), gb = Int((255 * (1 - 0.2 * Double(k))).rounded())
            #expect(matches(p, r, gb, gb, tolerance: 2), "instance \(k): \(p)")
            #expect(matches(image.pixel(x: 2 + 30 * k, y: 20), 0, 0, 0), "gap before instance \(k)")
        }
        #expect(matches(image.pixel(x: 155, y: 20), 0, 0, 0))
    }

    @Test func instanceTransformTurnsAboutTheCentre() {
        // Four instances turned a quarter each about the centre (50, 50) of a 100-point replicator:
        // the dot at the top appears right, bottom and left too.
        let (root, _, _) = replicator(size: CGSize(width: 100, height: 100), square: CGRect(x: 45, y: 5, width: 10, height: 10)) { r in
            r.instanceCount = 4
            r.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        }
        let image = LayerRenderer(scale: 1).render(root)
        for (x, y) in [(50, 10), (90, 50), (50, 90), (10, 50)] { #expect(matches(image.pixel(x: x, y: y), 255, 255, 255, tolerance: 2), "(\(x), \(y))") }
        #expect(matches(image.pixel(x: 50, y: 50), 0, 0, 0))
        #expect(matches(image.pixel(x: 10, y: 10), 0, 0, 0))
    }

    @Test func instanceColorAndAlphaOffsetMultiply() {
        // instanceColor (1, 0.5, 0, 1) and alpha falling by 0.5: instance 0 orange, instance 1 the
        // same at half alpha over black, instance 2 invisible.
        let (root, _, _) = replicator(size: CGSize(width: 100, height: 40), square: CGRect(x: 5, y: 10, width: 20, height: 20)) { r in
            r.instanceCount = 3
            r.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
            r.instanceColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            r.instanceAlphaOffset = -0.5
        }
        let image = LayerRenderer(scale: 1).render(root)
        #expect(matches(image.pixel(x: 15, y: 20), 255, 128, 0, tolerance: 2))
        #expect(matches(image.pixel(x: 45, y: 20), 128, 64, 0, tolerance: 2))
        #expect(matches(image.pixel(x: 75, y: 20), 0, 0, 0))
    }

    @Test func instanceDelayOffsetsEachInstancesAnimations() {
        // Each square fades 1 → 0 over 1 s (linear); instance k lags by 0.25 k s. At 0.5 s:
        // instance 0 at 0.5, 1 at 0.75, 2 at 1 (its animation just begins), 3 not yet begun
        // (the model opacity, 1).
        let (root, r, dot) = replicator(size: CGSize(width: 130, height: 40), square: CGRect(x: 5, y: 10, width: 20, height: 20)) { r in
            r.instanceCount = 4
            r.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
            r.instanceDelay = 0.25
        }
        _ = r
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        dot.add(fade, forKey: "fade")
        CATransaction.flush()
        MediaClock.main.advance(by: 0.5)
        let image = LayerRenderer(scale: 1).render(root)
        for (k, alpha) in [0.5, 0.75, 1, 1].enumerated() {
            let v = Int((255 * alpha).rounded())
            #expect(matches(image.pixel(x: 15 + 30 * k, y: 20), v, v, v, tolerance: 2), "instance \(k): \(image.pixel(x: 15 + 30 * k, y: 20))")
        }
    }

    @Test func misuseIsReported() {
        let r = CAReplicatorLayer()
        let messages = FlipbookDiagnostics.capture {
            r.instanceCount = -3
            r.instanceDelay = .nan
            r.instanceTransform = CATransform3DMakeTranslation(.nan, 0, 0)
        }
        #expect(messages.count == 3)
        #expect(r.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(r.instanceTransform))
        // A negative count draws nothing (and never traps).
        let (root, _, _) = replicator(size: CGSize(width: 40, height: 40), square: CGRect(x: 10, y: 10, width: 20, height: 20)) { $0.instanceCount = -1 }
        #expect(matches(LayerRenderer(scale: 1).render(root).pixel(x: 20, y: 20), 0, 0, 0))
    }

    @Test func activityIndicatorGolden() {
        // The classic replicator spinner: 12 rounded bars turned 30° each, fading in sequence.
        let (root, r, bar) = replicator(size: CGSize(width: 120, height: 120), square: CGRect(x: 56, y: 12, width: 8, height: 26)) { r in
            r.instanceCount = 12
            r.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
            r.instanceDelay = 1.0 / 12
            r.instanceColor = CGColor(red: 0.3, green: 0.8, blue: 1, alpha: 1)
            r.instanceRedOffset = 0.05
        }
        _ = r
        withoutActions { bar.cornerRadius = 4 }
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.1
        fade.duration = 1
        fade.repeatCount = .infinity
        bar.add(fade, forKey: "fade")
        CATransaction.flush()
        // 1.45 s, not 1.5: at 1.5 s the seventh bar (delay 6/12 s) sits exactly on its fade's
        // repeat boundary, where the last bit of the time decides between full and faint.
        MediaClock.main.advance(by: 1.45)
        Snapshot.assert(LayerRenderer(scale: 2).render(root), named: "replicator-spinner", tolerance: .init(channel: 2, pixelFraction: 0.002))
    }
}
