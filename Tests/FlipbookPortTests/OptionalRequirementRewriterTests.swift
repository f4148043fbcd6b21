import FlipbookPort
import Foundation
import Testing

@Suite struct OptionalRequirementRewriterTests {
    @Test func optionalRequirementsGetDefaultsAndCallSitesLoseTheQuestionMark() {
        expectPort(
            """
            \(importBlock)

            @objc public protocol CardStackDelegate {
                func cardStack(_ stack: CardStackView, didSelect index: Int)
                /// Called before a card flies off.
                @objc optional func cardStack(_ stack: CardStackView, willSwipe index: Int)
                @objc optional func cardStack(
                    _ stack: CardStackView,
                    overlayFor index: Int
                ) -> UIView?
                @objc optional var swipeThreshold: NSNumber? { get }
                @objc optional var lastDirection: NSString? { get set }
            }

            public final class CardStackView: UIView {
                public weak var delegate: CardStackDelegate?

                func swipe(_ index: Int) {
                    if delegate?.responds(to: #selector(CardStackDelegate.cardStack(_:willSwipe:))) == true {
                        delegate?.cardStack?(self, willSwipe: index)
                    }
                    let overlay = delegate!.cardStack?(self, overlayFor: index)
                    if let d = delegate, d.responds(to: #selector(getter: CardStackDelegate.swipeThreshold)) {
                        _ = d.swipeThreshold
                    }
                    _ = overlay
                }
            }
            """,
            """
            \(importBlock)

            public protocol CardStackDelegate: AnyObject {
                func cardStack(_ stack: CardStackView, didSelect index: Int)
                /// Called before a card flies off.
                func cardStack(_ stack: CardStackView, willSwipe index: Int)
                func cardStack(
                    _ stack: CardStackView,
                    overlayFor index: Int
                ) -> UIView?
                var swipeThreshold: NSNumber? { get }
                var lastDirection: NSString? { get set }
            }

            extension CardStackDelegate {
                public func cardStack(_ stack: CardStackView, willSwipe index: Int) {}
                public func cardStack(
                    _ stack: CardStackView,
                    overlayFor index: Int
                ) -> UIView? { nil }
                public var swipeThreshold: NSNumber? { nil }
                public var lastDirection: NSString? { get { nil } set {} }
            }

            public final class CardStackView: UIView {
                public weak var delegate: CardStackDelegate?

                func swipe(_ index: Int) {
                    if true {
                        delegate?.cardStack(self, willSwipe: index)
                    }
                    let overlay = delegate!.cardStack(self, overlayFor: index)
                    if let d = delegate, true {
                        _ = d.swipeThreshold
                    }
                    _ = overlay
                }
            }
            """,
            changes: [
                "T.swift:7: attribute: removed @objc from protocol `CardStackDelegate`, which inherits `AnyObject` instead (so `weak var delegate: CardStackDelegate?` still compiles)",
                "T.swift:10: optional requirement: `cardStack` of `CardStackDelegate` is a plain requirement with a default implementation ({}) in `extension CardStackDelegate`",
                "T.swift:11: optional requirement: `cardStack` of `CardStackDelegate` is a plain requirement with a default implementation (nil) in `extension CardStackDelegate`",
                "T.swift:15: optional requirement: `swipeThreshold` of `CardStackDelegate` is a plain requirement with a default implementation (nil) in `extension CardStackDelegate`",
                "T.swift:16: optional requirement: `lastDirection` of `CardStackDelegate` is a plain requirement with a default implementation (get { nil } set {}) in `extension CardStackDelegate`",
                "T.swift:23: responds(to:): `delegate?.responds(to: #selector(CardStackDelegate.cardStack(_:willSwipe:))) == true` -> `true`: `cardStack` is a requirement with a default implementation now",
                "T.swift:24: optional call: `delegate?.cardStack?(…)` -> `delegate?.cardStack(…)`: `cardStack` has a default implementation now",
                "T.swift:26: optional call: `delegate!.cardStack?(…)` -> `delegate!.cardStack(…)`: `cardStack` has a default implementation now",
                "T.swift:27: responds(to:): `d.responds(to: #selector(getter: CardStackDelegate.swipeThreshold))` -> `true`: `swipeThreshold` is a requirement with a default implementation now",
            ])
    }

    /// A requirement returning a non-Optional value with no common fallback (`?(…) ?? true`,
    /// `if let`): a method keeps its iOS signature, so conforming types written for iOS still
    /// implement it, and each `?(…)` call asks at run time whether the default answered; a
    /// property becomes `T?` defaulting to nil.
    @Test func requirementWithoutACommonFallbackKeepsItsTypeOrBecomesOptional() {
        expectPort(
            """
            \(importBlock)

            @objc protocol DismissalDelegate {
                @objc optional func shouldDismiss(_ controller: UIViewController) -> Bool
                @objc optional var scrollViewForDismissal: UIScrollView { get }
            }

            final class SheetController: UIViewController {
                weak var dismissalDelegate: DismissalDelegate?
                func tryDismiss() {
                    if dismissalDelegate?.shouldDismiss?(self) ?? true {
                        print(dismissalDelegate?.scrollViewForDismissal as Any)
                    }
                    if let answer = dismissalDelegate?.shouldDismiss?(self) { print(answer) }
                }
            }

            extension UINavigationController: DismissalDelegate {
                public func shouldDismiss(_ controller: UIViewController) -> Bool { viewControllers.count < 2 }
            }
            """,
            """
            \(importBlock)

            protocol DismissalDelegate: AnyObject {
                func shouldDismiss(_ controller: UIViewController) -> Bool
                var scrollViewForDismissal: UIScrollView? { get }
            }

            extension DismissalDelegate {
                func shouldDismiss(_ controller: UIViewController) -> Bool { PortedOptionalRequirement.notImplemented(returning: false) }
                var scrollViewForDismissal: UIScrollView? { nil }
            }

            final class SheetController: UIViewController {
                weak var dismissalDelegate: DismissalDelegate?
                func tryDismiss() {
                    if PortedOptionalRequirement.answer({ dismissalDelegate?.shouldDismiss(self) }) ?? true {
                        print(dismissalDelegate?.scrollViewForDismissal as Any)
                    }
                    if let answer = PortedOptionalRequirement.answer({ dismissalDelegate?.shouldDismiss(self) }) { print(answer) }
                }
            }

            extension UINavigationController: DismissalDelegate {
                public func shouldDismiss(_ controller: UIViewController) -> Bool { viewControllers.count < 2 }
            }
            """)
    }

    /// A settable requirement of a non-Optional type has no faithful default: the protocol is kept.
    @Test func requirementWithoutAFaithfulDefaultKeepsTheProtocolAsItIs() {
        let code = """
            \(importBlock)

            @objc protocol DismissalDelegate {
                @objc optional var threshold: CGFloat { get set }
                @objc optional func didDismiss(_ controller: UIViewController)
            }

            final class SheetController: UIViewController {
                weak var dismissalDelegate: DismissalDelegate?
                func tryDismiss() {
                    dismissalDelegate?.didDismiss?(self)
                }
            }
            """
        expectPort(
            code, code,
            issues: [
                "T.swift:8: not ported: optional requirement `threshold` of `DismissalDelegate` is a `CGFloat`: no default can mean \"not implemented\" (on iOS the caller's fallback ran); give it a default implementation returning that fallback, then drop `@objc optional` (`DismissalDelegate` keeps `@objc` and its optional requirements until then)"
            ])
    }

    /// When every use falls back to the same constant, a default returning it keeps the meaning.
    @Test func requirementReturningAValueGetsTheFallbackEveryCallerUses() {
        expectPortFolder(
            [
                ("P.swift", """
                    \(importBlock)

                    @objc protocol DeckLayoutDelegate {
                        @objc optional func cardHeight(in deck: UIView) -> CGFloat
                        @objc optional var dismissesOnTap: Bool { get }
                    }
                    """),
                ("D.swift", """
                    \(importBlock)

                    final class Deck: UIView {
                        weak var layoutDelegate: DeckLayoutDelegate?
                        func layout() {
                            let h = layoutDelegate?.cardHeight?(in: self) ?? 320
                            let tap = layoutDelegate?.dismissesOnTap ?? true
                            _ = (h, tap, layoutDelegate?.cardHeight?(in: self) ?? 320)
                        }
                    }
                    """),
            ],
            [
                """
                \(importBlock)

                protocol DeckLayoutDelegate: AnyObject {
                    func cardHeight(in deck: UIView) -> CGFloat
                    var dismissesOnTap: Bool { get }
                }

                extension DeckLayoutDelegate {
                    func cardHeight(in deck: UIView) -> CGFloat { 320 }
                    var dismissesOnTap: Bool { true }
                }
                """,
                """
                \(importBlock)

                final class Deck: UIView {
                    weak var layoutDelegate: DeckLayoutDelegate?
                    func layout() {
                        let h = layoutDelegate?.cardHeight(in: self) ?? 320
                        let tap = layoutDelegate?.dismissesOnTap ?? true
                        _ = (h, tap, layoutDelegate?.cardHeight(in: self) ?? 320)
                    }
                }
                """,
            ])
    }

    @Test func aLocalClosureNamedLikeARequirementIsLeft() {
        let input = """
            \(importBlock)

            @objc protocol ZoomDelegate {
                @objc optional func zoomDidEnd()
            }

            func finish(_ delegate: ZoomDelegate?, zoomDidEnd: (() -> Void)?) {
                zoomDidEnd?()
                delegate?.zoomDidEnd?()
            }
            """
        expectPort(
            input,
            """
            \(importBlock)

            protocol ZoomDelegate: AnyObject {
                func zoomDidEnd()
            }

            extension ZoomDelegate {
                func zoomDidEnd() {}
            }

            func finish(_ delegate: ZoomDelegate?, zoomDidEnd: (() -> Void)?) {
                zoomDidEnd?()
                delegate?.zoomDidEnd()
            }
            """)
    }

    @Test func otherOptionalCallsAndRespondsTo() {
        let code = """
            \(importBlock)

            final class Presenter: UIViewController {
                var onDismiss: (() -> Void)?
                func finish(_ presented: UIViewController) {
                    onDismiss?()
                    _ = presented.transitioningDelegate?.animationController?(forDismissed: presented)
                    if presented.responds(to: #selector(Presenter.finish(_:))) {}
                }
            }
            """
        expectPort(
            code,
            code.replacingOccurrences(of: "animationController?(forDismissed:", with: "animationController(forDismissed:"),
            changes: [
                "T.swift:11: optional call: `presented.transitioningDelegate?.animationController?(…)` -> `presented.transitioningDelegate?.animationController(…)`: Flipbook's UIKit protocols give `animationController` a default implementation"
            ],
            issues: [
                "T.swift:12: not ported: `responds(to:)` asks the Objective-C runtime, which Linux Swift lacks: make the method a protocol requirement with a default implementation, or test the type with `as?`",
            ])
    }

    /// A member of one of UIKit's transition protocols is a requirement in Flipbook (optional ones
    /// with UIKit's fallback as their default), so every conforming object responds to it.
    @Test func respondsToAUIKitProtocolMemberIsTrue() {
        let code = """
            \(importBlock)

            final class Animator: NSObject {
                func modalView(_ context: UIViewControllerContextTransitioning, _ fallback: UIView) -> UIView {
                    if context.responds(to: #selector(UIViewControllerContextTransitioning.view(forKey:))) {
                        return context.view(forKey: .to)!
                    }
                    return fallback
                }
            }
            """
        expectPort(
            code,
            code.replacingOccurrences(
                of: "context.responds(to: #selector(UIViewControllerContextTransitioning.view(forKey:)))", with: "true"),
            changes: [
                "T.swift:9: responds(to:): `context.responds(to: #selector(UIViewControllerContextTransitioning.view(forKey:)))` -> `true`: `view` is a requirement of Flipbook's `UIViewControllerContextTransitioning`, which every conforming type answers"
            ])
    }

    /// A property of a UIKit requirement's name elsewhere in the folder (a test's `var
    /// tabBarController`) does not stop a labelled call: a closure property is called without labels.
    @Test func aLabelledCallOfAUIKitRequirementIsAMethodWhateverTheFolderDeclares() {
        let outputs = Porter().port([
            PortInput(path: "Tabs.swift", text: """
                \(importBlock)

                final class Tabs: UITabBarController {
                    func pick(_ controller: UIViewController) {
                        if let should = delegate?.tabBarController?(self, shouldSelect: controller), !should { return }
                        delegate?.tabBarController?(self, didSelect: controller)
                    }
                }
                """),
            PortInput(path: "TabsTests.swift", text: """
                \(importBlock)

                final class TabsTests {
                    var tabBarController: Tabs!
                    var onSelect: ((Int) -> Void)?
                    func run() { tabBarController?(1) }
                }
                """),
        ])
        #expect(outputs[0].text.contains("delegate?.tabBarController(self, shouldSelect: controller)"))
        #expect(outputs[0].text.contains("delegate?.tabBarController(self, didSelect: controller)"))
        #expect(outputs[1].text.contains("tabBarController?(1)"))
    }
}
