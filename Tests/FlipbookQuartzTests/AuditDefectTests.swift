import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// Regression tests for the defects of the FlipbookQuartz audit: each fails (or crashes, or
/// hangs) without its fix.
@Suite(.cleanClock)
@MainActor
struct AuditDefectTests {
    let clock = MediaClock.main

    /// Reports seen while `body` runs, with their once-keys.
    func reports(_ body: () -> Void) -> [FlipbookDiagnostics.Report] {
        var seen: [FlipbookDiagnostics.Report] = []
        let token = FlipbookDiagnostics.addObserver { seen.append($0) }
        defer { FlipbookDiagnostics.removeObserver(token) }
        body()
        return seen
    }

    // MARK: 1. Cubic keyframes with values of mixed kinds

    /// [point, number, point] on "position": a spline cannot join them. Without the check,
    /// KochanekBartels returns one component for the segment and `with(components:)` read
    /// index 1 of a one-element array (a crash). Now it is reported once and the cubic modes
    /// interpolate linearly: at 10 % the first segment (point → number) is still at its
    /// first half, so the layer shows the first point.
    @Test(arguments: [CAAnimationCalculationMode.cubic, .cubicPaced])
    func cubicKeyframesWithMixedKindsAreReportedAndInterpolatedLinearly(mode: CAAnimationCalculationMode) {
        let layer = makeLayer(position: CGPoint(x: 1, y: 1))
        let k = CAKeyframeAnimation(keyPath: "position")
        k.values = [NSValue(cgPoint: CGPoint(x: 10, y: 20)), 5, NSValue(cgPoint: CGPoint(x: 30, y: 40))]
        k.calculationMode = mode
        k.duration = 1
        let seen = reports { layer.add(k, forKey: "mixed") }
        #expect(seen.filter { $0.key == "CAKeyframeAnimation.mixedKinds" }.count == 1)
        #expect(seen.contains { $0.message.contains("CGPoint, number") })
        clock.advance(by: 0.1)
        let p = layer.presentation()?.position ?? .zero
        #expect(p == CGPoint(x: 10, y: 20))
        clock.advance(by: 0.3)  // 40 %: the number 5 does not fit "position"; the model shows
        #expect(layer.presentation()?.position == CGPoint(x: 1, y: 1))
        layer.removeAllAnimations()
    }

    /// The spline reader is safe on its own: too few components leave the value unchanged.
    @Test func withComponentsNeverReadsPastTheEnd() {
        let p = AnimatableValue.point(CGPoint(x: 1, y: 2))
        guard case .point(let q) = p.with(components: [7]) else { Issue.record("kind changed"); return }
        #expect(q == CGPoint(x: 1, y: 2))
        guard case .rect(let r) = AnimatableValue.rect(.zero).with(components: [1, 2, 3]) else { return }
        #expect(r == .zero)
    }

    // MARK: 2. The sublayers setter keeps the tree consistent

    @Test func settingSublayersMovesLayersAndClearsOldChildren() {
        let p1 = CALayer(), p2 = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        p1.addSublayer(a)
        p1.addSublayer(b)
        p2.addSublayer(c)
        p2.sublayers = [a, b]
        #expect(a.superlayer === p2 && b.superlayer === p2)
        #expect(p1.sublayers == nil)  // they left their old superlayer
        #expect(c.superlayer == nil)  // the replaced child was detached
        p2.sublayers = [b]
        #expect(a.superlayer == nil && b.superlayer === p2)
        p2.sublayers = nil
        #expect(b.superlayer == nil && p2.sublayers == nil)
        p2.sublayers = []
        #expect(p2.sublayers == nil)
    }

    @Test func settingSublayersDropsDuplicatesAndCycles() {
        let root = CALayer(), child = CALayer(), a = CALayer(), b = CALayer()
        root.addSublayer(child)
        var seen = reports { child.sublayers = [a, b, a] }
        #expect(child.sublayers?.count == 2 && child.sublayers?[0] === a && child.sublayers?[1] === b)
        #expect(seen.contains { $0.key == "CALayer.sublayers.duplicates" })
        seen = reports { child.sublayers = [a, root, child] }
        #expect(seen.filter { $0.key == "CALayer.cycle.sublayers" }.count == 2)
        #expect(child.sublayers?.count == 1 && child.sublayers?[0] === a)
        #expect(root.superlayer == nil && child.superlayer === root && b.superlayer == nil)
    }

    // MARK: 3. Non-finite model values

    @Test func nonFiniteModelValuesAreRefusedAndReportedPerKey() {
        let layer = makeLayer(bounds: CGRect(x: 0, y: 0, width: 10, height: 20), position: CGPoint(x: 3, y: 4))
        let seen = reports {
            quietly {
                layer.position = CGPoint(x: CGFloat.nan, y: 0)
                layer.position = CGPoint(x: 0, y: CGFloat.infinity)
                layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)
                var t = CATransform3DIdentity
                t.m34 = .nan
                layer.transform = t
                layer.sublayerTransform = t
                layer.anchorPoint = CGPoint(x: CGFloat.nan, y: 0)
                layer.opacity = .nan
                layer.cornerRadius = .infinity
                layer.zPosition = .nan
                layer.borderWidth = -.infinity
                layer.shadowOffset = CGSize(width: CGFloat.nan, height: 0)
                layer.shadowRadius = .nan
                layer.shadowOpacity = .nan
                layer.speed = .nan
                layer.beginTime = .nan
                layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
            }
        }
        #expect(layer.position == CGPoint(x: 3, y: 4))
        #expect(layer.bounds == CGRect(x: 0, y: 0, width: 10, height: 20))
        #expect(CATransform3DIsIdentity(layer.transform) && CATransform3DIsIdentity(layer.sublayerTransform))
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5) && layer.opacity == 1 && layer.cornerRadius == 0)
        #expect(layer.zPosition == 0 && layer.borderWidth == 0 && layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.shadowRadius == 3 && layer.shadowOpacity == 0 && layer.speed == 1 && layer.beginTime == 0)
        let keys = seen.compactMap(\.key)
        #expect(keys.filter { $0 == "CALayer.nonfinite.position" }.count == 2)  // one key, printed once
        for key in ["bounds", "transform", "sublayerTransform", "anchorPoint", "opacity", "cornerRadius", "zPosition",
            "borderWidth", "shadowOffset", "shadowRadius", "shadowOpacity", "speed", "beginTime", "frame"]
        {
            #expect(keys.contains("CALayer.nonfinite.\(key)"), "\(key)")
        }
        #expect(seen.first?.message.contains("position contains NaN or infinity") == true)
        // An infinite repeat count is legitimate (for ever); NaN is not.
        layer.repeatCount = .infinity
        #expect(layer.repeatCount == .infinity)
        layer.repeatCount = .nan
        #expect(layer.repeatCount == .infinity)
    }

    @Test func subclassNumbersRefuseNonFiniteValues() {
        let shape = CAShapeLayer()
        quietly {
            shape.lineWidth = .nan
            shape.strokeEnd = .infinity
        }
        #expect(shape.lineWidth == 1 && shape.strokeEnd == 1)
        let text = CATextLayer()
        quietly { text.fontSize = .nan }
        #expect(text.fontSize == 36)
    }

    // MARK: 4. MediaClock cannot hang

    @Test func framesPerSecondIsClampedToOneThousandHertz() {
        let c = MediaClock(now: 1000)
        let seen = reports { c.framesPerSecond = 1e18 }
        #expect(c.framesPerSecond == 1000)
        #expect(seen.contains { $0.key == "MediaClock.framesPerSecond.range" })
        let start = c.frameCount
        c.advance(by: 0.01)  // hung for ever before: now + 1e-18 == now
        #expect(c.frameCount - start == 10)
        #expect(c.now == 1000.01)
        c.framesPerSecond = 0.001
        #expect(c.framesPerSecond == 1)
    }

    /// At a huge `now`, a 60 Hz frame is below the spacing of doubles (0.125 at 1e15): frames
    /// that could not move time are skipped, so every frame that runs moves `now` forward.
    @Test func everyFrameMovesTimeForwardAtAHugeNow() {
        let c = MediaClock(now: 1e15)
        var times: [Double] = []
        func record() {
            times.append(c.now)
            c.schedule(after: 0) { record() }
        }
        c.schedule(after: 0) { record() }
        c.advance(by: 1)
        #expect(c.now == 1e15 + 1)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(times.count <= 9)  // 1 s in steps of at least 0.125 s
    }

    /// A span of more frames than `maximumFramesPerCall` runs in that many equal, longer steps.
    @Test func aHugeAdvanceIsBounded() {
        let c = MediaClock(now: 1000)
        #expect(c.maximumFramesPerCall == MediaClock.defaultMaximumFramesPerCall)
        c.maximumFramesPerCall = 1000  // lowered for speed, on this clock only
        c.framesPerSecond = 1000
        let seen = reports { c.advance(by: 1e9) }  // 1e12 frames before
        #expect(c.frameCount == 1000)
        #expect(c.now == 1000 + 1e9)
        #expect(seen.contains { $0.key == "MediaClock.longSpan" })
    }

    @Test func badSpansAreReportedAndIgnored() {
        let c = MediaClock(now: 1000)
        for bad in [Double.nan, -1, .infinity] {
            let seen = reports { c.advance(by: bad) }
            #expect(seen.contains { $0.key == "MediaClock.advance" })
        }
        #expect(c.now == 1000 && c.frameCount == 0)
        for bad in [Double.nan, .infinity, -.infinity] {
            let seen = reports { _ = c.runUntilIdle(limit: bad) }
            #expect(seen.contains { $0.key == "MediaClock.runUntilIdle" })
        }
        #expect(c.isIdle)
    }

    // MARK: 5. Key paths inside groups

    @Test func unknownKeyPathsInsideGroupsAreReported() {
        let layer = makeLayer()
        let inner = CAAnimationGroup()
        inner.animations = [basic("nestedNonsenseKey", to: 1), CABasicAnimation()]
        let group = CAAnimationGroup()
        group.animations = [basic("groupNonsenseKey", to: 1), basic("opacity", to: 0), inner]
        let seen = reports { layer.add(group, forKey: "g") }
        let keys = seen.compactMap(\.key)
        #expect(keys.contains("CAPropertyAnimation.keyPath.groupNonsenseKey"))
        #expect(keys.contains("CAPropertyAnimation.keyPath.nestedNonsenseKey"))
        #expect(keys.contains("CAPropertyAnimation.noKeyPath"))
        #expect(!keys.contains("CAPropertyAnimation.keyPath.opacity"))
        #expect(seen.first?.message.contains("in a CAAnimationGroup") == true)
        layer.removeAllAnimations()
    }

    // MARK: 6. Discrete motion along a path shows the last vertex

    /// Three vertices (0,0) → (100,0) → (100,100), evenly spaced over 3 s (discrete: each
    /// holds a third of the time); the last third shows the last vertex.
    @Test func discretePathMotionReachesTheLastVertex() {
        let layer = makeLayer()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addCurve(to: CGPoint(x: 100, y: 100), control1: CGPoint(x: 150, y: 0), control2: CGPoint(x: 150, y: 100))
        let k = CAKeyframeAnimation(keyPath: "position")
        k.path = path
        k.calculationMode = .discrete
        k.duration = 3
        layer.add(k, forKey: "d")
        var seen: [CGPoint] = []
        for _ in 0..<3 {
            clock.advance(by: 0.5)
            seen.append(layer.presentation()?.position ?? .zero)
            clock.advance(by: 0.5)
        }
        #expect(seen == [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
        layer.removeAllAnimations()
    }

    // MARK: 7. Colour arithmetic is unclamped until shown

    func components(_ layer: CALayer) -> [Double] {
        (layer.presentation()?.backgroundColor?.components ?? []).map { Double($0) }
    }

    func closeAll(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { close($0, $1, 1e-9) } }

    /// toValue + byValue: from = to − by = (−0.3, 0.3, −0.1, 0.5), unclamped. Linear timing:
    /// at f the colour is to − (1 − f)·by, clamped only when shown. Before, −by was clamped to
    /// clear, so the animation sat at `to` the whole time.
    @Test func toAndByColoursStartAtToMinusBy() {
        let layer = makeLayer()
        let to = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        let by = CGColor(red: 0.8, green: 0.2, blue: 0.6, alpha: 0.5)
        layer.add(basic("backgroundColor", to: to, by: by, duration: 1), forKey: "c")
        clock.advance(by: 0.5)
        #expect(closeAll(components(layer), [0.1, 0.4, 0.2, 0.75]))
        clock.advance(by: 0.25)  // f = 0.75: (0.3, 0.45, 0.35, 0.875)
        #expect(closeAll(components(layer), [0.3, 0.45, 0.35, 0.875]))
        layer.removeAllAnimations()
        // f = 0.25: red −0.1 is shown clamped to 0.
        let early = makeLayer()
        early.add(basic("backgroundColor", to: to, by: by, duration: 1), forKey: "c")
        clock.advance(by: 0.25)
        #expect(closeAll(components(early), [0, 0.35, 0.05, 0.625]))
        early.removeAllAnimations()
    }

    /// Cumulative: delta = to − from = (0.1, 0, −0.1, 0). Second iteration, halfway: the
    /// first iteration's midpoint (0.15, 0.2, 0.25, 0.4) plus delta = (0.25, 0.2, 0.15, 0.4).
    /// Before, the negative blue delta was clamped to 0 (blue 0.25).
    @Test func cumulativeColourDeltasKeepTheirSign() {
        let layer = makeLayer()
        let a = basic(
            "backgroundColor", from: CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4),
            to: CGColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.4), duration: 1)
        a.isCumulative = true
        a.repeatCount = 3
        layer.add(a, forKey: "c")
        clock.advance(by: 1.5)
        #expect(closeAll(components(layer), [0.25, 0.2, 0.15, 0.4]))
        layer.removeAllAnimations()
    }

    // MARK: 8. keyTimes are not checked where Apple ignores them

    @Test(arguments: [CAAnimationCalculationMode.paced, .cubicPaced])
    func pacedModesDoNotReportKeyTimes(mode: CAAnimationCalculationMode) {
        let layer = makeLayer()
        let k = CAKeyframeAnimation(keyPath: "position.x")
        k.values = [0, 10, 40]
        k.keyTimes = [0, 0.9]  // wrong count, but ignored in paced modes
        k.calculationMode = mode
        let seen = reports { layer.add(k, forKey: "p") }
        #expect(!seen.contains { $0.key == "CAKeyframeAnimation.keyTimes" })
        layer.removeAllAnimations()
        // The linear mode still checks them.
        let linear = CAKeyframeAnimation(keyPath: "position.x")
        linear.values = [0, 10, 40]
        linear.keyTimes = [0, 0.9]
        let reported = reports { layer.add(linear, forKey: "l") }
        #expect(reported.contains { $0.key == "CAKeyframeAnimation.keyTimes" })
        layer.removeAllAnimations()
    }

    // MARK: 9. No cycles through insertSublayer / addSublayer

    @Test func addingAnAncestorIsRefused() {
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        let seen = reports {
            grandchild.addSublayer(root)
            child.insertSublayer(child, at: 0)
            grandchild.insertSublayer(child, above: nil)
            child.replaceSublayer(grandchild, with: root)
        }
        #expect(seen.filter { $0.key?.hasPrefix("CALayer.cycle.") == true }.count == 4)
        #expect(root.superlayer == nil && child.superlayer === root && grandchild.superlayer === child)
        #expect(root.sublayers?.count == 1 && child.sublayers?.count == 1 && grandchild.sublayers == nil)
        #expect(seen.first?.message.contains("cycle") == true)
    }
}
