import Foundation
import FlipbookQuartz

/// Where a bar sits, UIKit's `UIBarPosition` (Apple's raw values): a toolbar's background and
/// shadow images are set per position.
public enum UIBarPosition: Int, Sendable, Hashable {
    /// Any position: the fallback the other positions use.
    case any = 0
    /// At the bottom of its view.
    case bottom = 1
    /// At the top of its view.
    case top = 2
    /// At the top of the screen, its background continuing up under the status bar.
    case topAttached = 3
}

/// The background and shadow of a bar, UIKit's `UIBarAppearance` (iOS 13): a value-like object
/// a bar copies when it is assigned (`UIToolbar.standardAppearance` and its siblings).
///
/// A new appearance is configured with the default background (a system chrome blur and a
/// hairline shadow); `configureWithOpaqueBackground()` makes it the system background colour
/// with the hairline, `configureWithTransparentBackground()` clears both.
@preconcurrency @MainActor
open class UIBarAppearance: NSObject, NSCopying {
    /// The device idiom the appearance is made for.
    public let idiom: UIUserInterfaceIdiom

    /// The blur behind the background colour and image (nil: none).
    open var backgroundEffect: UIBlurEffect? {
        didSet { onChange?() }
    }
    /// The colour over the blur (nil: none).
    open var backgroundColor: UIColor? {
        didSet { onChange?() }
    }
    /// An image over the colour (nil: none).
    open var backgroundImage: UIImage? {
        didSet { onChange?() }
    }
    /// How the background image fills the bar (default `.scaleToFill`).
    open var backgroundImageContentMode: UIView.ContentMode = .scaleToFill {
        didSet { onChange?() }
    }
    /// The hairline's colour (nil or clear: no hairline).
    open var shadowColor: UIColor? {
        didSet { onChange?() }
    }
    /// An image in place of the hairline, tinted with `shadowColor` when it is a template.
    open var shadowImage: UIImage? {
        didSet { onChange?() }
    }

    /// Told when a property changes: a bar redraws the copy it keeps when its values are set
    /// in place (`bar.standardAppearance.backgroundColor = …`).
    var onChange: (() -> Void)?

    /// An appearance for `idiom`, configured with the default background.
    public init(idiom: UIUserInterfaceIdiom) {
        self.idiom = idiom
        super.init()
        configureWithDefaultBackground()
    }

    /// An appearance for the current device's idiom, configured with the default background.
    public convenience override init() {
        self.init(idiom: UIDevice.current.userInterfaceIdiom)
    }

    /// A copy of `barAppearance`'s background and shadow.
    public init(barAppearance: UIBarAppearance) {
        idiom = barAppearance.idiom
        super.init()
        takeValues(of: barAppearance)
    }

    /// Archives do not exist in Flipbook: an appearance with the default background.
    public required init?(coder: NSCoder) {
        idiom = .phone
        super.init()
        configureWithDefaultBackground()
    }

    func takeValues(of other: UIBarAppearance) {
        backgroundEffect = other.backgroundEffect
        backgroundColor = other.backgroundColor
        backgroundImage = other.backgroundImage
        backgroundImageContentMode = other.backgroundImageContentMode
        shadowColor = other.shadowColor
        shadowImage = other.shadowImage
    }

    /// The translucent default: a system chrome material blur, no colour or image, the hairline.
    open func configureWithDefaultBackground() {
        backgroundEffect = UIBlurEffect(style: .systemChromeMaterial)
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = Self.hairlineColor
        shadowImage = nil
    }

    /// An opaque bar: the system background colour and the hairline, no blur.
    open func configureWithOpaqueBackground() {
        backgroundEffect = nil
        backgroundColor = .systemBackground
        backgroundImage = nil
        shadowColor = Self.hairlineColor
        shadowImage = nil
    }

    /// A see-through bar: no blur, colour, image or hairline.
    open func configureWithTransparentBackground() {
        backgroundEffect = nil
        backgroundColor = nil
        backgroundImage = nil
        shadowColor = nil
        shadowImage = nil
    }

    /// A copy of the same class with the same values.
    public nonisolated func copy(with zone: NSZone? = nil) -> Any {
        MainActor.assumeIsolated { makeCopy() }
    }

    /// The copy `copy(with:)` answers; subclasses answer their own class.
    func makeCopy() -> UIBarAppearance { UIBarAppearance(barAppearance: self) }

    /// UIKit's hairline: black at 30 %.
    static var hairlineColor: UIColor { UIColor(white: 0, alpha: 0.3) }
}

/// A toolbar's appearance, UIKit's `UIToolbarAppearance` (the button appearances are not
/// modelled).
@preconcurrency @MainActor
open class UIToolbarAppearance: UIBarAppearance {
    override func makeCopy() -> UIBarAppearance { UIToolbarAppearance(barAppearance: self) }
}

extension UIToolbar {
    /// The background and hairline the bar draws now: from the assigned appearance (the compact
    /// one in a compact-height environment, when set), else from the older properties. A
    /// toolbar sits at the bottom: its images are those set for `.bottom`, else for `.any`.
    var resolvedBackground: (color: UIColor?, image: UIImage?, hairline: UIColor?) {
        if appearances.assigned {
            var appearance: UIBarAppearance = standardAppearance
            if traitCollection.verticalSizeClass == .compact, let compact = appearances.compact { appearance = compact }
            let color: UIColor?
            if let background = appearance.backgroundColor {
                color = background
            } else if appearance.backgroundEffect != nil {
                color = Self.defaultBackground(translucent: true)
            } else {
                color = nil
            }
            let image = appearance.backgroundImage
            let hairline: UIColor? = appearance.shadowImage.map { $0.cgImage == nil ? nil : appearance.shadowColor } ?? appearance.shadowColor
            return (color, image, hairline)
        }
        let metrics: UIBarMetrics = traitCollection.verticalSizeClass == .compact ? .compact : .default
        func image(_ position: UIBarPosition) -> UIImage? {
            appearances.backgroundImages[ToolbarImageKey(position: position, metrics: metrics)]
                ?? appearances.backgroundImages[ToolbarImageKey(position: position, metrics: .default)]
        }
        if let custom = image(.bottom) ?? image(.any) {
            let shadow = appearances.shadowImages[.bottom] ?? appearances.shadowImages[.any]
            let hidesHairline = shadow.map { $0.cgImage == nil } ?? false
            return (nil, custom, hidesHairline ? nil : UIBarAppearance.hairlineColor)
        }
        return (barTintColor ?? Self.defaultBackground(translucent: isTranslucent), nil, UIBarAppearance.hairlineColor)
    }

    /// UIKit's light toolbar background, see-through when translucent.
    static func defaultBackground(translucent: Bool) -> UIColor { UIColor(white: 0.97, alpha: translucent ? 0.94 : 1) }
}

/// A toolbar's background image slot.
struct ToolbarImageKey: Hashable {
    var position: UIBarPosition
    var metrics: UIBarMetrics
}

/// What a toolbar keeps for its appearances and images (`UIToolbar.appearances`).
@MainActor
struct ToolbarAppearances {
    var standard: UIToolbarAppearance?
    var compact: UIToolbarAppearance?
    var scrollEdge: UIToolbarAppearance?
    var compactScrollEdge: UIToolbarAppearance?
    /// Whether code assigned an appearance (from then on the appearances draw the bar).
    var assigned = false
    var backgroundImages: [ToolbarImageKey: UIImage] = [:]
    var shadowImages: [UIBarPosition: UIImage] = [:]
}
