import Foundation
import FlipbookQuartz

/// A bar of bar button items, UIKit's `UIToolbar`; a navigation controller shows one at the
/// bottom with its top controller's `toolbarItems` when `isToolbarHidden` is false.
///
/// Drawn as UIKit draws it: the items in a 44 pt row (the bar continues down over the bottom
/// safe area in a navigation controller), 16 pt from the edges, flexible spaces sharing what
/// is left and fixed spaces their width, tinted with `tintColor`; a light background with a
/// hairline on top.
@preconcurrency @MainActor
open class UIToolbar: UIView, AppearanceItemHost {
    /// The height of the item row in points.
    public static let itemRowHeight: CGFloat = 44

    /// The items, left to right.
    open var items: [UIBarButtonItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }
    private var storedItems: [UIBarButtonItem]?

    /// The background colour (nil: UIKit's translucent light grey).
    open var barTintColor: UIColor? {
        get { _barTintColor }
        set {
            noteAppearanceSet(AppearanceKey(.toolbarTintColor), { (bar: UIToolbar) in bar.barTintColor = newValue })
            _barTintColor = newValue
            applyBackground()
        }
    }
    private var _barTintColor: UIColor?
    /// Whether the default background is slightly see-through (default true).
    open var isTranslucent: Bool {
        get { _isTranslucent }
        set {
            noteAppearanceSet(AppearanceKey(.toolbarTranslucent), { (bar: UIToolbar) in bar.isTranslucent = newValue })
            _isTranslucent = newValue
            applyBackground()
            // The container lays its content out again: under a translucent bar, or below an opaque one.
            superview?.setNeedsLayout()
        }
    }
    private var _isTranslucent: Bool = true

    let backgroundView = UIView(frame: .zero)
    let hairline = UIView(frame: .zero)
    private var itemViews: [BarButtonItemView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// Archives do not exist in Flipbook: creates an empty toolbar.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for v in [backgroundView, hairline] {
            v.isUserInteractionEnabled = false
            addSubview(v)
        }
        applyBackground()
    }

    /// The appearance of a toolbar of standard height, UIKit's `standardAppearance` (a copy of
    /// what is assigned; until code assigns one, the default appearance and the older
    /// properties, `barTintColor`, `isTranslucent` and the background images, draw the bar).
    open var standardAppearance: UIToolbarAppearance {
        get {
            if let stored = appearances.standard { return stored }
            let made = UIToolbarAppearance(idiom: UIDevice.current.userInterfaceIdiom)
            appearances.standard = made
            return made
        }
        set {
            appearances.standard = newValue.copy() as? UIToolbarAppearance
            appearances.assigned = true
            applyBackground()
        }
    }

    /// The appearance of a compact-height toolbar (nil: `standardAppearance`).
    open var compactAppearance: UIToolbarAppearance? {
        get { appearances.compact }
        set {
            appearances.compact = newValue?.copy() as? UIToolbarAppearance
            appearances.assigned = true
            applyBackground()
        }
    }

    /// The appearance when scrolled content's edge meets the bar (stored; Flipbook's toolbars
    /// use `standardAppearance`, docs/Divergences.md, "Toolbar appearance").
    open var scrollEdgeAppearance: UIToolbarAppearance? {
        get { appearances.scrollEdge }
        set {
            appearances.scrollEdge = newValue?.copy() as? UIToolbarAppearance
            appearances.assigned = true
            applyBackground()
        }
    }

    /// The compact-height form of `scrollEdgeAppearance` (stored, as it).
    open var compactScrollEdgeAppearance: UIToolbarAppearance? {
        get { appearances.compactScrollEdge }
        set {
            appearances.compactScrollEdge = newValue?.copy() as? UIToolbarAppearance
            appearances.assigned = true
            applyBackground()
        }
    }

    /// Sets the image drawn as the bar's background at `topOrBottom` with `barMetrics` (an
    /// image without pixels, `UIImage()`, makes the bar see-through).
    open func setBackgroundImage(_ backgroundImage: UIImage?, forToolbarPosition topOrBottom: UIBarPosition, barMetrics: UIBarMetrics) {
        appearances.backgroundImages[ToolbarImageKey(position: topOrBottom, metrics: barMetrics)] = backgroundImage
        applyBackground()
    }

    /// The background image set for `topOrBottom` and `barMetrics`, if any.
    open func backgroundImage(forToolbarPosition topOrBottom: UIBarPosition, barMetrics: UIBarMetrics) -> UIImage? {
        appearances.backgroundImages[ToolbarImageKey(position: topOrBottom, metrics: barMetrics)]
    }

    /// Sets the image drawn in place of the hairline at `topOrBottom` (used only with a custom
    /// background image, as in UIKit; `UIImage()` hides the hairline).
    open func setShadowImage(_ shadowImage: UIImage?, forToolbarPosition topOrBottom: UIBarPosition) {
        appearances.shadowImages[topOrBottom] = shadowImage
        applyBackground()
    }

    /// The shadow image set for `topOrBottom`, if any.
    open func shadowImage(forToolbarPosition topOrBottom: UIBarPosition) -> UIImage? {
        appearances.shadowImages[topOrBottom]
    }

    /// The appearances and bar images (`UIBarAppearance.swift`).
    var appearances = ToolbarAppearances()

    /// Draws the background and hairline `resolvedBackground` answers (`UIBarAppearance.swift`).
    func applyBackground() {
        let resolved = resolvedBackground
        backgroundView.backgroundColor = resolved.image == nil ? resolved.color : nil
        backgroundView.layer.contents = resolved.image?.cgImage
        hairline.backgroundColor = resolved.hairline
        hairline.isHidden = resolved.hairline == nil
    }

    /// Replaces the items (Flipbook does not animate the change).
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        storedItems = items
        rebuild()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        rebuild()
    }

    private func rebuild() {
        for v in itemViews { v.removeFromSuperview() }
        if let registry = itemAppearanceRegistry { applyItemAppearance(registry, to: storedItems ?? []) }
        let tint: UIColor = tintColor ?? .systemBlue
        itemViews = (storedItems ?? []).filter { !$0.isHidden }.map { item in
            item.onChange = { [weak self] in self?.rebuild() }
            return BarButtonItemView(item: item, tint: tint)
        }
        for v in itemViews { addSubview(v) }
        setNeedsLayout()
    }

    /// The items (UIAppearance applies the bar items' proxies to them).
    var appearanceItems: [UIBarItem] { storedItems ?? [] }

    func appearanceItemsDidChange() { rebuild() }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.itemRowHeight) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        backgroundView.frame = b
        hairline.frame = CGRect(x: 0, y: 0, width: b.width, height: 1.0 / 3.0)
        let margin = UINavigationBar.margin, spacing = UINavigationBar.itemSpacing
        let flexible = itemViews.filter { $0.item.systemItem == .flexibleSpace }.count
        let fixedWidth = itemViews.filter { $0.item.systemItem != .flexibleSpace }.reduce(0) { $0 + $1.naturalWidth }
        let gaps = CGFloat(max(0, itemViews.count - 1)) * spacing
        let spare = max(0, b.width - 2 * margin - fixedWidth - gaps)
        var x = margin
        for v in itemViews {
            let w = v.item.systemItem == .flexibleSpace ? spare / CGFloat(max(1, flexible)) : v.naturalWidth
            v.frame = CGRect(x: x, y: 0, width: w, height: Self.itemRowHeight)
            x += w + spacing
        }
    }
}
