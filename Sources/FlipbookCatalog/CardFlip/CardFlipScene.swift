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
public final class CardFlipScene: RenderScene {
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
    /// Driver time at `start()`; nil before.
    private var startTime: CFTimeInterval?

    public init(size: CGSize) {
        deck = DeckViewController()
        driver = AppDriver(rootViewController: deck, device: Self.device(for: size))
    }

    /// The device preset of that size, or a custom @2x device for other sizes (invalid sizes
    /// fall back to the iPhone 15).
    static func device(for size: CGSize) -> UIScreen.Device {
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return .iPhone15 }
        if let preset = UIScreen.Device.all.first(where: { $0.size == size }) { return preset }
        return UIScreen.Device(name: "custom", size: size, scale: 2, safeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
    }

    public var rootLayer: CALayer { driver.window.layer }

    /// Schedules the taps.
    public func start() {
        let start = driver.time
        startTime = start
        // A tap is a real touch that lifts (and acts) one frame after it goes down: the finger
        // goes down one frame early so the tap lands at the scripted time.
        let frame = MediaClock.main.frameDuration
        driver.at(start + Self.tapTime - frame) { [weak self] in
            guard let self, let card = self.deck.currentCard else { return }
            self.driver.tap(card.cardView)
        }
        driver.at(start + Self.dismissTime - frame) { [weak self] in
            guard let self, let reveal = self.deck.presentedViewController as? RevealViewController else { return }
            self.driver.tap(reveal.doneButton)
        }
    }

    /// Brings the app to `elapsed` seconds after `start()` (the exporter usually advances the
    /// clock itself; this only catches up, never goes back), then lays the window out.
    public func update(elapsed: CFTimeInterval) {
        guard let startTime, elapsed.isFinite else { return }
        driver.run(until: startTime + elapsed)
        driver.window.layoutIfNeeded()
    }
}
