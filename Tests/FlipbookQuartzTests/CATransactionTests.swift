import Foundation
import Testing
import TestSupport
@testable import FlipbookQuartz

/// Delegate and completion ordering as recorded histories.
@Suite(.freshRuntime)
@MainActor
struct CATransactionTests {
    let clock = MediaClock.main

    @Test func delegateCallbacksThenCompletionAfterAll() {
        let recorder = EventRecorder()
        let layer = makeLayer()
        CATransaction.begin()
        CATransaction.setCompletionBlock { recorder.record("completion") }
        let a = basic("opacity", from: 0, to: 1, duration: 0.2)
        a.delegate = RecordingAnimationDelegate("A", recorder: recorder)
        let b = basic("position.x", from: 0, to: 1, duration: 0.4)
        b.delegate = RecordingAnimationDelegate("B", recorder: recorder)
        layer.add(a, forKey: "a")
        layer.add(b, forKey: "b")
        CATransaction.commit()
        clock.advance(by: 0.1)
        recorder.record("t=0.1")
        clock.advance(by: 0.2)
        recorder.record("t=0.3")
        clock.runUntilIdle()
        #expect(recorder.events == ["start A", "start B", "t=0.1", "stop A true", "t=0.3", "stop B true", "completion"])
    }

    @Test func removalStopsUnfinishedAndCompletionStillRuns() {
        let recorder = EventRecorder()
        let layer = makeLayer()
        CATransaction.begin()
        CATransaction.setCompletionBlock { recorder.record("completion") }
        let a = basic("opacity", from: 0, to: 1, duration: 1)
        a.delegate = RecordingAnimationDelegate("A", recorder: recorder)
        layer.add(a, forKey: "a")
        CATransaction.commit()
        clock.advance(by: 0.1)
        layer.removeAnimation(forKey: "a")
        #expect(layer.animation(forKey: "a") == nil)
        clock.advanceFrames(1)
        // Replacing an animation under the same key stops the old one.
        let c = basic("opacity", from: 0, to: 1, duration: 1)
        c.delegate = RecordingAnimationDelegate("C", recorder: recorder)
        layer.add(c, forKey: "c")
        clock.advanceFrames(1)
        let d = basic("opacity", from: 1, to: 0, duration: 0.1)
        d.delegate = RecordingAnimationDelegate("D", recorder: recorder)
        layer.add(d, forKey: "c")
        clock.runUntilIdle()
        #expect(recorder.events == ["start A", "stop A false", "completion", "start C", "stop C false", "start D", "stop D true"])
    }

    @Test func removedOnCompletionFalseKeepsTheAnimation() {
        let layer = makeLayer()
        let a = basic("opacity", from: 0, to: 0.5, duration: 0.1)
        a.isRemovedOnCompletion = false
        a.fillMode = .forwards
        layer.add(a, forKey: "a")
        clock.runUntilIdle()
        #expect(layer.animationKeys() == ["a"])
        #expect(layer.presentation()?.opacity == 0.5)
        layer.removeAllAnimations()
        #expect(layer.animationKeys() == nil)
    }

    @Test func nestedTransactionsAndValues() {
        let recorder = EventRecorder()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setCompletionBlock { recorder.record("outer") }
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 2)
        CATransaction.setDisableActions(true)
        CATransaction.setCompletionBlock { recorder.record("inner") }
        #expect(CATransaction.disableActions())
        CATransaction.commit()
        #expect(!CATransaction.disableActions())
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
        clock.advanceFrames(1)
        #expect(recorder.events == ["inner", "outer"])
        // Reading a value opened the implicit transaction; a stray commit commits it, silently.
        let messages = FlipbookDiagnostics.capture { CATransaction.commit() }
        #expect(messages.isEmpty)
    }

    @Test func implicitAnimationsForStandaloneLayers() {
        let layer = makeLayer()
        layer.opacity = 0
        let anim = layer.animation(forKey: "opacity") as? CABasicAnimation
        #expect(anim?.duration == 0.25)
        #expect(anim?.fromValue as? Float == 1)
        clock.advance(by: 0.125)
        // Default curve at ½: 0.8024033911 of the way from 1 to 0.
        #expect(close(Double(layer.presentation()?.opacity ?? 0), 1 - 0.8024033911, 1e-6))
        clock.runUntilIdle()
        #expect(layer.animationKeys() == nil)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 1
        CATransaction.commit()
        #expect(layer.animationKeys() == nil)

        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        layer.position = CGPoint(x: 40, y: 0)
        CATransaction.commit()
        #expect(layer.animation(forKey: "position")?.duration == 1)
        layer.removeAllAnimations()
    }

    final class NoActions: NSObject, CALayerDelegate {
        func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
    }

    final class CustomActions: NSObject, CALayerDelegate {
        func action(for layer: CALayer, forKey event: String) -> CAAction? {
            event == "opacity" ? basic("opacity", from: 0.5, to: 0.5, duration: 3) : nil
        }
    }

    @Test func actionSearchOrder() {
        let owner = NoActions()
        let layer = makeLayer()
        layer.delegate = owner
        layer.opacity = 0.2
        #expect(layer.animationKeys() == nil)
        #expect(layer.action(forKey: "opacity") is NSNull)

        let custom = CustomActions()
        let other = makeLayer()
        other.delegate = custom
        other.actions = ["position": NSNull()]
        other.opacity = 0.3
        other.position = CGPoint(x: 9, y: 9)
        other.cornerRadius = 4
        #expect(other.animation(forKey: "opacity")?.duration == 3)
        #expect(other.animation(forKey: "position") == nil)
        #expect(other.animation(forKey: "cornerRadius") != nil)
        other.removeAllAnimations()
    }

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

    /// An animation added without a duration or a timing function inside a transaction that
    /// sets them takes the transaction's (a tab-switch library adds a fade group this way);
    /// one that has its own keeps them, and outside such a transaction the default is 0.25 s.
    @Test func explicitAnimationsTakeTheTransactionDurationAndCurve() {
        let layer = makeLayer()
        let own = makeLayer()
        let plain = makeLayer()
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        let linear = CAMediaTimingFunction(name: .linear)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        let group = CAAnimationGroup()
        group.animations = [fade]
        let timed = basic("opacity", from: 1, to: 0, duration: 2)
        timed.timingFunction = linear
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(easeIn)
        layer.add(group, forKey: "fade")
        own.add(timed, forKey: "fade")
        CATransaction.commit()
        plain.add(fade, forKey: "fade")
        #expect(layer.animation(forKey: "fade")?.duration == 1)
        #expect(layer.animation(forKey: "fade")?.timingFunction === easeIn)
        #expect(group.duration == 0 && group.timingFunction == nil)  // the caller's object is untouched
        #expect(own.animation(forKey: "fade")?.duration == 2)
        #expect(own.animation(forKey: "fade")?.timingFunction === linear)
        #expect(plain.animation(forKey: "fade")?.duration == 0.25)
        clock.advance(by: 0.5)
        // The group runs 1 s eased in; its 0.25 s child (no fill) has ended by then, so the
        // layer shows its model opacity; at 0.1 s into the group the child was still fading.
        #expect(layer.animation(forKey: "fade") != nil)
        #expect(plain.animation(forKey: "fade") == nil)
        layer.removeAllAnimations()
        own.removeAllAnimations()
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

    /// A `commit()` with no `begin()` commits the implicit transaction there, as Core Animation
    /// does (a button library sets a completion block, adds a keyframe shake and commits, with
    /// no begin): the block waits for the shake alone; an animation added afterwards belongs to
    /// a new implicit transaction and is not waited for. A second stray commit does nothing.
    @Test func aCommitWithoutBeginCommitsTheImplicitTransaction() {
        let recorder = EventRecorder()
        let layer = makeLayer()
        CATransaction.setCompletionBlock { recorder.record("completion") }
        let shake = basic("position.x", from: 0, to: 10, duration: 0.2)
        shake.delegate = RecordingAnimationDelegate("shake", recorder: recorder)
        layer.add(shake, forKey: "shake")
        CATransaction.commit()
        CATransaction.commit()
        let later = basic("opacity", from: 1, to: 0, duration: 0.6)
        later.delegate = RecordingAnimationDelegate("later", recorder: recorder)
        layer.add(later, forKey: "later")
        clock.runUntilIdle()
        #expect(recorder.events == ["start shake", "start later", "stop shake true", "completion", "stop later true"])
    }
}
