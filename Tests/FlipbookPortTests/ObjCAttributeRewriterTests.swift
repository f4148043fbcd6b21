import FlipbookPort
import Testing

@Suite struct ObjCAttributeRewriterTests {
    /// `open` members of an extension were overridable only through Objective-C (here implied
    /// by the `@objc` protocol they satisfy); Swift 6 refuses them otherwise.
    @Test func openMembersOfAnExtensionBecomePublic() {
        expectPort(
            """
            \(importBlock)

            open class ModalDelegate: NSObject {
                open func wire() {}
            }

            extension ModalDelegate: UIViewControllerTransitioningDelegate {
                open func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
                @objc open var isWired: Bool { true }
                open class Nested {}
            }
            """,
            """
            \(importBlock)

            open class ModalDelegate: NSObject {
                open func wire() {}
            }

            extension ModalDelegate: UIViewControllerTransitioningDelegate {
                public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
                public var isWired: Bool { true }
                open class Nested {}
            }
            """,
            changes: [
                "T.swift:12: attribute: `open` -> `public`: a member declared in an extension can be overridden only through Objective-C",
                "T.swift:13: attribute: `open` -> `public`: a member declared in an extension can be overridden only through Objective-C",
                "T.swift:13: attribute: removed @objc (no Objective-C runtime)",
            ])
    }

    @Test func attributesOnTheirOwnLineGoWithTheirLineAndCommentsStay() {
        expectPort(
            """
            \(importBlock)

            @objcMembers
            final class SwipeInteractionController: UIPercentDrivenInteractiveTransition {
                @IBOutlet weak var handle: UIView!
                @IBOutlet private var stripes: [UIView]!

                /// Progress as a fraction of the width.
                @objc
                dynamic var progress: CGFloat = 0

                /// Follows the finger.
                @objc(handleGesture:)
                func handleGesture(_ pan: UIPanGestureRecognizer) {}

                @MainActor @objc private func reset() {} // called on cancel
                @MainActor @objc
                func finishFast() {}
                @IBAction func closeTapped(_ sender: Any) {}
                @nonobjc func plain() {}
            }
            """,
            """
            \(importBlock)

            final class SwipeInteractionController: UIPercentDrivenInteractiveTransition {
                weak var handle: UIView!
                private var stripes: [UIView]!

                /// Progress as a fraction of the width.
                var progress: CGFloat = 0

                /// Follows the finger.
                func handleGesture(_ pan: UIPanGestureRecognizer) {}

                @MainActor private func reset() {} // called on cancel
                @MainActor
                func finishFast() {}
                func closeTapped(_ sender: Any) {}
                func plain() {}
            }
            """,
            changes: [
                "T.swift:7: attribute: removed @objcMembers (no Objective-C runtime)",
                "T.swift:9: attribute: removed @IBOutlet (no Objective-C runtime)",
                "T.swift:10: attribute: removed @IBOutlet (no Objective-C runtime)",
                "T.swift:13: attribute: removed @objc, dynamic (no Objective-C runtime)",
                "T.swift:17: attribute: removed @objc (no Objective-C runtime)",
                "T.swift:20: attribute: removed @objc (no Objective-C runtime)",
                "T.swift:21: attribute: removed @objc (no Objective-C runtime)",
                "T.swift:23: attribute: removed @IBAction (no Objective-C runtime)",
                "T.swift:24: attribute: removed @nonobjc (no Objective-C runtime)",
            ])
    }

    @Test func interfaceBuilderDesignables() {
        expectPort(
            """
            \(importBlock)

            @IBDesignable final class GradientView: UIView {
                @IBInspectable var cornerRadius: CGFloat = 12
            }

            @objc enum Edge: Int { case left, right }
            """,
            """
            \(importBlock)

            final class GradientView: UIView {
                var cornerRadius: CGFloat = 12
            }

            enum Edge: Int { case left, right }
            """)
    }

    @Test func objcProtocolsInheritAnyObject() {
        expectPort(
            """
            \(importBlock)

            @objc protocol CardDeckDelegate {
                func deckDidEmpty()
            }

            @objc public protocol SheetDelegate: CardDeckDelegate {}

            @objc protocol ZoomSource: NSObjectProtocol {}

            @objc protocol LegacyDelegate: class {}
            """,
            """
            \(importBlock)

            protocol CardDeckDelegate: AnyObject {
                func deckDidEmpty()
            }

            public protocol SheetDelegate: AnyObject, CardDeckDelegate {}

            protocol ZoomSource: NSObjectProtocol {}

            protocol LegacyDelegate: class {}
            """,
            changes: [
                "T.swift:7: attribute: removed @objc from protocol `CardDeckDelegate`, which inherits `AnyObject` instead (so `weak var delegate: CardDeckDelegate?` still compiles)",
                "T.swift:11: attribute: removed @objc from protocol `SheetDelegate`, which inherits `AnyObject` instead (so `weak var delegate: SheetDelegate?` still compiles)",
                "T.swift:13: attribute: removed @objc from protocol `ZoomSource`",
                "T.swift:15: attribute: removed @objc from protocol `LegacyDelegate`",
            ])
    }
}
