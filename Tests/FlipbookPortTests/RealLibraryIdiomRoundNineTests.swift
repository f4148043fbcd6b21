import FlipbookPort
import Testing

/// Idioms of the ninth round of real libraries (docs/Porting.md), besides metatype construction
/// and registered cells (`MetatypeConstructionPortTests`).
@Suite struct RealLibraryIdiomRoundNineTests {
    /// `(x as AnyObject).cgRectValue` is a `CGRect!`: a declaration inferring its type from it
    /// holds a `CGRect?`, which the code then reads with `?.`; elsewhere it is unwrapped at once.
    @Test func aRuntimeLookupInADeclarationStaysOptional() {
        let output = Porter().port(
            """
            import UIKit

            final class Watcher: NSObject {
                override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
                    let oldRect = (change![NSKeyValueChangeKey.oldKey]! as AnyObject).cgRectValue
                    let newRect: CGRect = (change![.newKey]! as AnyObject).cgRectValue
                    if (oldRect?.equalTo(newRect))! { print(newRect) }
                    print((change?[.newKey] as AnyObject).cgPointValue)
                }
            }
            """, path: "Watcher.swift")
        #expect(output.text.contains("let oldRect = (change![NSKeyValueChangeKey.oldKey]! as? NSValue)?.cgRectValue"))
        #expect(output.text.contains("let newRect: CGRect = (change![.newKey]! as! NSValue).cgRectValue"))
        #expect(output.text.contains("print((change?[.newKey] as! NSValue).cgPointValue)"))
        expectIdempotent([output])
    }
}

extension RealLibraryIdiomRoundNineTests {
    /// A category overriding a category method: `extension UIView { func prepare() }` and
    /// `extension UILabel { override func prepare() }`. The overrides take their own name, and
    /// the view's method hands calls to them, the most derived class first (a text field is a
    /// control). One calling `super` stays reported.
    @Test func categoryOverridesOfALibrarysViewMethodAreRedirected() {
        let outputs = Porter().port([
            PortInput(path: "Prepare.swift", text: """
                import UIKit

                extension UIView {
                    @objc func prepareViewForSkeleton() {
                        isUserInteractionEnabled = false
                    }
                    @objc func restoreAfterSkeleton() {}
                }

                extension UIControl {
                    override func prepareViewForSkeleton() {
                        isEnabled = false
                    }
                }
                """),
            PortInput(path: "Labels.swift", text: """
                import UIKit

                extension UILabel {
                    override func prepareViewForSkeleton() {
                        textColor = .clear
                    }
                }
                extension UITextField {
                    override func prepareViewForSkeleton() {
                        placeholder = nil
                    }
                    override func restoreAfterSkeleton() {
                        super.restoreAfterSkeleton()
                    }
                }
                """),
        ])
        #expect(outputs[0].text.contains("""
                func prepareViewForSkeleton() {
                    if let overriding = self as? UITextField { return overriding.flipbookOverridePrepareViewForSkeleton() }
                    if let overriding = self as? UIControl { return overriding.flipbookOverridePrepareViewForSkeleton() }
                    if let overriding = self as? UILabel { return overriding.flipbookOverridePrepareViewForSkeleton() }
                    isUserInteractionEnabled = false
                }
            """))
        #expect(outputs[1].text.contains("""
            extension UILabel {
                func flipbookOverridePrepareViewForSkeleton() {
                    textColor = .clear
                }
            }
            """))
        // Only calling `super`: removed.
        #expect(!outputs[1].text.contains("restoreAfterSkeleton"))
        #expect(outputs.allSatisfy { $0.leftByHand.isEmpty })
        expectIdempotent(outputs)
    }

    /// Overrides that call `super`'s version first: the view's method keeps its body in
    /// `flipbookSuper…`, which a `super` call reaches, or the override of the nearest class above.
    @Test func categoryOverridesCallingSuperReachTheBodyAbove() {
        let output = Porter().port(
            """
            import UIKit

            extension UIView {
                @objc public func saveViewState(forced: Bool) {
                    saved["alpha"] = alpha
                }
            }
            extension UIControl {
                override public func saveViewState(forced: Bool) {
                    super.saveViewState(forced: forced)
                    saved["enabled"] = isEnabled
                }
            }
            extension UIButton {
                override public func saveViewState(forced: Bool) {
                    super.saveViewState(forced: forced)
                    saved["title"] = title(for: .normal)
                }
            }
            """, path: "Restore.swift")
        #expect(output.text.contains("""
            extension UIView {
                public func saveViewState(forced: Bool) {
                    if let overriding = self as? UIButton { return overriding.flipbookOverrideSaveViewState(forced: forced) }
                    if let overriding = self as? UIControl { return overriding.flipbookOverrideSaveViewState(forced: forced) }
                    return flipbookSuperSaveViewState(forced: forced)
                }

                /// `saveViewState`'s own body, which an override's `super.saveViewState` reaches (flipbook port).
                public func flipbookSuperSaveViewState(forced: Bool) {
                    saved["alpha"] = alpha
                }
            }
            extension UIControl {
                public func flipbookOverrideSaveViewState(forced: Bool) {
                    flipbookSuperSaveViewState(forced: forced)
                    saved["enabled"] = isEnabled
                }
            }
            extension UIButton {
                public func flipbookOverrideSaveViewState(forced: Bool) {
                    super.flipbookOverrideSaveViewState(forced: forced)
                    saved["title"] = title(for: .normal)
                }
            }
            """))
        #expect(output.leftByHand.isEmpty)
        expectIdempotent([output])
    }
}

extension RealLibraryIdiomRoundNineTests {
    /// A category overriding a read-only category property: the view's getter hands reads to
    /// the overrides and keeps its own value in `flipbookSuper…`.
    @Test func categoryOverridesOfAPropertyAreRedirected() {
        let output = Porter().port(
            """
            import UIKit

            extension UIView {
                @objc var subviewsToSkeleton: [UIView] {
                    subviews
                }
            }
            extension UITableViewCell {
                override var subviewsToSkeleton: [UIView] {
                    contentView.subviews
                }
            }
            extension UIStackView {
                override var subviewsToSkeleton: [UIView] {
                    arrangedSubviews
                }
            }
            """, path: "Subviews.swift")
        #expect(output.text.contains("""
            extension UIView {
                var subviewsToSkeleton: [UIView] {
                    if let overriding = self as? UITableViewCell { return overriding.flipbookOverrideSubviewsToSkeleton }
                    if let overriding = self as? UIStackView { return overriding.flipbookOverrideSubviewsToSkeleton }
                    return flipbookSuperSubviewsToSkeleton
                }

                /// `subviewsToSkeleton`'s own value, for the overrides' hand-over (flipbook port).
                var flipbookSuperSubviewsToSkeleton: [UIView] {
                    subviews
                }
            }
            extension UITableViewCell {
                var flipbookOverrideSubviewsToSkeleton: [UIView] {
                    contentView.subviews
                }
            }
            """))
        #expect(output.leftByHand.isEmpty)
        expectIdempotent([output])
    }
}

extension RealLibraryIdiomRoundNineTests {
    /// A library's swizzle helper exchanging UIView's `layoutSubviews` with its own method (a
    /// second class argument too), and the same call the other way round to undo it.
    @Test func aViewsLayoutSwizzleAndItsUndoing() {
        let output = Porter().port(
            """
            import UIKit

            func swizzle(selector originalSelector: Selector, with swizzledSelector: Selector, inClass: AnyClass, usingClass: AnyClass) {
                guard let originalMethod = class_getInstanceMethod(inClass, originalSelector),
                      let swizzledMethod = class_getInstanceMethod(usingClass, swizzledSelector) else { return }
                method_exchangeImplementations(originalMethod, swizzledMethod)
            }

            extension UIView {
                @objc func skeletonLayoutSubviews() {
                    skeletonLayoutSubviews()
                    layoutSkeletonIfNeeded()
                }
                func layoutSkeletonIfNeeded() {}

                func swizzleLayoutSubviews() {
                    swizzle(selector: #selector(UIView.layoutSubviews), with: #selector(UIView.skeletonLayoutSubviews),
                            inClass: UIView.self, usingClass: UIView.self)
                }
                func unSwizzleLayoutSubviews() {
                    swizzle(selector: #selector(UIView.skeletonLayoutSubviews), with: #selector(UIView.layoutSubviews),
                            inClass: UIView.self, usingClass: UIView.self)
                }
            }
            """, path: "Swizzling.swift")
        #expect(output.text.contains("""
                func skeletonLayoutSubviews() {
                    flipbookOriginalLayoutSubviews()
                    layoutSkeletonIfNeeded()
                }
            """))
        #expect(output.text.contains("UIView.flipbookInterposeLayoutSubviews { $0.skeletonLayoutSubviews() }"))
        #expect(output.text.contains("UIView.flipbookInterposeLayoutSubviews(nil)"))
        #expect(output.leftByHand.isEmpty)
        expectIdempotent([output])
    }
}

extension RealLibraryIdiomRoundNineTests {
    /// A panel library sets `dismiss(animated:completion:)`'s implementation to its own and calls
    /// the saved one through a `@convention(c)` function: the installer becomes the interposition,
    /// the calls `flipbookOriginalDismiss`, and the saved `IMP` and its typealias go.
    @Test func aSetImplementationSwizzleOfDismiss() {
        let output = Porter().port(
            """
            import UIKit

            private var originalDismissImp: IMP?
            private typealias DismissFunction = @convention(c) (AnyObject, Selector, Bool, (() -> Void)?) -> Void
            extension PanelController {
                private static let dismissSwizzling: Void = {
                    guard originalDismissImp == nil else { return }
                    let aClass: AnyClass! = UIViewController.self
                    if let originalMethod = class_getInstanceMethod(aClass, #selector(dismiss(animated:completion:))),
                       let swizzledImp = class_getMethodImplementation(aClass, #selector(__swizzled_dismiss(animated:completion:))) {
                       originalDismissImp = method_setImplementation(originalMethod, swizzledImp)
                    }
                }()
            }

            extension UIViewController {
                @objc
                fileprivate func __swizzled_dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
                    let dismissImp = unsafeBitCast(originalDismissImp, to: DismissFunction.self)
                    let sel = #selector(UIViewController.dismiss(animated:completion:))
                    if let panel = parent as? PanelController {
                        panel.removeFromParentPanel(animated: flag, completion: completion)
                        return
                    }
                    dismissImp(self, sel, flag, completion)
                }
            }
            class PanelController: UIViewController {
                func removeFromParentPanel(animated: Bool, completion: (() -> Void)?) {}
            }
            """, path: "Panel.swift")
        #expect(output.text.contains("""
                private static let dismissSwizzling: Void = {
                    UIViewController.flipbookInterposeDismiss { $0.__swizzled_dismiss(animated: $1, completion: $2) }
                }()
            """))
        #expect(output.text.contains("""
                fileprivate func __swizzled_dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
                    if let panel = parent as? PanelController {
            """))
        #expect(output.text.contains("        flipbookOriginalDismiss(animated: flag, completion: completion)\n"))
        #expect(!output.text.contains("IMP") && !output.text.contains("DismissFunction") && !output.text.contains("unsafeBitCast"))
        #expect(output.leftByHand.isEmpty)
        expectIdempotent([output])
    }
}
