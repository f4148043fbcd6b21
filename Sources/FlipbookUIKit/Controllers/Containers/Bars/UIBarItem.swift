import Foundation
import FlipbookQuartz

/// What tab bar items and bar button items share, UIKit's `UIBarItem`: a title, an image, a
/// tag and whether it is enabled. The bar that shows an item redraws when one of these changes.
@preconcurrency @MainActor
open class UIBarItem: NSObject {
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
    // UIKit's informal UIAccessibility protocol (NSObject's properties), stored with NSObject's
    // defaults; nothing reads them (Flipbook has no assistive technology).

    /// An accessibility identifier for the item (stored).
    open var accessibilityIdentifier: String?
    /// What VoiceOver reads for the item (default nil).
    open var accessibilityLabel: String?
    /// A hint read after the label (default nil).
    open var accessibilityHint: String?
    /// The item's value as text (default nil).
    open var accessibilityValue: String?
    /// Whether the item is an accessibility element (default false).
    open var isAccessibilityElement = false
    /// What the item is and does (default `.none`).
    open var accessibilityTraits: UIAccessibilityTraits = .none
    /// The item's rectangle in screen coordinates (default `.zero`).
    open var accessibilityFrame: CGRect = .zero
    /// Whether VoiceOver ignores the item's siblings (default false).
    open var accessibilityViewIsModal = false
    /// Whether the item's children are hidden from assistive technologies (default false).
    open var accessibilityElementsHidden = false

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
