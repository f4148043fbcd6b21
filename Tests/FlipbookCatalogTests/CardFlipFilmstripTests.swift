import Flipbook
import Foundation
import Testing
import TestSupport

@testable import FlipbookCatalog

/// Golden filmstrips of the card flip: five frames of the presentation and five of the
/// dismissal, at fixed times after the tap, rendered at scale 1 on an iPhone 15 window.
@MainActor
@Suite(.freshRuntime) struct CardFlipFilmstripTests {
    /// Seconds after the tap: the deck turning away, nearly edge-on, the snapshot turning in, growing, nearly full screen.
    static let presentationTimes: [CFTimeInterval] = [0.15, 0.21, 0.3, 0.4, 0.5]
    /// Seconds after Done: shrinking, on the card, turning away, the deck turning back, done.
    static let dismissalTimes: [CFTimeInterval] = [0.1, 0.2, 0.3, 0.4, 0.5]

    /// Renders the window at each of `times` (seconds after now, ascending).
    static func frames(_ driver: AppDriver, at times: [CFTimeInterval]) -> [RenderedImage] {
        let start = driver.time
        return driver.renderFrames(at: times.map { start + $0 }, scale: 1)
    }

    @Test func presentationFilmstrip() throws {
        let app = CardFlipApp()
        let card = try #require(app.card)
        app.driver.tap(card.cardView)
        let strip = try #require(Filmstrip.join(Self.frames(app.driver, at: Self.presentationTimes)))
        Filmstrip.assert(strip, named: "card-flip-present")
    }

    @Test func dismissalFilmstrip() throws {
        let app = CardFlipApp()
        let card = try #require(app.card)
        app.driver.tap(card.cardView)
        app.driver.advance(by: 1)
        let reveal = try #require(app.deck.presentedViewController as? RevealViewController)
        app.driver.tap(reveal.doneButton)
        let strip = try #require(Filmstrip.join(Self.frames(app.driver, at: Self.dismissalTimes)))
        Filmstrip.assert(strip, named: "card-flip-dismiss")
    }
}
