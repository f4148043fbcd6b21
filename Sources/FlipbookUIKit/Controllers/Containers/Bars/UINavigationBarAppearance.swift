import Foundation
import FlipbookQuartz

/// How bar button items look in one state, UIKit's `UIBarButtonItemStateAppearance`.
@preconcurrency @MainActor
open class UIBarButtonItemStateAppearance: NSObject {
    /// The title's attributes (`.foregroundColor`, `.font`).
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Moves the title.
    open var titlePositionAdjustment: UIOffset = .zero
    /// An image behind the item (stored).
    open var backgroundImage: UIImage?
    /// Moves the background image (stored).
    open var backgroundImagePositionAdjustment: UIOffset = .zero

    override init() { super.init() }

    func takeValues(of other: UIBarButtonItemStateAppearance) {
        titleTextAttributes = other.titleTextAttributes
        titlePositionAdjustment = other.titlePositionAdjustment
        backgroundImage = other.backgroundImage
        backgroundImagePositionAdjustment = other.backgroundImagePositionAdjustment
    }
}

/// How bar button items of one style look, UIKit's `UIBarButtonItemAppearance` (iOS 13): an
/// appearance per control state.
@preconcurrency @MainActor
open class UIBarButtonItemAppearance: NSObject, NSCopying {
    /// The items' look when enabled.
    open private(set) var normal = UIBarButtonItemStateAppearance()
    /// The look while pressed.
    open private(set) var highlighted = UIBarButtonItemStateAppearance()
    /// The look when disabled.
    open private(set) var disabled = UIBarButtonItemStateAppearance()
    /// The look when focused.
    open private(set) var focused = UIBarButtonItemStateAppearance()
    /// The style configured.
    let style: UIBarButtonItem.Style

    /// An appearance with the defaults for `style`.
    public init(style: UIBarButtonItem.Style) {
        self.style = style
        super.init()
        configureWithDefault(for: style)
    }

    /// An appearance with the defaults for `.plain`.
    public convenience override init() { self.init(style: .plain) }

    /// Archives do not exist in Flipbook: a `.plain` appearance.
    public required init?(coder: NSCoder) {
        style = .plain
        super.init()
    }

    /// Resets every state to UIKit's defaults for `style` (no attributes, no adjustments: the
    /// bar's tint colour and the system font draw the items).
    open func configureWithDefault(for style: UIBarButtonItem.Style) {
        for state in [normal, highlighted, disabled, focused] {
            state.takeValues(of: UIBarButtonItemStateAppearance())
        }
    }

    /// A copy of the same class with the same values.
    public nonisolated func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { makeCopy() }
    }

    func makeCopy() -> UIBarButtonItemAppearance {
        let copy = UIBarButtonItemAppearance(style: style)
        copy.takeValues(of: self)
        return copy
    }

    func takeValues(of other: UIBarButtonItemAppearance) {
        normal.takeValues(of: other.normal)
        highlighted.takeValues(of: other.highlighted)
        disabled.takeValues(of: other.disabled)
        focused.takeValues(of: other.focused)
    }
}

/// A navigation bar's appearance, UIKit's `UINavigationBarAppearance` (iOS 13): the background
/// and shadow of `UIBarAppearance`, the title's attributes and position, the button
/// appearances and the back indicator. Assigned to a bar's or an item's `standardAppearance`
/// (and siblings), it draws the bar (docs/Semantics.md, "Navigation bar appearances").
@preconcurrency @MainActor
open class UINavigationBarAppearance: UIBarAppearance {
    /// The title's attributes (`.foregroundColor`, `.font`); empty: the bar's own.
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Moves the title.
    open var titlePositionAdjustment: UIOffset = .zero
    /// Large titles' attributes (stored; Flipbook draws standard titles).
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Plain bar button items (stored).
    open var buttonAppearance = UIBarButtonItemAppearance(style: .plain)
    /// Done-style bar button items (stored).
    open var doneButtonAppearance = UIBarButtonItemAppearance(style: .done)
    /// The back button (stored).
    open var backButtonAppearance = UIBarButtonItemAppearance(style: .plain)

    /// The back chevron: the image set, else the system chevron.
    open var backIndicatorImage: UIImage { customBackIndicator ?? UIImage(systemName: "chevron.backward") ?? UIImage() }
    /// The mask the back title slides under: the image set, else the system chevron.
    open var backIndicatorTransitionMaskImage: UIImage {
        customBackIndicatorMask ?? UIImage(systemName: "chevron.backward") ?? UIImage()
    }
    private var customBackIndicator: UIImage?
    private var customBackIndicatorMask: UIImage?

    /// Sets the back chevron and its mask (stored: Flipbook draws its own chevron). UIKit
    /// wants both or neither; one alone is reported and both are kept as given.
    open func setBackIndicatorImage(_ backIndicatorImage: UIImage?, transitionMaskImage backIndicatorTransitionMaskImage: UIImage?) {
        if (backIndicatorImage == nil) != (backIndicatorTransitionMaskImage == nil) {
            FlipbookDiagnostics.report(
                "UINavigationBarAppearance.setBackIndicatorImage(_:transitionMaskImage:): set both images or neither.",
                once: "UINavigationBarAppearance.backIndicator")
        }
        customBackIndicator = backIndicatorImage
        customBackIndicatorMask = backIndicatorTransitionMaskImage
    }

    override func makeCopy() -> UIBarAppearance {
        let copy = UINavigationBarAppearance(barAppearance: self)
        copy.titleTextAttributes = titleTextAttributes
        copy.titlePositionAdjustment = titlePositionAdjustment
        copy.largeTitleTextAttributes = largeTitleTextAttributes
        copy.buttonAppearance = buttonAppearance.makeCopy()
        copy.doneButtonAppearance = doneButtonAppearance.makeCopy()
        copy.backButtonAppearance = backButtonAppearance.makeCopy()
        copy.customBackIndicator = customBackIndicator
        copy.customBackIndicatorMask = customBackIndicatorMask
        return copy
    }

    /// This appearance with a transparent background and no shadow: UIKit's scroll-edge look
    /// when no `scrollEdgeAppearance` is set (iOS 15).
    func transparentCopy() -> UINavigationBarAppearance {
        let copy = makeCopy() as! UINavigationBarAppearance
        copy.configureWithTransparentBackground()
        return copy
    }
}
