import Foundation
import FlipbookQuartz

/// The bar at the top of a navigation controller, UIKit's `UINavigationBar`.
///
/// Drawn as iOS draws it (docs/Semantics.md, "Navigation controller"): 44 pt tall below the
/// top safe area, its background continuing up under the status bar, a hairline at the bottom;
/// the top item's title centred in 17 pt semibold (or its `titleView`); on the left the back
/// button (a chevron and the previous item's back title, its title, or "Back") or the left
/// bar button items; on the right the right items, outermost first. Items are tinted with
/// `tintColor`. In a navigation controller the items are its stack's navigation items and
/// the bar cross-fades them during pushes and pops, the title sliding; tapping the back
/// button pops.
@preconcurrency @MainActor
open class UINavigationBar: UIView, AppearanceItemHost {
    /// The bar's height in points (UIKit's compact bar on iPhone).
    public static let defaultHeight: CGFloat = 44
    /// The space between the bar's edges and its outer items, in points.
    static let margin: CGFloat = 16
    /// The space between neighbouring items, in points.
    static let itemSpacing: CGFloat = 8

    /// Hears about pushes and pops of a bar used on its own. Weak, as in UIKit.
    open weak var delegate: UINavigationBarDelegate?

    /// The bar's background colour (nil: UIKit's translucent light grey).
    open var barTintColor: UIColor? {
        get { _barTintColor }
        set {
            noteAppearanceSet(AppearanceKey(.navigationBarTintColor), { (bar: UINavigationBar) in bar.barTintColor = newValue })
            _barTintColor = newValue
            applyBackground()
        }
    }
    private var _barTintColor: UIColor?
    /// The bar's look, UIKit's `barStyle`: `.black` draws a dark bar with light content (the
    /// bar's traits are dark) and makes its navigation controller's status bar light content.
    open var barStyle: UIBarStyle {
        get { _barStyle }
        set {
            noteAppearanceSet(AppearanceKey(.navigationBarStyle), { (bar: UINavigationBar) in bar.barStyle = newValue })
            _barStyle = newValue
            overrideUserInterfaceStyle = barStyle == .default ? .unspecified : .dark
            applyBackground()
            owningNavigationController?.setNeedsStatusBarAppearanceUpdate()
        }
    }
    private var _barStyle: UIBarStyle = .default
    /// Whether the default background is slightly see-through (default true).
    open var isTranslucent: Bool {
        get { _isTranslucent }
        set {
            noteAppearanceSet(AppearanceKey(.navigationBarTranslucent), { (bar: UINavigationBar) in bar.isTranslucent = newValue })
            _isTranslucent = newValue
            applyBackground()
            // The container lays its content out again: under a translucent bar, or below an opaque one.
            owningNavigationController?.viewIfLoaded?.setNeedsLayout()
        }
    }
    private var _isTranslucent: Bool = true
    /// Attributes of the title (`.foregroundColor`, `.font`).
    open var titleTextAttributes: [NSAttributedString.Key: Any]? {
        get { _titleTextAttributes }
        set {
            noteAppearanceSet(
                AppearanceKey(.navigationBarTitleAttributes), { (bar: UINavigationBar) in bar.titleTextAttributes = newValue })
            _titleTextAttributes = newValue
            rebuildContent()
        }
    }
    private var _titleTextAttributes: [NSAttributedString.Key: Any]?
    /// Attributes of large titles (stored; Flipbook draws standard titles).
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any]? {
        didSet {
            let value = largeTitleTextAttributes
            noteAppearanceSet(
                AppearanceKey(.navigationBarLargeTitleAttributes), { (bar: UINavigationBar) in bar.largeTitleTextAttributes = value })
        }
    }
    /// Large titles (stored; Flipbook draws standard titles).
    open var prefersLargeTitles = false
    /// The hairline image. Drawn instead of the hairline, below the bar, only while a custom
    /// background image is set for `.default` too (as in UIKit): an empty image (`UIImage()`)
    /// hides the hairline.
    open var shadowImage: UIImage? {
        didSet {
            applyBackground()
            setNeedsLayout()
            let value = shadowImage
            noteAppearanceSet(AppearanceKey(.navigationBarShadowImage), { (bar: UINavigationBar) in bar.shadowImage = value })
        }
    }
    private var backgroundImages: [UIBarMetrics: UIImage] = [:]
    /// The back button's chevron (stored; Flipbook draws its own chevron).
    open var backIndicatorImage: UIImage? {
        didSet {
            let value = backIndicatorImage
            noteAppearanceSet(AppearanceKey(.navigationBarBackIndicatorImage), { (bar: UINavigationBar) in bar.backIndicatorImage = value })
        }
    }
    /// The mask the back title slides under during transitions (stored).
    open var backIndicatorTransitionMaskImage: UIImage? {
        didSet {
            let value = backIndicatorTransitionMaskImage
            noteAppearanceSet(
                AppearanceKey(.navigationBarBackIndicatorMask), { (bar: UINavigationBar) in bar.backIndicatorTransitionMaskImage = value })
        }
    }

    /// The bar's background image for `barMetrics`. The image for `.default` replaces the bar's
    /// background colour (and the part under the status bar), stretched over it; an image with
    /// no pixels (`UIImage()`) leaves the background clear, so with `isTranslucent` the content
    /// under the bar shows through and only the items are drawn (docs/Semantics.md, "Bar
    /// backgrounds"). Images for other metrics are stored.
    open func setBackgroundImage(_ backgroundImage: UIImage?, for barMetrics: UIBarMetrics) {
        noteAppearanceSet(
            AppearanceKey(.navigationBarBackgroundImage, axis: UInt(barMetrics.rawValue)),
            { (bar: UINavigationBar) in bar.setBackgroundImage(backgroundImage, for: barMetrics) })
        backgroundImages[barMetrics] = backgroundImage
        applyBackground()
        setNeedsLayout()
    }

    /// Whether the default hairline gives way to a custom shadow image (drawn by
    /// `shadowImageView` when it has pixels), or the appearance drawn has none.
    var hidesHairline: Bool {
        if let drawn = drawnAppearance { return drawn.hidesHairline }
        return shadowImage != nil && backgroundImages[.default] != nil
    }
    open func backgroundImage(for barMetrics: UIBarMetrics) -> UIImage? { backgroundImages[barMetrics] }

    // MARK: Appearances (iOS 13)

    /// The appearances assigned to the bar and what was last drawn from them
    /// (UINavigationBar+Appearance.swift).
    var appearanceSlots = NavigationBarAppearanceSlots()

    /// The appearance of a bar of standard height (a copy of what is assigned). Until code
    /// assigns an appearance here or on the top item, the older properties (`barTintColor`,
    /// `setBackgroundImage(_:for:)`, …) draw the bar.
    open var standardAppearance: UINavigationBarAppearance {
        get {
            if let stored = appearanceSlots.standard { return stored }
            let made = UINavigationBarAppearance(idiom: UIDevice.current.userInterfaceIdiom)
            made.onChange = { [weak self] in self?.appearancesDidChange() }
            appearanceSlots.standard = made
            return made
        }
        set {
            noteAppearanceSet(AppearanceKey(.navigationBarStandardAppearance), { (bar: UINavigationBar) in bar.standardAppearance = newValue })
            assignAppearance(newValue, to: \.standard)
        }
    }

    /// The appearance in a compact-height environment (nil: `standardAppearance`).
    open var compactAppearance: UINavigationBarAppearance? {
        get { appearanceSlots.compact }
        set {
            noteAppearanceSet(AppearanceKey(.navigationBarCompactAppearance), { (bar: UINavigationBar) in bar.compactAppearance = newValue })
            assignAppearance(newValue, to: \.compact)
        }
    }

    /// The appearance while the content's scroll view is at its top edge, or there is none
    /// (nil: `standardAppearance` with a transparent background, as iOS 15).
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        get { appearanceSlots.scrollEdge }
        set {
            noteAppearanceSet(AppearanceKey(.navigationBarScrollEdgeAppearance), { (bar: UINavigationBar) in bar.scrollEdgeAppearance = newValue })
            assignAppearance(newValue, to: \.scrollEdge)
        }
    }

    /// The compact-height form of `scrollEdgeAppearance` (nil: `scrollEdgeAppearance`).
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        get { appearanceSlots.compactScrollEdge }
        set {
            noteAppearanceSet(AppearanceKey(.navigationBarCompactScrollEdgeAppearance), { (bar: UINavigationBar) in bar.compactScrollEdgeAppearance = newValue })
            assignAppearance(newValue, to: \.compactScrollEdge)
        }
    }

    /// The bar's background continued up under the status bar, as in UIKit.
    let backgroundExtension = UIView(frame: .zero)
    let backgroundView = UIView(frame: .zero)
    /// The `.default` background image, over the bar and the part under the status bar.
    let backgroundImageView = UIImageView(frame: .zero)
    let hairline = UIView(frame: .zero)
    /// A custom shadow image with pixels, below the bar in the hairline's place.
    let shadowImageView = UIImageView(frame: .zero)
    /// How far the background extends above the bar (the top safe area), in points.
    var backgroundExtensionHeight: CGFloat = 0 {
        didSet { setNeedsLayout() }
    }
    /// What the bar shows for its top item now.
    private(set) var contentView: NavigationBarContentView?
    /// The navigation controller that owns this bar (its back button pops it).
    weak var owningNavigationController: UINavigationController?
    /// The content scroll view the search row follows (UINavigationBar+Search.swift).
    final var searchScrollSlots = NavigationBarSearchScrollSlots()

    open override var backgroundColor: UIColor? {
        get { backgroundView.backgroundColor }
        set {
            backgroundView.backgroundColor = newValue
            backgroundExtension.backgroundColor = newValue
        }
    }

    /// The `.default` background image, if any (it replaces the background colour).
    private var customBackgroundImage: UIImage? { backgroundImages[.default] }

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
        backgroundImageView.contentMode = .scaleToFill
        shadowImageView.contentMode = .scaleToFill
        for v in [backgroundExtension, backgroundView, backgroundImageView, hairline, shadowImageView] {
            v.isUserInteractionEnabled = false
            addSubview(v)
        }
        hairline.backgroundColor = UIColor(white: 0, alpha: 0.3)
        applyBackground()
    }

    func applyBackground() {
        if let appearance = resolvedAppearance {
            drawAppearance(appearance)
            return
        }
        drawnAppearance = nil
        hairline.backgroundColor = UIBarAppearance.hairlineColor
        backgroundImageView.contentMode = .scaleToFill
        if let image = customBackgroundImage {
            // UIKit draws the image instead of the bar's own background; an empty one draws
            // nothing. An opaque bar puts an opaque colour under it (the bar tint, else white or,
            // for `.black`, black), as UIKit does for an image with transparency.
            backgroundColor = isTranslucent ? .clear : (barTintColor ?? (barStyle == .default ? .white : .black))
            backgroundImageView.image = image.hasPixels ? image : nil
            backgroundImageView.isHidden = !image.hasPixels
        } else {
            let white: CGFloat = barStyle == .default ? 0.97 : 0.11
            backgroundColor = barTintColor ?? UIColor(white: white, alpha: isTranslucent ? 0.94 : 1)
            backgroundImageView.image = nil
            backgroundImageView.isHidden = true
        }
        let shadow = customBackgroundImage == nil ? nil : shadowImage
        shadowImageView.image = shadow.flatMap { $0.hasPixels ? $0 : nil }
        shadowImageView.isHidden = shadowImageView.image == nil
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        rebuildContent()
    }

    // MARK: Items

    /// The items, bottom first; the last is shown.
    open var items: [UINavigationItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }
    private var storedItems: [UINavigationItem]?

    /// The item shown.
    open var topItem: UINavigationItem? { storedItems?.last }
    /// The item below the top one, whose back title the back button shows.
    open var backItem: UINavigationItem? {
        guard let items = storedItems, items.count > 1 else { return nil }
        return items[items.count - 2]
    }

    /// Replaces the items (Flipbook does not animate a bar used on its own).
    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        storedItems = items
        showItems(nil, operation: .none)
    }

    /// Pushes `item` (a bar used on its own; asks its delegate).
    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        if let delegate, !delegate.navigationBar(self, shouldPush: item) { return }
        storedItems = (storedItems ?? []) + [item]
        showItems(nil, operation: .push)
        delegate?.navigationBar(self, didPush: item)
    }

    /// Pops the top item and returns it (a bar used on its own; asks its delegate).
    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let top = topItem else { return nil }
        if let delegate, !delegate.navigationBar(self, shouldPop: top) { return nil }
        storedItems?.removeLast()
        showItems(nil, operation: .pop)
        delegate?.navigationBar(self, didPop: top)
        return top
    }

    /// The navigation controller's change of stack: the items change, and the bar cross-fades
    /// with `context` (see `showItems`).
    func setItemsForTransition(
        _ items: [UINavigationItem], context: ViewControllerTransitionContext, operation: UINavigationController.Operation
    ) {
        storedItems = items
        showItems(context, operation: operation)
    }

    /// Builds what the top item shows now, without animation.
    func rebuildContent() { showItems(nil, operation: .none) }

    /// Shows the current top item: at once, or, during a navigation transition, cross-fading
    /// from what was shown, the titles sliding (push: the old title leaves to the left and the
    /// new one comes from the right; pop: the reverse). A cancelled transition's completion
    /// leaves whatever the navigation controller shows again.
    func showItems(_ context: ViewControllerTransitionContext?, operation: UINavigationController.Operation) {
        let old = contentView
        // The top item's appearances may draw the bar now (the older properties draw it the same).
        if usesAppearances || drawnAppearance != nil { applyBackground() }
        let new = NavigationBarContentView(bar: self, item: topItem, backItem: backItem)
        contentView = new
        addSubview(new)
        new.frame = bounds
        new.layoutIfNeeded()
        guard let context, context.isAnimated, let old, operation != .none else {
            for v in subviews where v is NavigationBarContentView && v !== new { v.removeFromSuperview() }
            return
        }
        let shift = bounds.width / 2
        let push = operation == .push
        new.alpha = 0
        new.titleContainer.transform = CGAffineTransform(translationX: push ? shift : -shift, y: 0)
        context.animate(alongsideTransition: { _ in
            old.alpha = 0
            old.titleContainer.transform = CGAffineTransform(translationX: push ? -shift : shift, y: 0)
            new.alpha = 1
            new.titleContainer.transform = .identity
        }, completion: { _ in
            old.removeFromSuperview()
            old.alpha = 1
            old.titleContainer.transform = .identity
            new.alpha = 1
            new.titleContainer.transform = .identity
        })
    }

    /// The back button was tapped: the navigation controller pops (or the bar pops its item).
    func backButtonTapped() {
        if let nav = owningNavigationController {
            nav.popViewController(animated: true)
        } else {
            popItem(animated: true)
        }
    }

    // MARK: Layout

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: contentHeight) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if usesAppearances { scrollEdgeMayHaveChanged() }
        watchContentScrollForSearch()
        let b = bounds
        backgroundView.frame = b
        backgroundExtension.frame = CGRect(
            x: 0, y: -backgroundExtensionHeight, width: b.width, height: backgroundExtensionHeight)
        backgroundImageView.frame = CGRect(
            x: 0, y: -backgroundExtensionHeight, width: b.width, height: b.height + backgroundExtensionHeight)
        hairline.frame = CGRect(x: 0, y: b.height, width: b.width, height: 1.0 / 3.0)
        hairline.isHidden = hidesHairline
        if let shadow = shadowImageView.image {
            shadowImageView.frame = CGRect(x: 0, y: b.height, width: b.width, height: max(shadow.size.height, 1.0 / 3.0))
        }
        for v in subviews where v is NavigationBarContentView { v.frame = b }
    }

    /// The bar button items of the top item (UIAppearance applies the bar items' proxies to them).
    var appearanceItems: [UIBarItem] {
        (topItem?.leftBarButtonItems ?? []) + (topItem?.rightBarButtonItems ?? [])
    }

    func appearanceItemsDidChange() { rebuildContent() }

    /// The title shown in the middle of the bar (nil when a title view is shown).
    var title: String? { contentView?.titleLabel?.text }
}

/// Hears about a bar's pushes and pops when it is used on its own, UIKit's
/// `UINavigationBarDelegate`. Every member is optional.
@preconcurrency @MainActor
public protocol UINavigationBarDelegate: NSObjectProtocol {
    func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool
    func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem)
    func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool
    func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem)
}

extension UIImage {
    /// Whether the image has pixels to draw (`UIImage()` has none).
    var hasPixels: Bool { cgImage != nil || (size.width > 0 && size.height > 0) }
}

/// The defaults stand for "not implemented": a delegate proxy (`DelegateForwarding`) hands the
/// call to its forwarding delegate first.
extension UINavigationBarDelegate {
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool {
        forwarded(as: UINavigationBarDelegate.self) { $0.navigationBar(navigationBar, shouldPush: item) } ?? true
    }
    public func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem) {
        forwarded(as: UINavigationBarDelegate.self) { $0.navigationBar(navigationBar, didPush: item) }
    }
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
        forwarded(as: UINavigationBarDelegate.self) { $0.navigationBar(navigationBar, shouldPop: item) } ?? true
    }
    public func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem) {
        forwarded(as: UINavigationBarDelegate.self) { $0.navigationBar(navigationBar, didPop: item) }
    }
}
