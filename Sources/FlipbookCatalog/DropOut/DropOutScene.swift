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
public final class DropOutScene: AppScene {
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

    public init(size: CGSize) {
        presenting = PresentingViewController()
        driver = AppDriver(rootViewController: presenting, device: .fitting(size))
    }

    /// The two taps (each lands at its time: the finger goes down one frame earlier).
    public func script(_ s: SceneScript) {
        s.tap(at: Self.presentTime) { [weak self] in self?.presenting.button }
        s.tap(at: Self.dismissTime) { [weak self] in (self?.presenting.presentedViewController as? ModalViewController)?.button }
    }
}
