import Foundation
import FlipbookQuartz

/// A button on a navigation bar or toolbar, UIKit's `UIBarButtonItem`.
///
/// Target-action follows docs/Porting.md: UIKit's `(target: self, action: #selector(done))`
/// is written `(target: self, action: { $0.done() })`, and `#selector(done(_:))` is
/// `{ $0.done($1) }` with `$1` the item. The target is held weakly. UIKit's closure form,
/// `primaryAction`, works unchanged. A tap on the item's button in a bar performs the
/// primary action if there is one, else the target-action.
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
    /// How the item's title is drawn, UIKit's `UIBarButtonItem.Style`.
    public enum Style: Int, Sendable {
        case plain = 0
        @available(*, deprecated, message: "Use .plain")
        case bordered = 1
        /// Bold (a confirming action).
        case done = 2
    }

    /// The system items, UIKit's `UIBarButtonItem.SystemItem` (Apple's raw values). Items
    /// with words show UIKit's English title; the others a text glyph (Flipbook has no SF
    /// Symbols here: docs/Divergences.md, "Navigation controller").
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize,
            bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
        @available(*, deprecated)
        case pageCurl = 23
        case close = 24

        /// What the item shows, and whether that text is bold.
        var label: (text: String, bold: Bool) {
            switch self {
            case .done: return ("Done", true)
            case .cancel: return ("Cancel", false)
            case .edit: return ("Edit", false)
            case .save: return ("Save", true)
            case .add: return ("+", false)
            case .compose: return ("✎", false)
            case .reply: return ("↩", false)
            case .action: return ("⇪", false)
            case .organize: return ("▤", false)
            case .bookmarks: return ("▯", false)
            case .search: return ("⌕", false)
            case .refresh: return ("↻", false)
            case .stop: return ("✕", false)
            case .camera: return ("◉", false)
            case .trash: return ("⌫", false)
            case .play: return ("▶", false)
            case .pause: return ("❚❚", false)
            case .rewind: return ("◀◀", false)
            case .fastForward: return ("▶▶", false)
            case .undo: return ("Undo", false)
            case .redo: return ("Redo", false)
            case .close: return ("✕", false)
            default: return ("", false)
            }
        }
    }

    /// The style (default `.plain`).
    open var style: Style {
        get { _style }
        set {
            _style = newValue
            itemDidChange()
        }
    }
    private var _style: Style = .plain
    /// The width for a fixed space, or the item's minimum width (0: its own width).
    open var width: CGFloat {
        get { _width }
        set {
            _width = newValue
            itemDidChange()
        }
    }
    private var _width: CGFloat = 0
    /// A view shown instead of a button.
    open var customView: UIView? {
        get { _customView }
        set {
            _customView = newValue
            itemDidChange()
        }
    }
    private var _customView: UIView?
    /// The colour of the item (nil: the bar's tint).
    open var tintColor: UIColor? {
        get { _tintColor }
        set {
            noteAppearanceSet(AppearanceKey(.barButtonItemTintColor), { (item: UIBarButtonItem) in item.tintColor = newValue })
            _tintColor = newValue
            itemDidChange()
        }
    }
    private var _tintColor: UIColor?
    /// Whether the item is hidden (iOS 16).
    open var isHidden: Bool {
        get { _isHidden }
        set {
            _isHidden = newValue
            itemDidChange()
        }
    }
    private var _isHidden: Bool = false
    /// Whether the item is selected (stored).
    open var isSelected = false
    /// Strings for sizing the item (stored).
    open var possibleTitles: Set<String>?
    /// The object the target-action is sent to. Weak, as in UIKit.
    open weak var target: AnyObject?
    /// UIKit's closure action (iOS 14): performed on a tap instead of the target-action.
    open var primaryAction: UIAction? {
        get { _primaryAction }
        set {
            _primaryAction = newValue
            if let primaryAction {
                if !primaryAction.title.isEmpty { title = primaryAction.title }
                if let image = primaryAction.image { self.image = image }
            }
        }
    }
    private var _primaryAction: UIAction?
    /// The system item this was created as, if any.
    public private(set) var systemItem: SystemItem?

    /// The target-action as a closure of the target and the item (see docs/Porting.md).
    private var targetAction: ((AnyObject, UIBarButtonItem) -> Void)?

    // MARK: Creating

    /// Creates an item without title, image or action.
    public override init() { super.init() }

    /// Interface Builder's initialiser. Flipbook has no archives: this creates an empty item.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// `init(title:style:target:action:)` with `#selector(method)`: `{ $0.method() }`.
    @preconcurrency public convenience init<Target: AnyObject>(
        title: String?, style: Style, target: Target?, action: @escaping @MainActor (Target) -> Void
    ) {
        self.init()
        self.title = title
        self.style = style
        setAction(target: target) { t, _ in action(t) }
    }

    /// `init(title:style:target:action:)` with `#selector(method(_:))`: `{ $0.method($1) }`.
    @preconcurrency public convenience init<Target: AnyObject>(
        title: String?, style: Style, target: Target?, action: @escaping @MainActor (Target, UIBarButtonItem) -> Void
    ) {
        self.init()
        self.title = title
        self.style = style
        setAction(target: target, action)
    }

    /// UIKit's `init(title:style:target: nil, action: nil)`: an item without an action (a back
    /// button's title, a label).
    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.title = title
        self.style = style
    }

    /// `init(image:style:target:action:)` with `#selector(method)`.
    @preconcurrency public convenience init<Target: AnyObject>(
        image: UIImage?, style: Style, target: Target?, action: @escaping @MainActor (Target) -> Void
    ) {
        self.init()
        self.image = image
        self.style = style
        setAction(target: target) { t, _ in action(t) }
    }

    /// `init(image:style:target:action:)` with `#selector(method(_:))`.
    @preconcurrency public convenience init<Target: AnyObject>(
        image: UIImage?, style: Style, target: Target?, action: @escaping @MainActor (Target, UIBarButtonItem) -> Void
    ) {
        self.init()
        self.image = image
        self.style = style
        setAction(target: target, action)
    }

    /// `init(image:style:target: nil, action: nil)`.
    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.image = image
        self.style = style
    }

    /// `init(barButtonSystemItem:target:action:)` with `#selector(method)`.
    @preconcurrency public convenience init<Target: AnyObject>(
        barButtonSystemItem systemItem: SystemItem, target: Target?, action: @escaping @MainActor (Target) -> Void
    ) {
        self.init(barButtonSystemItem: systemItem, target: nil, action: nil)
        setAction(target: target) { t, _ in action(t) }
    }

    /// `init(barButtonSystemItem:target:action:)` with `#selector(method(_:))`.
    @preconcurrency public convenience init<Target: AnyObject>(
        barButtonSystemItem systemItem: SystemItem, target: Target?,
        action: @escaping @MainActor (Target, UIBarButtonItem) -> Void
    ) {
        self.init(barButtonSystemItem: systemItem, target: nil, action: nil)
        setAction(target: target, action)
    }

    /// `init(barButtonSystemItem:target: nil, action: nil)`.
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.init()
        self.systemItem = systemItem
        if systemItem == .done || systemItem == .save { style = .done }
    }

    /// A system item performing `primaryAction` (iOS 14).
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.init(barButtonSystemItem: systemItem, target: nil, action: nil)
        self.primaryAction = primaryAction
    }

    /// An item with a title and/or image performing `primaryAction` (iOS 14).
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        self.init()
        self.title = title
        self.image = image
        self.primaryAction = primaryAction
    }

    /// An item showing `primaryAction`'s title and image and performing it (iOS 14).
    public convenience init(primaryAction: UIAction?) {
        self.init()
        self.primaryAction = primaryAction
    }

    /// An item showing `customView` (the view handles its own touches).
    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// A fixed space `width` points wide.
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace, target: nil, action: nil)
        item.width = width
        return item
    }

    /// A flexible space that takes what is left.
    public static func flexibleSpace() -> UIBarButtonItem {
        UIBarButtonItem(barButtonSystemItem: .flexibleSpace, target: nil, action: nil)
    }

    // MARK: Appearance (stored, not drawn)

    private var backgroundImages: [AppearanceKey: UIImage] = [:]
    private var titleAdjustments: [AppearanceKey: UIOffset] = [:]

    /// The axis value of a state and bar metrics pair (metrics' raw values are below 1000).
    private static func axis(_ state: UIControl.State, _ barMetrics: UIBarMetrics) -> UInt {
        state.rawValue &* 1000 &+ UInt(barMetrics.rawValue)
    }

    /// A background image for `state` and `barMetrics` (stored; Flipbook draws plain items).
    open func setBackgroundImage(_ backgroundImage: UIImage?, for state: UIControl.State, barMetrics: UIBarMetrics) {
        let key = AppearanceKey(.barButtonItemBackgroundImage, axis: Self.axis(state, barMetrics))
        noteAppearanceSet(key, { (item: UIBarButtonItem) in item.setBackgroundImage(backgroundImage, for: state, barMetrics: barMetrics) })
        backgroundImages[key] = backgroundImage
    }

    open func backgroundImage(for state: UIControl.State, barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImages[AppearanceKey(.barButtonItemBackgroundImage, axis: Self.axis(state, barMetrics))]
    }

    /// A back button's background image for `state` and `barMetrics` (stored).
    open func setBackButtonBackgroundImage(_ backgroundImage: UIImage?, for state: UIControl.State, barMetrics: UIBarMetrics) {
        let key = AppearanceKey(.barButtonItemBackButtonBackgroundImage, axis: Self.axis(state, barMetrics))
        noteAppearanceSet(
            key, { (item: UIBarButtonItem) in item.setBackButtonBackgroundImage(backgroundImage, for: state, barMetrics: barMetrics) })
        backgroundImages[key] = backgroundImage
    }

    open func backButtonBackgroundImage(for state: UIControl.State, barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImages[AppearanceKey(.barButtonItemBackButtonBackgroundImage, axis: Self.axis(state, barMetrics))]
    }

    /// Moves the title for `barMetrics` (stored; not applied).
    open func setTitlePositionAdjustment(_ adjustment: UIOffset, for barMetrics: UIBarMetrics) {
        let key = AppearanceKey(.barButtonItemTitlePositionAdjustment, axis: UInt(barMetrics.rawValue))
        noteAppearanceSet(key, { (item: UIBarButtonItem) in item.setTitlePositionAdjustment(adjustment, for: barMetrics) })
        titleAdjustments[key] = adjustment
    }

    open func titlePositionAdjustment(for barMetrics: UIBarMetrics) -> UIOffset {
        titleAdjustments[AppearanceKey(.barButtonItemTitlePositionAdjustment, axis: UInt(barMetrics.rawValue))] ?? .zero
    }

    /// Moves a back button's title for `barMetrics` (stored; not applied: a large offset that
    /// hides back titles on iOS leaves them drawn in Flipbook).
    open func setBackButtonTitlePositionAdjustment(_ adjustment: UIOffset, for barMetrics: UIBarMetrics) {
        let key = AppearanceKey(.barButtonItemBackButtonTitlePositionAdjustment, axis: UInt(barMetrics.rawValue))
        noteAppearanceSet(key, { (item: UIBarButtonItem) in item.setBackButtonTitlePositionAdjustment(adjustment, for: barMetrics) })
        titleAdjustments[key] = adjustment
    }

    open func backButtonTitlePositionAdjustment(for barMetrics: UIBarMetrics) -> UIOffset {
        titleAdjustments[AppearanceKey(.barButtonItemBackButtonTitlePositionAdjustment, axis: UInt(barMetrics.rawValue))] ?? .zero
    }

    // MARK: Action

    /// Sets the target-action (the port of `item.target = t; item.action = #selector(m(_:))`).
    @preconcurrency public func setAction<Target: AnyObject>(
        target: Target?, _ action: @escaping @MainActor (Target, UIBarButtonItem) -> Void
    ) {
        self.target = target
        targetAction = { t, item in if let t = t as? Target { action(t, item) } }
    }

    /// Performs the item's action, as a tap on it does: the primary action, else the
    /// target-action (nothing when the target is gone).
    func performAction() {
        guard isEnabled else { return }
        if let primaryAction {
            primaryAction.perform(sender: self)
        } else if let target, let targetAction {
            targetAction(target, self)
        }
    }

    /// The text the item shows when it has no image or custom view.
    var displayedText: String? { title ?? systemItem?.label.text }
    /// Whether the text is bold.
    var isBold: Bool { style == .done || (systemItem?.label.bold ?? false) }
    /// Whether the item is a space (nothing drawn).
    var isSpace: Bool { systemItem == .fixedSpace || systemItem == .flexibleSpace }
}
