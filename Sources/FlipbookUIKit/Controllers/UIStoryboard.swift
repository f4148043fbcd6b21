import Foundation
import FlipbookQuartz

/// An Interface Builder storyboard, UIKit's `UIStoryboard`.
///
/// Flipbook reads no Interface Builder files, so a storyboard holds nothing: code that loads one
/// compiles, and each attempt to make a controller from it is reported through
/// `FlipbookDiagnostics`. `instantiateViewController(withIdentifier:)` then returns an empty
/// `UIViewController` (UIKit's answer is never nil), `instantiateInitialViewController()` nil.
/// No controller has a `storyboard` (docs/Divergences.md, "Storyboards").
@preconcurrency @MainActor
open class UIStoryboard: NSObject {
    /// The storyboard file's name, as given.
    let name: String

    /// A storyboard named `name` in `storyboardBundleOrNil` (the main bundle when nil).
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name
        super.init()
    }

    /// The storyboard's initial controller: always nil (reported).
    open func instantiateInitialViewController() -> UIViewController? {
        FlipbookDiagnostics.report(
            "UIStoryboard(name: \"\(name)\").instantiateInitialViewController(): Flipbook reads no storyboards; "
                + "returning nil. Make the controller in code.")
        return nil
    }

    /// The controller with `identifier`: an empty `UIViewController` (reported).
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        FlipbookDiagnostics.report(
            "UIStoryboard(name: \"\(name)\").instantiateViewController(withIdentifier: \"\(identifier)\"): Flipbook reads "
                + "no storyboards; returning an empty UIViewController. Make the controller in code.")
        return UIViewController()
    }
}

extension UIViewController {
    /// The storyboard the controller was made from: always nil in Flipbook (no storyboards).
    public var storyboard: UIStoryboard? { nil }
}
