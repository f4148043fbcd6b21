import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The drop-out app (seed 001) as a scene for `flipbook render drop-out`.
///
/// The app runs in an `AppDriver` window: the Present button is tapped at `presentTime` (the
/// modal drops in and bounces on the middle of the screen, 1.5 s at most), the modal's Dismiss
/// button at `dismissTime` (it hangs and swings from its spring for 2⅔ s, then falls off
/// screen, 4 s in all), and the presenting screen holds until `duration`.
public final class DropOutScene: RenderScene {
    public static let name = "drop-out"
    public static let summary = "Seed 001: a modal dropped in by UIKit Dynamics gravity and bounce, then hung from a spring and dropped out"

    /// When Present is tapped, in seconds after `start()`.
    public static let presentTime: CFTimeInterval = 0.5
    /// When Dismiss is tapped, in seconds after `start()`.
    public static let dismissTime: CFTimeInterval = 2.6

    public let duration: CFTimeInterval = 7.2
    /// The app's window, root and all.
    public let driver: AppDriver
    let presenting: PresentingViewController
    private var startTime: CFTimeInterval?

    public init(size: CGSize) {
        presenting = PresentingViewController()
        driver = AppDriver(rootViewController: presenting, device: CardFlipScene.device(for: size))
    }

    public var rootLayer: CALayer { driver.window.layer }

    /// Schedules the two taps.
    public func start() {
        let start = driver.time
        startTime = start
        // A tap is a real touch that lifts (and acts) one frame after it goes down: the finger
        // goes down one frame early so the tap lands at the scripted time.
        let frame = MediaClock.main.frameDuration
        driver.at(start + Self.presentTime - frame) { [weak self] in
            guard let self else { return }
            self.driver.tap(self.presenting.button)
        }
        driver.at(start + Self.dismissTime - frame) { [weak self] in
            guard let self, let modal = self.presenting.presentedViewController as? ModalViewController else { return }
            self.driver.tap(modal.button)
        }
    }

    /// Brings the app to `elapsed` seconds after `start()` (never goes back), then lays it out.
    public func update(elapsed: CFTimeInterval) {
        guard let startTime, elapsed.isFinite else { return }
        driver.run(until: startTime + elapsed)
        driver.window.layoutIfNeeded()
    }
}
