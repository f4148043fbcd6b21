import Foundation
import FlipbookQuartz

/// A software keyboard for tests and scenes: no keys, but the notifications an app's layout
/// follows, posted as iOS posts them when the keyboard slides in or out (docs/Semantics.md,
/// "Keyboard"): `keyboardWillChangeFrame` then `keyboardWillShow`/`WillHide` at once, with the
/// begin and end frames in screen coordinates, the slide's duration (0.25 s) and curve (7);
/// `keyboardDidChangeFrame` then `keyboardDidShow`/`DidHide` when the slide has ended.
extension AppDriver {
    /// The keyboard's slide, seconds (UIKit's `keyboardAnimationDurationUserInfoKey`).
    public static let keyboardAnimationDuration: TimeInterval = 0.25
    /// UIKit's private keyboard curve, as `keyboardAnimationCurveUserInfoKey` gives it.
    public static let keyboardAnimationCurve = 7

    /// The keyboard's frame in screen coordinates while it is shown, or nil.
    public var keyboardFrame: CGRect? { environment.keyboardFrame }

    /// Slides a keyboard `height` points tall in from the bottom of the screen (336 pt is an
    /// iPhone 15's with the suggestion bar). Showing it again with another height changes its
    /// frame (the "change frame" notifications only). A height that is not finite and
    /// positive is reported and ignored.
    public func showKeyboard(height: CGFloat = 336) {
        runtime.run {
            guard height.isFinite, height > 0 else {
                FlipbookDiagnostics.report("AppDriver.showKeyboard: ignored height \(height); it must be finite and positive.")
                return
            }
            let screen = window.bounds
            let end = CGRect(x: 0, y: screen.height - height, width: screen.width, height: height)
            let begin = environment.keyboardFrame ?? CGRect(x: 0, y: screen.height, width: screen.width, height: height)
            let wasShown = environment.keyboardFrame != nil
            guard begin != end || !wasShown else { return }
            environment.keyboardFrame = end
            postKeyboardSlide(begin: begin, end: end,
                              will: wasShown ? nil : UIResponder.keyboardWillShowNotification,
                              did: wasShown ? nil : UIResponder.keyboardDidShowNotification)
        }
    }

    /// Slides the keyboard out at the bottom of the screen; nothing when none is shown.
    public func hideKeyboard() {
        runtime.run {
            guard let begin = environment.keyboardFrame else { return }
            environment.keyboardFrame = nil
            let end = begin.offsetBy(dx: 0, dy: window.bounds.height - begin.minY)
            postKeyboardSlide(begin: begin, end: end, will: UIResponder.keyboardWillHideNotification,
                              did: UIResponder.keyboardDidHideNotification)
        }
    }

    private func postKeyboardSlide(begin: CGRect, end: CGRect, will: NSNotification.Name?, did: NSNotification.Name?) {
        let info: [AnyHashable: Any] = [
            UIResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
            UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
            UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: Self.keyboardAnimationDuration),
            UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: Self.keyboardAnimationCurve),
            UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: true),
        ]
        let center = NotificationCenter.default
        center.post(name: UIResponder.keyboardWillChangeFrameNotification, object: nil, userInfo: info)
        if let will { center.post(name: will, object: nil, userInfo: info) }
        MediaClock.main.schedule(after: Self.keyboardAnimationDuration) {
            center.post(name: UIResponder.keyboardDidChangeFrameNotification, object: nil, userInfo: info)
            if let did { center.post(name: did, object: nil, userInfo: info) }
        }
    }

    /// Sends the app to the background as pressing the home button does:
    /// `willResignActive`, then `didEnterBackground`.
    public func enterBackground() {
        runtime.run {
            let center = NotificationCenter.default
            center.post(name: UIApplication.willResignActiveNotification, object: UIApplication.shared)
            center.post(name: UIApplication.didEnterBackgroundNotification, object: UIApplication.shared)
        }
    }

    /// Brings the app back: `willEnterForeground`, then `didBecomeActive`.
    public func enterForeground() {
        runtime.run {
            let center = NotificationCenter.default
            center.post(name: UIApplication.willEnterForegroundNotification, object: UIApplication.shared)
            center.post(name: UIApplication.didBecomeActiveNotification, object: UIApplication.shared)
        }
    }
}
