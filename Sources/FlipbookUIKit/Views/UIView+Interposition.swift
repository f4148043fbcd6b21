import Foundation

// The view methods libraries swizzle, exchangeable without the Objective-C runtime (see
// CALayer+Interposition.swift in FlipbookQuartz for the rule; docs/Porting.md, "Method
// swizzling"). UIView's own `layoutSubviews()` and `traitCollectionDidChange(_:)` do nothing a
// subclass can see (Flipbook applies constraints in its layout pass, around them), so the
// originals (`flipbookOriginal…`) do nothing; the replacement runs where UIView's would: for a
// view whose class does not override the method, or whose override calls `super`.

extension UIView {
    static var layoutSubviewsReplacement: (@MainActor (UIView) -> Void)?
    static var traitCollectionDidChangeReplacement: (@MainActor (UIView, UITraitCollection?) -> Void)?

    /// Runs `replacement` where UIView's `layoutSubviews()` runs, as exchanging the method does
    /// on iOS; nil restores UIView's.
    public static func flipbookInterposeLayoutSubviews(_ replacement: (@MainActor (UIView) -> Void)?) {
        layoutSubviewsReplacement = replacement
    }
    /// Runs `replacement` where UIView's `traitCollectionDidChange(_:)` runs; nil restores UIView's.
    public static func flipbookInterposeTraitCollectionDidChange(_ replacement: (@MainActor (UIView, UITraitCollection?) -> Void)?) {
        traitCollectionDidChangeReplacement = replacement
    }

    /// UIView's `layoutSubviews()` (it does nothing): what a swizzled method's call to itself reaches.
    public func flipbookOriginalLayoutSubviews() {}
    /// UIView's `traitCollectionDidChange(_:)` (it does nothing).
    public func flipbookOriginalTraitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
}
