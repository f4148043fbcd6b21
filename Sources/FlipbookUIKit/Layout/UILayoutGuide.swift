import Foundation

/// A rectangle Auto Layout can position without a view, UIKit's `UILayoutGuide`.
///
/// Its `layoutFrame` is in its owning view's bounds space. The safe-area and margins guides
/// of a view (`safeAreaLayoutGuide`, `layoutMarginsGuide`) are system guides whose frame the
/// engine pins each pass to the view's bounds inset by `safeAreaInsets` / the layout margins.
@preconcurrency @MainActor
open class UILayoutGuide: NSObject, LayoutItem {
    enum SystemKind { case none, safeArea, layoutMargins, scrollContent, scrollFrame }
    let systemKind: SystemKind
    weak var owningViewStorage: UIView?
    var solvedFrame: CGRect = .zero

    /// A name shown in logs.
    open var identifier: String = ""

    public override init() { systemKind = .none }
    /// A guide the system makes for `owner` on first use (its safe area, its margins, a scroll
    /// view's content and frame, a controller's layout support), named `identifier` in logs.
    init(systemKind: SystemKind, identifier: String, owner: UIView?) {
        self.systemKind = systemKind
        super.init()
        self.identifier = identifier
        owningViewStorage = owner
    }

    /// The view that owns the guide (set by `UIView.addLayoutGuide(_:)`).
    open var owningView: UIView? {
        get { owningViewStorage }
        set {
            if let newValue { newValue.addLayoutGuide(self) } else { owningViewStorage?.removeLayoutGuide(self) }
        }
    }

    /// The guide's rectangle in its owning view's bounds space (after the last layout pass for
    /// user guides; always current for system guides).
    open var layoutFrame: CGRect {
        guard let v = owningViewStorage else { return .zero }
        switch systemKind {
        case .safeArea: return v.bounds.inset(by: v.safeAreaInsets)
        case .layoutMargins: return v.bounds.inset(by: v.effectiveLayoutMargins)
        // A scroll view's guides (ScrollViews/UIScrollView+Insets.swift).
        case .scrollContent: return CGRect(origin: .zero, size: (v as? UIScrollView)?.contentSize ?? .zero)
        case .scrollFrame: return v.bounds
        case .none: return solvedFrame
        }
    }

    var layoutCoordinateParent: UIView? { owningViewStorage }
    var layoutOwningView: UIView? { owningViewStorage }

    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}

extension UILayoutGuide {
    /// For the safe-area and margins guides, the insets from the owner's bounds that make
    /// `layoutFrame`; nil for other guides (a controller's top and bottom layout guides are
    /// strips of the safe area, not its inside: the engine pins them whole).
    var systemInsets: UIEdgeInsets? {
        guard let v = owningViewStorage, !(self is LayoutSupportGuide) else { return nil }
        switch systemKind {
        case .safeArea: return v.safeAreaInsets
        case .layoutMargins: return v.effectiveLayoutMargins
        case .scrollContent, .scrollFrame, .none: return nil
        }
    }
}
