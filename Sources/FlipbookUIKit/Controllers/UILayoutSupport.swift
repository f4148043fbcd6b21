import Foundation

/// A rectangle at the top or bottom of a controller's view that bars cover, UIKit's
/// `UILayoutSupport` (`topLayoutGuide`, `bottomLayoutGuide`; deprecated since iOS 11 in favour
/// of the safe area, and in Flipbook exactly the safe area's top and bottom strips).
@preconcurrency @MainActor
public protocol UILayoutSupport: NSObjectProtocol {
    /// The height of the strip, in points.
    var length: CGFloat { get }
    var topAnchor: NSLayoutYAxisAnchor { get }
    var bottomAnchor: NSLayoutYAxisAnchor { get }
    var heightAnchor: NSLayoutDimension { get }
}

/// A controller's top or bottom layout guide: a system guide of its view whose frame the
/// engine pins each pass, from the view's top to the top of its safe area (top guide), or from
/// the bottom of the safe area to the view's bottom (bottom guide).
@preconcurrency @MainActor
final class LayoutSupportGuide: UILayoutGuide, UILayoutSupport {
    let isTop: Bool

    init(top: Bool) {
        isTop = top
        // A system guide: the engine pins it to `layoutFrame` (overridden here) every pass.
        super.init(systemKind: .safeArea, identifier: top ? "_UILayoutGuide top" : "_UILayoutGuide bottom", owner: nil)
    }

    override var layoutFrame: CGRect {
        guard let v = owningViewStorage else { return .zero }
        let b = v.bounds, insets = v.safeAreaInsets
        return isTop
            ? CGRect(x: b.minX, y: b.minY, width: b.width, height: max(0, insets.top))
            : CGRect(x: b.minX, y: b.maxY - max(0, insets.bottom), width: b.width, height: max(0, insets.bottom))
    }

    var length: CGFloat { layoutFrame.height }
}

extension UIViewController {
    /// The controller's top or bottom guide on its (loaded) view, made on first use.
    func layoutSupportGuide(top: Bool) -> LayoutSupportGuide {
        let view: UIView = self.view
        let existing = top ? layoutSupportGuides.top : layoutSupportGuides.bottom
        if let existing, existing.owningViewStorage === view { return existing }
        let guide = LayoutSupportGuide(top: top)
        guide.owningViewStorage = view
        if top { layoutSupportGuides.top = guide } else { layoutSupportGuides.bottom = guide }
        return guide
    }
}
