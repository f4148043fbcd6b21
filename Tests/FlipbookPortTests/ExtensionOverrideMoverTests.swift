import FlipbookPort
import Testing

@Suite struct ExtensionOverrideMoverTests {
    /// The extension's `// MARK:` goes along with the overrides (docs/Porting.md: comments stay).
    @Test func overridesMoveIntoTheClassAndTheEmptyExtensionGoes() {
        expectPort(
            """
            \(importBlock)

            final class DimmingPresentationController: UIPresentationController {
                let dimmingView = UIView()

                override func presentationTransitionWillBegin() {
                    containerView?.insertSubview(dimmingView, at: 0)
                }
            }

            // MARK: - Layout
            extension DimmingPresentationController {
                /// The card sits in the lower two thirds.
                override var frameOfPresentedViewInContainerView: CGRect {
                    guard let bounds = containerView?.bounds else { return .zero }
                    return bounds.divided(atDistance: bounds.height / 3, from: .minYEdge).remainder
                }

                @objc override func containerViewWillLayoutSubviews() {
                    super.containerViewWillLayoutSubviews()
                    dimmingView.frame = containerView?.bounds ?? .zero
                }
            }

            extension DimmingPresentationController {
                func helper() {}
            }
            """,
            """
            \(importBlock)

            final class DimmingPresentationController: UIPresentationController {
                let dimmingView = UIView()

                override func presentationTransitionWillBegin() {
                    containerView?.insertSubview(dimmingView, at: 0)
                }

                // MARK: - Layout
                /// The card sits in the lower two thirds.
                override var frameOfPresentedViewInContainerView: CGRect {
                    guard let bounds = containerView?.bounds else { return .zero }
                    return bounds.divided(atDistance: bounds.height / 3, from: .minYEdge).remainder
                }

                override func containerViewWillLayoutSubviews() {
                    super.containerViewWillLayoutSubviews()
                    dimmingView.frame = containerView?.bounds ?? .zero
                }
            }

            extension DimmingPresentationController {
                func helper() {}
            }
            """,
            changes: [
                "T.swift:18: override moved: `override var frameOfPresentedViewInContainerView: CGRect` moved from `extension DimmingPresentationController` into `class DimmingPresentationController`",
                "T.swift:23: attribute: removed @objc (no Objective-C runtime)",
                "T.swift:23: override moved: `override func containerViewWillLayoutSubviews()` moved from `extension DimmingPresentationController` into `class DimmingPresentationController`",
            ])
    }

    /// Members of `public extension C` are public: moved into the class they say so, or the
    /// override would be internal in a public class, which Swift refuses.
    @Test func anOverrideFromAPublicExtensionStaysPublic() {
        expectPort(
            """
            \(importBlock)

            final public class DialogViewController: UIViewController {
                public var dialogView: UIView { view }
            }

            public extension DialogViewController {
                @objc override func viewDidLayoutSubviews() {
                    super.viewDidLayoutSubviews()
                    dialogView.layer.cornerRadius = 8
                }
            }
            """,
            """
            \(importBlock)

            final public class DialogViewController: UIViewController {
                public var dialogView: UIView { view }

                public override func viewDidLayoutSubviews() {
                    super.viewDidLayoutSubviews()
                    dialogView.layer.cornerRadius = 8
                }
            }
            """)
    }

    @Test func extensionWithAConformanceKeepsItAndTheOtherMembers() {
        expectPort(
            """
            \(importBlock)

            final class FlipAnimator: NSObject {}

            extension FlipAnimator: UIViewControllerAnimatedTransitioning {
                override var description: String { "FlipAnimator" }

                func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 0.6 }
            }

            extension FlipAnimator: CAAnimationDelegate {
                override func isEqual(_ object: Any?) -> Bool { object as? FlipAnimator === self }
            }
            """,
            """
            \(importBlock)

            final class FlipAnimator: NSObject {
                override var description: String { "FlipAnimator" }

                override func isEqual(_ object: Any?) -> Bool { object as? FlipAnimator === self }
            }

            extension FlipAnimator: UIViewControllerAnimatedTransitioning {
                func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 0.6 }
            }

            extension FlipAnimator: CAAnimationDelegate {
            }
            """)
    }

    @Test func extensionBeforeTheClassAndAnEmptyClassBody() {
        expectPort(
            """
            \(importBlock)

            extension ShadowView {
                override func layoutSubviews() {
                    super.layoutSubviews()
                    layer.shadowPath = UIBezierPath(rect: bounds).cgPath
                }
            }

            final class ShadowView: UIView {}
            """,
            """
            \(importBlock)

            final class ShadowView: UIView {
                override func layoutSubviews() {
                    super.layoutSubviews()
                    layer.shadowPath = UIBezierPath(rect: bounds).cgPath
                }
            }
            """)
    }

    @Test func overridesInExtensionsOfClassesDeclaredElsewhereAreReported() {
        let code = """
            \(importBlock)

            extension UIView {
                override open var canBecomeFocused: Bool { false }
            }

            struct Card {}
            extension Card {
                override func copy() -> Card { self }
            }
            """
        expectPort(
            code, code,
            issues: [
                "T.swift:8: not ported: `override open var canBecomeFocused: Bool` overrides in an extension of `UIView`, which is not declared in the ported files: Swift without Objective-C cannot override in an extension; move the override into a subclass",
                "T.swift:13: not ported: `override func copy() -> Card` overrides in an extension of `Card`, which is not a class: Swift without Objective-C cannot override in an extension; move the override into a subclass",
            ])
    }

    /// An override of an extension-declared member that only returns `super`'s value changes
    /// nothing: it is removed rather than left by hand.
    @Test func anOverrideThatOnlyCallsSuperOfAnExtensionMemberIsRemoved() {
        let output = Porter().port(
            """
            \(importBlock)

            extension UIViewController {
                var isHidden: Bool { presentingViewController == nil }
                func openLeft() { print("open") }
            }

            open class MenuNavigationController: UINavigationController {
                /// Whether the menu is anywhere in the hierarchy.
                open override var isHidden: Bool {
                    return super.isHidden
                }
                open override func openLeft() {
                    super.openLeft()
                }
                open override func viewDidLoad() { super.viewDidLoad() }
            }
            """, path: "T.swift")
        #expect(output.issues.isEmpty, "\(output.issues.map(\.formatted))")
        #expect(!output.text.contains("override var isHidden") && !output.text.contains("override func openLeft"))
        #expect(output.text.contains("open override func viewDidLoad() { super.viewDidLoad() }"))
    }

    @Test func nsObjectAdoptingAProtocolThatRequiresInitIsReported() {
        let output = Porter().port([
            PortInput(path: "P.swift", text: "\(importBlock)\n\nprotocol Initializable: AnyObject {\n    init()\n}\n"),
            PortInput(path: "E.swift", text: "\(importBlock)\n\nextension NSObject: Initializable {}\n"),
        ])
        #expect(output[1].issues.map(\.reason) == [
            "`extension NSObject: Initializable` needs NSObject's `init()` to be `required`, which it is only with Objective-C: move `init()` into a protocol of its own that only the classes needing it adopt"
        ])
    }

    /// What the library wants from the conformance, its extension's members on every NSObject,
    /// is given directly: the conformance goes, the members are copied (initialisers as
    /// `convenience`), and the protocol stays for the library's other adopters.
    @Test func nsObjectGetsTheMembersOfAnInitializableProtocol() {
        let protocolFile = """
            \(importBlock)

            protocol Initializable: AnyObject {
                init()
            }

            extension Initializable {
                init(_ block: (Self) -> Void) {
                    self.init()
                    block(self)
                }

                @discardableResult func with(_ block: (Self) -> Void) -> Self {
                    block(self)
                    return self
                }
            }

            final class Style: Initializable {
                required init() {}
            }
            """
        let outputs = expectPortFolder(
            [("P.swift", protocolFile), ("E.swift", "\(importBlock)\n\nextension NSObject: Initializable {}\n")],
            [
                protocolFile,
                """
                \(importBlock)

                extension NSObject {
                    convenience init(_ block: (Self) -> Void) {
                        self.init()
                        block(self)
                    }

                    @discardableResult func with(_ block: (Self) -> Void) -> Self {
                        block(self)
                        return self
                    }
                }

                """,
            ])
        #expect(outputs.allSatisfy { $0.issues.isEmpty })
    }

    /// A protocol used as a type or constraint needs the conformance itself: reported.
    @Test func anInitializableProtocolUsedAsATypeIsReported() {
        let output = Porter().port([
            PortInput(path: "P.swift", text: """
                \(importBlock)

                protocol Initializable: AnyObject {
                    init()
                }

                extension Initializable {
                    static func make() -> Self { Self() }
                }

                func build<T: Initializable>(_ type: T.Type) -> T { T() }
                """),
            PortInput(path: "E.swift", text: "\(importBlock)\n\nextension NSObject: Initializable {}\n"),
        ])
        #expect(output[1].issues.count == 1)
        #expect(output[1].text.contains("extension NSObject: Initializable {}"))
    }
}
