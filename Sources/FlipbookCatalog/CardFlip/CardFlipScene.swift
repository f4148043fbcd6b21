import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The card-flip app (seed 000) as a scene for `flipbook render card-flip`.
///
/// The app runs in an `AppDriver` window of the requested size: the deck shows, the first
/// card is tapped at `tapTime` (the flip-and-zoom presentation, 0.6 s), the reveal screen
/// holds, its Done button is tapped at `dismissTime` (the reverse flip, 0.6 s) and the deck
/// holds until `duration`. Times are seconds after `start()`.
public final class CardFlipScene: AppScene {
    public static let name = "card-flip"
    public static let summary =
        "Seed 000: a deck of pet cards; a tap flips a card in 3D and zooms it to full screen, then back"

    /// When the card is tapped, in seconds after `start()`.
    public static let tapTime: CFTimeInterval = 0.5
    /// When the reveal's Done button is tapped, in seconds after `start()`.
    public static let dismissTime: CFTimeInterval = 2.0

    public let duration: CFTimeInterval = 3.2
    /// The app's window, root and all.
    public let driver: AppDriver
    let deck: DeckViewController

    public init(size: CGSize) {
        deck = DeckViewController()
        driver = AppDriver(rootViewController: deck, device: .fitting(size))
    }

    /// The taps (each lands at its time: the finger goes down one frame earlier).
    public func script(_ s: SceneScript) {
        s.tap(at: Self.tapTime) { [weak self] in self?.deck.currentCard?.cardView }
        s.tap(at: Self.dismissTime) { [weak self] in (self?.deck.presentedViewController as? RevealViewController)?.doneButton }
    }
}
