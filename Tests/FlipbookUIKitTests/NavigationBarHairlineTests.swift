import Foundation
import Testing
import TestSupport
import Flipbook

/// `shadowImage = UIImage()` with a background image hides the bar's hairline, the idiom that
/// joins the bar to content of the same colour below it (an elastic pull-to-refresh).
@Suite(.freshRuntime) @MainActor struct NavigationBarHairlineTests {
    /// The pixel just under a 44 pt bar on an iPhone 15 (bar from 59 to 103 pt), at scale 1.
    func pixelUnderBar(hiding: Bool, backgroundImage: Bool = true) -> RGBA {
        let root = UIViewController()
        root.view.backgroundColor = .white
        let nav = UINavigationController(rootViewController: root)
        nav.navigationBar.isTranslucent = false
        nav.navigationBar.barTintColor = UIColor(red: 0.2, green: 0.25, blue: 0.35, alpha: 1)
        if backgroundImage { nav.navigationBar.setBackgroundImage(UIImage(), for: .default) }
        if hiding { nav.navigationBar.shadowImage = UIImage() }
        let app = AppDriver(rootViewController: nav, device: .iPhone15)
        app.advanceFrames(1)
        return app.render(scale: 1).pixel(x: 200, y: 103)
    }

    @Test func emptyShadowImageHidesTheHairline() {
        #expect(pixelUnderBar(hiding: true) == RGBA(r: 255, g: 255, b: 255, a: 255))
        // Without it, or without a background image (UIKit then ignores the shadow image),
        // the hairline darkens the row.
        #expect(pixelUnderBar(hiding: false).r < 250)
        #expect(pixelUnderBar(hiding: true, backgroundImage: false).r < 250)
    }
}
