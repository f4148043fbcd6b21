import Flipbook
import Foundation
import Testing
import TestSupport

@testable import FlipbookCatalog

/// The view hierarchy and the animated values of the card flip at fixed times.
///
/// The keyframes run over 0.6 s paced by ease-in-ease-out (UIKit's default curve for
/// `animateKeyframes` when the options name none), so keyframe time k (a fraction of the
/// duration) is reached at 0.6 × x seconds, where the curve's y(x) = k. The tests find x on
/// the published Bézier (0.42, 0, 0.58, 1) themselves.
@MainActor
@Suite(.freshRuntime) struct CardFlipHierarchyTests {
    static let duration = 0.6

    /// Seconds after the transition starts at which keyframe time `k` is reached.
    static func time(atKeyframeTime k: Double) -> Double { duration * easeInEaseOutTime(forProgress: k) }

    /// The layer's on-screen frame from its presentation bounds, position and anchor
    /// (ignoring its transform).
    static func presentedFrame(_ view: UIView) -> CGRect {
        let layer = view.layer.presentation() ?? view.layer
        let size = layer.bounds.size
        return CGRect(
            x: layer.position.x - size.width * layer.anchorPoint.x, y: layer.position.y - size.height * layer.anchorPoint.y,
            width: size.width, height: size.height)
    }

    static func presentedTransform(_ view: UIView) -> CATransform3D { (view.layer.presentation() ?? view.layer).transform }
    static func presentedCornerRadius(_ view: UIView) -> CGFloat { (view.layer.presentation() ?? view.layer).cornerRadius }

    @Test func presentationAtFixedTimes() throws {
        let app = CardFlipApp()
        let card = try #require(app.card)
        let cardFrame = card.cardView.frame
        let screen = app.driver.window.bounds
        app.driver.tap(card.cardView)
        let reveal = try #require(app.deck.presentedViewController as? RevealViewController)
        let container = try #require(reveal.view.superview)

        // Start (docs/Semantics.md, "Presentation styles", fullScreen): the container holds the deck
        // (the presenting view), the hidden reveal view and the snapshot on top, edge-on,
        // exactly over the card with the card's corners; the deck faces the viewer.
        #expect(container.subviews.count == 3)
        #expect(container.subviews.first === app.deck.view)
        #expect(container.subviews[1] === reveal.view)
        let snapshot = try #require(container.subviews.last)
        #expect(snapshot !== reveal.view)
        #expect(reveal.view.isHidden)
        #expect(container.layer.sublayerTransform.m34 == -0.002)
        #expect(app.deck.view.window === app.driver.window)
        #expect(rectsMatch(Self.presentedFrame(snapshot), cardFrame))
        #expect(Self.presentedCornerRadius(snapshot) == CardViewController.cardCornerRadius)
        #expect(snapshot.layer.masksToBounds)
        #expect(transformsMatch(Self.presentedTransform(snapshot), expectedYRotation(.pi / 2)))
        #expect(transformsMatch(Self.presentedTransform(app.deck.view), CATransform3DIdentity))

        // Keyframe time 1/3: the deck has turned −π/2 about y (edge-on); the snapshot is still edge-on.
        // (Its frame is not checked here: in cubic mode the spline through the frame's hold point
        // at 2/3 bends before it, as on iOS.)
        app.driver.advance(by: Self.time(atKeyframeTime: 1.0 / 3))
        #expect(transformsMatch(Self.presentedTransform(app.deck.view), expectedYRotation(-.pi / 2)))
        #expect(transformsMatch(Self.presentedTransform(snapshot), expectedYRotation(.pi / 2)))

        // Keyframe time 1/2: the snapshot is half-way round (π/4), still on the card.
        let t13 = Self.time(atKeyframeTime: 1.0 / 3)
        app.driver.advance(by: Self.time(atKeyframeTime: 0.5) - t13)
        let half = Self.presentedTransform(snapshot)
        #expect(half.m11 > 0.05 && half.m11 < 0.95)

        // Keyframe time 2/3: the snapshot faces the viewer over the card; the growth starts.
        app.driver.advance(by: Self.time(atKeyframeTime: 2.0 / 3) - Self.time(atKeyframeTime: 0.5))
        #expect(transformsMatch(Self.presentedTransform(snapshot), CATransform3DIdentity))
        #expect(rectsMatch(Self.presentedFrame(snapshot), cardFrame))
        #expect(abs(Self.presentedCornerRadius(snapshot) - CardViewController.cardCornerRadius) < 1e-6)

        // Just before the end: full screen, square corners.
        app.driver.advance(by: Self.duration - 1e-4 - Self.time(atKeyframeTime: 2.0 / 3))
        #expect(rectsMatch(Self.presentedFrame(snapshot), screen, tolerance: 0.05))
        #expect(Self.presentedCornerRadius(snapshot) < 0.01)
        #expect(snapshot.superview === container)

        // After completion: the snapshot is gone, the reveal shows, the deck left the window
        // with its transform reset.
        app.driver.advance(by: 1.0 / 60)
        #expect(snapshot.superview == nil)
        #expect(container.subviews.count == 1 && container.subviews.first === reveal.view)
        #expect(!reveal.view.isHidden)
        #expect(reveal.view.frame == screen)
        #expect(app.deck.view.window == nil)
        #expect(transformsMatch(app.deck.view.layer.transform, CATransform3DIdentity, tolerance: 0))
    }

    @Test func dismissalAtFixedTimes() throws {
        let app = CardFlipApp()
        let card = try #require(app.card)
        let cardFrame = card.cardView.frame
        let screen = app.driver.window.bounds
        app.driver.tap(card.cardView)
        app.driver.advance(by: 1)
        let reveal = try #require(app.deck.presentedViewController as? RevealViewController)
        let container = try #require(reveal.view.superview)
        app.driver.tap(reveal.doneButton)

        // Start: deck (edge-on), the hidden reveal view, then the full-screen snapshot.
        #expect(container.subviews.count == 3)
        #expect(container.subviews.first === app.deck.view)
        #expect(container.subviews.dropFirst().first === reveal.view)
        let snapshot = try #require(container.subviews.last)
        #expect(reveal.view.isHidden)
        #expect(transformsMatch(Self.presentedTransform(app.deck.view), expectedYRotation(-.pi / 2)))
        #expect(rectsMatch(Self.presentedFrame(snapshot), screen))
        #expect(transformsMatch(Self.presentedTransform(snapshot), CATransform3DIdentity))

        // Keyframe time 1/3: the snapshot has shrunk onto the card.
        app.driver.advance(by: Self.time(atKeyframeTime: 1.0 / 3))
        #expect(rectsMatch(Self.presentedFrame(snapshot), cardFrame))
        #expect(transformsMatch(Self.presentedTransform(app.deck.view), expectedYRotation(-.pi / 2)))

        // Keyframe time 2/3: the snapshot is edge-on (π/2); the deck starts turning back.
        app.driver.advance(by: Self.time(atKeyframeTime: 2.0 / 3) - Self.time(atKeyframeTime: 1.0 / 3))
        #expect(transformsMatch(Self.presentedTransform(snapshot), expectedYRotation(.pi / 2)))
        #expect(transformsMatch(Self.presentedTransform(app.deck.view), expectedYRotation(-.pi / 2)))

        // Just before the end: the deck faces the viewer again.
        app.driver.advance(by: Self.duration - 1e-4 - Self.time(atKeyframeTime: 2.0 / 3))
        #expect(transformsMatch(Self.presentedTransform(app.deck.view), CATransform3DIdentity, tolerance: 1e-3))

        // After completion: the reveal and its container are gone; the deck is back home.
        app.driver.advance(by: 1.0 / 60)
        #expect(snapshot.superview == nil)
        #expect(reveal.view.window == nil)
        #expect(container.window == nil)
        #expect(app.deck.view.superview === app.driver.window)
        #expect(app.deck.view.frame == screen)
        #expect(!reveal.view.isHidden)
    }
}
