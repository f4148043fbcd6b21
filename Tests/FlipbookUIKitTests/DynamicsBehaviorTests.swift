import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// Animator life cycle, delegates, composite behaviours and bad input, as recorded histories.
@MainActor
@Suite(.freshRuntime) struct DynamicsBehaviorTests {
    @Test func defaultsAreUIKits() {
        let item = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = UIDynamicItemBehavior(items: [item])
        #expect([b.elasticity, b.friction, b.density, b.resistance, b.angularResistance, b.charge] == [0, 0, 1, 0, 0, 0])
        #expect(b.allowsRotation && !b.isAnchored)
        let g = UIGravityBehavior(items: [item])
        #expect(g.gravityDirection == CGVector(dx: 0, dy: 1) && g.magnitude == 1)
        #expect(UICollisionBehavior(items: [item]).collisionMode == .everything)
        #expect(UIAttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 3, y: 9)).length == CGFloat(20).squareRoot())  // centre (5, 5) to (3, 9)
    }

    /// Rest detection: falls, lands, rests (didPause); a push wakes it (willResume) until it rests again.
    @Test func pauseAndResumeHistory() {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let item = UIView(frame: CGRect(x: 150, y: 250, width: 100, height: 100))
        reference.addSubview(item)
        let animator = UIDynamicAnimator(referenceView: reference)
        let recorder = DynamicsRecorder()
        recorder.names[ObjectIdentifier(item)] = "item"
        animator.delegate = recorder
        let collision = UICollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.collisionDelegate = recorder
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [item]))
        #expect(animator.isRunning == false)
        MediaClock.main.advanceFrames(1)
        #expect(animator.isRunning)
        MediaClock.main.advance(by: 3)
        #expect(recorder.events == ["willResume", "began item bounds", "didPause"])
        #expect(abs(item.center.y - 350) < 0.5)
        let push = UIPushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        animator.addBehavior(push)
        MediaClock.main.advance(by: 5)
        // Slides (100 pt/s, no friction) into the right edge of the bounds and rests there.
        #expect(recorder.events == ["willResume", "began item bounds", "didPause", "willResume", "began item bounds", "didPause"])
        #expect(abs(item.center.x - 350) < 0.5)
    }

    /// Two items and a named boundary: contacts begin and end as delegate calls.
    @Test func collisionDelegateHistory() {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 1000))
        let a = UIView(frame: CGRect(x: 150, y: 300, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 150, y: 100, width: 100, height: 100))
        reference.addSubview(a); reference.addSubview(b)
        let animator = UIDynamicAnimator(referenceView: reference)
        let recorder = DynamicsRecorder()
        recorder.names = [ObjectIdentifier(a): "a", ObjectIdentifier(b): "b"]
        let collision = UICollisionBehavior(items: [a, b])
        collision.collisionDelegate = recorder
        collision.addBoundary(withIdentifier: "shelf" as NSCopying, from: CGPoint(x: 0, y: 450), to: CGPoint(x: 400, y: 450))
        let body = UIDynamicItemBehavior(items: [a, b])
        body.allowsRotation = false
        animator.addBehavior(collision)
        animator.addBehavior(body)
        animator.addBehavior(UIGravityBehavior(items: [a, b]))
        MediaClock.main.advance(by: 2)
        #expect(recorder.events == ["began a shelf", "began a-b"])
        collision.removeBoundary(withIdentifier: "shelf" as NSCopying)
        MediaClock.main.advance(by: 0.1)
        #expect(recorder.events.prefix(3) == ["began a shelf", "began a-b", "ended a shelf"])
        #expect(collision.boundaryIdentifiers == nil)
    }

    /// Every behaviour's action runs each tick (children too); a composite stops itself at a deadline.
    @Test func compositeActionRunsEveryTickAndCanRemoveItself() {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 4000))
        let item = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        reference.addSubview(item)
        let animator = UIDynamicAnimator(referenceView: reference)
        let recorder = DynamicsRecorder()
        animator.delegate = recorder
        let composite = UIDynamicBehavior()
        let gravity = UIGravityBehavior(items: [item])
        composite.addChildBehavior(gravity)
        var parentTicks = 0, childTicks = 0
        gravity.action = { childTicks += 1 }
        composite.action = { [weak animator, weak composite] in
            parentTicks += 1
            guard let animator, let composite, animator.elapsedTime >= 0.25 - 1e-9 else { return }
            animator.removeBehavior(composite)
        }
        animator.addBehavior(composite)
        #expect(gravity.dynamicAnimator === animator)
        MediaClock.main.advanceFrames(30)
        // The child's action does not run in the tick where its parent left the animator.
        #expect(parentTicks == 15 && childTicks == 14)
        #expect(recorder.events == ["willResume", "didPause"])
        #expect(animator.behaviors.isEmpty && gravity.dynamicAnimator == nil)
        #expect(abs(animator.elapsedTime - 0.25) < 1e-9)
    }

    @Test func badInputIsReportedAndNothingNaNReachesAView() {
        let reference = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let item = UIView(frame: CGRect(x: 100, y: 100, width: 0, height: 50))
        reference.addSubview(item)
        let other = UIDynamicAnimator(referenceView: reference)
        let animator = UIDynamicAnimator(referenceView: reference)
        let messages = FlipbookDiagnostics.capture {
            let body = UIDynamicItemBehavior(items: [item])
            body.density = -1
            body.elasticity = .nan
            body.addLinearVelocity(CGPoint(x: CGFloat.nan, y: 0), for: item)
            let gravity = UIGravityBehavior(items: [item])
            gravity.magnitude = .nan
            animator.addBehavior(body)
            animator.addBehavior(gravity)
            other.addBehavior(gravity)  // already in `animator`
            UIDynamicBehavior().addChildBehavior(gravity)
            MediaClock.main.advanceFrames(10)
        }
        #expect(messages.contains { $0.contains("density") })
        #expect(messages.contains { $0.contains("elasticity") })
        #expect(messages.contains { $0.contains("addLinearVelocity") })
        #expect(messages.contains { $0.contains("magnitude") })
        #expect(messages.contains { $0.contains("already belongs") })
        #expect(messages.contains { $0.contains("size") })
        #expect(item.center.x.isFinite && item.center.y.isFinite && item.center.y > 125)
        #expect(other.behaviors.isEmpty)
    }
}
