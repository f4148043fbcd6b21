import FlipbookPort
import Testing

/// Idioms of the twelfth round of real libraries (docs/Porting.md): delegate fan-outs built on
/// an Objective-C proxy class, and a recognizer subclass whose designated initialiser takes an
/// optional target and selector.
@Suite struct RealLibraryIdiomRoundTwelveTests {
    /// The Swift half of an Objective-C fan-out proxy becomes a `MulticastDelegateProxy`
    /// subclass; the import of the Objective-C target goes with its `#if SWIFT_PACKAGE`.
    @Test func anObjectiveCFanOutProxyBecomesMulticastDelegateProxy() {
        expectPort(
            """
            import UIKit
            #if SWIFT_PACKAGE
            import XYDelegateProxy
            #endif

            class DelegateProxy<T>: XYDelegateProxy {
                @nonobjc convenience init(delegates: [T]) {
                    self.init(__delegates: delegates)
                }
            }

            final class ScrollProxy: DelegateProxy<UIScrollViewDelegate>, UIScrollViewDelegate {}
            """,
            """
            \(importBlock)

            class DelegateProxy<T>: MulticastDelegateProxy {
                convenience init(delegates: [T]) {
                    self.init(forwardingTo: delegates)
                }
            }

            final class ScrollProxy: DelegateProxy<UIScrollViewDelegate>, UIScrollViewDelegate {}
            """,
            changes: [
                "T.swift:1: import: `import UIKit` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
                "T.swift:3: delegate proxy: `import XYDelegateProxy` removed: its Objective-C delegate proxy is `MulticastDelegateProxy` in Flipbook",
                "T.swift:6: delegate proxy: `DelegateProxy: XYDelegateProxy` -> `DelegateProxy: MulticastDelegateProxy`, and `self.init(__delegates:)` -> `self.init(forwardingTo:)`: the Objective-C proxy that fans delegate messages out to its delegates is Flipbook's class",
                "T.swift:7: attribute: removed @nonobjc (no Objective-C runtime)",
            ])
    }

    /// Without the refined initialiser's call, a subclass of an unknown class is left alone,
    /// and so is a superclass the folder declares.
    @Test func otherSubclassesAreNotFanOuts() {
        let output = Porter().port(
            """
            import UIKit
            class Base: NSObject { init(__delegates: [Any]) {} }
            class Own: Base { convenience init(delegates: [Any]) { self.init(__delegates: delegates) } }
            class Other: SomeObjCClass { convenience init(items: [Any]) { self.init(items: items, flag: true) } }
            """, path: "T.swift")
        #expect(!output.text.contains("MulticastDelegateProxy"))
    }

    /// `required init(direction:target: Any? = nil, action: Selector? = nil)` in a pan subclass,
    /// called with `#selector` in one place and without a target in another: the original stays
    /// for the second, and two generic initialisers serve the first. A designated initialiser
    /// cannot call the closure forms (convenience initialisers), so it adds the target itself.
    @Test func aRecognizerSubclassTakingAnOptionalTargetAndSelector() {
        let outputs = expectPortFolder(
            [
                (
                    "Pan.swift",
                    """
                    import UIKit

                    final class DirectionalPan: UIPanGestureRecognizer {
                        let direction: Int
                        required init(direction: Int, target: Any? = nil, action: Selector? = nil) {
                            self.direction = direction
                            super.init(target: target, action: action)
                            maximumNumberOfTouches = 1
                        }
                    }
                    """
                ),
                (
                    "Use.swift",
                    """
                    import UIKit

                    final class Swiper: NSObject {
                        lazy var pan = DirectionalPan(direction: 1, target: self, action: #selector(handle(_:)))
                        let plain = DirectionalPan(direction: 2)
                        @objc func handle(_ g: UIPanGestureRecognizer) {}
                    }
                    """
                ),
            ],
            [
                """
                \(importBlock)

                final class DirectionalPan: UIPanGestureRecognizer {
                    let direction: Int
                    required init(direction: Int, target: Any? = nil, action: Selector? = nil) {
                        self.direction = direction
                        super.init(target: target, action: action)
                        maximumNumberOfTouches = 1
                    }

                    required init<Target: AnyObject>(direction: Int, target: Target, action: @escaping @MainActor (Target, DirectionalPan) -> Void) {
                        self.direction = direction
                        super.init(target: nil, action: nil)
                        addTarget(target, action: action)
                        maximumNumberOfTouches = 1
                    }

                    required init<Target: AnyObject>(direction: Int, target: Target, action: @escaping @MainActor (Target) -> Void) {
                        self.direction = direction
                        super.init(target: nil, action: nil)
                        addTarget(target, action: action)
                        maximumNumberOfTouches = 1
                    }
                }
                """,
                """
                \(importBlock)

                final class Swiper: NSObject {
                    lazy var pan = DirectionalPan(direction: 1, target: self, action: { $0.handle($1) })
                    let plain = DirectionalPan(direction: 2)
                    func handle(_ g: UIPanGestureRecognizer) {}
                }
                """,
            ])
        #expect(outputs.allSatisfy { $0.issues.isEmpty })
    }

    /// A transition object that is the navigation controller's delegate and forwards what it does
    /// not implement to the delegate it replaced, chosen by a helper that filters by the selector:
    /// the helper's body without the selector becomes `forwardingDelegate`, and the helper goes.
    @Test func aForwardingTargetFoundByASelectorFilteringHelper() {
        expectPort(
            """
            import UIKit

            open class Transition: NSObject {
                weak var previousNavigationDelegate: UINavigationControllerDelegate?
                weak var previousTabBarDelegate: UITabBarControllerDelegate?
                var isTabBar = false

                private func delegate(respondingTo selector: Selector?) -> NSObjectProtocol? {
                    guard let selector = selector else { return nil }
                    guard !selector.description.starts(with: "_") else { return nil }
                    let delegate: NSObjectProtocol? = {
                        if isTabBar { return previousTabBarDelegate }
                        return previousNavigationDelegate
                    }()
                    return true == delegate?.responds(to: selector) ? delegate : nil
                }

                open override func forwardingTarget(for aSelector: Selector!) -> Any? {
                    guard let superTarget = super.forwardingTarget(for: aSelector) else {
                        return delegate(respondingTo: aSelector)
                    }
                    return superTarget
                }

                open override func responds(to aSelector: Selector!) -> Bool {
                    return super.responds(to: aSelector) || nil != delegate(respondingTo: aSelector)
                }
            }
            """,
            """
            \(importBlock)

            open class Transition: NSObject {
                weak var previousNavigationDelegate: UINavigationControllerDelegate?
                weak var previousTabBarDelegate: UITabBarControllerDelegate?
                var isTabBar = false

                public var forwardingDelegate: AnyObject? {
                    let delegate: NSObjectProtocol? = {
                        if isTabBar { return previousTabBarDelegate }
                        return previousNavigationDelegate
                    }()
                    return delegate
                }
            }

            extension Transition: DelegateForwarding {}
            """,
            changes: [
                "T.swift:1: import: `import UIKit` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
                "T.swift:8: delegate proxy: `private func delegate(respondingTo selector: Selector?) -> NSObjectProtocol?` removed: its body, without the tests of the selector, is `forwardingDelegate`",
                "T.swift:18: delegate proxy: `open override func forwardingTarget(for aSelector: Selector!) -> Any?` -> `public var forwardingDelegate: AnyObject? { … }` and `extension Transition: DelegateForwarding {}`: the delegate messages it does not implement go to what `delegate(…)` finds",
                "T.swift:25: delegate proxy: `open override func responds(to aSelector: Selector!) -> Bool` removed: the defaults of UIKit's delegate protocols answer every requirement and hand it to `forwardingDelegate`",
            ])
    }

    /// A public API taking a `Selector` only to ask `responds(to:)` compiles as it is (Flipbook's
    /// `responds(to:)` takes the uninhabited `Selector`); it can never be called, which is said
    /// as a warning, not as work left by hand.
    @Test func aSelectorParameterOnlyAskedAboutIsAWarning() {
        let code = """
            \(importBlock)

            extension UIViewController {
                public func unwind(withSelector: Selector) {
                    unwind { $0.responds(to: withSelector) }
                }
                public func unwind(matching: (UIViewController) -> Bool) {}
            }
            """
        let output = expectPort(code, code, changes: [], issues: [
            "T.swift:8: warning: a `Selector` parameter compiles, but no code can make one in Flipbook (no Objective-C runtime), so this function can never be called; give it a closure parameter to keep the API",
            "T.swift:9: warning: `responds(to: withSelector)` compiles, but `withSelector` is a `Selector` parameter, which no code can make in Flipbook (no Objective-C runtime): the function can never be called; give it a closure parameter to keep the API",
        ])
        #expect(output.leftByHand.isEmpty)
    }

    /// A `Void` optional requirement asked about with `if let … else` to fall back to its
    /// deprecated name: its default says it is one, and the `if` asks `answer` whether the call
    /// reached it.
    @Test func aRenamedDelegateMethodWithItsOldNameAsFallback() {
        let output = Porter().port(
            """
            import UIKit

            @objc public protocol DrawerDelegate {
                @objc optional func drawer(_ drawer: Drawer, didChangeState state: Int)
                @objc optional func drawer(_ drawer: Drawer, stateChanged state: Int)
            }

            public final class Drawer: NSObject {
                public weak var delegate: DrawerDelegate?
                func finish(_ state: Int) {
                    if let didChangeState = self.delegate?.drawer(_:didChangeState:) {
                        didChangeState(self, state)
                    } else {
                        self.delegate?.drawer?(self, stateChanged: state)
                    }
                }
            }
            """, path: "T.swift")
        #expect(output.text.contains(
            "public func drawer(_ drawer: Drawer, didChangeState state: Int) { PortedOptionalRequirement.notImplemented(returning: ()) }"))
        #expect(output.text.contains("public func drawer(_ drawer: Drawer, stateChanged state: Int) {}"))
        #expect(output.text.contains("""
                    if PortedOptionalRequirement.answer({ self.delegate?.drawer(self, didChangeState: state) }) == nil {
                        self.delegate?.drawer(self, stateChanged: state)
                    }
            """))
        #expect(output.issues.isEmpty)
        expectIdempotent([output])
    }
}
