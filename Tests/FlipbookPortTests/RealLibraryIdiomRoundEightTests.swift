import FlipbookPort
import Testing

/// Idioms of the eighth round of real libraries (docs/Porting.md): each as the porter writes it.
@Suite struct RealLibraryIdiomRoundEightTests {
    /// `@objc optional` on a line of its own above the member: both words go, and the line with them.
    @Test func attributesOnTheirOwnLineGoWithTheirLine() {
        expectPort(
            """
            import UIKit

            @objc
            public protocol Behavior {
                /// Doc.
                @objc optional
                var title: String? { get }
                @objc optional func didMove()
            }
            """,
            """
            \(importBlock)

            public protocol Behavior: AnyObject {
                /// Doc.
                var title: String? { get }
                func didMove()
            }

            extension Behavior {
                public var title: String? { nil }
                public func didMove() {}
            }
            """)
    }

    /// The default behaviour's own value read as the fallback keeps its type: it is never nil.
    @Test func aConformersOwnValueIsUnwrapped() {
        let output = Porter().port(
            """
            import UIKit

            @objc public protocol Behavior {
                @objc optional var rate: CGFloat { get }
            }

            open class DefaultBehavior: NSObject, Behavior {
                open var rate: CGFloat { 2 }
            }

            final class Adapter {
                let behavior: Behavior
                init(behavior: Behavior) { self.behavior = behavior }
                var rate: CGFloat { behavior.rate ?? DefaultBehavior().rate }
            }
            """, path: "T.swift")
        #expect(output.text.contains("open var rate: CGFloat? { 2 }"))
        #expect(output.text.contains("var rate: CGFloat { behavior.rate ?? DefaultBehavior().rate! }"))
        #expect(output.issues.isEmpty)
        expectIdempotent([output])
    }

    /// A kept `Selector` value sent with `performSelector(onMainThread:…)` can never exist in
    /// Flipbook: the call becomes `_ = action`; a method of the folder's own named `perform` is
    /// left alone, and so is a one-argument `perform(x)`.
    @Test func aSelectorValueSentByPerformNeverRuns() {
        let output = Porter().port(
            """
            import UIKit

            final class Hook: UIPanGestureRecognizer {
                private weak var testTarget: AnyObject?
                private var testAction: Selector?
                func fire() {
                    if let action = testAction {
                        testTarget?.performSelector(onMainThread: action, with: self, waitUntilDone: true)
                    }
                }
            }

            final class Queue {
                func perform(_ job: Int, with value: Int) {}
                func run(job: Int) { perform(job, with: 1) }
            }
            """, path: "T.swift")
        #expect(output.text.contains("        _ = action\n"))
        #expect(output.text.contains("func run(job: Int) { perform(job, with: 1) }"))
        #expect(output.issues.map(\.formatted) == [
            "T.swift:5: warning: `Selector?` can only be nil in Flipbook (no Objective-C runtime makes selectors): code that sends it never runs; store a closure (e.g. `(Target) -> Void`) to keep the behaviour"
        ])
        expectIdempotent([output])
    }

    /// A `UIAccessibilityCustomAction` subclass handing its target and selector to `super.init`:
    /// both sides are ported.
    @Test func aCustomActionSubclassForwardingItsSelectorIsPortedBothSides() {
        let output = Porter().port(
            """
            import UIKit

            final class RowAction: UIAccessibilityCustomAction {
                let row: Int
                init?(row: Int, title: String?, target: Any, selector: Selector) {
                    self.row = row
                    guard let title = title else { return nil }
                    super.init(name: title, target: target, selector: selector)
                }
            }

            final class Cell: UITableViewCell {
                func makeActions() -> [UIAccessibilityCustomAction] {
                    [RowAction(row: 1, title: "Delete", target: self, selector: #selector(handle(_:)))].compactMap { $0 }
                }
                @objc func handle(_ action: RowAction) -> Bool { true }
            }
            """, path: "T.swift")
        #expect(output.text.contains(
            "init?<Target: AnyObject>(row: Int, title: String?, target: Target, selector: @escaping @MainActor (Target, RowAction) -> Bool)"))
        #expect(output.text.contains(
            "init?<Target: AnyObject>(row: Int, title: String?, target: Target, selector: @escaping @MainActor (Target) -> Bool)"))
        #expect(output.text.contains("target: self, selector: { $0.handle($1) })"))
        #expect(output.issues.isEmpty)
        expectIdempotent([output])
    }

    /// A library's own swizzling helper called with an interposable pair: the call becomes the
    /// interposition, the method's call to itself the original, and the helper (which takes
    /// `Selector`s, so nothing can call it here) keeps its body for iOS only.
    @Test func aSwizzlingHelpersCallIsPortedAndTheHelperGated() {
        let outputs = Porter().port([
            PortInput(path: "Helper.swift", text: """
                import UIKit

                enum RuntimeHelper {
                    static func exchange(class cls: AnyClass, original: Selector, swizzled: Selector) {
                        guard let a = class_getInstanceMethod(cls, original),
                              let b = class_getInstanceMethod(cls, swizzled) else { return }
                        method_exchangeImplementations(a, b)
                    }
                }
                """),
            PortInput(path: "Setup.swift", text: """
                import UIKit

                final class Installer {
                    func install() {
                        let original = #selector(UIViewController.viewDidLoad)
                        let mine = #selector(UIViewController.tracked_viewDidLoad)
                        RuntimeHelper.exchange(class: UIViewController.self, original: original, swizzled: mine)
                    }
                }

                extension UIViewController {
                    @objc func tracked_viewDidLoad() {
                        print("loaded")
                        self.tracked_viewDidLoad()
                    }
                }
                """),
        ])
        #expect(outputs[0].text.contains("""
                static func exchange(class cls: AnyClass, original: Selector, swizzled: Selector) {
            #if canImport(ObjectiveC)
                    guard let a = class_getInstanceMethod(cls, original),
            """))
        #expect(outputs[0].text.contains("""
                    method_exchangeImplementations(a, b)
            #else
                    switch original {}
            #endif
                }
            """))
        #expect(outputs[1].text.contains("""
                func install() {
                    UIViewController.flipbookInterposeViewDidLoad { $0.tracked_viewDidLoad() }
                }
            """))
        #expect(outputs[1].text.contains("self.flipbookOriginalViewDidLoad()"))
        #expect(outputs.flatMap(\.issues).isEmpty, "\(outputs.flatMap(\.issues).map(\.formatted))")
        expectIdempotent(outputs)
    }

    /// `perform(#selector(dismiss(forced:)), with: nil, afterDelay: d)`: Objective-C hands the
    /// nil object to the `Bool` parameter as false.
    @Test func aNilObjectPerformedIntoABoolIsFalse() {
        let output = Porter().port(
            """
            import UIKit

            final class Banner: UIView {
                func show() {
                    perform(#selector(dismiss(forced:)), with: nil, afterDelay: 2)
                }
                @objc func dismiss(forced: Bool = false) {}
            }
            """, path: "T.swift")
        #expect(output.text.contains(
            "MediaClock.main.schedule(after: 2, target: self, name: \"dismiss\") { target in target.dismiss(forced: false) }"))
    }

    /// `child.responds(to: #selector(getter: self.shouldAutorotate))` in a controller: UIKit's
    /// member, which every controller has.
    @Test func askingForAnInheritedUIKitMemberIsTrue() {
        let output = Porter().port(
            """
            import UIKit

            final class Container: UIViewController {
                var child: UIViewController?
                override var shouldAutorotate: Bool {
                    if let child = child, child.responds(to: #selector(getter: self.shouldAutorotate)) {
                        return child.shouldAutorotate
                    }
                    return true
                }
            }
            """, path: "T.swift")
        #expect(output.text.contains("if let child = child, true {"))
        #expect(output.issues.isEmpty)
    }
}

