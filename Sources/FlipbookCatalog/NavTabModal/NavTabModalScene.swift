import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// Seed 003 as a scene for `flipbook render nav-tab-modal`: one animation controller serving
/// a navigation controller's push and pop, a tab bar controller's tab switches and a modal
/// presentation, then the system's interactive edge-swipe pop.
///
/// Every step is a real touch through the window (buttons, the navigation bar's back button,
/// the tab bar's items, the left-edge pan), as on a device. Times are seconds after `start()`.
public final class NavTabModalScene: AppScene {
    public static let name = "nav-tab-modal"
    public static let summary =
        "Seed 003: one animation controller for push/pop, tab switches and a modal; then an interactive edge-swipe pop"

    /// The scripted steps, in seconds after `start()`.
    public enum Step {
        public static let push: CFTimeInterval = 0.5
        public static let pop: CFTimeInterval = 1.5
        public static let tabRight: CFTimeInterval = 2.5
        public static let tabLeft: CFTimeInterval = 3.5
        public static let present: CFTimeInterval = 4.5
        public static let dismiss: CFTimeInterval = 5.5
        public static let secondPush: CFTimeInterval = 6.5
        /// The edge swipe: down at the left edge, right to 65 % of the width in 0.45 s, lifted.
        public static let swipe: CFTimeInterval = 7.4
        public static let swipeDuration: CFTimeInterval = 0.45
        public static let swipeFraction: CGFloat = 0.65
    }

    public let duration: CFTimeInterval = 8.8
    public let driver: AppDriver
    let app: NavTabModalController

    public init(size: CGSize) {
        app = NavTabModalController()
        driver = AppDriver(rootViewController: app, device: .fitting(size))
    }

    /// The root screen of tab `index`.
    func root(_ index: Int) -> TabRootViewController? {
        app.navigationControllers[index].viewControllers.first as? TabRootViewController
    }

    /// The centre of tab item `index`, in the window.
    func tabItemCentre(_ index: Int) -> CGPoint {
        let bar = app.tabBar
        let count = CGFloat(max(1, bar.items?.count ?? 1))
        let point = CGPoint(x: bar.bounds.width * (CGFloat(index) + 0.5) / count, y: UITabBar.itemRowHeight / 2)
        return bar.convert(point, to: driver.window)
    }

    /// The centre of the back button of the selected tab's navigation bar, in the window.
    func backButtonCentre() -> CGPoint {
        guard let nav = app.selectedViewController as? UINavigationController else { return .zero }
        return nav.navigationBar.convert(CGPoint(x: 40, y: UINavigationBar.defaultHeight / 2), to: driver.window)
    }

    public func script(_ s: SceneScript) {
        let start = s.start
        let d = driver
        d.at(start + Step.push) { [weak self] in
            guard let self, let root = self.root(0) else { return }
            d.tap(root.pushButton)
        }
        d.at(start + Step.pop) { [weak self] in
            guard let self else { return }
            d.tap(at: self.backButtonCentre())
        }
        d.at(start + Step.tabRight) { [weak self] in
            guard let self else { return }
            d.tap(at: self.tabItemCentre(1))
        }
        d.at(start + Step.tabLeft) { [weak self] in
            guard let self else { return }
            d.tap(at: self.tabItemCentre(0))
        }
        d.at(start + Step.present) { [weak self] in
            guard let self, let root = self.root(0) else { return }
            d.tap(root.presentButton)
        }
        d.at(start + Step.dismiss) { [weak self] in
            guard let self, let modal = self.app.presentedViewController as? ModalCardViewController else { return }
            d.tap(modal.dismissButton)
        }
        d.at(start + Step.secondPush) { [weak self] in
            guard let self, let root = self.root(0) else { return }
            d.tap(root.pushButton)
        }
        d.at(start + Step.swipe) {
            let y = d.window.bounds.midY
            d.drag(
                from: CGPoint(x: 4, y: y), to: CGPoint(x: d.window.bounds.width * Step.swipeFraction, y: y),
                duration: Step.swipeDuration)
        }
    }
}
