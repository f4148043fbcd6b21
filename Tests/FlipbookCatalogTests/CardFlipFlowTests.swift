import Flipbook
import Foundation
import Testing
import TestSupport

@testable import FlipbookCatalog

/// The card flip's presentation and dismissal as recorded histories (docs/Semantics.md, "Order of calls:
/// presentation" and "Order of calls: dismissal").
@MainActor
@Suite(.freshRuntime) struct CardFlipFlowTests {
    /// Presents a recording reveal from the card exactly as `handleTap()` does, with the
    /// card's delegate wrapped to record.
    private func present(in app: CardFlipApp, card: CardViewController) -> (RecordingReveal, RecordingTransitioningDelegate) {
        let reveal = RecordingReveal(pet: card.pet)
        reveal.recorder = app.recorder
        let delegate = RecordingTransitioningDelegate(card: card, recorder: app.recorder)
        reveal.modalPresentationStyle = .fullScreen
        reveal.transitioningDelegate = delegate
        card.present(reveal, animated: true) { app.recorder.record("present completion") }
        return (reveal, delegate)
    }

    @Test func presentationFollowsUIKitsFlow() throws {
        let app = CardFlipApp()
        let card = try #require(app.card)
        app.recorder.reset()
        let (reveal, delegate) = present(in: app, card: card)
        app.recorder.record("-- animations running")
        app.driver.advance(by: 1)
        #expect(
            app.recorder.events == [
                "delegate animationController(forPresented:)",
                "delegate interactionControllerForPresentation(using:)",
                "deck viewWillDisappear(true)",
                "reveal viewWillAppear(true)",
                "PresentAnimationController transitionDuration = 0.6",
                "PresentAnimationController animateTransition",
                "-- animations running",
                "context completeTransition(true)",
                "deck viewDidDisappear(true)",
                "reveal viewDidAppear(true)",
                "present completion",
                "PresentAnimationController animationEnded(true)",
            ])
        #expect(delegate.animators.count == 1)
        #expect(app.deck.presentedViewController === reveal)
        #expect(reveal.presentingViewController === app.deck)
    }

    @Test func dismissalFollowsUIKitsFlow() throws {
        let app = CardFlipApp()
        let card = try #require(app.card)
        let (reveal, delegate) = present(in: app, card: card)
        // transitioningDelegate is weak, as in UIKit: keep the recording delegate alive.
        defer { withExtendedLifetime(delegate) {} }
        app.driver.advance(by: 1)
        app.recorder.reset()
        reveal.dismiss(animated: true) { app.recorder.record("dismiss completion") }
        app.recorder.record("-- animations running")
        app.driver.advance(by: 1)
        #expect(
            app.recorder.events == [
                "delegate animationController(forDismissed:)",
                "delegate interactionControllerForDismissal(using:) -> nil",  // the Done button: no swipe in progress
                "reveal viewWillDisappear(true)",
                "deck viewWillAppear(true)",
                "DismissAnimationController transitionDuration = 0.6",
                "DismissAnimationController animateTransition",
                "-- animations running",
                "context completeTransition(true)",
                "reveal viewDidDisappear(true)",
                "deck viewDidAppear(true)",
                "dismiss completion",
                "DismissAnimationController animationEnded(true)",
            ])
        #expect(app.deck.presentedViewController == nil)
        #expect(reveal.view.window == nil)
        #expect(app.deck.view.window === app.driver.window)
    }

    @Test func transitionCompletesWhenItsKeyframesEnd() throws {
        let app = CardFlipApp()
        let card = try #require(app.card)
        var completedAt: CFTimeInterval?
        let start = app.driver.time
        let reveal = RevealViewController(pet: card.pet)
        reveal.modalPresentationStyle = .fullScreen
        reveal.transitioningDelegate = card
        card.present(reveal, animated: true) { completedAt = app.driver.time - start }
        app.driver.advance(by: 0.55)
        #expect(completedAt == nil)
        app.driver.advance(by: 0.1)
        let at = try #require(completedAt)
        // 0.6 s, delivered on the first frame at or after it (60 Hz frames).
        #expect(at >= 0.6 - 1e-9 && at <= 0.6 + 1.0 / 60 + 1e-9, "completed at \(at)")
    }

    @Test func tappingTheCardPresentsItsPetWithTheCardAsDelegate() throws {
        let app = CardFlipApp()
        let card = try #require(app.card)
        app.driver.tap(card.cardView)
        let reveal = try #require(app.deck.presentedViewController as? RevealViewController)
        #expect(reveal.pet == Pet.all[0])
        #expect(reveal.transitioningDelegate === card)
        #expect(reveal.modalPresentationStyle == .fullScreen)
        app.driver.advance(by: 1)
        #expect(reveal.view.window === app.driver.window)
        #expect(app.deck.view.window == nil)
        // Done dismisses with the reverse flip and the deck is back, untransformed.
        app.driver.tap(reveal.doneButton)
        app.driver.advance(by: 1)
        #expect(app.deck.presentedViewController == nil)
        #expect(app.deck.view.window === app.driver.window)
        #expect(transformsMatch(app.deck.view.layer.transform, CATransform3DIdentity, tolerance: 0))
    }

    @Test func delegateOnlyAnimatesTheRevealScreensDismissal() throws {
        let app = CardFlipApp()
        let card = try #require(app.card)
        #expect(card.animationController(forDismissed: UIViewController()) == nil)
        #expect(card.animationController(forDismissed: RevealViewController(pet: card.pet)) is DismissAnimationController)
        let animator = card.animationController(forPresented: UIViewController(), presenting: app.deck, source: card)
        #expect(animator is PresentAnimationController)
        #expect(animator?.transitionDuration(using: nil) == 0.6)
    }
}
