import FlipbookPort
import Testing

/// Idioms of the thirteenth round of real libraries (docs/Porting.md): a delegate router whose
/// `forwardingTarget(for:)` answers the first of two objects that responds to the selector, and
/// names qualified by an Apple UI module.
@Suite struct RealLibraryIdiomRoundThirteenTests {
    /// A nested router trying its proxy, then its origin: both become `forwardingDelegates`, with
    /// `forwardingStyle` `.firstImplementer`, and the conformance goes after the outermost type,
    /// by the router's qualified name. `CoreGraphics.log`, `UIKit.CGFloat` and `UIKit.UIImage`
    /// are qualified by `Flipbook`.
    @Test func aRouterTryingTwoDelegatesInTurnAndModuleQualifiedNames() {
        expectPort(
            """
            import UIKit

            class Sheet: UIViewController {
                var log: [String] = []
                weak var proxy: UIScrollViewDelegate?
                lazy var origin: UIScrollViewDelegate = Origin()

                final class Router: NSObject, UIScrollViewDelegate {
                    unowned let sheet: Sheet
                    init(sheet: Sheet) { self.sheet = sheet }

                    override func forwardingTarget(for aSelector: Selector!) -> Any? {
                        if sheet.proxy?.responds(to: aSelector) ?? false {
                            return sheet.proxy
                        }
                        if sheet.origin.responds(to: aSelector) {
                            return sheet.origin
                        }
                        return super.forwardingTarget(for: aSelector)
                    }
                }

                func damping(_ rate: CGFloat) -> CGFloat {
                    return CoreGraphics.log(rate) / UIKit.CGFloat(-4 * Double.pi)
                }
                let image: UIKit.UIImage? = nil
            }
            """,
            """
            \(importBlock)

            class Sheet: UIViewController {
                var log: [String] = []
                weak var proxy: UIScrollViewDelegate?
                lazy var origin: UIScrollViewDelegate = Origin()

                final class Router: NSObject, UIScrollViewDelegate {
                    unowned let sheet: Sheet
                    init(sheet: Sheet) { self.sheet = sheet }

                    public var forwardingDelegate: AnyObject? { nil }
                    public var forwardingDelegates: [AnyObject] { [sheet.proxy as AnyObject?, sheet.origin as AnyObject?].compactMap { $0 } }
                    public var forwardingStyle: DelegateForwardingStyle { .firstImplementer }
                }

                func damping(_ rate: CGFloat) -> CGFloat {
                    return Flipbook.log(rate) / Flipbook.CGFloat(-4 * Double.pi)
                }
                let image: Flipbook.UIImage? = nil
            }

            extension Sheet.Router: DelegateForwarding {}
            """,
            changes: [
                "T.swift:1: import: `import UIKit` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
                "T.swift:12: delegate proxy: `override func forwardingTarget(for aSelector: Selector!) -> Any?` -> `forwardingDelegates` (`sheet.proxy`, then `sheet.origin`), `forwardingStyle` `.firstImplementer` and `extension Sheet.Router: DelegateForwarding {}`: the delegate messages it does not implement go to `sheet.proxy`, then `sheet.origin`, the first that implements each",
                "T.swift:24: module qualifier: `CoreGraphics.` -> `Flipbook.`: Linux has no `CoreGraphics` module",
                "T.swift:24: module qualifier: `UIKit.` -> `Flipbook.`: Linux has no `UIKit` module",
                "T.swift:26: module qualifier: `UIKit.` -> `Flipbook.`: Linux has no `UIKit` module",
            ])
    }

    /// Only the exact shape is a router: a body that returns something else, or that tries one
    /// object, is not rewritten this way (one object is a plain `forwardingDelegate`).
    @Test func otherForwardingBodiesAreNotRouters() {
        let output = Porter().port(
            """
            import UIKit
            final class A: NSObject, UIScrollViewDelegate {
                weak var x: UIScrollViewDelegate?
                weak var y: UIScrollViewDelegate?
                override func forwardingTarget(for aSelector: Selector!) -> Any? {
                    if x?.responds(to: aSelector) == true { return y }
                    if y?.responds(to: aSelector) == true { return x }
                    return nil
                }
            }
            """, path: "T.swift")
        #expect(!output.text.contains("forwardingStyle"))
        #expect(output.issues.contains { $0.formatted.contains("delegate proxy that forwards by the Objective-C runtime") })
    }

    /// A local value that happens to share a module's name is still qualified only when used as
    /// a qualifier (`UIKit.` before a member), and a module name not Apple's is left alone.
    @Test func onlyAppleUIModulesAreRequalified() {
        let output = Porter().port(
            """
            import UIKit
            let a = Swift.max(1, 2)
            let b = Foundation.sqrt(2.0)
            let c = QuartzCore.CATransform3DIdentity
            """, path: "T.swift")
        #expect(output.text.contains("Swift.max(1, 2)"))
        #expect(output.text.contains("Foundation.sqrt(2.0)"))
        #expect(output.text.contains("Flipbook.CATransform3DIdentity"))
    }

    /// Combine, which Linux lacks: the import alone is gated; a declaration typed with Combine's
    /// types goes under `#if canImport(Combine)` (a warning: that API is not on Linux), and so
    /// does each statement using one, in any file of the folder; a statement that declares or
    /// returns is left by hand.
    @Test func combineIsGatedDeclarationByDeclarationAndStatementByStatement() {
        let outputs = expectPortFolder(
            [
                (
                    "Panel.swift",
                    """
                    import UIKit
                    import Combine

                    final class Panel: UIViewController {
                        private(set) var statePublisher = CurrentValueSubject<Int, Never>(0)
                        var subscriptions = Set<AnyCancellable>()

                        func move(to state: Int) {
                            view.setNeedsLayout()
                            statePublisher.send(state)
                        }

                        deinit {
                            for subscription in subscriptions { subscription.cancel() }
                        }

                        var current: Int {
                            let value = statePublisher.value
                            return value
                        }
                    }
                    """
                ),
                (
                    "Host.swift",
                    """
                    import UIKit

                    final class Host: UIViewController {
                        let panel = Panel()
                        func watch() {
                            if #available(iOS 13.0, *) {
                                panel.statePublisher.sink { print($0) }.store(in: &panel.subscriptions)
                            }
                            panel.move(to: 1)
                        }
                    }
                    """
                ),
            ],
            [
                """
                #if canImport(UIKit)
                import UIKit
                #else
                import Flipbook
                #endif
                #if canImport(Combine)
                import Combine
                #endif

                final class Panel: UIViewController {
                    #if canImport(Combine)
                    private(set) var statePublisher = CurrentValueSubject<Int, Never>(0)
                    #endif
                    #if canImport(Combine)
                    var subscriptions = Set<AnyCancellable>()
                    #endif

                    func move(to state: Int) {
                        view.setNeedsLayout()
                        #if canImport(Combine)
                        statePublisher.send(state)
                        #endif
                    }

                    deinit {
                        #if canImport(Combine)
                        for subscription in subscriptions { subscription.cancel() }
                        #endif
                    }

                    var current: Int {
                        let value = statePublisher.value
                        return value
                    }
                }
                """,
                """
                #if canImport(UIKit)
                import UIKit
                #else
                import Flipbook
                #endif

                final class Host: UIViewController {
                    let panel = Panel()
                    func watch() {
                        if #available(iOS 13.0, *) {
                            #if canImport(Combine)
                            panel.statePublisher.sink { print($0) }.store(in: &panel.subscriptions)
                            #endif
                        }
                        panel.move(to: 1)
                    }
                }
                """,
            ])
        #expect(outputs[0].issues.map(\.formatted) == [
            "Panel.swift:5: warning: `var statePublisher` uses Combine, which Linux does not have: it is compiled only where Combine is (`#if canImport(Combine)`), and code elsewhere that uses it is gated the same way",
            "Panel.swift:6: warning: `var subscriptions` uses Combine, which Linux does not have: it is compiled only where Combine is (`#if canImport(Combine)`), and code elsewhere that uses it is gated the same way",
            "Panel.swift:18: not ported: `let value = statePublisher.value` uses Combine, which Linux does not have, and declares, returns or exits: put it and what uses it under `#if canImport(Combine)`",
        ])
        #expect(outputs[1].changes.filter { $0.kind == .combineGate }.count == 1)
    }
}
