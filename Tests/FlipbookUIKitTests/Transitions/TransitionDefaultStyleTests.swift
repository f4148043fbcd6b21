import Foundation
import Testing
import TestSupport
import Flipbook

/// UIKit's default modal animations (no transitioning delegate), sampled halfway.
/// Expected values come from the curves' closed forms: easeInOut(0.5) = 0.5,
/// easeIn(0.5) = 0.3153567343 (docs/Semantics.md, "Timing functions").
@Suite("Default modal transition styles", .freshRuntime)
@MainActor
struct TransitionDefaultStyleTests {
    func present(_ style: UIModalTransitionStyle) -> (UIViewController, UIViewController, UIWindow) {
        let a = UIViewController()
        let screen = UIScreen(device: .iPhone15)
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        window.rootViewController = a
        let b = UIViewController()
        b.modalPresentationStyle = .fullScreen
        b.modalTransitionStyle = style
        a.present(b, animated: true, completion: nil)
        return (a, b, window)
    }

    @Test func coverVerticalSlidesUpFromBelow() {
        let (_, b, w) = present(.coverVertical)
        MediaClock.main.advance(by: 0.25)
        // position.y goes from 426 + 852 to 426; halfway through easeInOut: 852.
        let y = b.view.layer.presentation()?.position.y ?? .nan
        #expect(abs(y - 852) < 0.5)
        MediaClock.main.advance(by: 0.3)
        #expect(b.view.layer.presentation()?.position.y == 426)
        _ = w
    }

    @Test func crossDissolveFades() {
        let (_, b, w) = present(.crossDissolve)
        MediaClock.main.advance(by: 0.2)
        let opacity = Double(b.view.layer.presentation()?.opacity ?? .nan)
        #expect(abs(opacity - 0.5) < 1e-3)
        _ = w
    }

    @Test func flipHorizontalTurnsThePresenterAwayFirst() {
        let (a, b, w) = present(.flipHorizontal)
        MediaClock.main.advance(by: 0.1875)  // half of the first half (easeIn)
        let angle = Double.pi / 2 * 0.3153567343
        let m11 = Double(a.view.layer.presentation()?.transform.m11 ?? .nan)
        #expect(abs(m11 - cos(angle)) < 1e-3)
        // The presented view waits edge-on (cos(π/2) = 0) until the second half.
        let incoming = Double(b.view.layer.presentation()?.transform.m11 ?? .nan)
        #expect(abs(incoming) < 1e-6)
        MediaClock.main.advance(by: 0.6)
        #expect(CATransform3DIsIdentity(b.view.layer.transform) && CATransform3DIsIdentity(a.view.layer.transform))
        _ = w
    }

    @Test func partialCurlLiftsASnapshotOfThePresenter() {
        let (_, b, w) = present(.partialCurl)
        let container = b.view.superview
        let curl = container?.subviews.last
        #expect(curl != nil && curl !== b.view)
        MediaClock.main.advance(by: 0.25)
        // Lifted by 60 % of 852 pt at the end; halfway through easeInOut: 255.6 pt.
        let lift = Double(curl?.layer.presentation()?.transform.m42 ?? .nan)
        #expect(abs(lift + 255.6) < 0.5)
        MediaClock.main.advance(by: 0.3)
        #expect(b.view.window === w)
        #expect(curl?.superview === container)  // stays curled while presented
    }
}
