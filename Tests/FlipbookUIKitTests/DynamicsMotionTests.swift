import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// Records an animator's delegate calls.
@MainActor
final class DynamicsRecorder: NSObject, UIDynamicAnimatorDelegate, UICollisionBehaviorDelegate {
    var events: [String] = []
    var names: [ObjectIdentifier: String] = [:]
    func name(_ item: UIDynamicItem) -> String { names[ObjectIdentifier(item)] ?? "?" }
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { events.append("willResume") }
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { events.append("didPause") }
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem, at p: CGPoint) {
        events.append("began \([name(item1), name(item2)].sorted().joined(separator: "-"))")
    }
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem) {
        events.append("ended \([name(item1), name(item2)].sorted().joined(separator: "-"))")
    }
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {
        events.append("began \(name(item)) \(identifier.map { "\($0)" } ?? "bounds")")
    }
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: (any NSCopying)?) {
        events.append("ended \(name(item)) \(identifier.map { "\($0)" } ?? "bounds")")
    }
}

/// UIKit Dynamics numbers against closed forms (docs/Semantics.md, "UIKit Dynamics": gravity 1 =
/// 1000 pt/s²; force 1 on mass 1 = 100 pt/s²; mass = density · w · h / 10 000).
@MainActor
@Suite(.freshRuntime) struct DynamicsMotionTests {
    static func scene(_ frame: CGRect = CGRect(x: 150, y: 100, width: 100, height: 100)) -> (UIView, UIView, UIDynamicAnimator) {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 2000))
        let item = UIView(frame: frame)
        reference.addSubview(item)
        return (reference, item, UIDynamicAnimator(referenceView: reference))
    }

    @Test func freeFallUnderMagnitudeOneIs1000PointsPerSecondSquared() {
        let (_, item, animator) = Self.scene()
        let y0 = item.center.y
        let body = UIDynamicItemBehavior(items: [item])
        animator.addBehavior(body)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        MediaClock.main.advanceFrames(30)
        let t = animator.elapsedTime
        #expect(abs(t - 0.5) < 1e-9)
        let expected = 0.5 * 1000 * t * t  // 125 pt
        #expect(abs(Double(item.center.y - y0) - expected) / expected < 0.015)
        #expect(abs(Double(body.linearVelocity(for: item).y) - 1000 * t) < 1)
        #expect(item.center.x == 200)
    }

    @Test func continuousPushOfMagnitudeOneAccelerates100PointsPerSecondSquared() {
        let (_, item, animator) = Self.scene()
        let x0 = item.center.x
        let push = UIPushBehavior(items: [item], mode: .continuous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        let body = UIDynamicItemBehavior(items: [item])
        animator.addBehavior(push)
        animator.addBehavior(body)
        MediaClock.main.advanceFrames(60)
        let t = animator.elapsedTime
        #expect(abs(Double(body.linearVelocity(for: item).x) - 100 * t) < 0.5)
        #expect(abs(Double(item.center.x - x0) - 0.5 * 100 * t * t) < 0.8)
    }

    @Test func instantaneousPushGivesOneImpulseThenTurnsOff() {
        let (_, item, animator) = Self.scene()
        let x0 = item.center.x
        let push = UIPushBehavior(items: [item], mode: .instantaneous)
        push.magnitude = 2  // angle 0: +x
        let body = UIDynamicItemBehavior(items: [item])
        body.density = 2  // mass 2: Δv = 2 · 100 / 2 = 100 pt/s
        animator.addBehavior(push)
        animator.addBehavior(body)
        MediaClock.main.advanceFrames(60)
        #expect(push.active == false)
        #expect(abs(Double(body.linearVelocity(for: item).x) - 100) < 0.01)
        #expect(abs(Double(item.center.x - x0) - 100 * animator.elapsedTime) < 0.5)
    }

    /// A ball dropped 200 pt onto a floor rebounds to e² · 200 (energy ∝ v², v' = e·v).
    /// `UICollisionBehavior()`, `UIGravityBehavior()`, `UIDynamicItemBehavior()` and
    /// `UIPushBehavior()` (Objective-C's inherited `init`, common in Swift code) filled with
    /// `addItem` move an item exactly as the `init(items:)` forms do.
    @Test func itemlessInitialisersThenAddItemMatchInitWithItems() {
        func run(_ itemless: Bool) -> [CGPoint] {
            let (reference, item, animator) = Self.scene(CGRect(x: 190, y: 290, width: 20, height: 20))
            _ = reference
            if itemless {
                let behaviours: [UIDynamicBehavior] = [UIDynamicItemBehavior(), UIGravityBehavior(), UICollisionBehavior(), UIPushBehavior()]
                (behaviours[0] as! UIDynamicItemBehavior).addItem(item)
                (behaviours[1] as! UIGravityBehavior).addItem(item)
                (behaviours[2] as! UICollisionBehavior).addItem(item)
                (behaviours[3] as! UIPushBehavior).addItem(item)
                #expect((behaviours[3] as! UIPushBehavior).mode == .continuous)
                for b in behaviours { animator.addBehavior(b) }
                (behaviours[2] as! UICollisionBehavior).translatesReferenceBoundsIntoBoundary = true
                (behaviours[3] as! UIPushBehavior).pushDirection = CGVector(dx: 0.5, dy: 0)
            } else {
                let push = UIPushBehavior(items: [item], mode: .continuous)
                let collision = UICollisionBehavior(items: [item])
                for b in [UIDynamicItemBehavior(items: [item]), UIGravityBehavior(items: [item]), collision, push] as [UIDynamicBehavior] {
                    animator.addBehavior(b)
                }
                collision.translatesReferenceBoundsIntoBoundary = true
                push.pushDirection = CGVector(dx: 0.5, dy: 0)
            }
            var centers: [CGPoint] = []
            for _ in 0..<120 {
                MediaClock.main.advanceFrames(1)
                centers.append(item.center)
            }
            return centers
        }
        let filled = run(true), given = run(false)
        #expect(filled == given)
        #expect(filled.last!.y > 290 + 100)  // it fell
        #expect(filled.last!.x > 200)  // and was pushed right
    }

    @Test func bounceHeightFollowsElasticity() {
        let (reference, item, animator) = Self.scene(CGRect(x: 190, y: 290, width: 20, height: 20))
        _ = reference
        let floorY: CGFloat = 510  // the ball's bottom starts 200 pt above it
        let body = UIDynamicItemBehavior(items: [item])
        body.elasticity = 0.5
        body.allowsRotation = false
        let collision = UICollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor" as NSCopying, from: CGPoint(x: 0, y: floorY), to: CGPoint(x: 400, y: floorY))
        animator.addBehavior(body)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        animator.addBehavior(collision)
        var bounced = false, apex = CGFloat.infinity, last = item.center.y
        for _ in 0..<90 {
            MediaClock.main.advanceFrames(1)
            let y = item.center.y
            if y < last { bounced = true }
            if bounced { apex = min(apex, y) }
            last = y
        }
        let height = Double(floorY - 10 - apex)
        #expect(abs(height - 0.25 * 200) < 3)
    }

    @Test func snapMovesTheItemToThePointAndRests() {
        let (_, item, animator) = Self.scene()
        let recorder = DynamicsRecorder()
        animator.delegate = recorder
        let snap = UISnapBehavior(item: item, snapTo: CGPoint(x: 300, y: 500))
        #expect(snap.damping == 0.5)
        animator.addBehavior(snap)
        MediaClock.main.advance(by: 4)
        #expect(abs(item.center.x - 300) < 0.5 && abs(item.center.y - 500) < 0.5)
        #expect(recorder.events == ["willResume", "didPause"])
        #expect(animator.isRunning == false)
    }

    /// A small bob on a rigid 250-point rod under 1000 pt/s²: T = 2π√(L/g) ≈ 3.1416 s.
    @Test func pendulumPeriodMatchesTwoPiRootLOverG() {
        let anchor = CGPoint(x: 200, y: 100)
        let L = 250.0, theta = 0.1
        let (_, item, animator) = Self.scene(
            CGRect(x: 200 + L * sin(theta) - 5, y: 100 + L * cos(theta) - 5, width: 10, height: 10))
        let rod = UIAttachmentBehavior(item: item, attachedToAnchor: anchor)
        #expect(abs(Double(rod.length) - L) < 1e-6)
        animator.addBehavior(rod)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        var crossings: [Double] = []
        var lastX = Double(item.center.x - anchor.x)
        for _ in 0..<(60 * 8) {
            MediaClock.main.advanceFrames(1)
            let x = Double(item.center.x - anchor.x)
            if lastX > 0 && x <= 0 {  // crossing leftwards; interpolate the time
                crossings.append(animator.elapsedTime - (1.0 / 60) * x / (x - lastX))
            }
            lastX = x
        }
        #expect(crossings.count >= 2)
        if crossings.count >= 2 {
            let period = crossings[1] - crossings[0]
            let expected = 2 * Double.pi * (L / 1000).squareRoot() * (1 + theta * theta / 16)
            #expect(abs(period - expected) / expected < 0.01)
        }
    }

    /// An item on an undamped 2 Hz spring attachment (no gravity) oscillates with period 0.5 s.
    @Test func springAttachmentOscillatesAtItsFrequency() {
        let (_, item, animator) = Self.scene(CGRect(x: 150, y: 250, width: 100, height: 100))
        let spring = UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 200, y: 100))
        spring.length = 100  // created 200 apart: starts stretched by 100
        spring.frequency = 2
        spring.damping = 0
        animator.addBehavior(spring)
        var minima: [Double] = []
        var prev2 = Double(item.center.y), prev = prev2
        for _ in 0..<(60 * 2) {
            MediaClock.main.advanceFrames(1)
            let y = Double(item.center.y)
            if prev < prev2 && prev <= y { minima.append(animator.elapsedTime - 1.0 / 60) }
            prev2 = prev; prev = y
        }
        #expect(minima.count >= 3)
        if minima.count >= 3 {
            let period = (minima[2] - minima[0]) / 2
            #expect(abs(period - 0.5) < 0.02)
        }
    }

    /// A 4-point item at 20 000 pt/s does not pass through a boundary segment.
    @Test func fastSmallItemDoesNotTunnelThroughABoundary() {
        let (_, item, animator) = Self.scene(CGRect(x: 198, y: 98, width: 4, height: 4))
        let body = UIDynamicItemBehavior(items: [item])
        body.addLinearVelocity(CGPoint(x: 0, y: 20_000), for: item)
        let collision = UICollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "wall" as NSCopying, from: CGPoint(x: 0, y: 400), to: CGPoint(x: 400, y: 400))
        animator.addBehavior(body)
        animator.addBehavior(collision)
        for _ in 0..<30 {
            MediaClock.main.advanceFrames(1)
            #expect(item.center.y < 400)
        }
    }

    /// Continuous collision keeps to the collision behaviours: a fast item (and a slow one) goes
    /// through the boundary of a behaviour it is not in, and stops at one of its own.
    @Test(arguments: [CGFloat(20_000), 200])
    func itemsCrossBoundariesOfOtherCollisionBehaviors(speed: CGFloat) {
        let (reference, item, animator) = Self.scene(CGRect(x: 198, y: 98, width: 4, height: 4))
        // The other behaviour's own item rests on its shelf.
        let bystander = UIView(frame: CGRect(x: 20, y: 380, width: 20, height: 20))
        reference.addSubview(bystander)
        let body = UIDynamicItemBehavior(items: [item])
        body.addLinearVelocity(CGPoint(x: 0, y: speed), for: item)
        let own = UICollisionBehavior(items: [item])
        own.addBoundary(withIdentifier: "floor" as NSCopying, from: CGPoint(x: 0, y: 1500), to: CGPoint(x: 400, y: 1500))
        let other = UICollisionBehavior(items: [bystander])
        other.addBoundary(withIdentifier: "shelf" as NSCopying, from: CGPoint(x: 0, y: 400), to: CGPoint(x: 400, y: 400))
        animator.addBehavior(body)
        animator.addBehavior(own)
        animator.addBehavior(other)
        // Unhindered, 2 frames at 20 000 pt/s or 3 s at 200 pt/s take it to y ≈ 770 or 700.
        MediaClock.main.advanceFrames(speed > 1000 ? 2 : 180)
        #expect(item.center.y > 600, "at y = \(item.center.y)")
        var maxY = item.center.y
        for _ in 0..<(60 * 8) {
            MediaClock.main.advanceFrames(1)
            maxY = max(maxY, item.center.y)
        }
        #expect(maxY < 1500, "reached y = \(maxY)")
        #expect(bystander.center.y <= 390.5)
    }

    /// A guillotine menu (issue 37): a 320 × 640 view turned a quarter turn back, attached at a
    /// point 20 pt in from its top-left corner to an anchor at that very point (a rod of length
    /// 0: a pivot), falls under gravity; a one-point boundary stands just past where its
    /// bottom-left corner passes when upright. The corner moves about 6 pt per 1/240 s sub-step,
    /// more than the boundary is long but far less than the view is wide, so only a sweep of
    /// every moving item against thin boundaries stops it. It comes to rest upright on the
    /// boundary (gravity would swing it on by 24°), and the animator pauses.
    @Test(arguments: [CGFloat(0), 0.6])
    func guillotineMenuComesToRestOnAOnePointBoundary(elasticity: CGFloat) {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 900))
        let menu = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 640))
        reference.addSubview(menu)
        menu.transform = CGAffineTransform(rotationAngle: -.pi / 2)
        // Upright, the centre would be at (180, 460) and the bottom-left corner at (20, 780).
        menu.center = CGPoint(x: 340, y: 20)
        let animator = UIDynamicAnimator(referenceView: reference)
        let recorder = DynamicsRecorder()
        recorder.names[ObjectIdentifier(menu)] = "menu"
        animator.delegate = recorder
        let pivot = UIAttachmentBehavior(item: menu, offsetFromCenter: UIOffset(horizontal: -140, vertical: -300),
                                         attachedToAnchor: CGPoint(x: 40, y: 160))
        #expect(pivot.length < 1e-6)
        animator.addBehavior(pivot)
        let collision = UICollisionBehavior(items: [menu])
        collision.addBoundary(withIdentifier: "collide" as NSCopying, from: CGPoint(x: 19, y: 779), to: CGPoint(x: 19, y: 780))
        collision.collisionDelegate = recorder
        animator.addBehavior(collision)
        let body = UIDynamicItemBehavior(items: [menu])
        body.elasticity = elasticity
        animator.addBehavior(body)
        animator.addBehavior(UIGravityBehavior(items: [menu]))
        var maxAngle = -Double.infinity
        var pausedAt: Double?
        for _ in 0..<(60 * 10) where pausedAt == nil {
            MediaClock.main.advanceFrames(1)
            maxAngle = max(maxAngle, Double(atan2(menu.transform.b, menu.transform.a)))
            if recorder.events.last == "didPause" { pausedAt = animator.elapsedTime }
        }
        // The corner meets the boundary's line x = 19 at 1/580 rad past upright.
        #expect(maxAngle < 0.005, "swung to \(maxAngle * 180 / .pi)°")
        #expect(pausedAt.map { $0 < (elasticity > 0 ? 9 : 3) } == true, "paused at \(pausedAt.map { "\($0) s" } ?? "never")")
        #expect(recorder.events.first == "willResume" && recorder.events.contains("began menu collide"), "\(recorder.events)")
        let angle = Double(atan2(menu.transform.b, menu.transform.a))
        #expect(abs(angle - 1.0 / 580) < 0.002, "rests at \(angle * 180 / .pi)°")
        let corner = CGPoint(x: Double(menu.center.x) - 160 * cos(angle) - 320 * sin(angle),
                             y: Double(menu.center.y) - 160 * sin(angle) + 320 * cos(angle))
        #expect(abs(corner.x - 19) < 0.5 && corner.y > 778.5 && corner.y < 780.5, "corner at \(corner)")
        #expect(!animator.isRunning)
    }

    /// The guillotine menu's presentation as the library sets it up on a 393 × 852 screen: the
    /// menu (the screen's size) turned -90° and framed above the screen below a 64-point bar,
    /// pinned at (32, 32) by an attachment at that very point, pushed down continuously
    /// (magnitude (2/π)·852/0.6, about 2 700 pt/s² on its mass), elasticity 0.6, against a
    /// one-point boundary from (-1, 851) to (-1, 852). It bounces, settles upright on the
    /// boundary and the animator pauses: the library completes its transition there.
    @Test func guillotineMenuPresentationPausesUpright() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
        let menu = UIView(frame: container.bounds)
        container.addSubview(menu)
        menu.transform = CGAffineTransform(rotationAngle: -.pi / 2)
        menu.frame = CGRect(x: 0, y: -menu.frame.height + 64, width: menu.frame.width, height: menu.frame.height)
        let animator = UIDynamicAnimator(referenceView: container)
        let recorder = DynamicsRecorder()
        animator.delegate = recorder
        let anchor = CGPoint(x: 32, y: 32)
        let offset = UIOffset(horizontal: -menu.bounds.width / 2 + anchor.x, vertical: -menu.bounds.height / 2 + anchor.y)
        animator.addBehavior(UIAttachmentBehavior(item: menu, offsetFromCenter: offset, attachedToAnchor: anchor))
        let collision = UICollisionBehavior()
        collision.addBoundary(withIdentifier: "collide" as NSCopying, from: CGPoint(x: -1, y: 851), to: CGPoint(x: -1, y: 852))
        collision.addItem(menu)
        animator.addBehavior(collision)
        let body = UIDynamicItemBehavior(items: [menu])
        body.elasticity = 0.6
        animator.addBehavior(body)
        let fall = UIPushBehavior(items: [menu], mode: .continuous)
        fall.pushDirection = CGVector(dx: 0, dy: 2 / Double.pi * 852 / 0.6)
        animator.addBehavior(fall)
        var maxAngle = -Double.infinity
        for _ in 0..<(60 * 10) where recorder.events.last != "didPause" {
            MediaClock.main.advanceFrames(1)
            maxAngle = max(maxAngle, Double(atan2(menu.transform.b, menu.transform.a)))
        }
        #expect(recorder.events.last == "didPause", "\(recorder.events)")
        #expect(maxAngle < 0.005, "swung to \(maxAngle * 180 / .pi)°")
        let angle = Double(atan2(menu.transform.b, menu.transform.a))
        // Upright the bottom-left corner is at (0, 852); it meets x = -1 at 1/820 rad past.
        #expect(abs(angle - 1.0 / 820) < 0.002, "rests at \(angle * 180 / .pi)°")
        #expect(animator.elapsedTime < 8, "paused after \(animator.elapsedTime) s")
    }

    /// An item attached at the anchor itself (a rigid rod of length 0) hangs from it as from a
    /// pin: the point stays on the anchor, the item swings (damped by its resistance) until its
    /// centre is below it, rests, and the animator pauses. (As a rod of length 0 the point
    /// wandered about the anchor and the item never rested.)
    @Test func attachmentOfLengthZeroIsAPivot() {
        let (reference, item, animator) = Self.scene(CGRect(x: 100, y: 100, width: 100, height: 100))
        _ = reference
        let recorder = DynamicsRecorder()
        animator.delegate = recorder
        // The item's top-left corner region: 10 pt in from its corner, at (110, 110).
        let pivot = UIAttachmentBehavior(item: item, offsetFromCenter: UIOffset(horizontal: -40, vertical: -40),
                                         attachedToAnchor: CGPoint(x: 110, y: 110))
        #expect(pivot.length == 0)
        animator.addBehavior(pivot)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        let damping = UIDynamicItemBehavior(items: [item])
        damping.resistance = 4
        damping.angularResistance = 4
        animator.addBehavior(damping)
        var worst = 0.0
        for _ in 0..<(60 * 20) where recorder.events.last != "didPause" {
            MediaClock.main.advanceFrames(1)
            let a = Double(atan2(item.transform.b, item.transform.a))
            let point = CGPoint(x: Double(item.center.x) - 40 * cos(a) + 40 * sin(a), y: Double(item.center.y) - 40 * sin(a) - 40 * cos(a))
            worst = max(worst, hypot(point.x - 110, point.y - 110))
        }
        #expect(worst < 1, "the point left the anchor by \(worst) pt")
        #expect(recorder.events.last == "didPause", "\(recorder.events)")
        #expect(abs(item.center.x - 110) < 1 && item.center.y > 110 + 55, "centre at \(item.center)")
    }

    /// Ten 40-point boxes stacked on the reference-bounds floor stay put.
    @Test func stackOfTenBoxesStaysPut() {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        var boxes: [UIView] = []
        for i in 0..<10 {
            let v = UIView(frame: CGRect(x: 180, y: 560 - 40 * CGFloat(i), width: 40, height: 40))
            reference.addSubview(v)
            boxes.append(v)
        }
        let starts = boxes.map(\.center)
        let animator = UIDynamicAnimator(referenceView: reference)
        let body = UIDynamicItemBehavior(items: boxes)
        body.friction = 0.5
        let collision = UICollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(body)
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: boxes))
        MediaClock.main.advance(by: 3)
        for (b, s) in zip(boxes, starts) {
            #expect(abs(b.center.x - s.x) < 1 && abs(b.center.y - s.y) < 2)
        }
    }
}
