import FlipbookPort
import Testing

/// Swizzles of the methods Flipbook lets a library exchange become `flipbookInterpose…` calls, and
/// the library's call to itself becomes `flipbookOriginal…` (docs/Porting.md, "Method swizzling").
@Suite struct SwizzleRewriterTests {
    @Test func theClassicLookupAddReplaceExchangeBecomesOneInterposition() {
        expectPort(
            """
            import UIKit

            extension UIViewController {
                static func swizzleAppearance() {
                    let originalSelector = #selector(viewWillAppear(_:))
                    let swizzledSelector = #selector(tracked_viewWillAppear(_:))
                    guard let original = class_getInstanceMethod(self, originalSelector),
                          let swizzled = class_getInstanceMethod(self, swizzledSelector) else { return }
                    let added = class_addMethod(self, originalSelector, method_getImplementation(swizzled), method_getTypeEncoding(swizzled))
                    if added {
                        class_replaceMethod(self, swizzledSelector, method_getImplementation(original), method_getTypeEncoding(original))
                    } else {
                        method_exchangeImplementations(original, swizzled)
                    }
                }

                @objc func tracked_viewWillAppear(_ animated: Bool) {
                    print(String(describing: type(of: self)))
                    self.tracked_viewWillAppear(animated)
                }
            }
            """,
            """
            #if canImport(UIKit)
            import UIKit
            #else
            import Flipbook
            #endif

            extension UIViewController {
                static func swizzleAppearance() {
                    UIViewController.flipbookInterposeViewWillAppear { $0.tracked_viewWillAppear($1) }
                }

                func tracked_viewWillAppear(_ animated: Bool) {
                    print(String(describing: type(of: self)))
                    self.flipbookOriginalViewWillAppear(animated)
                }
            }
            """,
            changes: [
                "T.swift:1: import: `import UIKit` -> `#if canImport(UIKit)` `import UIKit` `#else` `import Flipbook` `#endif`",
                "T.swift:10: swizzle: exchanging `UIViewController.viewWillAppear` with `tracked_viewWillAppear` -> "
                    + "`UIViewController.flipbookInterposeViewWillAppear { $0.tracked_viewWillAppear($1) }`",
                "T.swift:17: attribute: removed @objc (no Objective-C runtime)",
                "T.swift:19: swizzle: `self.tracked_viewWillAppear(animated)`: the original `viewWillAppear` -> "
                    + "`flipbookOriginalViewWillAppear(…)`",
            ])
    }

    /// The shared-element framework's shape: a stored property's initializer closure swaps once,
    /// through a local helper closure; the comment above the swap stays with what replaces it.
    @Test func aSwapThroughALocalHelperInAStoredPropertyIsPorted() {
        expectPort(
            """
            import UIKit

            extension CALayer {
                /// Animations added while a recording is open.
                static var recorded: [CAAnimation]? = {
                    let swap: (AnyClass, Selector, Selector) -> Void = { cls, a, b in
                        if let m = class_getInstanceMethod(cls, a), let n = class_getInstanceMethod(cls, b) {
                            method_exchangeImplementations(m, n)
                        }
                    }
                    // Swap once, on first use.
                    swap(CALayer.self, #selector(add(_:forKey:)), #selector(recording_add(_:forKey:)))
                    return nil
                }()

                @objc dynamic func recording_add(_ anim: CAAnimation, forKey key: String?) {
                    CALayer.recorded?.append(anim)
                    recording_add(anim, forKey: key)
                }
            }
            """,
            """
            #if canImport(UIKit)
            import UIKit
            #else
            import Flipbook
            #endif

            extension CALayer {
                /// Animations added while a recording is open.
                static var recorded: [CAAnimation]? = {
                    // Swap once, on first use.
                    CALayer.flipbookInterposeAdd { $0.recording_add($1, forKey: $2) }
                    return nil
                }()

                func recording_add(_ anim: CAAnimation, forKey key: String?) {
                    CALayer.recorded?.append(anim)
                    flipbookOriginalAdd(anim, forKey: key)
                }
            }
            """)
    }

    /// A method Flipbook cannot exchange, or a swizzle in a class body, stays as it was, reported.
    @Test func otherSwizzlesAreLeftAndReported() {
        let code = """
            import UIKit

            extension UIView {
                static func swizzleMove() {
                    let a = class_getInstanceMethod(UIView.self, #selector(didMoveToWindow))
                    let b = class_getInstanceMethod(UIView.self, #selector(traced_didMoveToWindow))
                    method_exchangeImplementations(a!, b!)
                }

                func traced_didMoveToWindow() { traced_didMoveToWindow() }
            }
            """
        let output = Porter().port(code, path: "T.swift")
        #expect(output.text.contains("method_exchangeImplementations(a!, b!)"))
        #expect(output.text.contains("func traced_didMoveToWindow() { traced_didMoveToWindow() }"))
        #expect(output.issues.filter { $0.reason.hasPrefix("method swizzling needs the Objective-C runtime") }.count == 3)
        #expect(!output.changes.contains { $0.kind == .swizzle })
    }

    /// The library's method must be there to hand over: exchanged with a method of another file,
    /// the swizzle is reported with what to call.
    @Test func aMissingReplacementIsReportedWithWhatToCall() {
        let code = """
            import UIKit

            extension CALayer {
                static let swap: Void = {
                    method_exchangeImplementations(
                        class_getInstanceMethod(CALayer.self, #selector(add(_:forKey:)))!,
                        class_getInstanceMethod(CALayer.self, #selector(elsewhere_add(_:forKey:)))!)
                }()
            }
            """
        let output = Porter().port(code, path: "T.swift")
        #expect(output.issues.contains { $0.reason.contains("call `CALayer.flipbookInterposeAdd` by hand") })
        #expect(output.text.contains("method_exchangeImplementations("))
    }
}
