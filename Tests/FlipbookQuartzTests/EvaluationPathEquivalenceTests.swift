import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// Basic animations are evaluated three ways: the general path (`AnimatableValue`
/// interpolation, `CAAnimation.apply(_:to:)`), the per-animation fast path (`FastPlan`, used
/// for presentation copies) and the compiled direct plan (`DirectWrite`, used when every
/// animation of a layer has one). Many random animations, every property kind, timing, fill,
/// repeat, autoreverse, additive, cumulative, speed and offset (on the animation and on the
/// layer), evaluated every way at many times, must give identical bits.
@Suite(.freshRuntime) @MainActor
struct EvaluationPathEquivalenceTests {
    /// TestSupport's SplitMix64 with this suite's draws, so a failure names a reproducible seed.
    struct Random {
        private var core: SeededGenerator
        init(state: UInt64) { core = SeededGenerator(state: state) }
        mutating func next() -> UInt64 { core.next() }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
        mutating func pick<T>(_ list: [T]) -> T { list[Int(next() % UInt64(list.count))] }
        mutating func chance(_ p: Double) -> Bool { unit() < p }
    }

    static let numberKeys = ["opacity", "zPosition", "cornerRadius", "borderWidth", "shadowOpacity", "shadowRadius", "anchorPointZ"]
    static let pointKeys = ["position", "anchorPoint"]
    static let colorKeys = ["backgroundColor", "borderColor", "shadowColor"]
    /// Key paths no fast path takes: they always use the general path, and must still agree
    /// across the public entry points.
    static let generalKeys = ["bounds", "transform", "transform.scale", "shadowOffset", "transform.rotation.x"]

    static func color(_ r: inout Random) -> CGColor {
        CGColor(red: r.unit(), green: r.unit(), blue: r.unit(), alpha: r.range(0.2, 1))
    }

    static func values(for key: String, _ r: inout Random) -> (Any, Any) {
        switch key {
        case _ where numberKeys.contains(key): return (r.range(-50, 50), r.range(-50, 50))
        case _ where pointKeys.contains(key):
            return (CGPoint(x: r.range(-100, 100), y: r.range(-100, 100)), CGPoint(x: r.range(-100, 100), y: r.range(-100, 100)))
        case _ where colorKeys.contains(key): return (color(&r), color(&r))
        case "transform.rotation.z", "transform.rotation.x", "transform.scale": return (r.range(-4, 4), r.range(-4, 4))
        case "bounds":
            return (CGRect(x: 0, y: 0, width: r.range(1, 200), height: r.range(1, 200)),
                    CGRect(x: r.range(-5, 5), y: 0, width: r.range(1, 200), height: r.range(1, 200)))
        case "shadowOffset": return (CGSize(width: r.range(-9, 9), height: r.range(-9, 9)), CGSize(width: r.range(-9, 9), height: 3))
        default:
            return (CATransform3DMakeRotation(r.range(-3, 3), 0, 0, 1), CATransform3DMakeScale(r.range(0.5, 2), r.range(0.5, 2), 1))
        }
    }

    static func randomAnimation(_ r: inout Random, key: String) -> CABasicAnimation {
        let a = r.chance(0.15) ? CASpringAnimation(keyPath: key) : CABasicAnimation(keyPath: key)
        let (from, to) = values(for: key, &r)
        switch r.next() % 3 {
        case 0: a.fromValue = from; a.toValue = to
        case 1: a.toValue = to
        default: a.fromValue = from
        }
        a.duration = r.range(0.1, 1.5)
        a.beginTime = r.chance(0.5) ? 0 : r.range(-0.5, 0.5)
        a.timingFunction = r.pick([
            nil, CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeIn),
            CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeInEaseOut),
            CAMediaTimingFunction(controlPoints: Float(r.unit()), Float(r.range(-0.5, 1.5)), Float(r.unit()), Float(r.range(-0.5, 1.5))),
        ])
        a.fillMode = r.pick([.removed, .forwards, .backwards, .both])
        a.repeatCount = r.pick([0, 1, 1.5, 2.25])
        a.autoreverses = r.chance(0.3)
        a.speed = r.pick([1, 1, 0.5, 2, -1])
        a.timeOffset = r.chance(0.3) ? r.range(0, 0.5) : 0
        a.isAdditive = r.chance(0.15)
        a.isCumulative = r.chance(0.15)
        a.isRemovedOnCompletion = r.chance(0.5)
        return a
    }

    /// The bits of the values an animation can change, for an exact comparison.
    static func bits(_ v: LayerValues) -> [UInt64] {
        var out: [UInt64] = []
        func d(_ x: CGFloat) { out.append(Double(x).bitPattern) }
        func f(_ x: Float) { out.append(UInt64(x.bitPattern)) }
        func c(_ color: CGColor?) {
            guard let color else { return out.append(.max) }
            for x in color.components ?? [] { d(x) }
        }
        d(v.bounds.origin.x); d(v.bounds.origin.y); d(v.bounds.width); d(v.bounds.height)
        d(v.position.x); d(v.position.y); d(v.zPosition); d(v.anchorPoint.x); d(v.anchorPoint.y); d(v.anchorPointZ)
        let t = v.transform
        for x in [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44] { d(x) }
        f(v.opacity); d(v.cornerRadius); d(v.borderWidth); f(v.shadowOpacity); d(v.shadowRadius)
        c(v.backgroundColor); c(v.borderColor); c(v.shadowColor)
        d(v.shadowOffset.width); d(v.shadowOffset.height)
        return out
    }

    /// The general path alone: every animation applied through `AnimatableValue` to a copy
    /// that is not a presentation copy (the fast paths serve presentation copies only).
    static func generalValues(of layer: CALayer, parentTime: Double) -> LayerValues {
        let target = CALayer(layer: layer)
        let local = layer.localTime(fromParentTime: parentTime)
        guard !local.isNaN else { return layer.state }
        for entry in layer.animationEntries {
            entry.animation.apply(to: target, parentTime: local, beginTime: entry.animation.beginPending ? local : nil)
        }
        return target.state
    }

    @Test(arguments: 0..<8)
    func everyPathGivesTheSameBits(seed: Int) {
        var r = Random(state: UInt64(seed) &* 7919 &+ 17)
        let parent = CALayer()
        var layers: [CALayer] = []
        quietly {
            for _ in 0..<24 {
                let layer = CALayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
                layer.position = CGPoint(x: 40, y: 30)
                layer.backgroundColor = Self.color(&r)
                layer.borderColor = Self.color(&r)
                layer.shadowColor = Self.color(&r)
                if r.chance(0.3) { layer.speed = r.pick([0.5, 2, 0]) }
                if r.chance(0.3) { layer.timeOffset = r.range(0, 0.4) }
                parent.addSublayer(layer)
                layers.append(layer)
            }
        }
        for layer in layers {
            // Half the layers take only fast-path kinds (so their whole plan is direct), the
            // rest mix in general kinds, additive and cumulative animations.
            let direct = r.chance(0.5)
            let fastKeys = Self.numberKeys + Self.pointKeys + Self.colorKeys + ["transform.rotation.z"]
            for i in 0..<Int(r.next() % 4 + 1) {
                let key = direct || r.chance(0.5) ? r.pick(fastKeys) : r.pick(Self.generalKeys)
                let anim = Self.randomAnimation(&r, key: key)
                if direct { anim.isAdditive = false; anim.isCumulative = false }
                layer.add(anim, forKey: "a\(i)")
            }
        }
        CATransaction.flush()
        var compared = 0
        for _ in 0..<30 {
            MediaClock.main.advance(by: r.range(0, 0.12))
            let now = MediaClock.main.now
            let tree = parent.presentation()!
            for (index, layer) in layers.enumerated() {
                let reference = Self.bits(Self.generalValues(of: layer, parentTime: now))
                let viaValues = Self.bits(layer.presentedValues(parentTime: now))
                let viaLayer = Self.bits(layer.presentedLayer(parentTime: now).state)
                let viaTree = Self.bits(tree.sublayers![index].state)
                #expect(viaValues == reference, "presentedValues, seed \(seed), layer \(index), \(layer.animationKeys() ?? [])")
                #expect(viaLayer == reference, "presentedLayer, seed \(seed), layer \(index)")
                #expect(viaTree == reference, "presentation(), seed \(seed), layer \(index)")
                compared += 1
            }
        }
        #expect(compared == 30 * 24)
    }
}
