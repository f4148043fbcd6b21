import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// CAEmitterLayer and CAEmitterCell: births at the cells' rates, closed-form motion, shapes,
/// seeds, sub-cells, key paths (docs/Semantics.md, "Particle emitters").
@Suite(.freshRuntime)
@MainActor
struct EmitterLayerTests {
    let clock = MediaClock.main

    /// A hosted emitter at (100, 100) with one cell named "dot".
    func emitter(_ configure: (CAEmitterLayer, CAEmitterCell) -> Void) -> (CAEmitterLayer, CAEmitterCell) {
        let layer = CAEmitterLayer()
        let cell = CAEmitterCell()
        cell.name = "dot"
        quietly {
            layer.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            layer.emitterPosition = CGPoint(x: 100, y: 100)
            configure(layer, cell)
            layer.emitterCells = [cell]
        }
        committed(layer)
        return (layer, cell)
    }

    func particles(_ layer: CAEmitterLayer) -> [EmitterParticleAppearance] {
        layer.presentation()?.presentedParticles ?? []
    }

    @Test func defaultsAreCoreAnimations() {
        let layer = CAEmitterLayer()
        #expect(layer.emitterShape == .point && layer.emitterMode == .volume && layer.renderMode == .unordered)
        #expect(layer.birthRate == 1 && layer.lifetime == 1 && layer.velocity == 1 && layer.scale == 1 && layer.spin == 1)
        let cell = CAEmitterCell()
        #expect(cell.birthRate == 0 && cell.lifetime == 0 && cell.scale == 1 && cell.isEnabled && cell.contentsScale == 1)
        #expect(CAEmitterLayerEmitterShape.circle.rawValue == "circle" && CAEmitterLayerRenderMode.oldestLast.rawValue == "oldestLast")
    }

    @Test func particlesAreBornAtTheRateFromTheFirstMoment() {
        let (layer, _) = emitter { l, c in
            c.birthRate = 4
            c.lifetime = 100
            l.birthRate = 2.5  // 10 a second
        }
        #expect(particles(layer).isEmpty, "nothing before any time has passed")
        clock.advance(by: 1.05)
        let list = particles(layer)
        #expect(list.count == 11, "born at 0, 0.1, … 1 s")
        let origin = list[0].birthTime
        for (k, p) in list.enumerated() { #expect(abs(p.birthTime - (origin + 0.1 * Double(k))) < 1e-9) }
    }

    @Test func motionIsTheClosedFormWhateverTheFrames() {
        func run(steps: Int) -> [EmitterParticleAppearance] {
            let (layer, _) = emitter { _, c in
                c.birthRate = 3
                c.lifetime = 10
                c.velocity = 100
                c.velocityRange = 20
                c.emissionRange = .pi / 3
                c.yAcceleration = 50
                c.spin = 2
                c.scaleSpeed = 0.5
                c.alphaSpeed = -0.25
            }
            for _ in 0..<steps { clock.advance(by: 2.05 / Double(steps)); _ = particles(layer) }
            let list = particles(layer)
            layer.removeFromSuperlayer()
            return list
        }
        let once = run(steps: 1)
        let many = run(steps: 120)
        #expect(once.count == 7 && many.count == 7)
        for (a, b) in zip(once, many) {
            #expect(abs(a.position.x - b.position.x) < 1e-6 && abs(a.position.y - b.position.y) < 1e-6)
            #expect(abs(a.rotation - b.rotation) < 1e-9 && abs(a.scale - b.scale) < 1e-9)
            #expect(abs(a.color.w - b.color.w) < 1e-9 && a.color.x == b.color.x)
        }
        // The first particle is 2.05 s old: spin 2 rad/s, scale 1 + 0.5·2.05, alpha 1 − 0.25·2.05.
        #expect(abs(once[0].rotation - 4.1) < 1e-9 && abs(once[0].scale - 2.025) < 1e-9 && abs(once[0].color.w - 0.4875) < 1e-9)
    }

    @Test func aStraightEmissionFollowsVelocityAndAcceleration() {
        let (layer, _) = emitter { _, c in
            c.birthRate = 1
            c.lifetime = 5
            c.velocity = 100
            c.emissionLongitude = .pi / 2  // down
            c.xAcceleration = 40
        }
        clock.advance(by: 0.5)
        let p = particles(layer)[0]
        // x = 100 + ½·40·0.25, y = 100 + 100·0.5.
        #expect(abs(p.position.x - 105) < 1e-9 && abs(p.position.y - 150) < 1e-9 && abs(p.position.z) < 1e-9)
    }

    @Test func particlesDieAtTheEndOfTheirLifetime() {
        let (layer, _) = emitter { l, c in
            c.birthRate = 10
            c.lifetime = 0.5
            c.lifetimeRange = 0
            l.lifetime = 2  // each lives 1 s
        }
        clock.advance(by: 3.05)
        let list = particles(layer)
        #expect(list.count == 10, "born at 2.1 … 3 s")
        #expect(list.allSatisfy { layer.convertTime(clock.now, from: nil) - $0.birthTime < 1 + 1e-9 })
    }

    @Test func directionsStayInTheCone() {
        for _ in 0..<200 {
            let (u, v) = (Double.random(in: 0..<1), Double.random(in: 0..<1))
            let d = EmitterSimulation.direction(longitude: 1, latitude: 0.3, range: .pi / 2, u: u, v: v)
            let axis = SIMD3(cos(0.3) * cos(1.0), cos(0.3) * sin(1.0), sin(0.3))
            #expect(abs((d * d).sum() - 1) < 1e-12)
            #expect(acos(min(1, (d * axis).sum())) <= .pi / 4 + 1e-9)
        }
        let straight = EmitterSimulation.direction(longitude: .pi, latitude: 0, range: 0, u: 0.7, v: 0.2)
        #expect(abs(straight.x + 1) < 1e-12 && abs(straight.y) < 1e-12)
    }

    @Test func shapesPlaceBirthsOnThem() {
        func points(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode) -> [SIMD3<Double>] {
            let layer = CAEmitterLayer()
            quietly {
                layer.emitterPosition = CGPoint(x: 50, y: 60)
                layer.emitterSize = CGSize(width: 40, height: 20)
                layer.emitterShape = shape
                layer.emitterMode = mode
            }
            return (0..<100).map { EmitterSimulation.emissionPoint(of: layer, seed: UInt64($0)) }
        }
        #expect(points(.point, .volume).allSatisfy { $0 == SIMD3(50, 60, 0) })
        #expect(points(.line, .volume).allSatisfy { $0.y == 60 && abs($0.x - 50) <= 20 })
        #expect(points(.rectangle, .surface).allSatisfy { abs($0.x - 50) <= 20 && abs($0.y - 60) <= 10 })
        #expect(points(.rectangle, .outline).allSatisfy { abs(abs($0.x - 50) - 20) < 1e-9 || abs(abs($0.y - 60) - 10) < 1e-9 })
        #expect(points(.circle, .outline).allSatisfy { abs(((($0.x - 50) * ($0.x - 50) + ($0.y - 60) * ($0.y - 60))).squareRoot() - 40) < 1e-9 })
        #expect(points(.circle, .surface).allSatisfy { ($0.x - 50) * ($0.x - 50) + ($0.y - 60) * ($0.y - 60) <= 1600 + 1e-9 })
        #expect(points(.sphere, .surface).allSatisfy { abs(((($0 - SIMD3(50, 60, 0)) * ($0 - SIMD3(50, 60, 0))).sum()).squareRoot() - 40) < 1e-9 })
    }

    @Test func theSeedDecidesTheRandomValues() {
        func positions(seed: UInt32) -> [Double] {
            let (layer, _) = emitter { l, c in
                c.birthRate = 5
                c.lifetime = 10
                c.velocity = 50
                c.emissionRange = 2 * .pi
                l.seed = seed
            }
            clock.advance(by: 1.05)
            let xs = particles(layer).map(\.position.x)
            layer.removeFromSuperlayer()
            return xs
        }
        let a = positions(seed: 7), b = positions(seed: 7), c = positions(seed: 8)
        #expect(a.count == 6 && b.count == 6 && c.count == 6, "\(a.count) \(b.count) \(c.count)")
        #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(!zip(a, c).allSatisfy { abs($0 - $1) < 1e-3 })
    }

    @Test func aBirthRateSetBetweenFramesTakesEffectThen() {
        let (layer, _) = emitter { _, c in
            c.birthRate = 10
            c.lifetime = 100
        }
        clock.advance(by: 0.25)
        quietly { layer.birthRate = 0 }  // no frame drawn since the start
        clock.advance(by: 1)
        #expect(particles(layer).count == 3, "born at 0, 0.1 and 0.2 s")
    }

    @Test func cellsAreReachedByKeyPath() {
        let (layer, cell) = emitter { _, c in
            c.birthRate = 10
            c.lifetime = 100
        }
        layer.setValue(2, forKeyPath: "emitterCells.dot.birthRate")
        #expect(cell.birthRate == 2)
        #expect((layer.value(forKeyPath: "emitterCells.dot.birthRate") as? NSNumber)?.doubleValue == 2)
        cell.setValue(3.5, forKey: "velocity")
        #expect(cell.velocity == 3.5 && (cell.value(forKey: "velocity") as? NSNumber)?.doubleValue == 3.5)
    }

    @Test func anAnimatedCellKeyLeavesTheModelCellAlone() {
        let (layer, cell) = emitter { _, c in
            c.birthRate = 0
            c.lifetime = 100
        }
        let ramp = CABasicAnimation(keyPath: "emitterCells.dot.birthRate")
        ramp.fromValue = 20
        ramp.toValue = 20
        ramp.duration = 1
        layer.add(ramp, forKey: "ramp")
        CATransaction.flush()
        for _ in 0..<30 { clock.advance(by: 1.0 / 30); _ = particles(layer) }
        #expect(cell.birthRate == 0)
        #expect(particles(layer).count >= 19, "\(particles(layer).count)")
    }

    @Test func subcellsAreEmittedByEachParticle() {
        // Apple: "The emission point is the current particle position and the emission angle is
        // relative to the current direction of the particle"; scale and colour are inherited.
        let spark = CAEmitterCell()
        spark.birthRate = 100
        spark.lifetime = 10
        spark.beginTime = 0.5
        spark.duration = 0.045
        spark.velocity = 10
        let (layer, _) = emitter { _, c in
            c.birthRate = 1
            c.lifetime = 1
            c.velocity = 100
            c.emissionLongitude = .pi / 2  // down
            c.scale = 0.5
            c.color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.emitterCells = [spark]
        }
        clock.advance(by: 0.75)
        let list = particles(layer)
        let rocket = list[0], sparks = list.filter { $0.cell === spark }
        #expect(sparks.count == 5, "0.045 s at 100 a second, the first at once")
        for s in sparks {
            // Born where the rocket was (0.5 s to 0.54 s after its birth: y 150 to 154), moving down at 10.
            let born = s.birthTime - rocket.birthTime, age = layer.convertTime(clock.now, from: nil) - s.birthTime
            #expect(born >= 0.5 - 1e-9 && born < 0.545)
            #expect(abs(s.position.x - 100) < 1e-9 && abs(s.position.y - (100 + 100 * born + 10 * age)) < 1e-9)
            #expect(s.scale == 0.5 && s.color == SIMD4(1, 0, 0, 1))
        }
    }

    @Test func aChangingEmitterKeepsTheClockBusy() {
        let (layer, cell) = emitter { _, c in
            c.birthRate = 10
            c.lifetime = 0.5
        }
        #expect(!clock.isIdle, "a cell emits")
        clock.advance(by: 0.05)
        #expect(particles(layer).count == 1)
        quietly { cell.birthRate = 0 }
        clock.advance(by: 0.1)
        _ = particles(layer)
        #expect(!clock.isIdle, "particles still alive")
        clock.advance(by: 1)
        _ = particles(layer)
        #expect(clock.isIdle)
    }

    @Test func renderOrders() {
        let (layer, _) = emitter { l, c in
            c.birthRate = 10
            c.lifetime = 100
            l.renderMode = .oldestLast
        }
        clock.advance(by: 0.55)
        let list = particles(layer)
        #expect(list.count == 6 && list.first!.birthTime > list.last!.birthTime)
    }
}
