import Foundation
import FlipbookQuartz

/// The bar of tab buttons at the bottom of a tab bar controller, UIKit's `UITabBar`.
///
/// Drawn as iOS draws it (docs/Semantics.md, "Tab bar controller"): the items sit in the top
/// 49 pt of the bar, which continues down over the bottom safe area; on iPhone they share the
/// width equally; each shows its icon above its title (10 pt), tinted with `tintColor` when
/// selected and `unselectedItemTintColor` (system grey) otherwise, with its badge at the
/// icon's top right. A translucent light background with a hairline on top. Taps arrive
/// through the touch system: an item's button sends `touchUpInside`, the bar selects the item
/// and tells its delegate.
@preconcurrency @MainActor
open class UITabBar: UIView, AppearanceItemHost {
    /// The height of the item row in points (the bar adds the bottom safe area below it).
    public static let itemRowHeight: CGFloat = 49

    /// How items are placed, UIKit's `UITabBar.ItemPositioning`.
    public enum ItemPositioning: Int, Sendable {
        case automatic = 0, fill, centered
    }

    /// Told when the user taps an item. Weak, as in UIKit.
    open weak var delegate: UITabBarDelegate?

    /// The items, left to right.
    open var items: [UITabBarItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }
    private var storedItems: [UITabBarItem]?

    /// The selected item (nil: none). Setting an item that is not in `items` is reported and
    /// ignored.
    open var selectedItem: UITabBarItem? {
        get { storedSelectedItem }
        set {
            if let newValue, !(storedItems ?? []).contains(where: { $0 === newValue }) {
                FlipbookDiagnostics.report(
                    "UITabBar.selectedItem: the item (\(newValue.title ?? "untitled")) is not one of the bar's items; "
                        + "ignored.")
                return
            }
            storedSelectedItem = newValue
            refreshButtons()
        }
    }
    private var storedSelectedItem: UITabBarItem?

    /// The colour of unselected items (nil: system grey).
    open var unselectedItemTintColor: UIColor? {
        get { _unselectedItemTintColor }
        set {
            noteAppearanceSet(
                AppearanceKey(.tabBarUnselectedItemTintColor), { (bar: UITabBar) in bar.unselectedItemTintColor = newValue })
            _unselectedItemTintColor = newValue
            refreshButtons()
        }
    }
    private var _unselectedItemTintColor: UIColor?
    /// The selected item's colour (UIKit's older name; nil: `tintColor`).
    open var selectedImageTintColor: UIColor? {
        get { _selectedImageTintColor }
        set {
            noteAppearanceSet(
                AppearanceKey(.tabBarSelectedImageTintColor), { (bar: UITabBar) in bar.selectedImageTintColor = newValue })
            _selectedImageTintColor = newValue
            refreshButtons()
        }
    }
    private var _selectedImageTintColor: UIColor?
    /// The background colour (nil: UIKit's translucent light grey).
    open var barTintColor: UIColor? {
        get { _barTintColor }
        set {
            noteAppearanceSet(AppearanceKey(.tabBarTintColor), { (bar: UITabBar) in bar.barTintColor = newValue })
            _barTintColor = newValue
            applyBackground()
        }
    }
    private var _barTintColor: UIColor?
    /// Whether the background is slightly see-through (default true).
    open var isTranslucent: Bool {
        get { _isTranslucent }
        set {
            noteAppearanceSet(AppearanceKey(.tabBarTranslucent), { (bar: UITabBar) in bar.isTranslucent = newValue })
            _isTranslucent = newValue
            applyBackground()
            // The container lays its content out again: under a translucent bar, or below an opaque one.
            superview?.setNeedsLayout()
        }
    }
    private var _isTranslucent: Bool = true
    /// A background image, drawn instead of the bar's background colour, stretched over the bar;
    /// an image without pixels (`UIImage()`) draws nothing, so a translucent bar is fully
    /// transparent (docs/Semantics.md, "Bar backgrounds").
    open var backgroundImage: UIImage? {
        didSet {
            let value = backgroundImage
            noteAppearanceSet(AppearanceKey(.tabBarBackgroundImage), { (bar: UITabBar) in bar.backgroundImage = value })
            applyBackground()
            setNeedsLayout()
        }
    }
    /// The hairline image on top, drawn in the hairline's place while a background image is set
    /// too (as in UIKit); an empty image hides the hairline.
    open var shadowImage: UIImage? {
        didSet {
            let value = shadowImage
            noteAppearanceSet(AppearanceKey(.tabBarShadowImage), { (bar: UITabBar) in bar.shadowImage = value })
            applyBackground()
            setNeedsLayout()
        }
    }
    /// How items are placed (stored; on iPhone they fill the width).
    open var itemPositioning: ItemPositioning = .automatic
    /// Item width and spacing for centred positioning (stored).
    open var itemWidth: CGFloat = 0
    open var itemSpacing: CGFloat = 0

    // MARK: Appearances (iOS 13)

    /// The standard and scroll-edge appearances (copies) and whether code assigned one.
    private var storedStandardAppearance: UITabBarAppearance?
    private var storedScrollEdgeAppearance: UITabBarAppearance?
    private var appearancesAssigned = false

    /// The bar's appearance (a copy of what is assigned). Once code assigns one, it draws the
    /// bar: its background and hairline, and its stacked layout's item colours; before that,
    /// the older properties draw it.
    open var standardAppearance: UITabBarAppearance {
        get {
            if let stored = storedStandardAppearance { return stored }
            let made = UITabBarAppearance(idiom: UIDevice.current.userInterfaceIdiom)
            made.onChange = { [weak self] in self?.tabAppearancesDidChange() }
            storedStandardAppearance = made
            return made
        }
        set {
            noteAppearanceSet(AppearanceKey(.tabBarStandardAppearance), { (bar: UITabBar) in bar.standardAppearance = newValue })
            let copy = newValue.copy() as? UITabBarAppearance
            copy?.onChange = { [weak self] in self?.tabAppearancesDidChange() }
            storedStandardAppearance = copy
            appearancesAssigned = true
            tabAppearancesDidChange()
        }
    }

    /// The appearance when scrolled content reaches the bar's edge (iOS 15; a copy). Stored:
    /// Flipbook's tab bars draw `standardAppearance` (docs/Semantics.md, "Tab bar appearances").
    open var scrollEdgeAppearance: UITabBarAppearance? {
        get { storedScrollEdgeAppearance }
        set {
            noteAppearanceSet(AppearanceKey(.tabBarScrollEdgeAppearance), { (bar: UITabBar) in bar.scrollEdgeAppearance = newValue })
            storedScrollEdgeAppearance = newValue?.copy() as? UITabBarAppearance
            appearancesAssigned = true
            tabAppearancesDidChange()
        }
    }

    /// The appearance drawn now (nil while the older properties draw the bar).
    var drawnTabAppearance: UITabBarAppearance? { appearancesAssigned ? standardAppearance : nil }

    private func tabAppearancesDidChange() {
        applyBackground()
        refreshButtons()
        setNeedsLayout()
    }

    let backgroundView = UIView(frame: .zero)
    /// The background image, over the whole bar.
    let backgroundImageView = UIImageView(frame: .zero)
    let hairline = UIView(frame: .zero)
    /// A custom shadow image with pixels, on top of the bar in the hairline's place.
    let shadowImageView = UIImageView(frame: .zero)
    private(set) var buttons: [TabBarButton] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// Archives do not exist in Flipbook: creates an empty bar.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        backgroundImageView.contentMode = .scaleToFill
        shadowImageView.contentMode = .scaleToFill
        for v in [backgroundView, backgroundImageView, hairline, shadowImageView] {
            v.isUserInteractionEnabled = false
            addSubview(v)
        }
        applyBackground()
    }

    private func applyBackground() {
        if let appearance = drawnTabAppearance {
            let fallback = UIColor(white: 0.97, alpha: 0.94)
            backgroundView.backgroundColor = appearance.backgroundColor ?? (appearance.backgroundEffect != nil ? fallback : .clear)
            backgroundImageView.image = appearance.backgroundImage.flatMap { $0.hasPixels ? $0 : nil }
            backgroundImageView.contentMode = appearance.backgroundImageContentMode
            backgroundImageView.isHidden = backgroundImageView.image == nil
            if let shadow = appearance.shadowImage {
                shadowImageView.image = shadow.hasPixels ? shadow : nil
                hairline.isHidden = true
            } else {
                shadowImageView.image = nil
                hairline.backgroundColor = appearance.shadowColor
                hairline.isHidden = appearance.shadowColor == nil || appearance.shadowColor?.cgColor.alpha == 0
            }
            shadowImageView.isHidden = shadowImageView.image == nil
            return
        }
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        backgroundImageView.contentMode = .scaleToFill
        if let image = backgroundImage {
            // As the navigation bar: the image replaces the background; an opaque bar puts an
            // opaque colour under an image with transparency.
            backgroundView.backgroundColor = isTranslucent ? .clear : (barTintColor ?? .white)
            backgroundImageView.image = image.hasPixels ? image : nil
        } else {
            backgroundView.backgroundColor = barTintColor ?? UIColor(white: 0.97, alpha: isTranslucent ? 0.94 : 1)
            backgroundImageView.image = nil
        }
        backgroundImageView.isHidden = backgroundImageView.image == nil
        let shadow = backgroundImage == nil ? nil : shadowImage
        shadowImageView.image = shadow.flatMap { $0.hasPixels ? $0 : nil }
        shadowImageView.isHidden = shadowImageView.image == nil
        hairline.isHidden = shadow != nil
    }

    /// Replaces the items (the selection is kept when its item stays, else cleared).
    open func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        for item in storedItems ?? [] { item.onChange = nil }
        var unique: [UITabBarItem] = []
        for item in items ?? [] where !unique.contains(where: { $0 === item }) { unique.append(item) }
        if (items?.count ?? 0) != unique.count {
            FlipbookDiagnostics.report("UITabBar.setItems(_:animated:): an item appears more than once; the repeat is dropped.")
        }
        storedItems = items == nil ? nil : unique
        if let selected = storedSelectedItem, !unique.contains(where: { $0 === selected }) { storedSelectedItem = nil }
        for button in buttons { button.removeFromSuperview() }
        if let registry = itemAppearanceRegistry { applyItemAppearance(registry, to: unique) }
        buttons = unique.map { item in
            let button = TabBarButton(item: item)
            button.addTarget(self, action: { bar, button in bar.buttonTapped(button) }, for: .touchUpInside)
            item.onChange = { [weak self, weak button] in
                button?.refresh()
                self?.setNeedsLayout()
            }
            addSubview(button)
            return button
        }
        refreshButtons()
        setNeedsLayout()
    }

    /// The tab bar controller that owns this bar (it decides what a tap selects).
    weak var owningTabBarController: UITabBarController?

    // MARK: Customizing

    private var customizingItems: [UITabBarItem]?

    /// Whether `beginCustomizingItems(_:)` began customizing and it has not ended.
    open var isCustomizing: Bool { customizingItems != nil }

    /// Begins customizing: UIKit shows a sheet of `items` to drag onto the bar. Flipbook keeps the
    /// state only (no sheet is drawn, docs/Divergences.md "Tab bar customizing"): the delegate
    /// hears `willBeginCustomizing` and `didBeginCustomizing`, and `isCustomizing` is true until
    /// `endCustomizing(animated:)`. A call while customizing changes the items offered.
    open func beginCustomizingItems(_ items: [UITabBarItem]) {
        if customizingItems != nil {
            customizingItems = items
            return
        }
        delegate?.tabBar(self, willBeginCustomizing: items)
        customizingItems = items
        delegate?.tabBar(self, didBeginCustomizing: items)
    }

    /// Ends customizing; returns whether the bar's items changed (never, as nothing can be
    /// dragged here). The delegate hears `willEndCustomizing` and `didEndCustomizing` with the
    /// bar's items. Not customizing: false, nothing told.
    @discardableResult
    open func endCustomizing(animated: Bool) -> Bool {
        guard customizingItems != nil else { return false }
        let current = storedItems ?? []
        delegate?.tabBar(self, willEndCustomizing: current, changed: false)
        customizingItems = nil
        delegate?.tabBar(self, didEndCustomizing: current, changed: false)
        return false
    }

    private func buttonTapped(_ button: TabBarButton) {
        guard button.item.isEnabled else { return }
        if let controller = owningTabBarController {
            controller.tabBarItemTapped(button.item)
            return
        }
        storedSelectedItem = button.item
        refreshButtons()
        delegate?.tabBar(self, didSelect: button.item)
    }

    /// The colour of a selected item.
    var selectedColor: UIColor { selectedImageTintColor ?? tintColor ?? .systemBlue }
    /// The colour of an unselected item.
    var unselectedColor: UIColor { unselectedItemTintColor ?? .systemGray }

    func refreshButtons() {
        for button in buttons {
            button.isSelected = button.item === storedSelectedItem
            button.selectedColor = selectedColor
            button.unselectedColor = unselectedColor
            button.itemAppearance = drawnTabAppearance?.stackedLayoutAppearance
            button.refresh()
        }
    }

    /// The items (UIAppearance applies the bar items' proxies to them).
    var appearanceItems: [UIBarItem] { storedItems ?? [] }

    func appearanceItemsDidChange() {
        refreshButtons()
        setNeedsLayout()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        refreshButtons()
    }

    /// The bar's natural size: the item row plus the bottom safe area.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.itemRowHeight + (superview?.safeAreaInsets.bottom ?? 0))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        backgroundView.frame = b
        backgroundImageView.frame = b
        hairline.frame = CGRect(x: 0, y: 0, width: b.width, height: 1.0 / 3.0)
        if let shadow = shadowImageView.image {
            let h = max(shadow.size.height, 1.0 / 3.0)
            shadowImageView.frame = CGRect(x: 0, y: -h, width: b.width, height: h)
        }
        guard !buttons.isEmpty else { return }
        let width = b.width / CGFloat(buttons.count)
        for (i, button) in buttons.enumerated() {
            button.frame = CGRect(
                x: b.width * CGFloat(i) / CGFloat(buttons.count), y: 0, width: width, height: Self.itemRowHeight)
        }
    }

    /// The frame of `item`'s button in the bar's coordinates (nil if the item is not shown).
    func frame(of item: UITabBarItem) -> CGRect? {
        layoutIfNeeded()
        return buttons.first { $0.item === item }?.frame
    }
}

/// One item's button in a tab bar: the icon above the title, and the badge.
@preconcurrency @MainActor
final class TabBarButton: UIControl {
    let item: UITabBarItem
    /// The icon: the image drawn as a template in the item's colour.
    let iconView = UIImageView(frame: .zero)
    let titleLabel = UILabel(frame: .zero)
    let badgeView = UIView(frame: .zero)
    let badgeLabel = UILabel(frame: .zero)
    var selectedColor: UIColor = .systemBlue
    var unselectedColor: UIColor = .systemGray
    /// The bar's appearance for its items, when one draws the bar.
    var itemAppearance: UITabBarItemAppearance?

    /// The icon's box: 30 × 30 pt at most, centred, its middle 18 pt below the bar's top.
    static let iconCentreY: CGFloat = 18
    static let maximumIconSide: CGFloat = 30
    /// The title's box: 10 pt text whose line sits 34 pt below the bar's top.
    static let titleTop: CGFloat = 34
    static let titleHeight: CGFloat = 12
    static let badgeHeight: CGFloat = 18

    init(item: UITabBarItem) {
        self.item = item
        super.init(frame: .zero)
        titleLabel.font = .systemFont(ofSize: 10, weight: .medium)
        titleLabel.textAlignment = .center
        badgeView.isUserInteractionEnabled = false
        badgeView.layer.cornerRadius = Self.badgeHeight / 2
        badgeLabel.font = .systemFont(ofSize: 13)
        badgeLabel.textColor = .white
        badgeLabel.textAlignment = .center
        addSubview(iconView)
        addSubview(titleLabel)
        addSubview(badgeView)
        badgeView.addSubview(badgeLabel)
        refresh()
    }

    required init?(coder: NSCoder) { nil }

    /// The colour the item is drawn in now.
    var currentColor: UIColor {
        let color = isSelected ? selectedColor : unselectedColor
        return item.isEnabled ? color : color.withAlphaComponent(0.35)
    }

    /// The appearance state the item is drawn with (nil without a bar appearance).
    var stateAppearance: UITabBarItemStateAppearance? {
        itemAppearance?.state(selected: isSelected, enabled: item.isEnabled)
    }

    func refresh() {
        let shown = stateAppearance
        // The appearance's icon colour for the state wins; then the bar's colours.
        let color = shown?.iconColor ?? currentColor
        let image = (isSelected ? item.selectedImage : nil) ?? item.image
        iconView.image = image.map { TemplateImage.tinted($0, with: color) }
        iconView.isHidden = image == nil
        let state: UIControl.State = isSelected ? .selected : .normal
        var attributes = item.titleTextAttributes(for: state) ?? item.titleTextAttributes(for: .normal)
        if let shown, !shown.titleTextAttributes.isEmpty {
            attributes = (attributes ?? [:]).merging(shown.titleTextAttributes) { _, new in new }
        }
        titleLabel.text = item.title
        titleLabel.textColor = (attributes?[.foregroundColor] as? UIColor) ?? (shown?.iconColor ?? currentColor)
        titleLabel.font = (attributes?[.font] as? UIFont) ?? .systemFont(ofSize: 10, weight: .medium)
        badgeView.isHidden = item.badgeValue == nil
        badgeView.backgroundColor = item.badgeColor ?? shown?.badgeBackgroundColor ?? .systemRed
        badgeLabel.textColor = (shown?.badgeTextAttributes[.foregroundColor] as? UIColor) ?? .white
        if let font = shown?.badgeTextAttributes[.font] as? UIFont { badgeLabel.font = font }
        badgeLabel.text = item.badgeValue
        setNeedsLayout()
    }

    override var isSelected: Bool {
        didSet { if oldValue != isSelected { refresh() } }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        var iconSize = item.image?.size ?? .zero
        let longest = max(iconSize.width, iconSize.height)
        if longest > Self.maximumIconSide {
            iconSize = CGSize(
                width: iconSize.width * Self.maximumIconSide / longest, height: iconSize.height * Self.maximumIconSide / longest)
        }
        let hasImage = item.image != nil
        var shift = item.titlePositionAdjustment
        if let extra = stateAppearance?.titlePositionAdjustment {
            shift = UIOffset(horizontal: shift.horizontal + extra.horizontal, vertical: shift.vertical + extra.vertical)
        }
        iconView.frame = CGRect(
            x: b.midX - iconSize.width / 2, y: Self.iconCentreY - iconSize.height / 2, width: iconSize.width,
            height: iconSize.height)
        // Without an image the title sits in the middle of the row.
        let titleTop = hasImage ? Self.titleTop : (b.height - Self.titleHeight) / 2
        titleLabel.frame = CGRect(
            x: 2 + shift.horizontal, y: titleTop + shift.vertical, width: max(0, b.width - 4), height: Self.titleHeight)
        // The badge: at least a circle, its left edge 6 pt right of the icon's centre, its top
        // 2 pt below the bar's top; an empty badge is an 8 pt dot.
        if let value = item.badgeValue {
            let anchorX = hasImage ? b.midX + 6 : b.midX + titleLabel.measure(maxWidth: nil).width / 2 - 4
            if value.isEmpty {
                badgeView.frame = CGRect(x: anchorX, y: 4, width: 8, height: 8)
                badgeView.layer.cornerRadius = 4
            } else {
                let textWidth = badgeLabel.measure(maxWidth: nil).width
                let width = max(Self.badgeHeight, textWidth + 10)
                badgeView.frame = CGRect(x: anchorX, y: 2, width: width, height: Self.badgeHeight)
                badgeView.layer.cornerRadius = Self.badgeHeight / 2
            }
            badgeLabel.frame = badgeView.bounds
        }
    }
}
