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

    /// Emitter constants (a confetti view written for Swift 3).
    @Test func emitterConstantsTakeTodaysSpelling() {
        expectPort(
            """
            import UIKit

            func configure(_ emitter: CAEmitterLayer) {
                emitter.emitterShape = kCAEmitterLayerLine
                emitter.emitterMode = kCAEmitterLayerOutline
                emitter.renderMode = kCAEmitterLayerAdditive
            }
            """,
            """
            #if canImport(UIKit)
            import UIKit
            #else
            import Flipbook
            #endif

            func configure(_ emitter: CAEmitterLayer) {
                emitter.emitterShape = CAEmitterLayerEmitterShape.line
                emitter.emitterMode = CAEmitterLayerEmitterMode.outline
                emitter.renderMode = CAEmitterLayerRenderMode.additive
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

    /// Methods and properties renamed in Swift 4.2, at calls and in overrides; free functions
    /// that became members, with their arguments' own renames kept.
    @Test func methodsPropertiesAndFreeFunctionsTakeTodaysSpelling() {
        expectPort(
            """
            import UIKit

            class Container: UIViewController {
                override func didMove(toParentViewController parent: UIViewController?) {
                    super.didMove(toParentViewController: parent)
                }
                override func willMove(toParentViewController: UIViewController?) {}
                func swap(_ child: UIViewController) {
                    addChildViewController(child)
                    child.didMove(toParentViewController: self)
                    view.bringSubview(toFront: child.view)
                    view.sendSubview(toBack: child.view)
                    for old in childViewControllers { old.removeFromParentViewController() }
                    let insets = UIEdgeInsetsMake(1, 2, UIEdgeInsetsMake(0, 0, 0, 0).top, 4)
                    child.view.frame = UIEdgeInsetsInsetRect(view.bounds, insets)
                    child.view.frame = UIEdgeInsetsInsetRect(view.bounds.insetBy(dx: 1, dy: 1), insets)
                    child.view.frame = UIEdgeInsetsInsetRect(a ?? b, insets)
                    _ = UIImageJPEGRepresentation(image!, 0.8)
                    _ = UIAccessibilityIsReduceMotionEnabled()
                    view.window?.windowLevel = UIWindowLevelStatusBar + 1
                    link.add(to: RunLoop.main, forMode: RunLoopMode.commonModes)
                    link.add(to: .main, forMode: .defaultRunLoopMode)
                }
            }
            """,
            """
            \(importBlock)

            class Container: UIViewController {
                override func didMove(toParent parent: UIViewController?) {
                    super.didMove(toParent: parent)
                }
                override func willMove(toParent toParentViewController: UIViewController?) {}
                func swap(_ child: UIViewController) {
                    addChild(child)
                    child.didMove(toParent: self)
                    view.bringSubviewToFront(child.view)
                    view.sendSubviewToBack(child.view)
                    for old in children { old.removeFromParent() }
                    let insets = UIEdgeInsets(top: 1, left: 2, bottom: UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0).top, right: 4)
                    child.view.frame = view.bounds.inset(by: insets)
                    child.view.frame = view.bounds.insetBy(dx: 1, dy: 1).inset(by: insets)
                    child.view.frame = (a ?? b).inset(by: insets)
                    _ = image!.jpegData(compressionQuality: 0.8)
                    _ = UIAccessibility.isReduceMotionEnabled
                    view.window?.windowLevel = UIWindow.Level.statusBar + 1
                    link.add(to: RunLoop.main, forMode: RunLoop.Mode.common)
                    link.add(to: .main, forMode: .default)
                }
            }
            """)
    }

    /// A library that declares a member of the old name itself keeps it.
    @Test func theLibrarysOwnDeclarationsKeepTheirNames() {
        let code = """
            import UIKit

            final class Stack {
                var childViewControllers: [UIViewController] = []
                func addChildViewController(_ c: UIViewController) { childViewControllers.append(c) }
                func bringSubview(toFront view: UIView) {}
            }

            func use(_ s: Stack, _ v: UIView) {
                s.addChildViewController(UIViewController())
                _ = s.childViewControllers
                s.bringSubview(toFront: v)
            }
            """
        let bound = """
            import UIKit

            func last(_ nav: UINavigationController?) -> UIViewController? {
                if let childViewControllers = nav?.childViewControllers {
                    return childViewControllers.last
                }
                return nil
            }
            """
        let boundOutput = Porter().port(bound, path: "B.swift")
        #expect(boundOutput.text.contains("if let childViewControllers = nav?.children {"))
        #expect(boundOutput.text.contains("return childViewControllers.last"))
        let output = Porter().port(code, path: "T.swift")
        #expect(!output.changes.contains { $0.kind == .legacyName })
        #expect(output.text.contains("s.addChildViewController(UIViewController())"))
        #expect(output.text.contains("s.bringSubview(toFront: v)"))
    }
}

/// The C library's random numbers become the standard library's, which Flipbook seeds per app
/// (docs/Porting.md, "Random numbers").
@Suite struct RandomNumberPortTests {
    @Test func arc4randomAndDrand48TakeTheStandardLibrarysSpelling() {
        let output = expectPort(
            """
            import UIKit

            func scatter(_ n: Int) -> CGFloat {
                let a = CGFloat(arc4random()) / 100.0
                let b = arc4random_uniform(UInt32(n))
                return a + CGFloat(b) + CGFloat(drand48())
            }
            """,
            """
            #if canImport(UIKit)
            import UIKit
            #else
            import Flipbook
            #endif

            func scatter(_ n: Int) -> CGFloat {
                let a = CGFloat(UInt32.random(in: .min ... .max)) / 100.0
                let b = UInt32.random(in: 0..<Swift.max(UInt32(n), 1))
                return a + CGFloat(b) + CGFloat(Double.random(in: 0..<1))
            }
            """)
        #expect(output.changes.filter { $0.kind == .randomNumbers }.count == 3)
    }

    @Test func aLibrarysOwnArc4randomIsKept() {
        let code = """
            import UIKit

            func arc4random() -> UInt32 { 4 }

            func roll() -> UInt32 { arc4random() }
            """
        let output = Porter().port(code, path: "T.swift")
        #expect(output.text.contains("func roll() -> UInt32 { arc4random() }"))
        #expect(!output.changes.contains { $0.kind == .randomNumbers })
    }
}

/// Linux keeps Foundation's networking types in `FoundationNetworking`.
@Suite struct NetworkingImportTests {
    @Test func aFileUsingURLSessionImportsFoundationNetworkingWhereItExists() {
        expectPort(
            """
            import UIKit

            final class Loader {
                let session = URLSession(configuration: .default)
            }
            """,
            """
            #if canImport(UIKit)
            import UIKit
            #else
            import Flipbook
            #endif
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif

            final class Loader {
                let session = URLSession(configuration: .default)
            }
            """)
    }
}
