import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// Closed-form checks for Quartz API that no other test covered.
@Suite(.cleanClock)
@MainActor
struct CoverageGapTests {
    let clock = MediaClock.main

    func near(_ a: CGFloat, _ b: Double, _ tol: Double = 1e-9) -> Bool { close(a, b, tol) }

    // MARK: CADisplayLink.preferredFrameRateRange

    /// At 60 Hz a preferred rate of 30 fires every 2nd frame and 20 every 3rd (whole frames);
    /// `targetTimestamp` is one firing interval ahead. `preferred` wins over
    /// `preferredFramesPerSecond`; a range without `preferred` falls back to it.
    @Test func preferredFrameRateRangeSkipsWholeFrames() {
        #expect(clock.framesPerSecond == 60)
        var thirty: [(Double, Double)] = []
        var twenty = 0, fallback = 0
        let a = CADisplayLink { thirty.append(($0.timestamp, $0.targetTimestamp)) }
        a.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 30)
        let b = CADisplayLink { _ in twenty += 1 }
        b.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60, preferred: 20)
        b.preferredFramesPerSecond = 60  // ignored: the range's preferred rate wins
        let c = CADisplayLink { _ in fallback += 1 }
        c.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 60)
        c.preferredFramesPerSecond = 30
        #expect(CAFrameRateRange.default == CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0))
        for link in [a, b, c] { link.add(to: .main, forMode: .common) }
        clock.advanceFrames(6)
        for link in [a, b, c] { link.invalidate() }
        #expect(thirty.count == 3)  // frames 1, 3, 5
        #expect(zip(thirty, thirty.dropFirst()).allSatisfy { close($1.0 - $0.0, 2.0 / 60, 1e-9) })
        #expect(thirty.allSatisfy { close($0.1 - $0.0, 2.0 / 60, 1e-9) })
        #expect(twenty == 2)  // frames 1, 4
        #expect(fallback == 3)
    }

    // MARK: CAKeyframeAnimation: cubicPaced, rotationMode, continuityValues

    func sampleX(_ anim: CAKeyframeAnimation, at times: [Double]) -> [Double] { sampledX(anim, at: times) }

    /// A Catmull–Rom spline through 0, 10, 40 (ends repeated) is monotonic (its tangents
    /// 5, 20 and 20, 15 stay positive), so its arc length is the distance in x: moving at
    /// constant speed, x = 40·f. keyTimes and timingFunctions are ignored.
    @Test func cubicPacedMovesAtConstantSpeedAlongTheSpline() {
        let k = CAKeyframeAnimation(keyPath: "position.x")
        k.values = [0, 10, 40]
        k.calculationMode = .cubicPaced
        k.keyTimes = [0, 0.9, 1]
        k.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
        k.duration = 1
        let xs = sampleX(k, at: [0.1, 0.25, 0.5, 0.75, 0.9])
        for (x, f) in zip(xs, [0.1, 0.25, 0.5, 0.75, 0.9]) {
            // Within the arc-length table's resolution (64 samples per segment, linear between).
            #expect(close(x, 40 * f, 2e-3), "x(\(f)) = \(x)")
        }
    }

    /// Continuity γ = ½ everywhere on keys 0, 10, 5, 20 (thirds of 3 s). Segment 1 at s = ½:
    /// D1 = (1+γ)/2·(10 − 0) + (1−γ)/2·(5 − 10) = 7.5 − 1.25 = 6.25,
    /// S2 = (1−γ)/2·(5 − 10) + (1+γ)/2·(20 − 5) = −1.25 + 11.25 = 10,
    /// H(½) = ½·10 + ⅛·6.25 + ½·5 − ⅛·10 = 7.03125.
    @Test func continuityValuesShapeTheTangents() {
        let k = CAKeyframeAnimation(keyPath: "position.x")
        k.values = [0, 10, 5, 20]
        k.calculationMode = .cubic
        k.continuityValues = [0.5, 0.5, 0.5, 0.5]
        k.duration = 3
        #expect(close(sampleX(k, at: [1.5])[0], 7.03125, 1e-9))
    }

    /// rotationMode turns the layer to the path's tangent: along (0,0)→(100,0) the angle is 0,
    /// along (100,0)→(100,100) it is π/2; `.rotateAutoReverse` adds π.
    @Test(arguments: [(CAAnimationRotationMode.rotateAuto, 0.0), (.rotateAutoReverse, Double.pi)])
    func rotationModeWritesTheTangentAngle(mode: CAAnimationRotationMode, extra: Double) {
        let layer = makeLayer()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let k = CAKeyframeAnimation(keyPath: "position")
        k.path = path
        k.rotationMode = mode
        k.duration = 2
        layer.add(k, forKey: "r")
        // 0.5 s: a quarter of the way, on the first leg; 1.5 s: on the second leg.
        for (step, angle) in [(0.5, 0.0), (1.0, Double.pi / 2)] {
            clock.advance(by: step)
            let t = layer.presentation()?.transform ?? CATransform3DIdentity
            let a = angle + extra
            #expect(near(t.m11, cos(a)) && near(t.m12, sin(a)) && near(t.m21, -sin(a)) && near(t.m22, cos(a)), "angle \(a)")
        }
        // The position follows the path at the same time: halfway down the second leg.
        #expect(layer.presentation()?.position == CGPoint(x: 100, y: 50))
        layer.removeAllAnimations()
    }

    // MARK: "transform.scale"

    /// "transform.scale" sets all three row lengths, keeping the rotation: from 1 to 3 over
    /// 1 s (linear), at ½ the scale is 2, so m11 = 2cos(π/6), m12 = 2sin(π/6), m33 = 2.
    @Test func transformScaleKeyPathScalesEveryAxis() {
        let layer = makeLayer()
        quietly { layer.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1) }
        #expect(close(layer.value(forKeyPath: "transform.scale") as? CGFloat ?? 0, 1, 1e-12))
        layer.add(basic("transform.scale", from: 1, to: 3), forKey: "s")
        clock.advance(by: 0.5)
        let t = layer.presentation()?.transform ?? CATransform3DIdentity
        #expect(near(t.m11, 2 * cos(Double.pi / 6)) && near(t.m12, 2 * sin(Double.pi / 6)))
        #expect(near(t.m21, -2 * sin(Double.pi / 6)) && near(t.m22, 2 * cos(Double.pi / 6)) && near(t.m33, 2))
        #expect(close(layer.presentationValue(forKeyPath: "transform.scale") as? CGFloat ?? 0, 2, 1e-9))
        layer.removeAllAnimations()
        quietly { layer.setValue(0.5, forKeyPath: "transform.scale") }
        #expect(near(layer.transform.m33, 0.5) && near(layer.transform.m11, 0.5 * cos(Double.pi / 6)))
    }

    // MARK: CATransaction

    final class LayoutCounter: CALayer {
        var layouts = 0
        override func layoutSublayers() { layouts += 1 }
    }

    /// flush() commits now: pending animations get the current time as their begin time and
    /// pending layout runs, without a frame.
    @Test func flushGivesBeginTimesAndRunsLayoutWithoutAFrame() {
        let layer = LayoutCounter()
        let frames = clock.frameCount
        layer.add(basic("opacity", from: 0, to: 1), forKey: "o")
        layer.setNeedsLayout()
        #expect(layer.animation(forKey: "o")?.beginTime == 0)
        CATransaction.flush()
        #expect(layer.animation(forKey: "o")?.beginTime == CACurrentMediaTime())
        #expect(layer.layouts == 1)
        #expect(clock.frameCount == frames)
        layer.removeAllAnimations()
    }

    /// The transaction's timing function is what implicit animations use:
    /// opacity 1 → 0 over 1 s with easeIn is 1 − 0.3153567343 at ½.
    @Test func animationTimingFunctionDrivesImplicitAnimations() {
        let layer = makeLayer()
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        #expect(CATransaction.animationTimingFunction() == nil)
        CATransaction.begin()
        CATransaction.setAnimationTimingFunction(easeIn)
        CATransaction.setAnimationDuration(1)
        #expect(CATransaction.animationTimingFunction() === easeIn)
        layer.opacity = 0
        CATransaction.commit()
        #expect(CATransaction.animationTimingFunction() == nil)
        #expect(layer.animation(forKey: "opacity")?.timingFunction === easeIn)
        clock.advance(by: 0.5)
        #expect(close(Double(layer.presentation()?.opacity ?? -1), 1 - 0.3153567343, 1e-6))
        layer.removeAllAnimations()
    }

    /// completionBlock() returns the block set on the current transaction.
    @Test func completionBlockGetterReturnsTheBlockSet() {
        var runs = 0
        CATransaction.begin()
        #expect(CATransaction.completionBlock() == nil)
        CATransaction.setCompletionBlock { runs += 1 }
        let block = CATransaction.completionBlock()
        #expect(block != nil)
        block?()
        #expect(runs == 1)
        CATransaction.commit()
        clock.advanceFrames(1)  // no animations: it runs on the next frame
        #expect(runs == 2)
    }

    // MARK: CATransition moveIn / reveal and subtypes

    /// moveIn slides the layer in from the subtype's side by (1 − p) × its size (y down, as
    /// in UIKit); reveal fades it in (opacity × p). Linear progress, 100 × 50 layer, p = ¼.
    @Test(arguments: [
        (CATransitionType.moveIn, CATransitionSubtype?.some(.fromLeft), -75.0, 0.0, 1.0),
        (.moveIn, .fromRight, 75, 0, 1), (.moveIn, .fromTop, 0, -37.5, 1), (.moveIn, .fromBottom, 0, 37.5, 1),
        (.moveIn, nil, -75, 0, 1), (.reveal, .fromTop, 0, 0, 0.25), (.fade, nil, 0, 0, 0.25),
    ])
    func transitionTypesAndSubtypes(
        type: CATransitionType, subtype: CATransitionSubtype?, dx: Double, dy: Double, opacity: Double
    ) {
        let layer = makeLayer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50))
        let t = CATransition()
        t.type = type
        t.subtype = subtype
        t.duration = 1
        layer.add(t, forKey: kCATransition)
        clock.advance(by: 0.25)
        let p = layer.presentation()
        #expect(near(p?.transform.m41 ?? .nan, dx) && near(p?.transform.m42 ?? .nan, dy))
        #expect(close(Double(p?.opacity ?? -1), opacity, 1e-6))
        layer.removeAllAnimations()
    }

    // MARK: NSValue boxes

    @Test func nsValueBoxesRoundTrip() {
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        let s = CGSize(width: 5, height: 6)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgRect: r).cgRectValue == r)
        #expect(NSValue(cgSize: s).cgSizeValue == s)
        #expect(NSValue(cgPoint: CGPoint(x: 7, y: 8)).cgPointValue == CGPoint(x: 7, y: 8))
        #expect(NSValue(cgAffineTransform: a).cgAffineTransformValue == a)
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        // A box of another kind reads as the identity.
        #expect(NSValue(cgSize: s).cgAffineTransformValue == .identity)
        #expect(CATransform3DIsIdentity(NSValue(cgRect: r).caTransform3DValue))
        // The engine reads each box as its kind.
        guard case .rect(let rr)? = AnimatableValue(NSValue(cgRect: r)), case .size(let ss)? = AnimatableValue(NSValue(cgSize: s)),
            case .affine(let aa)? = AnimatableValue(NSValue(cgAffineTransform: a))
        else {
            Issue.record("boxes not read as their kinds")
            return
        }
        #expect(rr == r && ss == s && aa == a)
    }

    // MARK: Sizes, rects and affine transforms as animated values

    /// "bounds" from A to B with easeInEaseOut: at ¼ the progress is 0.1291619310.
    @Test func boundsAnimatesAsARect() {
        let layer = makeLayer()
        let a = CGRect(x: 0, y: 0, width: 100, height: 100), b = CGRect(x: 20, y: -40, width: 300, height: 60)
        let anim = basic("bounds", from: NSValue(cgRect: a), to: NSValue(cgRect: b))
        anim.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(anim, forKey: "b")
        clock.advance(by: 0.25)
        let u = 0.1291619310
        let r = layer.presentation()?.bounds ?? .null
        // The published progress is good to about 1e-8 (the solver's x tolerance): ×200 here.
        #expect(near(r.origin.x, 20 * u, 1e-5) && near(r.origin.y, -40 * u, 1e-5))
        #expect(near(r.width, 100 + 200 * u, 1e-5) && near(r.height, 100 - 40 * u, 1e-5), "\(r)")
        layer.removeAllAnimations()
    }

    /// "bounds.size" from CGSize boxes with the default curve: at ½ the progress is 0.8024033911.
    @Test func boundsSizeAnimatesAsASize() {
        let layer = makeLayer(bounds: CGRect(x: 5, y: 6, width: 10, height: 10))
        let anim = basic("bounds.size", from: NSValue(cgSize: CGSize(width: 10, height: 20)), to: CGSize(width: 110, height: 70))
        anim.timingFunction = CAMediaTimingFunction(name: .default)
        layer.add(anim, forKey: "s")
        clock.advance(by: 0.5)
        let u = 0.8024033911
        let r = layer.presentation()?.bounds ?? .null
        #expect(r.origin == CGPoint(x: 5, y: 6))
        #expect(near(r.width, 10 + 100 * u, 1e-5) && near(r.height, 20 + 50 * u, 1e-5))
        layer.removeAllAnimations()
    }

    /// "transform" accepts CGAffineTransform values: translation 0 → 100 (linear) is 50 at ½,
    /// and a pure scale 1 → 3 is 2. CALayer has no "affineTransform" key path (affineTransform()
    /// is a method on iOS): it is reported and shows nothing.
    @Test func affineTransformsAnimateTheTransform() {
        let layer = makeLayer()
        let from = NSValue(cgAffineTransform: .identity)
        let to = NSValue(cgAffineTransform: CGAffineTransform(translationX: 100, y: 0).scaledBy(x: 3, y: 3))
        layer.add(basic("transform", from: from, to: to), forKey: "t")
        clock.advance(by: 0.5)
        let t = layer.presentation()?.transform ?? CATransform3DIdentity
        #expect(near(t.m41, 50, 1e-9) && near(t.m42, 0, 1e-9) && near(t.m11, 2, 1e-9) && near(t.m22, 2, 1e-9))
        #expect(near(t.m33, 1, 1e-9))
        layer.removeAllAnimations()
        let messages = FlipbookDiagnostics.capture {
            layer.add(basic("affineTransform", from: from, to: to), forKey: "a")
        }
        #expect(messages.contains { $0.contains("\"affineTransform\"") })
        clock.advance(by: 0.5)
        #expect(CATransform3DIsIdentity(layer.presentation()?.transform ?? CATransform3DMakeScale(2, 2, 2)))
        layer.removeAllAnimations()
    }

    /// shadowOffset animates as a size.
    @Test func shadowOffsetAnimatesAsASize() {
        let layer = makeLayer()
        layer.add(basic("shadowOffset", from: CGSize(width: 0, height: 0), to: CGSize(width: 10, height: -20)), forKey: "o")
        clock.advance(by: 0.25)
        #expect(layer.presentation()?.shadowOffset == CGSize(width: 2.5, height: -5))
        layer.removeAllAnimations()
    }

    // MARK: Tree methods

    @Test func insertSublayerPlacesAndMovesLayers() {
        let root = CALayer()
        let (a, b, c, d, e, f) = (CALayer(), CALayer(), CALayer(), CALayer(), CALayer(), CALayer())
        for (l, n) in [(a, "a"), (b, "b"), (c, "c"), (d, "d"), (e, "e"), (f, "f")] { l.name = n }
        func order() -> String { (root.sublayers ?? []).compactMap(\.name).joined() }
        root.addSublayer(a)
        root.addSublayer(b)
        root.addSublayer(c)
        root.insertSublayer(d, at: 1)
        #expect(order() == "adbc")
        root.insertSublayer(e, below: c)
        #expect(order() == "adbec")
        root.insertSublayer(f, above: a)
        #expect(order() == "afdbec")
        root.insertSublayer(c, below: a)  // moves within the same superlayer
        #expect(order() == "cafdbe")
        root.insertSublayer(c, above: e)
        #expect(order() == "afdbec")
        root.insertSublayer(a, at: 99)  // clamped to the end
        #expect(order() == "fdbeca")
        let x = CALayer(), y = CALayer()
        x.name = "x"
        y.name = "y"
        root.insertSublayer(x, below: nil)  // the back
        root.insertSublayer(y, above: nil)  // the front
        #expect(order() == "xfdbecay")
        #expect([a, b, c, d, e, f, x, y].allSatisfy { $0.superlayer === root })
    }

    @Test func replaceAndRemoveKeepSuperlayersRight() {
        let root = CALayer(), other = CALayer()
        let (a, b, g) = (CALayer(), CALayer(), CALayer())
        root.addSublayer(a)
        root.addSublayer(b)
        other.addSublayer(g)
        root.replaceSublayer(a, with: g)
        #expect(root.sublayers?.first === g && root.sublayers?.count == 2)
        #expect(g.superlayer === root && a.superlayer == nil && other.sublayers == nil)
        root.replaceSublayer(a, with: CALayer())  // a is no longer a sublayer: nothing happens
        #expect(root.sublayers?.first === g && root.sublayers?.count == 2)
        b.removeFromSuperlayer()
        #expect(b.superlayer == nil && root.sublayers?.count == 1)
        g.removeFromSuperlayer()
        #expect(root.sublayers == nil)  // nil when there are none, as on iOS
        g.removeFromSuperlayer()  // no superlayer: nothing happens
        #expect(g.superlayer == nil)
    }
}
