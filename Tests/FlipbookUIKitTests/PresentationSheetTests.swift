import Foundation
import Testing
import TestSupport
import Flipbook

/// Sheets and the built-in modal transition styles.
@Suite("Sheets and built-in transition styles", .freshRuntime)
@MainActor
struct PresentationSheetTests {
    /// An iPhone 15 window (393 × 852, safe-area top 59).
    func window(root: UIViewController) -> UIWindow {
        let screen = UIScreen(device: .iPhone15)
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        window.makeKeyAndVisible()
        window.rootViewController = root
        return window
    }

    @Test func automaticIsAPageSheetAtTheLargeDetent() {
        let a = UIViewController()
        let w = window(root: a)
        let b = UIViewController()
        #expect(b.modalPresentationStyle == .automatic)
        #expect(b.sheetPresentationController != nil)
        a.present(b, animated: false, completion: nil)
        // Large: container height − safe-area top (59) − 10.
        #expect(b.view.frame == CGRect(x: 0, y: 69, width: 393, height: 783))
        #expect(a.view.window === w)  // a sheet keeps the presenter on screen
        #expect(b.view.layer.cornerRadius == 10)
    }

    @Test func largeSheetDimsAndPushesThePresenterBack() {
        let a = UIViewController()
        let w = window(root: a)
        let b = UIViewController()
        b.modalPresentationStyle = .pageSheet
        a.present(b, animated: true, completion: nil)
        MediaClock.main.advance(by: 0.5 + 1.0 / 60)
        let container = b.view.superview
        let dimming = container?.subviews.first
        #expect(dimming !== b.view && dimming?.frame == w.bounds)
        #expect(abs((dimming?.alpha ?? 0) - 0.4) < 1e-6)  // alpha is stored as Float opacity
        // Scaled to (393 − 32) / 393 about its centre, top moved to the safe-area top (59).
        let s = (393.0 - 32) / 393
        let t = a.view.transform
        #expect(abs(t.a - s) < 1e-9 && abs(t.d - s) < 1e-9)
        #expect(abs(t.ty - (59 - 852 * (1 - s) / 2)) < 1e-9)
        #expect(a.view.layer.cornerRadius == 10)
        b.dismiss(animated: true, completion: nil)
        MediaClock.main.advance(by: 0.5 + 1.0 / 60)
        #expect(a.view.transform == .identity && a.view.layer.cornerRadius == 0)
        #expect(dimming?.superview == nil && container?.superview == nil)
    }

    @Test func mediumSheetDoesNotPushThePresenterBack() {
        let a = UIViewController()
        let w = window(root: a)
        let b = UIViewController()
        b.sheetPresentationController?.detents = [.medium()]
        b.sheetPresentationController?.largestUndimmedDetentIdentifier = .medium
        a.present(b, animated: false, completion: nil)
        #expect(a.view.transform == .identity)
        #expect(b.view.superview?.subviews.first?.alpha == 0)  // undimmed at medium
        _ = w
    }

    @Test func mediumDetentIsHalfTheHeight() {
        let a = UIViewController()
        let w = window(root: a)
        let b = UIViewController()
        b.modalPresentationStyle = .pageSheet
        b.sheetPresentationController?.detents = [.medium(), .large()]
        a.present(b, animated: false, completion: nil)
        // nil selectedDetentIdentifier → the smallest detent, medium: 852 / 2.
        #expect(b.view.frame == CGRect(x: 0, y: 426, width: 393, height: 426))
        b.sheetPresentationController?.animateChanges {
            b.sheetPresentationController?.selectedDetentIdentifier = .large
        }
        #expect(b.view.frame == CGRect(x: 0, y: 69, width: 393, height: 783))
        _ = w
    }

    @Test func customDetentUsesItsResolver() {
        let a = UIViewController()
        let w = window(root: a)
        let b = UIViewController()
        b.modalPresentationStyle = .formSheet
        b.sheetPresentationController?.detents = [.custom { $0.maximumDetentValue * 0.25 }]
        a.present(b, animated: false, completion: nil)
        let height = 783 * 0.25
        #expect(b.view.frame == CGRect(x: 0, y: 852 - height, width: 393, height: height))
        _ = w
    }

    @Test func formSheetOnIPadIsCentred() {
        let a = UIViewController()
        let screen = UIScreen(device: .iPad)
        let w = UIWindow(frame: screen.bounds)
        w.screen = screen
        w.makeKeyAndVisible()
        w.rootViewController = a
        let b = UIViewController()
        b.modalPresentationStyle = .formSheet
        a.present(b, animated: false, completion: nil)
        #expect(b.view.frame == CGRect(x: 140, y: 280, width: 540, height: 620))
    }

    @Test(arguments: [
        (UIModalTransitionStyle.coverVertical, 0.5), (.crossDissolve, 0.4), (.flipHorizontal, 0.75), (.partialCurl, 0.5),
    ])
    func builtInStylesTakeTheirDurationAndEndAtTheFinalState(style: UIModalTransitionStyle, duration: TimeInterval) {
        let a = UIViewController()
        let w = window(root: a)
        let b = UIViewController()
        b.modalPresentationStyle = .fullScreen
        b.modalTransitionStyle = style
        var presented = false
        a.present(b, animated: true) { presented = true }
        #expect(b.transitionCoordinator?.transitionDuration == duration)
        MediaClock.main.advance(by: duration - 0.05)
        #expect(!presented)
        MediaClock.main.advance(by: 0.1)
        #expect(presented)
        #expect(b.view.frame == w.bounds)
        #expect(b.view.alpha == 1)
        #expect(CATransform3DIsIdentity(b.view.layer.transform))
        #expect(b.view.window === w && a.view.window == nil)
        var dismissed = false
        b.dismiss(animated: true) { dismissed = true }
        MediaClock.main.advance(by: duration + 0.05)
        #expect(dismissed)
        #expect(a.view.window === w && b.view.window == nil)
        #expect(CATransform3DIsIdentity(a.view.layer.transform))
    }
}
