import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 000's interactive dismissal as a scene for `flipbook render card-flip-swipe`.
///
/// The first card is tapped (the flip-and-zoom presentation); then a finger swipes in from
/// the left edge of the reveal screen to about a third of its width, eases back a little and
/// lifts, so the flip follows the finger and then plays back (cancelled); then a second swipe
/// goes past half way and lifts while still moving, and the dismissal completes. Every touch
/// goes through the window, the edge-pan recognizer and the percent-driven transition, as
/// on a device. Times are seconds after `start()`.
public final class CardFlipSwipeScene: AppScene {
    public static let name = "card-flip-swipe"
    public static let summary =
        "Seed 000: the card flip dismissed by a left-edge swipe; one swipe released at a third springs back, the next completes"

    /// When the card is tapped.
    public static let tapTime: CFTimeInterval = 0.4
    /// The first swipe: down at the left edge, to a third of the width, then back a little.
    public static let cancelledSwipe = Swipe(start: 1.4, toFraction: 0.36, backFraction: 0.30)
    /// The second swipe: past half way, lifted while moving.
    public static let finishedSwipe = Swipe(start: 2.6, toFraction: 0.62, backFraction: nil)

    /// A scripted edge swipe: the finger goes down 4 pt from the left edge at mid-height,
    /// moves right to `toFraction` of the width in 0.4 s, optionally comes back to
    /// `backFraction` in 0.15 s, and lifts one frame later.
    public struct Swipe: Sendable {
        public var start: CFTimeInterval
        public var toFraction: CGFloat
        public var backFraction: CGFloat?
        public static let outDuration: CFTimeInterval = 0.4
        public static let backDuration: CFTimeInterval = 0.15
    }

    public let duration: CFTimeInterval = 4.0
    public let driver: AppDriver
    let deck: DeckViewController

    public init(size: CGSize) {
        deck = DeckViewController()
        driver = AppDriver(rootViewController: deck, device: .fitting(size))
    }

    public func script(_ s: SceneScript) {
        let start = s.start
        driver.at(start + Self.tapTime) { [weak self] in
            guard let self, let card = self.deck.currentCard else { return }
            self.driver.tap(card.cardView)
        }
        schedule(Self.cancelledSwipe, from: start)
        schedule(Self.finishedSwipe, from: start)
    }

    /// Schedules `swipe`'s touch: down, one move per clock frame along straight lines, lift.
    private func schedule(_ swipe: Swipe, from start: CFTimeInterval) {
        let bounds = driver.window.bounds
        let y = bounds.midY
        let down = CGPoint(x: 4, y: y)
        let out = CGPoint(x: bounds.width * swipe.toFraction, y: y)
        var path: [(CFTimeInterval, CGPoint)] = []
        let frame = 1 / MediaClock.main.framesPerSecond
        func line(from a: CGPoint, to b: CGPoint, at t0: CFTimeInterval, over length: CFTimeInterval) {
            let steps = max(Int((length / frame).rounded()), 1)
            for i in 1...steps {
                let f = CGFloat(i) / CGFloat(steps)
                path.append((t0 + Double(i) * frame, CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)))
            }
        }
        let t0 = start + swipe.start
        line(from: down, to: out, at: t0, over: Swipe.outDuration)
        var end = out
        if let back = swipe.backFraction {
            end = CGPoint(x: bounds.width * back, y: y)
            line(from: out, to: end, at: t0 + Swipe.outDuration, over: Swipe.backDuration)
        }
        let liftTime = (path.last?.0 ?? t0) + frame
        var touch: SyntheticTouch?
        driver.at(t0) { [weak self] in touch = self?.driver.touchDown(at: down) }
        for (time, point) in path { driver.at(time) { touch?.move(to: point) } }
        driver.at(liftTime) { touch?.lift() }
    }
}
