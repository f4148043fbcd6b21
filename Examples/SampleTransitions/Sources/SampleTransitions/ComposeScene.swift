#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The slide played through: Compose is tapped at 0.5 s, Send at 1.6 s.
public final class ComposeScene: AppScene {
    public static let name = "compose"
    public static let summary = "Inbox → compose sheet sliding up, then sent away"
    public let duration: CFTimeInterval = 2.4
    public let driver: AppDriver
    let inbox = InboxViewController()

    public init(size: CGSize) {
        driver = AppDriver(rootViewController: inbox, device: .fitting(size))
    }

    public func script(_ s: SceneScript) {
        s.tap(at: 0.5) { [weak self] in self?.inbox.composeButton }
        s.tap(at: 1.6) { [weak self] in (self?.inbox.presentedViewController as? ComposeViewController)?.sendButton }
    }
}
