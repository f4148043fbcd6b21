import Foundation
import FlipbookQuartz

/// What tab bar items and bar button items share, UIKit's `UIBarItem`: a title, an image, a
/// tag and whether it is enabled. The bar that shows an item redraws when one of these changes.
@preconcurrency @MainActor
open class UIBarItem: NSObject, AssociatedObjectsHost {
    /// UIKit's `awakeFromNib()`/`prepareForInterfaceBuilder()`, declared on `NSObject` by UIKit so
    /// any object in a nib can override them. Flipbook loads no nibs and never calls them
    /// (docs/Divergences.md, "Nibs"); they are here so overrides keep compiling.
    open func awakeFromNib() {}
    open func prepareForInterfaceBuilder() {}

    /// Associated objects (FlipbookQuartz/AssociatedObjects.swift), released with the item.
    nonisolated(unsafe) package var associatedObjectTable: AssociatedObjectTable?

    /// Creates an empty item.
    public override init() { super.init() }

    /// Interface Builder's initialiser. Flipbook has no archives: this creates an empty item
    /// (appearance proxies are made with it).
    public required init?(coder: NSCoder) { super.init() }

    /// UIAppearance: the appearance properties the item set itself; a proxy's record
    /// (Appearance/UIAppearance.swift).
    var appearanceState = AppearanceInstanceState()

    /// The title shown on the bar.
    open var title: String? {
        get { _title }
        set {
            _title = newValue
            itemDidChange()
        }
    }
    private var _title: String?
    /// The image shown on the bar.
    open var image: UIImage? {
        get { _image }
        set {
            _image = newValue
            itemDidChange()
        }
    }
    private var _image: UIImage?
    /// The image used in landscape on a compact bar (stored; Flipbook draws portrait bars).
    open var landscapeImagePhone: UIImage?
    /// The large-content-viewer image (stored).
    open var largeContentSizeImage: UIImage?
    /// Moves the image from its usual place (stored; not applied).
    open var imageInsets: UIEdgeInsets = .zero
    /// An integer for the app's own use.
    open var tag: Int = 0
    /// Whether the item responds to taps (default true); a disabled item is drawn dimmed.
    open var isEnabled: Bool {
        get { _isEnabled }
        set {
            _isEnabled = newValue
            itemDidChange()
        }
    }
    private var _isEnabled: Bool = true
    // UIKit's informal UIAccessibility protocol (NSObject's properties), `open` here so that
    // items' subclasses override them, kept in the item's associated accessibility box with
    // NSObject's defaults (Appearance/NSObject+Accessibility.swift); nothing reads them.

    /// An accessibility identifier for the item (stored).
    open var accessibilityIdentifier: String? {
        get { AccessibilityBox.attributes(of: self).identifier }
        set { AccessibilityBox.of(self).attributes.identifier = newValue }
    }
    /// What VoiceOver reads for the item (default nil).
    open var accessibilityLabel: String? {
        get { AccessibilityBox.attributes(of: self).label }
        set { AccessibilityBox.of(self).attributes.label = newValue }
    }
    /// A hint read after the label (default nil).
    open var accessibilityHint: String? {
        get { AccessibilityBox.attributes(of: self).hint }
        set { AccessibilityBox.of(self).attributes.hint = newValue }
    }
    /// The item's value as text (default nil).
    open var accessibilityValue: String? {
        get { AccessibilityBox.attributes(of: self).value }
        set { AccessibilityBox.of(self).attributes.value = newValue }
    }
    /// Whether the item is an accessibility element (default false).
    open var isAccessibilityElement: Bool {
        get { AccessibilityBox.attributes(of: self).isElement }
        set { AccessibilityBox.of(self).attributes.isElement = newValue }
    }
    /// What the item is and does (default `.none`).
    open var accessibilityTraits: UIAccessibilityTraits {
        get { AccessibilityBox.attributes(of: self).traits }
        set { AccessibilityBox.of(self).attributes.traits = newValue }
    }
    /// The item's rectangle in screen coordinates (default `.zero`).
    open var accessibilityFrame: CGRect {
        get { AccessibilityBox.attributes(of: self).frame }
        set { AccessibilityBox.of(self).attributes.frame = newValue }
    }
    /// Whether VoiceOver ignores the item's siblings (default false).
    open var accessibilityViewIsModal: Bool {
        get { AccessibilityBox.attributes(of: self).viewIsModal }
        set { AccessibilityBox.of(self).attributes.viewIsModal = newValue }
    }
    /// Whether the item's children are hidden from assistive technologies (default false).
    open var accessibilityElementsHidden: Bool {
        get { AccessibilityBox.attributes(of: self).elementsHidden }
        set { AccessibilityBox.of(self).attributes.elementsHidden = newValue }
    }

    private var titleAttributesByState: [UInt: [NSAttributedString.Key: Any]] = [:]

    /// Text attributes for the title in `state` (`.foregroundColor` and `.font` are used).
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        noteAppearanceSet(
            AppearanceKey(.barItemTitleAttributes, axis: state.rawValue),
            { (item: UIBarItem) in item.setTitleTextAttributes(attributes, for: state) })
        titleAttributesByState[state.rawValue] = attributes
        itemDidChange()
    }

    /// The text attributes set for `state`, nil if none.
    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributesByState[state.rawValue]
    }

    /// Told when anything drawn changed (the bar showing the item redraws).
    var onChange: (() -> Void)?

    func itemDidChange() { onChange?() }
}
