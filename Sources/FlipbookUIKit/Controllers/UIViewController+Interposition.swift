import Foundation

// The view controller methods libraries swizzle, exchangeable without the Objective-C runtime
// (see CALayer+Interposition.swift in FlipbookQuartz for the rule; docs/Porting.md, "Method
// swizzling"). UIKit's own implementations of the appearance methods do nothing a subclass can
// see, so those originals (`flipbookOriginal…`) do nothing; `flipbookOriginalDismiss` dismisses.
// The replacement runs where UIKit's would: when no subclass overrides the method, or when an
// override calls `super`.

extension UIViewController {
    static var viewDidLoadReplacement: (@MainActor (UIViewController) -> Void)?
    static var viewWillAppearReplacement: (@MainActor (UIViewController, Bool) -> Void)?
    static var viewDidAppearReplacement: (@MainActor (UIViewController, Bool) -> Void)?
    static var viewWillDisappearReplacement: (@MainActor (UIViewController, Bool) -> Void)?
    static var viewDidDisappearReplacement: (@MainActor (UIViewController, Bool) -> Void)?
    static var dismissReplacement: (@MainActor (UIViewController, Bool, (() -> Void)?) -> Void)?

    /// Runs `replacement` where UIKit's `viewDidLoad()` runs, as exchanging the method does on
    /// iOS; nil restores UIKit's.
    public static func flipbookInterposeViewDidLoad(_ replacement: (@MainActor (UIViewController) -> Void)?) {
        viewDidLoadReplacement = replacement
    }
    /// Runs `replacement` where UIKit's `viewWillAppear(_:)` runs; nil restores UIKit's.
    public static func flipbookInterposeViewWillAppear(_ replacement: (@MainActor (UIViewController, Bool) -> Void)?) {
        viewWillAppearReplacement = replacement
    }
    /// Runs `replacement` where UIKit's `viewDidAppear(_:)` runs; nil restores UIKit's.
    public static func flipbookInterposeViewDidAppear(_ replacement: (@MainActor (UIViewController, Bool) -> Void)?) {
        viewDidAppearReplacement = replacement
    }
    /// Runs `replacement` where UIKit's `viewWillDisappear(_:)` runs; nil restores UIKit's.
    public static func flipbookInterposeViewWillDisappear(_ replacement: (@MainActor (UIViewController, Bool) -> Void)?) {
        viewWillDisappearReplacement = replacement
    }
    /// Runs `replacement` where UIKit's `viewDidDisappear(_:)` runs; nil restores UIKit's.
    public static func flipbookInterposeViewDidDisappear(_ replacement: (@MainActor (UIViewController, Bool) -> Void)?) {
        viewDidDisappearReplacement = replacement
    }

    /// Runs `replacement` where UIKit's `dismiss(animated:completion:)` runs (every call, also
    /// UIKit's own, as after `method_setImplementation` on iOS); nil restores UIKit's.
    public static func flipbookInterposeDismiss(_ replacement: (@MainActor (UIViewController, Bool, (() -> Void)?) -> Void)?) {
        dismissReplacement = replacement
    }

    /// UIKit's `dismiss(animated:completion:)`, which a replacement calls to dismiss (unlike the
    /// appearance methods, it does something: the dismissal).
    public func flipbookOriginalDismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        owningRuntime.run { performDismiss(animated: flag, completion: completion) }
    }

    /// UIKit's `viewDidLoad()` (it does nothing): what a swizzled method's call to itself reaches.
    public func flipbookOriginalViewDidLoad() {}
    /// UIKit's `viewWillAppear(_:)` (it does nothing).
    public func flipbookOriginalViewWillAppear(_ animated: Bool) {}
    /// UIKit's `viewDidAppear(_:)` (it does nothing).
    public func flipbookOriginalViewDidAppear(_ animated: Bool) {}
    /// UIKit's `viewWillDisappear(_:)` (it does nothing).
    public func flipbookOriginalViewWillDisappear(_ animated: Bool) {}
    /// UIKit's `viewDidDisappear(_:)` (it does nothing).
    public func flipbookOriginalViewDidDisappear(_ animated: Bool) {}
}
