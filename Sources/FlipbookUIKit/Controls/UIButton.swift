import Foundation
import FlipbookQuartz

/// A button, UIKit's `UIButton`: a control with a title label and an image view laid out in
/// its centre, titles, colours and images per state, and `UIButton.Configuration` styling.
///
/// Defaults follow UIKit: `UIButton()` is `.custom` (white title, clear background, system font
/// 15); `.system` titles use the tint colour. Without a configuration the intrinsic size is the
/// content's plus `contentEdgeInsets`, at least 30 × 30 points, as UIKit's classic buttons.
@preconcurrency @MainActor
open class UIButton: UIControl {
    /// Button types, UIKit's `UIButton.ButtonType`.
    public enum ButtonType: Int, Sendable { case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close }

    public private(set) var buttonType: ButtonType
    /// The title label (created eagerly; hidden while there is no title).
    public let titleLabel: UILabel? = ButtonTitleLabel()
    /// The image view (hidden while there is no image).
    public let imageView: UIImageView? = UIImageView(image: nil)

    var titles: [UInt: String] = [:]
    var attributedTitles: [UInt: NSAttributedString] = [:]
    var titleColors: [UInt: UIColor] = [:]
    var images: [UInt: UIImage] = [:]
    var backgroundImages: [UInt: UIImage] = [:]

    /// Insets around the content (classic buttons).
    open var contentEdgeInsets: UIEdgeInsets {
        get { _contentEdgeInsets }
        set {
            // The same insets again change nothing (a button may set them in its own layout).
            guard newValue != _contentEdgeInsets else { return }
            _contentEdgeInsets = newValue
            contentDidChange()
        }
    }
    private var _contentEdgeInsets: UIEdgeInsets = .zero
    /// Moves the image inside the content (classic buttons, deprecated in iOS 15): the image is
    /// placed as UIKit places it in the content rectangle inset by these (so `left: 10, right:
    /// -10` moves it 10 points right); the button's size does not change.
    open var imageEdgeInsets: UIEdgeInsets = .zero {
        didSet { if imageEdgeInsets != oldValue { setNeedsLayout() } }
    }
    /// Whether the image darkens while the button is highlighted, when no highlighted image is set
    /// (deprecated in iOS 15; true by default). Stored: Flipbook draws the image as it is.
    open var adjustsImageWhenHighlighted = true
    /// Whether the image dims while the button is disabled, when no disabled image is set
    /// (deprecated in iOS 15; true by default). Stored: Flipbook draws the image as it is.
    open var adjustsImageWhenDisabled = true
    /// Moves the title inside the content, as `imageEdgeInsets` moves the image.
    open var titleEdgeInsets: UIEdgeInsets = .zero {
        didSet { if titleEdgeInsets != oldValue { setNeedsLayout() } }
    }
    /// The styled appearance (iOS 15). Setting it restyles the button.
    open var configuration: Configuration? {
        get { _configuration }
        set {
            _configuration = newValue
            contentDidChange()
        }
    }
    private var _configuration: Configuration?

    /// A button of `buttonType`. A convenience initialiser, as UIKit's (`+buttonWithType:`), so a
    /// subclass that overrides `init(frame:)` keeps it and `init()`.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        contentDidChange()  // observers do not run in the class's own initialisers
    }

    /// A `.system` button with a primary action (its title and image become the button's).
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            if let image = primaryAction.image { setImage(image, for: .normal) }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// A button with a configuration and an optional primary action.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        contentDidChange()  // observers do not run in the class's own initialisers
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// A `.custom` button with a frame (UIKit's `UIButton(frame:)` and `UIButton()`).
    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        buttonType = .custom
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        if let imageView { addSubview(imageView) }
        if let titleLabel {
            titleLabel.font = .systemFont(ofSize: 15)
            titleLabel.textAlignment = .center
            addSubview(titleLabel)
        }
        contentDidChange()
    }

    // MARK: Per-state values

    private func value<T>(_ table: [UInt: T], for state: State) -> T? {
        table[state.rawValue] ?? table[State.normal.rawValue]
    }

    /// Sets the title shown in `state` (nil removes it; `.normal` is the fallback).
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        contentDidChange()
    }

    open func title(for state: State) -> String? { value(titles, for: state) }

    /// Sets the styled title shown in `state`; it is shown instead of the plain title (nil
    /// removes it; `.normal` is the fallback).
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state.rawValue] = title
        contentDidChange()
    }

    open func attributedTitle(for state: State) -> NSAttributedString? { value(attributedTitles, for: state) }
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    /// Sets the title colour used in `state`.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        noteAppearanceSet(
            AppearanceKey(.buttonTitleColor, axis: state.rawValue), { (button: UIButton) in button.setTitleColor(color, for: state) })
        titleColors[state.rawValue] = color
        contentDidChange()
    }

    open func titleColor(for state: State) -> UIColor? { value(titleColors, for: state) ?? defaultTitleColor(for: state) }

    /// Sets the image shown next to the title in `state`.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        contentDidChange()
    }

    open func image(for state: State) -> UIImage? { value(images, for: state) }

    /// Sets the background image (stretched over the bounds) for `state`.
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        contentDidChange()
    }

    open func backgroundImage(for state: State) -> UIImage? { value(backgroundImages, for: state) }

    /// Not UIKit API: seed 001 calls `setTextColor(_:for:)`, which UIKit does not have; it is
    /// provided, deprecated, so that seed compiles. Use `setTitleColor(_:for:)`.
    @available(*, deprecated, renamed: "setTitleColor(_:for:)", message: "UIButton has no setTextColor(_:for:) in UIKit")
    public func setTextColor(_ color: UIColor?, for state: State) { setTitleColor(color, for: state) }

    open var currentTitle: String? { title(for: state) }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .white }
    open var currentImage: UIImage? { image(for: state) }

    func defaultTitleColor(for state: State) -> UIColor {
        switch buttonType {
        case .custom: return state.contains(.disabled) ? UIColor(white: 1, alpha: 0.5) : .white
        default:
            let tint = tintColor ?? .systemBlue
            if state.contains(.disabled) { return .systemGray }
            return state.contains(.highlighted) ? tint.withAlphaComponent(0.2) : tint
        }
    }

    override func stateDidChange() { contentDidChange() }

    open override func tintColorDidChange() { contentDidChange() }

    // MARK: Content and layout

    func contentDidChange() {
        let s = state
        var title = title(for: s)
        var color = titleColor(for: s)
        var image = image(for: s)
        // A classic button keeps the title font the app gave its label (UIKit's default is
        // set once, in setUp); a configuration brings its own.
        var font: UIFont?
        if let c = configuration {
            title = c.title ?? title
            image = c.image ?? image
            color = c.resolvedForegroundColor(tint: tintColor ?? .systemBlue)
            font = .systemFont(ofSize: 17)
            backgroundColorStorageForConfiguration = c.resolvedBackgroundColor(tint: tintColor ?? .systemBlue)
            layer.backgroundColor = backgroundColorStorageForConfiguration?.cgColor
        }
        if let titleLabel {
            if let font { titleLabel.font = font }
            titleLabel.textColor = color
            if configuration == nil, let attributed = attributedTitle(for: s) {
                // UIKit shows the attributed title over the plain one; the label takes the
                // style at its start (font, colour), as `UILabel.attributedText` does.
                titleLabel.attributedText = attributed
                titleLabel.isHidden = attributed.length == 0
            } else {
                titleLabel.text = title
                titleLabel.isHidden = title?.isEmpty ?? true
            }
        }
        if let imageView {
            imageView.image = image
            imageView.isHidden = image == nil
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        layoutContent()
    }

    var backgroundColorStorageForConfiguration: UIColor?

    var contentInsets: UIEdgeInsets {
        if let c = configuration {
            let d = c.contentInsets
            return UIEdgeInsets(top: d.top, left: d.leading, bottom: d.bottom, right: d.trailing)
        }
        return contentEdgeInsets
    }

    var contentSize: CGSize {
        let t = (titleLabel?.isHidden ?? true) ? .zero : (titleLabel?.intrinsicContentSize ?? .zero)
        let i = (imageView?.isHidden ?? true) ? .zero : (imageView?.intrinsicContentSize ?? .zero)
        let gap: CGFloat = (t.width > 0 && i.width > 0 && configuration != nil) ? (configuration?.imagePadding ?? 0) : 0
        return CGSize(width: t.width + i.width + gap, height: max(t.height, i.height))
    }

    // MARK: Overridable rectangles

    /// The rectangle the background image fills, UIKit's `backgroundRect(forBounds:)`: the
    /// bounds. A subclass that returns another rectangle moves the background image there.
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The rectangle the title and image are laid out in, UIKit's `contentRect(forBounds:)`:
    /// the bounds inside `contentEdgeInsets` (a configuration's `contentInsets`).
    open func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: contentInsets) }

    /// Where the title goes in `contentRect`, UIKit's `titleRect(forContentRect:)`: after the
    /// image, the pair placed by the content alignments, moved by `titleEdgeInsets`. The
    /// button's layout asks it, so a subclass that overrides it moves the title.
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect { defaultRects(in: contentRect).title }

    /// Where the image goes in `contentRect`, UIKit's `imageRect(forContentRect:)`: before the
    /// title, the pair placed by the content alignments, moved by `imageEdgeInsets`. The
    /// button's layout asks it, so a subclass that overrides it moves the image.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect { defaultRects(in: contentRect).image }

    /// Lays the image and title out side by side in `b`, placed by
    /// `effectiveContentHorizontalAlignment` and `contentVerticalAlignment` (centred by default).
    /// `.fill` stretches: horizontally the title takes the width the image leaves (an image
    /// alone takes all of it); vertically each takes the full height. An element that is not
    /// shown gets a zero-sized rectangle where it would start.
    private func defaultRects(in b: CGRect) -> (image: CGRect, title: CGRect) {
        let size = contentSize
        let t = (titleLabel?.isHidden ?? true) ? .zero : (titleLabel?.intrinsicContentSize ?? .zero)
        let i = (imageView?.isHidden ?? true) ? .zero : (imageView?.intrinsicContentSize ?? .zero)
        let hasTitle = !(titleLabel?.isHidden ?? true)
        let hasImage = !(imageView?.isHidden ?? true)
        let horizontal = effectiveContentHorizontalAlignment
        var x: CGFloat
        switch horizontal {
        case .left, .fill: x = b.minX
        case .right: x = b.maxX - size.width
        default: x = b.midX - size.width / 2
        }
        func vertical(_ height: CGFloat) -> (y: CGFloat, height: CGFloat) {
            switch contentVerticalAlignment {
            case .top: return (b.minY, height)
            case .bottom: return (b.maxY - height, height)
            case .fill: return (b.minY, max(0, b.height))
            default: return (b.midY - height / 2, height)
            }
        }
        var imageRect = CGRect(x: x, y: vertical(0).y, width: 0, height: 0)
        if hasImage {
            let width = horizontal == .fill && !hasTitle ? max(0, b.width) : i.width
            let v = vertical(i.height)
            imageRect = CGRect(x: x, y: v.y, width: width, height: v.height)
                .offsetBy(dx: insetShift(imageEdgeInsets, horizontal: horizontal), dy: insetShift(imageEdgeInsets))
            x += i.width + (size.width - t.width - i.width)
        }
        var titleRect = CGRect(x: x, y: vertical(0).y, width: 0, height: 0)
        if hasTitle {
            let w = horizontal == .fill ? max(0, b.maxX - x) : min(t.width, max(0, b.maxX - x))
            let v = vertical(t.height)
            titleRect = CGRect(x: x, y: v.y, width: w, height: v.height)
                .offsetBy(dx: insetShift(titleEdgeInsets, horizontal: horizontal), dy: insetShift(titleEdgeInsets))
        }
        return (imageRect, titleRect)
    }

    /// Lays the content out with the overridable rectangles: `contentRect(forBounds:)`, then
    /// `imageRect(forContentRect:)` and `titleRect(forContentRect:)` for the elements shown, and
    /// the background image in `backgroundRect(forBounds:)`.
    func layoutContent() {
        let content = contentRect(forBounds: bounds)
        if let imageView, !imageView.isHidden { imageView.frame = imageRect(forContentRect: content) }
        if let titleLabel, !titleLabel.isHidden { titleLabel.frame = titleRect(forContentRect: content) }
        placeBackgroundImage()
        if let c = configuration {
            layer.cornerRadius = c.cornerStyle.radius(height: bounds.height, fixed: c.background.cornerRadius)
        }
    }

    /// A view for the background image when `backgroundRect(forBounds:)` is not the bounds
    /// (otherwise the image is the layer's contents, stretched over the bounds).
    private var backgroundImageView: UIImageView?

    private func placeBackgroundImage() {
        let image = backgroundImage(for: state)
        let rect = backgroundRect(forBounds: bounds)
        let current = layer.contents.map { $0 as AnyObject }
        if rect == bounds || image == nil {
            backgroundImageView?.isHidden = true
            if let image {
                if current !== image.cgImage { layer.contents = image.cgImage }
                layer.contentsScale = image.scale
            } else if current != nil {
                layer.contents = nil
            }
            return
        }
        if current != nil { layer.contents = nil }
        let view: UIImageView
        if let existing = backgroundImageView {
            view = existing
        } else {
            view = UIImageView(image: nil)
            view.contentMode = .scaleToFill
            backgroundImageView = view
            insertSubview(view, at: 0)
        }
        view.isHidden = false
        view.image = image
        view.frame = rect
    }

    /// How far an element moves across for its edge insets: placed at the leading or trailing
    /// edge, by that edge's inset; centred or filling, by half their difference.
    private func insetShift(_ insets: UIEdgeInsets, horizontal: UIControl.ContentHorizontalAlignment) -> CGFloat {
        switch horizontal {
        case .left: return insets.left
        case .right: return -insets.right
        default: return (insets.left - insets.right) / 2
        }
    }

    /// How far an element moves down for its edge insets (the same rule, vertically).
    private func insetShift(_ insets: UIEdgeInsets) -> CGFloat {
        switch contentVerticalAlignment {
        case .top: return insets.top
        case .bottom: return -insets.bottom
        default: return (insets.top - insets.bottom) / 2
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutContent()
    }

    override func boundsSizeDidChange() { layoutContent() }

    override func contentAlignmentDidChange() {
        super.contentAlignmentDidChange()
        layoutContent()
    }

    open override var intrinsicContentSize: CGSize {
        let c = contentSize, insets = contentInsets
        let w = c.width + insets.left + insets.right, h = c.height + insets.top + insets.bottom
        if configuration != nil { return CGSize(width: w, height: h) }
        return CGSize(width: max(30, w), height: max(30, h))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    override var touchUpInsideEvents: Event { [.touchUpInside, .primaryActionTriggered] }

    /// Declines a single-finger single-tap recognizer of an ancestor while the button is
    /// enabled, so the tap goes to the button, as UIKit documents for buttons ("Interacting
    /// with other user interface controls"); otherwise UIView's answer.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if isEnabled, gestureRecognizer.view !== self, let tap = gestureRecognizer as? UITapGestureRecognizer,
            tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1
        {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    open override func performPrimaryAction() {
        guard isEnabled else { return }
        sendActions(for: [.primaryActionTriggered, .touchUpInside])
    }
}

/// A button's title label: when the app changes its font or text directly
/// (`button.titleLabel?.font = …`), the button's size and layout follow, as in UIKit.
@preconcurrency @MainActor
final class ButtonTitleLabel: UILabel {
    override func invalidateIntrinsicContentSize() {
        super.invalidateIntrinsicContentSize()
        guard let button = superview as? UIButton else { return }
        button.invalidateIntrinsicContentSize()
        button.setNeedsLayout()
    }
}
