import Foundation
import FlipbookGeometry

/// Light or dark appearance, UIKit's `UIUserInterfaceStyle`.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0, light, dark
}

/// Size classes, UIKit's `UIUserInterfaceSizeClass`.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0, compact, regular
}

/// Whether content sits at the base level or above it (a sheet, a popover), UIKit's
/// `UIUserInterfaceLevel` (Apple's raw values).
public enum UIUserInterfaceLevel: Int, Sendable {
    case unspecified = -1, base = 0, elevated = 1
}

/// Device idioms, UIKit's `UIUserInterfaceIdiom`.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad, tv, carPlay, mac = 5, vision = 6
}

/// Dynamic Type sizes, UIKit's `UIContentSizeCategory` (Apple's raw values).
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// Whether this is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }
}

extension UIContentSizeCategory {
    /// Posted when the user's preferred content size changes (Flipbook never posts it itself:
    /// the size is fixed per trait collection).
    public static let didChangeNotification = NSNotification.Name("UIContentSizeCategoryDidChangeNotification")
    /// The notification's user-info key for the new category.
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"
}

/// The traits of an environment, UIKit's `UITraitCollection`: appearance, size classes,
/// display scale, content size category, idiom. Immutable. A trait left unspecified is taken
/// from the collection it is combined with (`init(traitsFrom:)`); an unspecified appearance
/// resolves dynamic colours as light.
public final class UITraitCollection: NSObject, @unchecked Sendable {  // @unchecked: immutable (every stored property is a `let`).
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    /// Pixels per point (0: unspecified).
    public let displayScale: CGFloat
    public let preferredContentSizeCategory: UIContentSizeCategory
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    /// The level of the content: `.base` in a window, unless overridden (Flipbook does not raise
    /// presented sheets to `.elevated`: docs/Divergences.md, "Trait overrides for children").
    public let userInterfaceLevel: UIUserInterfaceLevel
    /// The direction of the layout: left to right in a window (Flipbook's locale is English).
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    /// Whether the screen senses force: `.unavailable` in a window (no device Flipbook
    /// simulates has 3D Touch; `UITouch.force` is 0), `.unknown` when unspecified.
    public let forceTouchCapability: UIForceTouchCapability

    init(style: UIUserInterfaceStyle = .unspecified, horizontal: UIUserInterfaceSizeClass = .unspecified,
         vertical: UIUserInterfaceSizeClass = .unspecified, scale: CGFloat = 0,
         category: UIContentSizeCategory = .unspecified, idiom: UIUserInterfaceIdiom = .unspecified,
         level: UIUserInterfaceLevel = .unspecified, direction: UITraitEnvironmentLayoutDirection = .unspecified,
         forceTouch: UIForceTouchCapability = .unknown) {
        userInterfaceStyle = style
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        displayScale = scale.isFinite && scale >= 0 ? scale : 0
        preferredContentSizeCategory = category
        userInterfaceIdiom = idiom
        userInterfaceLevel = level
        layoutDirection = direction
        forceTouchCapability = forceTouch
    }

    /// A collection with every trait unspecified.
    public convenience override init() { self.init(style: .unspecified) }
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) { self.init(style: userInterfaceStyle) }
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) { self.init(horizontal: horizontalSizeClass) }
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) { self.init(vertical: verticalSizeClass) }
    public convenience init(displayScale: CGFloat) { self.init(scale: displayScale) }
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) { self.init(category: preferredContentSizeCategory) }
    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) { self.init(idiom: userInterfaceIdiom) }
    public convenience init(userInterfaceLevel: UIUserInterfaceLevel) { self.init(level: userInterfaceLevel) }
    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) { self.init(direction: layoutDirection) }
    public convenience init(forceTouchCapability capability: UIForceTouchCapability) { self.init(forceTouch: capability) }

    /// The traits of `traitCollections` combined: for each trait, the last specified value wins.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        var r = UITraitCollection()
        for t in traitCollections { r = r.overlaid(with: t) }
        self.init(style: r.userInterfaceStyle, horizontal: r.horizontalSizeClass, vertical: r.verticalSizeClass,
                  scale: r.displayScale, category: r.preferredContentSizeCategory, idiom: r.userInterfaceIdiom,
                  level: r.userInterfaceLevel, direction: r.layoutDirection, forceTouch: r.forceTouchCapability)
    }

    /// This collection with `other`'s specified traits on top.
    func overlaid(with other: UITraitCollection) -> UITraitCollection {
        UITraitCollection(
            style: other.userInterfaceStyle != .unspecified ? other.userInterfaceStyle : userInterfaceStyle,
            horizontal: other.horizontalSizeClass != .unspecified ? other.horizontalSizeClass : horizontalSizeClass,
            vertical: other.verticalSizeClass != .unspecified ? other.verticalSizeClass : verticalSizeClass,
            scale: other.displayScale > 0 ? other.displayScale : displayScale,
            category: other.preferredContentSizeCategory != .unspecified ? other.preferredContentSizeCategory : preferredContentSizeCategory,
            idiom: other.userInterfaceIdiom != .unspecified ? other.userInterfaceIdiom : userInterfaceIdiom,
            level: other.userInterfaceLevel != .unspecified ? other.userInterfaceLevel : userInterfaceLevel,
            direction: other.layoutDirection != .unspecified ? other.layoutDirection : layoutDirection,
            forceTouch: other.forceTouchCapability != .unknown ? other.forceTouchCapability : forceTouchCapability)
    }

    /// This collection with another appearance (self when unchanged or `.unspecified`).
    func with(style: UIUserInterfaceStyle) -> UITraitCollection {
        guard style != .unspecified, style != userInterfaceStyle else { return self }
        return overlaid(with: UITraitCollection(style: style))
    }

    /// Whether every specified trait of `trait` has the same value here.
    public func containsTraits(in trait: UITraitCollection?) -> Bool {
        guard let t = trait else { return true }
        return (t.userInterfaceStyle == .unspecified || t.userInterfaceStyle == userInterfaceStyle)
            && (t.horizontalSizeClass == .unspecified || t.horizontalSizeClass == horizontalSizeClass)
            && (t.verticalSizeClass == .unspecified || t.verticalSizeClass == verticalSizeClass)
            && (t.displayScale == 0 || t.displayScale == displayScale)
            && (t.preferredContentSizeCategory == .unspecified || t.preferredContentSizeCategory == preferredContentSizeCategory)
            && (t.userInterfaceIdiom == .unspecified || t.userInterfaceIdiom == userInterfaceIdiom)
            && (t.userInterfaceLevel == .unspecified || t.userInterfaceLevel == userInterfaceLevel)
            && (t.layoutDirection == .unspecified || t.layoutDirection == layoutDirection)
            && (t.forceTouchCapability == .unknown || t.forceTouchCapability == forceTouchCapability)
    }

    /// Whether dynamic colours can resolve differently under `traitCollection`.
    public func hasDifferentColorAppearance(comparedTo traitCollection: UITraitCollection?) -> Bool {
        guard let t = traitCollection else { return true }
        return (userInterfaceStyle == .dark) != (t.userInterfaceStyle == .dark)
    }

    /// The traits that dynamic colours and images resolve with now. UIKit sets it while a view
    /// draws, lays out or reports a trait change; outside that it is the app's traits.
    public static var current: UITraitCollection {
        get { CurrentTraits.value.current }
        set { CurrentTraits.value.exchange(newValue) }
    }

    /// Runs `actions` with this collection as `current`.
    public func performAsCurrent(_ actions: () throws -> Void) rethrows {
        let saved = UITraitCollection.current
        UITraitCollection.current = self
        defer { UITraitCollection.current = saved }
        try actions()
    }

    public override func isEqual(_ object: Any?) -> Bool {

        guard let r = object as? UITraitCollection else { return false }
        let l = self
        return l.userInterfaceStyle == r.userInterfaceStyle && l.horizontalSizeClass == r.horizontalSizeClass
            && l.verticalSizeClass == r.verticalSizeClass && l.displayScale == r.displayScale
            && l.preferredContentSizeCategory == r.preferredContentSizeCategory && l.userInterfaceIdiom == r.userInterfaceIdiom
            && l.userInterfaceLevel == r.userInterfaceLevel && l.layoutDirection == r.layoutDirection
            && l.forceTouchCapability == r.forceTouchCapability
    }

    public override var hash: Int {
        var h = Hasher()
        h.combine(userInterfaceStyle); h.combine(horizontalSizeClass); h.combine(verticalSizeClass)
        h.combine(displayScale); h.combine(preferredContentSizeCategory); h.combine(userInterfaceIdiom)
        h.combine(userInterfaceLevel); h.combine(layoutDirection); h.combine(forceTouchCapability)
        return h.finalize()
    }

    public override var description: String {
        "<UITraitCollection: UserInterfaceStyle = \(userInterfaceStyle), HorizontalSizeClass = \(horizontalSizeClass), VerticalSizeClass = \(verticalSizeClass), DisplayScale = \(displayScale), PreferredContentSizeCategory = \(preferredContentSizeCategory.rawValue), UserInterfaceIdiom = \(userInterfaceIdiom), UserInterfaceLevel = \(userInterfaceLevel), LayoutDirection = \(layoutDirection), ForceTouchCapability = \(forceTouchCapability)>"
    }
}

/// Storage of `UITraitCollection.current` (Apple keeps it per thread; Flipbook's UI runs on
/// the main thread, so one value behind a lock).
enum CurrentTraits {
    static let value = LockedValue(UITraitCollection(style: .unspecified))
}

/// Something with traits, UIKit's `UITraitEnvironment` (views, view controllers, windows,
/// presentation controllers).
@preconcurrency @MainActor
public protocol UITraitEnvironment: NSObjectProtocol {
    var traitCollection: UITraitCollection { get }
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

// MARK: iOS 17 trait registration

/// A trait that can be observed, UIKit's `UITraitDefinition`.
public protocol UITraitDefinition {
    /// A stable name for the trait.
    static var identifier: String { get }
}

/// A trait type, UIKit's `UITrait`.
public typealias UITrait = any UITraitDefinition.Type

public enum UITraitUserInterfaceStyle: UITraitDefinition { public static let identifier = "UITraitUserInterfaceStyle" }
public enum UITraitHorizontalSizeClass: UITraitDefinition { public static let identifier = "UITraitHorizontalSizeClass" }
public enum UITraitVerticalSizeClass: UITraitDefinition { public static let identifier = "UITraitVerticalSizeClass" }
public enum UITraitDisplayScale: UITraitDefinition { public static let identifier = "UITraitDisplayScale" }
public enum UITraitPreferredContentSizeCategory: UITraitDefinition { public static let identifier = "UITraitPreferredContentSizeCategory" }
public enum UITraitUserInterfaceIdiom: UITraitDefinition { public static let identifier = "UITraitUserInterfaceIdiom" }
public enum UITraitUserInterfaceLevel: UITraitDefinition { public static let identifier = "UITraitUserInterfaceLevel" }

extension UITraitCollection {
    /// Identifiers of the traits whose values differ between the two collections.
    func changedTraitIdentifiers(comparedTo o: UITraitCollection) -> Set<String> {
        var s: Set<String> = []
        if userInterfaceStyle != o.userInterfaceStyle { s.insert(UITraitUserInterfaceStyle.identifier) }
        if horizontalSizeClass != o.horizontalSizeClass { s.insert(UITraitHorizontalSizeClass.identifier) }
        if verticalSizeClass != o.verticalSizeClass { s.insert(UITraitVerticalSizeClass.identifier) }
        if displayScale != o.displayScale { s.insert(UITraitDisplayScale.identifier) }
        if preferredContentSizeCategory != o.preferredContentSizeCategory { s.insert(UITraitPreferredContentSizeCategory.identifier) }
        if userInterfaceIdiom != o.userInterfaceIdiom { s.insert(UITraitUserInterfaceIdiom.identifier) }
        if userInterfaceLevel != o.userInterfaceLevel { s.insert(UITraitUserInterfaceLevel.identifier) }
        return s
    }

    /// The traits of a full-screen window on `device` in `style`.
    @preconcurrency @MainActor static func window(device: UIScreen.Device, style: UIUserInterfaceStyle) -> UITraitCollection {
        let pad = device.name.contains("ipad")
        return UITraitCollection(
            style: style == .unspecified ? .light : style, horizontal: pad ? .regular : .compact, vertical: .regular,
            scale: device.scale, category: .large, idiom: pad ? .pad : .phone, level: .base, direction: .leftToRight,
            forceTouch: .unavailable)
    }
}

/// A registration returned by `registerForTraitChanges`, UIKit's `UITraitChangeRegistration`.
public protocol UITraitChangeRegistration: Sendable {}

/// Per-view and per-controller trait bookkeeping.
struct TraitState {
    var overrideStyle: UIUserInterfaceStyle = .unspecified
    /// A view's limits on its Dynamic Type size (iOS 15), kept: Flipbook's type does not scale.
    var minimumContentSizeCategory: UIContentSizeCategory?
    var maximumContentSizeCategory: UIContentSizeCategory?
    /// A controller's traits set by its parent (`setOverrideTraitCollection(_:forChild:)`).
    var overrideFromParent: UITraitCollection?
    /// A window's system appearance (set by AppDriver; unspecified reads as light).
    var systemStyle: UIUserInterfaceStyle = .unspecified
    /// The traits last reported to the environment (nil until it first had traits).
    var lastTraits: UITraitCollection?
    var registrations: [TraitRegistration] = []
}

struct TraitRegistration: UITraitChangeRegistration, Hashable {
    let id: Int
    let traits: Set<String>
    @preconcurrency let handler: @MainActor (AnyObject, UITraitCollection) -> Void
    static func == (l: Self, r: Self) -> Bool { l.id == r.id }
    func hash(into h: inout Hasher) { h.combine(id) }
    @MainActor static var nextID = 0  // incremented only by `TraitRegistry.make`
}

/// The layout direction a trait collection carries, UIKit's `UITraitEnvironmentLayoutDirection`.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable, Hashable {
    case unspecified = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// Whether a screen senses the force of touches (3D Touch), UIKit's `UIForceTouchCapability`.
public enum UIForceTouchCapability: Int, Sendable, Hashable {
    case unknown = 0
    case unavailable = 1
    case available = 2
}
