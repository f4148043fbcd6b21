import FlipbookPort
import Testing

/// Names Swift 4.2 renamed are written as the SDK spells them now (docs/Porting.md, "Swift 4.2 names").
@Suite struct LegacyNameRewriterTests {
    @Test func typesConstantsAndNotificationNamesTakeTodaysSpelling() {
        expectPort(
            """
            import UIKit

            final class Zoom: NSObject, UINavigationControllerDelegate {
                var state: UIGestureRecognizerState = .possible
                let options: UIViewAnimationOptions = [.curveEaseOut]

                func navigationController(_ nav: UINavigationController, animationControllerFor operation: UINavigationControllerOperation,
                                          from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
                    return nil
                }

                func listen() {
                    NotificationCenter.default.addObserver(forName: NSNotification.Name.UIKeyboardWillShow, object: nil, queue: nil) { note in
                        let frame = note.userInfo?[UIKeyboardFrameEndUserInfoKey]
                        _ = frame
                    }
                    _ = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
                }
            }
            """,
            """
            #if canImport(UIKit)
            import UIKit
            #else
            import Flipbook
            #endif

            final class Zoom: NSObject, UINavigationControllerDelegate {
                var state: UIGestureRecognizer.State = .possible
                let options: UIView.AnimationOptions = [.curveEaseOut]

                func navigationController(_ nav: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                          from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
                    return nil
                }

                func listen() {
                    NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil) { note in
                        let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey]
                        _ = frame
                    }
                    _ = CAMediaTimingFunction(name: CAMediaTimingFunctionName.easeInEaseOut)
                }
            }
            """)
    }

    /// A member of the same name on something else, or a library's own declaration, is not a global.
    @Test func membersAndTodaysNamesAreLeft() {
        let code = """
            import UIKit

            func f(style: Theme) {
                _ = style.UIViewContentMode
                _ = UIView.ContentMode.scaleAspectFill
                _ = Theme.Name.UIKeyboardWillShow
            }
            """
        let output = Porter().port(code, path: "T.swift")
        #expect(output.text.contains("style.UIViewContentMode"))
        #expect(output.text.contains("Theme.Name.UIKeyboardWillShow"))
        #expect(!output.changes.contains { $0.kind == .legacyName })
    }
}
