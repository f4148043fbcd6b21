import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry

/// Overlapping UIView animations (docs/Semantics.md, "UIView animations"): position, bounds and
/// transform stack additively, so the presented value is the new model value plus what is
/// left of every animation's offset; other properties follow `.beginFromCurrentState`.
@MainActor
@Suite(.freshRuntime) struct AnimationStackingTests {
    typealias S = AnimationTestSupport

    /// easeInEaseOut(x), solved independently.
    static func ease(_ x: Double) -> Double { S.bezier(0.42, 0, 0.58, 1, min(max(x, 0), 1)) }

    @Test func overlappingMovesAddUp() {
        let view = S.makeView()  // center (50, 50)
        let t0 = MediaClock.main.now
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 150 })
        MediaClock.main.advance(by: 0.4)
        let before = S.presented(view, "x")
        UIView.animate(withDuration: 1, animations: { view.center.x = 0 })
        // The model value is the new target at once; what is on screen does not jump.
        #expect(view.center.x == 0)
        #expect(abs(S.presented(view, "x") - before) < 1e-9)
        #expect(abs(before - 90) < 1e-9)
        let keys = view.layer.animationKeys() ?? []
        #expect(keys == ["position", "position-2"])
        let additive = keys.map { (view.layer.animation(forKey: $0) as? CABasicAnimation)?.isAdditive == true }
        #expect(additive == [true, true])
        if let second = view.layer.animation(forKey: "position-2") as? CABasicAnimation {
            #expect(second.fromValue as? CGPoint == CGPoint(x: 150, y: 0))
            #expect(second.toValue as? CGPoint == CGPoint.zero)
        }
        // 0 + (50 − 150)(1 − linear) + (150 − 0)(1 − easeInOut), each on its own clock.
        for t in [0.5, 0.7, 1.0, 1.1, 1.25, 1.4] {
            MediaClock.main.advance(by: t0 + t - MediaClock.main.now)
            let first = -100 * (1 - min(t, 1))
            let second = 150 * (1 - Self.ease(t - 0.4))
            let shown = S.presented(view, "x")
            #expect(abs(shown - (first + second)) < 1e-5, "t = \(t): \(shown) vs \(first + second)")
            #expect(abs(S.presented(view, "y") - 50) < 1e-9)
        }
        MediaClock.main.runUntilIdle()
        #expect(view.layer.animationKeys() == nil || view.layer.animationKeys()!.isEmpty)
        #expect(S.presented(view, "x") == 0)
    }

    @Test func bothCompletionsRunWithTrueAtTheirOwnEnds() {
        let view = S.makeView()
        let log = EventRecorder()
        let t0 = MediaClock.main.now
        func ms() -> Int { Int(((MediaClock.main.now - t0) * 1000).rounded()) }
        UIView.animate(withDuration: 1, animations: { view.center.x = 150 }) { log.record("first \($0) at \(ms())ms") }
        MediaClock.main.advance(by: 0.3)
        UIView.animate(withDuration: 1, animations: { view.center.x = 0 }) { log.record("second \($0) at \(ms())ms") }
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["first true at 1000ms", "second true at 1300ms"])
    }

    @Test func aSpringStacksOverAMove() throws {
        let view = S.makeView()
        let t0 = MediaClock.main.now
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.y = 250 })
        MediaClock.main.advance(by: 0.5)
        UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [], animations: {
            view.center.y = 100
        })
        let spring = try #require(view.layer.animation(forKey: "position-2") as? CASpringAnimation)
        #expect(spring.isAdditive)
        #expect(spring.fromValue as? CGPoint == CGPoint(x: 0, y: 150))
        let k = Double(spring.stiffness), c = Double(spring.damping)
        for t in [0.6, 0.8, 1.0, 1.2] {
            MediaClock.main.advance(by: t0 + t - MediaClock.main.now)
            let first = -200 * (1 - min(t, 1))
            let second = 150 * (1 - S.spring(stiffness: k, damping: c, velocity: 0, t: t - 0.5))
            #expect(abs(S.presented(view, "y") - (100 + first + second)) < 1e-6, "t = \(t)")
        }
    }

    @Test func transformsStackByConcatenation() {
        let view = S.makeView()
        let t0 = MediaClock.main.now
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        })
        MediaClock.main.advance(by: 0.5)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.transform = .identity })
        #expect(view.transform == .identity)
        for t in [0.5, 0.75, 1.0, 1.25] {
            MediaClock.main.advance(by: t0 + t - MediaClock.main.now)
            // 0 + (0 − 90°)(1 − p1) + (90° − 0)(1 − p2): z rotations commute.
            let angle = -Double.pi / 2 * (1 - min(t, 1)) + Double.pi / 2 * (1 - (t - 0.5))
            let shown = (view.layer.presentation() ?? view.layer).transform
            let expected = CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1)
            let close = zip(shown.elements, expected.elements).allSatisfy { abs(Double($0 - $1)) < 1e-6 }
            #expect(close, "t = \(t)")
        }
    }

    @Test func boundsStackToo() {
        let view = S.makeView()
        let t0 = MediaClock.main.now
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.bounds.size.width = 300 })
        MediaClock.main.advance(by: 0.5)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.bounds.size.width = 50 })
        MediaClock.main.advance(by: t0 + 1.0 - MediaClock.main.now)
        // 50 + (100 − 300)(1 − 1) + (300 − 50)(1 − 0.5)
        #expect(abs(S.presented(view, "width") - 175) < 1e-6)
    }

    @Test func aZeroDurationChangeLetsTheMotionInFlightFinishOverTheNewValue() {
        let view = S.makeView()
        let log = EventRecorder()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 150 }) { log.record("first \($0)") }
        MediaClock.main.advance(by: 0.5)
        UIView.animate(withDuration: 0, animations: { view.center.x = 250 }) { log.record("second \($0)") }
        #expect(abs(S.presented(view, "x") - (250 - 50)) < 1e-9)
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["second true", "first true"])
        #expect(S.presented(view, "x") == 250)
    }

    @Test func aSingularTransformCannotStackAndReplacesTheMotion() {
        let view = S.makeView()
        let log = EventRecorder()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            view.transform = CGAffineTransform(translationX: 100, y: 0)
        }) { log.record("first \($0)") }
        MediaClock.main.advance(by: 0.5)
        let reports = S.diagnostics {
            UIView.animate(withDuration: 1, animations: { view.transform = CGAffineTransform(scaleX: 0, y: 1) }) {
                log.record("second \($0)")
            }
        }
        #expect(reports.count == 1 && reports.first?.contains("cannot be inverted") == true)
        // Starts from what was on screen: translated by 50.
        let shown = (view.layer.presentation() ?? view.layer).transform
        #expect(abs(shown.m41 - 50) < 1e-9)
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["first false", "second true"])
    }

    @Test func aPropertyAnimatorTakesOverFromWhatIsOnScreen() {
        let view = S.makeView()
        let log = EventRecorder()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 150 }) { log.record("first \($0)") }
        MediaClock.main.advance(by: 0.3)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 250 }) { log.record("second \($0)") }
        MediaClock.main.advance(by: 0.2)
        // 250 + (50 − 150)(1 − 0.5) + (150 − 250)(1 − 0.2)
        let shown = 250 - 50 - 80.0
        #expect(abs(S.presented(view, "x") - shown) < 1e-6)
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 0 }
        animator.startAnimation()
        #expect(abs(S.presented(view, "x") - shown) < 1e-6)
        MediaClock.main.advance(by: 0.5)
        #expect(abs(S.presented(view, "x") - shown / 2) < 1e-6)
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["first false", "second false"])
        #expect(S.presented(view, "x") == 0)
    }

    // MARK: Non-additive properties and .beginFromCurrentState

    @Test func withoutBeginFromCurrentStateTheNewAnimationStartsFromTheOldTarget() {
        let view = S.makeView()
        let log = EventRecorder()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 }) { log.record("first \($0)") }
        MediaClock.main.advance(by: 0.5)  // on screen 0.5
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 1 }) { log.record("second \($0)") }
        // The motion in flight ends at its target (0) and the new one starts there.
        #expect(abs(S.presented(view, "opacity") - 0) < 1e-6)
        MediaClock.main.advance(by: 0.25)
        #expect(abs(S.presented(view, "opacity") - 0.25) < 1e-6)
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["first false", "second true"])
    }

    @Test func beginFromCurrentStateStartsFromThePresentedValue() {
        let view = S.makeView()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
        MediaClock.main.advance(by: 0.5)
        UIView.animate(withDuration: 1, delay: 0, options: [.beginFromCurrentState, .curveLinear], animations: { view.alpha = 1 })
        #expect(abs(S.presented(view, "opacity") - 0.5) < 1e-6)
        MediaClock.main.advance(by: 0.5)
        #expect(abs(S.presented(view, "opacity") - 0.75) < 1e-6)
    }

    @Test func nestedBlocksInheritBeginFromCurrentStateUnlessOverridden() {
        let inherits = S.makeView(), overrides = S.makeView()
        for v in [inherits, overrides] {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.alpha = 0 })
        }
        MediaClock.main.advance(by: 0.5)
        UIView.animate(withDuration: 1, delay: 0, options: [.beginFromCurrentState, .curveLinear], animations: {
            UIView.animate(withDuration: 1, animations: { inherits.alpha = 1 })
            UIView.animate(withDuration: 1, delay: 0, options: [.overrideInheritedOptions], animations: { overrides.alpha = 1 })
        })
        #expect(abs(S.presented(inherits, "opacity") - 0.5) < 1e-6)
        #expect(abs(S.presented(overrides, "opacity") - 0) < 1e-6)
    }

    // MARK: .layoutSubviews

    @Test func layoutSubviewsAnimatesWhatLayoutChanges() {
        final class Row: UIView {
            let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            override init(frame: CGRect) {
                super.init(frame: frame)
                addSubview(dot)
            }
            required init?(coder: NSCoder) { nil }
            override func layoutSubviews() { dot.center = CGPoint(x: bounds.width - 5, y: 5) }
        }
        let row = Row(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
        row.layoutIfNeeded()
        #expect(row.dot.center.x == 95)
        UIView.animate(withDuration: 1, delay: 0, options: [.layoutSubviews, .curveLinear], animations: {
            row.bounds.size.width = 200
        })
        #expect(row.dot.center.x == 195)
        MediaClock.main.advance(by: 0.5)
        #expect(abs(S.presented(row.dot, "x") - 145) < 1e-6)
    }
}
