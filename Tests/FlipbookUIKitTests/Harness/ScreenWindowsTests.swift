import Foundation
import Testing
import TestSupport
import Flipbook

/// An overlay window on the app's scene, above the app's window (a toast or banner library's
/// pattern): drawn over the app's window in level order, animated in and out, and touched
/// where its hit test keeps the touch, the app underneath elsewhere (docs/Semantics.md,
/// "Several windows on a screen").
@Suite(.freshRuntime) @MainActor struct ScreenWindowsTests {
    /// Keeps touches only on its banner; everywhere else its hit test returns nil.
    final class OverlayWindow: UIWindow {
        let banner = UIView(frame: CGRect(x: 0, y: -100, width: 393, height: 100))
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            let v = super.hitTest(point, with: event)
            return v === self || v === rootViewController?.view ? nil : v
        }
    }

    final class Counter: NSObject {
        var taps = 0
        func tapped() { taps += 1 }
    }

    func makeApp() -> (AppDriver, OverlayWindow, Counter, Counter) {
        let root = UIViewController()
        root.view.backgroundColor = .blue
        let app = AppDriver(rootViewController: root)
        let appTaps = Counter()
        root.view.addGestureRecognizer(UITapGestureRecognizer(target: appTaps, action: { t, _ in t.tapped() }))
        let scene = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.first!
        let overlay = OverlayWindow(windowScene: scene)
        overlay.windowLevel = .statusBar
        overlay.backgroundColor = .clear
        let host = UIViewController()
        host.view.backgroundColor = .clear
        overlay.rootViewController = host
        overlay.banner.backgroundColor = .red
        host.view.addSubview(overlay.banner)
        let bannerTaps = Counter()
        overlay.banner.addGestureRecognizer(UITapGestureRecognizer(target: bannerTaps, action: { t, _ in t.tapped() }))
        return (app, overlay, appTaps, bannerTaps)
    }

    @Test func aWindowIsDrawnOnlyOnceShownAndThenAboveTheAppsWindow() {
        let (app, overlay, _, _) = makeApp()
        overlay.isHidden = true
        overlay.banner.frame.origin.y = 0
        #expect(app.render(scale: 1).pixel(x: 10, y: 10) == RGBA(r: 0, g: 0, b: 255, a: 255))
        overlay.isHidden = false
        let shown = app.render(scale: 1)
        #expect(shown.pixel(x: 10, y: 10) == RGBA(r: 255, g: 0, b: 0, a: 255))
        #expect(shown.pixel(x: 10, y: 300) == RGBA(r: 0, g: 0, b: 255, a: 255))
        // Level, not creation order, decides: the app's window lists first, the overlay last.
        #expect(UIApplication.shared.windows.last === overlay)
        overlay.windowLevel = .normal - 1
        #expect(UIApplication.shared.windows.first === overlay)
        #expect(app.render(scale: 1).pixel(x: 10, y: 10) == RGBA(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func theBannerSlidesInAndOutOverTheApp() {
        let (app, overlay, _, _) = makeApp()
        overlay.makeKeyAndVisible()
        app.at(0.1) {
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear) { overlay.banner.frame.origin.y = 0 }
        }
        app.at(1.0) {
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear) { overlay.banner.frame.origin.y = -100 }
        }
        let frames = app.renderFrames(at: [0.05, 0.3, 0.6, 1.2, 1.5], scale: 1)
        let red = RGBA(r: 255, g: 0, b: 0, a: 255), blue = RGBA(r: 0, g: 0, b: 255, a: 255)
        #expect(frames[0].pixel(x: 10, y: 20) == blue)
        #expect(frames[1].pixel(x: 10, y: 20) == red && frames[1].pixel(x: 10, y: 80) == blue)
        #expect(frames[2].pixel(x: 10, y: 80) == red)
        #expect(frames[3].pixel(x: 10, y: 20) == red && frames[3].pixel(x: 10, y: 80) == blue)
        #expect(frames[4].pixel(x: 10, y: 20) == blue)
    }

    @Test func touchesGoToTheBannerAndPassThroughElsewhere() {
        let (app, overlay, appTaps, bannerTaps) = makeApp()
        overlay.banner.frame.origin.y = 0
        overlay.isHidden = false
        app.tap(at: CGPoint(x: 50, y: 50))
        #expect(bannerTaps.taps == 1 && appTaps.taps == 0)
        app.tap(at: CGPoint(x: 50, y: 400))
        #expect(bannerTaps.taps == 1 && appTaps.taps == 1)
        app.tap(overlay.banner)
        #expect(bannerTaps.taps == 2)
        overlay.isHidden = true
        app.tap(at: CGPoint(x: 50, y: 50))
        #expect(bannerTaps.taps == 2 && appTaps.taps == 2)
    }
}
