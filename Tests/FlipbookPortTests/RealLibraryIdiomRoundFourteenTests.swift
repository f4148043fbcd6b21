import FlipbookPort
import Testing

/// Idioms of the fourteenth round of real libraries (docs/Porting.md): a delegate proxy generic
/// over UIKit's delegate protocols, constrained to `NSObjectProtocol` for its weak delegates,
/// that answers `responds(to:)` for them and hands each message it implements to the first
/// delegate that responds (Touchwonders' Transition).
@Suite struct RealLibraryIdiomRoundFourteenTests {
    static let proxy = """
        import Foundation

        class DelegateProxy<DelegateType: NSObjectProtocol>: NSObject {
            weak var primary: DelegateType?
            weak var secondary: DelegateType?

            init(primary: DelegateType?, secondary: DelegateType?) {
                self.primary = primary
                self.secondary = secondary
                super.init()
            }

            var delegates: [DelegateType] { [primary, secondary].compactMap { $0 } }

            func firstResponder(to selector: Selector) -> DelegateType? {
                return delegates.first(where: { d in d.responds(to: selector) })
            }

            override func responds(to aSelector: Selector!) -> Bool {
                return firstResponder(to: aSelector) != nil
            }
        }
        """

    static let navigationProxy = """
        import UIKit

        final class NavigationProxy: DelegateProxy<UINavigationControllerDelegate>, UINavigationControllerDelegate {
            func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
                delegates.forEach { $0.navigationController?(navigationController, willShow: viewController, animated: animated) }
            }

            func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                      from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
                return firstResponder(to: #selector(navigationController(_:animationControllerFor:from:to:)))?
                    .navigationController?(navigationController, animationControllerFor: operation, from: fromVC, to: toVC)
            }

            func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController) -> UIInterfaceOrientationMask {
                firstResponder(to: #selector(navigationControllerSupportedInterfaceOrientations(_:)))?.navigationControllerSupportedInterfaceOrientations?(navigationController) ?? []
            }
        }
        """

    /// The base class loses its constraint, keeps its delegates with `@WeakObject` and becomes a
    /// `.firstImplementer` forwarding proxy over `delegates`; the subclass keeps its fan-out and
    /// loses the methods that only handed a message on; the helper, called by nothing else, goes.
    @Test func aGenericRespondingProxyBecomesAFirstImplementerProxy() {
        let outputs = expectPortFolder(
            [("Proxy.swift", Self.proxy), ("NavigationProxy.swift", Self.navigationProxy)],
            [
                """
                import Foundation
                \(importBlock)

                class DelegateProxy<DelegateType>: NSObject {
                    @WeakObject var primary: DelegateType?
                    @WeakObject var secondary: DelegateType?

                    init(primary: DelegateType?, secondary: DelegateType?) {
                        self.primary = primary
                        self.secondary = secondary
                        super.init()
                    }

                    var delegates: [DelegateType] { [primary, secondary].compactMap { $0 } }

                    public var forwardingDelegate: AnyObject? { nil }
                    public var forwardingDelegates: [AnyObject] { delegates.map { $0 as AnyObject } }
                    public var forwardingStyle: DelegateForwardingStyle { .firstImplementer }
                }

                extension DelegateProxy: DelegateForwarding {}
                """,
                """
                \(importBlock)

                final class NavigationProxy: DelegateProxy<UINavigationControllerDelegate>, UINavigationControllerDelegate {
                    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
                        delegates.forEach { $0.navigationController(navigationController, willShow: viewController, animated: animated) }
                    }
                }
                """,
            ])
        let changes = outputs.flatMap(\.changes).map(\.formatted)
        #expect(changes.filter { $0.contains("existential generic") }.count == 3)
        #expect(changes.filter { $0.contains("removed: DelegateProxy forwards it") }.count == 2)
        #expect(!changes.contains { $0.contains("firstResponder(to: #selector") }, "nothing reported inside a removed method")
        #expect(outputs.allSatisfy { $0.issues.isEmpty })
    }

    /// A helper something else calls stays (the proxy still becomes a forwarding proxy), and a
    /// generic used only with classes keeps its constraint.
    @Test func aHelperInUseStaysAndAClassArgumentKeepsTheConstraint() {
        let outputs = Porter().port([
            PortInput(path: "Proxy.swift", text: Self.proxy),
            PortInput(
                path: "Other.swift",
                text: """
                    import UIKit
                    final class Watcher: DelegateProxy<NSObject> {
                        func peek() -> NSObject? { firstResponder(to: #selector(NSObject.copy)) }
                    }
                    """),
        ])
        let proxy = outputs[0].text
        #expect(proxy.contains("func firstResponder(to selector: Selector)"))
        #expect(proxy.contains("forwardingStyle: DelegateForwardingStyle { .firstImplementer }"))
        #expect(proxy.contains("class DelegateProxy<DelegateType: NSObjectProtocol>: NSObject"))
        #expect(proxy.contains("    weak var primary: DelegateType?"))
    }
}
