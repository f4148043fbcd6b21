import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import FlipbookQuartz
import FlipbookGeometry
import FlipbookRender

/// UIView.transition(with:…) and transition(from:to:…): behaviour and a flip golden.
@MainActor
@Suite(.freshRuntime) struct AnimationTransitionTests {
    /// A white 120 × 120 container holding an 80 × 80 red card with a blue badge.
    func makeScene() -> (container: UIView, card: UIView, badge: UIView) {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
        container.backgroundColor = .white
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        card.backgroundColor = .red
        let badge = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        badge.backgroundColor = .blue
        card.addSubview(badge)
        container.addSubview(card)
        return (container, card, badge)
    }

    @Test func flipFromLeftGolden() {
        let (container, card, badge) = makeScene()
        let log = EventRecorder()
        UIView.transition(with: card, duration: 1, options: [.transitionFlipFromLeft, .curveLinear], animations: {
            badge.removeFromSuperview()
            card.backgroundColor = .green
        }) { log.record("done \($0) layers \(container.layer.sublayers?.count ?? 0)") }
        #expect(card.backgroundColor == .green && badge.superview == nil)
        #expect(container.layer.sublayers?.count == 2)  // the old-content copy sits over the card
        let renderer = LayerRenderer(scale: 1)
        var frames: [RenderedImage] = []
        for _ in 0..<3 {
            MediaClock.main.advance(by: 0.25)
            frames.append(renderer.render(container.layer))
        }
        // Quarter time: the old content (red with the blue badge) turned 45°; three quarters: the
        // new content (green) turned −45°; half time: both edge-on, only the container shows.
        #expect(frames[0].pixel(x: 60, y: 60) == RGBA(r: 255, g: 0, b: 0, a: 255))
        #expect(frames[1].pixel(x: 60, y: 60) == RGBA(r: 255, g: 255, b: 255, a: 255))
        #expect(frames[2].pixel(x: 60, y: 60).g > 100 && frames[2].pixel(x: 60, y: 60).r < 50)
        AnimationSnapshot.assert(frames[0], named: "flip-from-left-quarter")
        AnimationSnapshot.assert(frames[2], named: "flip-from-left-three-quarters")
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["done true layers 1"])
    }

    @Test func crossDissolveFadesTheOldContentOut() {
        let (container, card, _) = makeScene()
        UIView.transition(with: card, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
            card.backgroundColor = .green
        })
        MediaClock.main.advance(by: 0.5)
        let p = LayerRenderer(scale: 1).render(container.layer).pixel(x: 90, y: 90)
        // Half-transparent red over green.
        #expect(abs(Int(p.r) - 128) <= 2 && p.a == 255)
        MediaClock.main.runUntilIdle()
    }

    @Test func transitionFromToSwapsViewsOrTogglesHidden() {
        let (container, card, _) = makeScene()
        let other = UIView(frame: card.frame)
        let log = EventRecorder()
        UIView.transition(from: card, to: other, duration: 0.5, options: .transitionFlipFromTop) { log.record("swap \($0)") }
        #expect(card.superview == nil && other.superview === container)
        let a = UIView(frame: .zero), b = UIView(frame: .zero)
        container.addSubview(a)
        container.addSubview(b)
        b.isHidden = true
        UIView.transition(from: a, to: b, duration: 0.5, options: [.transitionCurlUp, .showHideTransitionViews]) { log.record("hide \($0)") }
        #expect(a.isHidden && !b.isHidden && a.superview === container)
        MediaClock.main.runUntilIdle()
        #expect(log.events == ["swap true", "hide true"])
    }

    /// No transition style (`options: []`, as libraries write it to slide a snapshot away):
    /// the block's changes animate with the duration and curve, and the completion waits for
    /// them; a style without `.allowAnimatedContent` still applies them at once under the copy.
    @Test func withNoTransitionStyleTheBlockAnimates() {
        let (container, card, badge) = makeScene()
        let log = EventRecorder()
        UIView.transition(with: container, duration: 1, options: [.curveLinear], animations: {
            card.frame.origin.x = 120
        }) { log.record("slid \($0)") }
        #expect(card.frame.origin.x == 120, "the model value is the final one at once")
        MediaClock.main.advance(by: 0.5)
        #expect(abs(card.layer.presentation()!.position.x - 110) < 1e-6, "half way from 60 to 160 (centres), linearly")
        #expect(log.events.isEmpty)
        MediaClock.main.advance(by: 0.6)
        #expect(log.events == ["slid true"])

        UIView.transition(with: card, duration: 1, options: [.transitionFlipFromLeft], animations: { badge.alpha = 0 })
        #expect(badge.layer.animationKeys() == nil, "under a style the change is covered by the copy, not animated")
        MediaClock.main.runUntilIdle()
    }

    /// The old content is what the last frame showed: a child swapped and a colour changed
    /// before the call (with no `animations`, the window-root idiom) are the new content, as on
    /// iOS, where the transition starts from the screen. Changes made after a frame has run
    /// count as the old content from then on.
    @Test func theOldContentIsWhatTheLastFrameShowed() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
        window.makeKeyAndVisible()
        let (container, card, _) = makeScene()
        window.addSubview(container)
        MediaClock.main.advanceFrames(1)
        let replacement = UIView(frame: card.frame)
        replacement.backgroundColor = .green
        card.removeFromSuperview()
        container.addSubview(replacement)
        container.backgroundColor = .black
        UIView.transition(with: container, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: nil)
        MediaClock.main.advance(by: 0.5)
        let image = LayerRenderer(scale: 1).render(window.layer)
        let inCard = image.pixel(x: 90, y: 90), outside = image.pixel(x: 5, y: 5)
        // Half the old red card over the new green one; half the old white over the new black.
        #expect(abs(Int(inCard.r) - 128) <= 3 && abs(Int(inCard.g) - 128) <= 3 && inCard.b <= 3)
        #expect(abs(Int(outside.r) - 128) <= 3 && abs(Int(outside.b) - 128) <= 3)
        MediaClock.main.runUntilIdle()
        #expect(!container.layer.hasChangedSinceCommit, "the record goes at the next commit")

        // After a frame, a change before the call is on screen: it is the old content.
        replacement.backgroundColor = .blue
        MediaClock.main.advanceFrames(1)
        UIView.transition(with: container, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
            replacement.backgroundColor = .green
        })
        MediaClock.main.advance(by: 0.5)
        let mixed = LayerRenderer(scale: 1).render(window.layer).pixel(x: 90, y: 90)
        #expect(mixed.r <= 3 && abs(Int(mixed.g) - 128) <= 3 && abs(Int(mixed.b) - 128) <= 3)
        MediaClock.main.runUntilIdle()
    }

    @Test func withoutASuperviewTheChangeAppliesAtOnce() {
        let lonely = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let log = EventRecorder()
        UIView.transition(with: lonely, duration: 1, options: .transitionFlipFromRight, animations: { lonely.alpha = 0.5 }) {
            log.record("done \($0)")
        }
        #expect(lonely.layer.animationKeys() == nil && lonely.alpha == 0.5)
        MediaClock.main.advanceFrames(1)
        #expect(log.events == ["done true"])
    }
}

/// Golden images of the animation tests, through TestSupport's `GoldenImage` (references in
/// `__Snapshots__/AnimationTransitionTests/`).
@MainActor
enum AnimationSnapshot {
    static func assert(
        _ image: RenderedImage, named name: String, channelTolerance: Int = 2, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        GoldenImage.assert(
            image, named: "AnimationTransitionTests/\(name)", tolerance: .init(channel: channelTolerance, pixelFraction: 0),
            filePath: filePath, sourceLocation: sourceLocation)
    }
}
