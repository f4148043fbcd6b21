import Flipbook
import Foundation
import Testing
import TestSupport

@testable import FlipbookCatalog

/// Seed 000's interactive dismissal: a finger swiping in from the reveal screen's left edge
/// drives the reverse flip through the edge-pan recognizer and the percent-driven transition
/// (docs/Semantics.md, "Interactive transitions"). Real touches, delivered through the window.
@MainActor
@Suite(.freshRuntime) struct CardFlipSwipeTests {
    /// The reveal presented from the card, as `handleTap()` does, with the card's delegate
    /// wrapped to record; the presentation has finished.
    private func presentedReveal(_ app: CardFlipApp) throws -> (RecordingReveal, RecordingTransitioningDelegate) {
        let card = try #require(app.card)
        let reveal = RecordingReveal(pet: card.pet)
        reveal.recorder = app.recorder
        let delegate = RecordingTransitioningDelegate(card: card, recorder: app.recorder)
        reveal.modalPresentationStyle = .fullScreen
        reveal.transitioningDelegate = delegate
        card.present(reveal, animated: true)
        app.driver.advance(by: 1)
        app.recorder.reset()
        return (reveal, delegate)
    }

    /// Moves `finger` to `x` (at mid-height) in a straight line, one step per clock frame.
    private func move(_ finger: SyntheticTouch, toX x: CGFloat, frames: Int, _ app: CardFlipApp) {
        let from = finger.location
        for i in 1...frames {
            app.driver.advanceFrames(1)
            finger.move(to: CGPoint(x: from.x + (x - from.x) * CGFloat(i) / CGFloat(frames), y: from.y))
        }
    }

    @Test func aSwipeReleasedAtAThirdSpringsBack() throws {
        let app = CardFlipApp()
        let (reveal, delegate) = try presentedReveal(app)
        defer { withExtendedLifetime(delegate) {} }
        let width = app.driver.window.bounds.width
        let finger = app.driver.touchDown(at: CGPoint(x: 4, y: 400))
        move(finger, toX: 4 + 0.36 * width, frames: 24, app)
        let coordinator = try #require(reveal.transitionCoordinator)
        #expect(coordinator.isInteractive && coordinator.initiallyInteractive)
        // The progress is the finger's travel over the width, from where the pan began.
        #expect(abs(coordinator.percentComplete - 0.36) < 0.02, "\(coordinator.percentComplete)")
        move(finger, toX: 4 + 0.30 * width, frames: 9, app)  // eases back: moving left on release
        app.recorder.record("-- lifted at \((coordinator.percentComplete * 100).rounded()) %")
        finger.lift()
        app.driver.advance(by: 1)
        #expect(
            app.recorder.events == [
                "delegate animationController(forDismissed:)",
                "delegate interactionControllerForDismissal(using:) -> SwipeInteractionController",
                "reveal viewWillDisappear(true)",
                "deck viewWillAppear(true)",
                "DismissAnimationController transitionDuration = 0.6",
                "DismissAnimationController animateTransition",
                "-- lifted at 30.0 %",
                "context completeTransition(false)",
                "reveal viewWillAppear(true)",
                "deck viewWillDisappear(true)",
                "reveal viewDidAppear(true)",
                "deck viewDidDisappear(true)",
                "DismissAnimationController animationEnded(false)",
            ])
        // Everything as before the swipe: the reveal on screen, the deck out of the window.
        #expect(app.deck.presentedViewController === reveal)
        #expect(reveal.view.window === app.driver.window && !reveal.view.isHidden)
        #expect(app.deck.view.window == nil)
        #expect(reveal.swipeInteractionController?.interactionInProgress == false)
    }

    @Test func aSwipePastHalfDismisses() throws {
        let app = CardFlipApp()
        let (reveal, delegate) = try presentedReveal(app)
        defer { withExtendedLifetime(delegate) {} }
        let width = app.driver.window.bounds.width
        app.driver.drag(from: CGPoint(x: 4, y: 400), to: CGPoint(x: 4 + 0.62 * width, y: 400), duration: 0.4)
        app.recorder.record("-- lifted")
        app.driver.advance(by: 1)
        #expect(
            app.recorder.events == [
                "delegate animationController(forDismissed:)",
                "delegate interactionControllerForDismissal(using:) -> SwipeInteractionController",
                "reveal viewWillDisappear(true)",
                "deck viewWillAppear(true)",
                "DismissAnimationController transitionDuration = 0.6",
                "DismissAnimationController animateTransition",
                "-- lifted",
                "context completeTransition(true)",
                "reveal viewDidDisappear(true)",
                "deck viewDidAppear(true)",
                "DismissAnimationController animationEnded(true)",
            ])
        #expect(app.deck.presentedViewController == nil)
        #expect(reveal.view.window == nil && app.deck.view.window === app.driver.window)
    }

    /// While the finger drives it, the flip shows what the non-interactive dismissal shows at
    /// the same fraction of its duration.
    @Test func theFlipFollowsTheFinger() throws {
        let reference = CardFlipApp()
        let (referenceReveal, referenceDelegate) = try presentedReveal(reference)
        defer { withExtendedLifetime(referenceDelegate) {} }
        referenceReveal.dismiss(animated: true)
        reference.driver.advance(by: 0.25 * 0.6)
        let expected = reference.driver.render(scale: 1)
        reference.driver.advance(by: 1)

        // A second app runs in a runtime of its own: the test's calls on its objects run there.
        let app = CardFlipApp()
        try app.driver.runtime.run {
            let (_, delegate) = try presentedReveal(app)
            defer { withExtendedLifetime(delegate) {} }
            let width = app.driver.window.bounds.width
            let finger = app.driver.touchDown(at: CGPoint(x: 4, y: 400))
            move(finger, toX: 4 + 0.25 * width, frames: 20, app)
            let coordinator = try #require(app.deck.transitionCoordinator)
            #expect(abs(coordinator.percentComplete - 0.25) < 1e-9, "\(coordinator.percentComplete)")
            let actual = app.driver.render(scale: 1)
            finger.lift()
            app.driver.advance(by: 1)
            #expect(actual.width == expected.width && actual.height == expected.height)
            let a = actual.premultipliedPixels, b = expected.premultipliedPixels
            var differing = 0
            for k in stride(from: 0, to: min(a.count, b.count), by: 4)
            where (0..<4).contains(where: { abs(Int(a[k + $0]) - Int(b[k + $0])) > 2 }) {
                differing += 1
            }
            #expect(Double(differing) / Double(actual.width * actual.height) < 0.001, "\(differing) pixels differ")
        }
    }

    /// The `card-flip-swipe` scene as a golden filmstrip: the first swipe at a third (the
    /// flip follows the finger), its spring back, the reveal restored, the second swipe past
    /// half way, and the dismissal finishing on its own.
    @Test func sceneFilmstrip() throws {
        let scene = CardFlipSwipeScene(size: CGSize(width: 393, height: 852))
        scene.start()
        let first = CardFlipSwipeScene.cancelledSwipe.start, second = CardFlipSwipeScene.finishedSwipe.start
        let times = [first + 0.2, first + 0.4, first + 0.62, first + 0.75, second + 0.3, second + 0.5, second + 0.7]
        let frames = times.map { t -> RenderedImage in
            scene.update(elapsed: t)
            return scene.driver.render(scale: 1)
        }
        let strip = try #require(Filmstrip.join(frames))
        Filmstrip.assert(strip, named: "card-flip-swipe")
    }
}
