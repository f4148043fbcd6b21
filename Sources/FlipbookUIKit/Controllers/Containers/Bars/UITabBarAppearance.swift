import Foundation
import FlipbookQuartz

/// How tab bar items look in one state, UIKit's `UITabBarItemStateAppearance`.
@preconcurrency @MainActor
open class UITabBarItemStateAppearance: NSObject {
    /// The title's attributes (`.foregroundColor`, `.font`); empty: the bar's colours.
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Moves the title.
    open var titlePositionAdjustment: UIOffset = .zero
    /// The icon's colour (nil: the bar's colours).
    open var iconColor: UIColor?
    /// Moves the badge (stored).
    open var badgePositionAdjustment: UIOffset = .zero
    /// The badge's colour (nil: the item's `badgeColor`, else system red).
    open var badgeBackgroundColor: UIColor?
    /// The badge text's attributes (`.foregroundColor`, `.font`).
    open var badgeTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Moves the badge's text (stored).
    open var badgeTitlePositionAdjustment: UIOffset = .zero

    override init() { super.init() }

    func takeValues(of other: UITabBarItemStateAppearance) {
        titleTextAttributes = other.titleTextAttributes
        titlePositionAdjustment = other.titlePositionAdjustment
        iconColor = other.iconColor
        badgePositionAdjustment = other.badgePositionAdjustment
        badgeBackgroundColor = other.badgeBackgroundColor
        badgeTextAttributes = other.badgeTextAttributes
        badgeTitlePositionAdjustment = other.badgeTitlePositionAdjustment
    }
}

/// How tab bar items of one layout look, UIKit's `UITabBarItemAppearance` (iOS 13): an
/// appearance per state.
@preconcurrency @MainActor
open class UITabBarItemAppearance: NSObject, NSCopying {
    /// The item layouts, UIKit's `UITabBarItemAppearance.Style` (Apple's raw values).
    public enum Style: Int, Sendable {
        /// Icon above title (iPhone portrait): the layout Flipbook draws.
        case stacked = 0
        /// Icon beside title (iPad).
        case inline = 1
        /// Icon beside title, compact (iPhone landscape).
        case compactInline = 2
    }

    /// Unselected, enabled items.
    open private(set) var normal = UITabBarItemStateAppearance()
    /// The selected item.
    open private(set) var selected = UITabBarItemStateAppearance()
    /// Disabled items.
    open private(set) var disabled = UITabBarItemStateAppearance()
    /// The focused item.
    open private(set) var focused = UITabBarItemStateAppearance()
    let style: Style

    /// An appearance with the defaults for `style`.
    public init(style: UITabBarItemAppearance.Style) {
        self.style = style
        super.init()
    }

    /// An appearance with the defaults for `.stacked`.
    public convenience override init() { self.init(style: .stacked) }

    /// Archives do not exist in Flipbook: a `.stacked` appearance.
    public required init?(coder: NSCoder) {
        style = .stacked
        super.init()
    }

    /// Resets every state to the defaults (no attributes or colours: the bar's draw the items).
    open func configureWithDefault(for style: UITabBarItemAppearance.Style) {
        for state in [normal, selected, disabled, focused] { state.takeValues(of: UITabBarItemStateAppearance()) }
    }

    /// A copy of the same class with the same values.
    public nonisolated func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { makeCopy() }
    }

    func makeCopy() -> UITabBarItemAppearance {
        let copy = UITabBarItemAppearance(style: style)
        copy.normal.takeValues(of: normal)
        copy.selected.takeValues(of: selected)
        copy.disabled.takeValues(of: disabled)
        copy.focused.takeValues(of: focused)
        return copy
    }

    /// The appearance of an item in a state.
    func state(selected isSelected: Bool, enabled: Bool) -> UITabBarItemStateAppearance {
        !enabled ? disabled : (isSelected ? selected : normal)
    }
}

/// A tab bar's appearance, UIKit's `UITabBarAppearance` (iOS 13): the background and shadow of
/// `UIBarAppearance` and the items' appearances per layout. Flipbook draws the stacked layout
/// (docs/Semantics.md, "Tab bar appearances").
@preconcurrency @MainActor
open class UITabBarAppearance: UIBarAppearance {
    /// Items with the icon above the title (iPhone portrait): what Flipbook draws.
    open var stackedLayoutAppearance = UITabBarItemAppearance(style: .stacked)
    /// Items with the icon beside the title (stored).
    open var inlineLayoutAppearance = UITabBarItemAppearance(style: .inline)
    /// Compact inline items (stored).
    open var compactInlineLayoutAppearance = UITabBarItemAppearance(style: .compactInline)
    /// The selection indicator's tint (stored).
    open var selectionIndicatorTintColor: UIColor?
    /// An image behind the selected item (stored).
    open var selectionIndicatorImage: UIImage?
    /// How stacked items are placed (stored; on iPhone they fill the width).
    open var stackedItemPositioning: UITabBar.ItemPositioning = .automatic
    /// Stacked items' width and spacing for centred placement (stored).
    open var stackedItemWidth: CGFloat = 0
    open var stackedItemSpacing: CGFloat = 0

    override func makeCopy() -> UIBarAppearance {
        let copy = UITabBarAppearance(barAppearance: self)
        copy.stackedLayoutAppearance = stackedLayoutAppearance.makeCopy()
        copy.inlineLayoutAppearance = inlineLayoutAppearance.makeCopy()
        copy.compactInlineLayoutAppearance = compactInlineLayoutAppearance.makeCopy()
        copy.selectionIndicatorTintColor = selectionIndicatorTintColor
        copy.selectionIndicatorImage = selectionIndicatorImage
        copy.stackedItemPositioning = stackedItemPositioning
        copy.stackedItemWidth = stackedItemWidth
        copy.stackedItemSpacing = stackedItemSpacing
        return copy
    }
}
