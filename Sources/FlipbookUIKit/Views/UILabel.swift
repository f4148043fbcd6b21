import Foundation
import FlipbookGeometry
import FlipbookQuartz
import FlipbookRender

/// Text alignment, UIKit's `NSTextAlignment` (natural is left: Flipbook is left-to-right).
public enum NSTextAlignment: Int, Sendable { case left = 0, center = 1, right = 2, justified = 3, natural = 4 }

/// Where lines break or are cut, UIKit's `NSLineBreakMode`.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// How text shrunk to fit is placed vertically, UIKit's `UIBaselineAdjustment`.
public enum UIBaselineAdjustment: Int, Sendable { case alignBaselines = 0, alignCenters = 1, none = 2 }

/// A view that shows read-only text, UIKit's `UILabel`.
///
/// The text is a `CATextLayer` sublayer (drawn by FlipbookRender with pango) placed in the
/// label's bounds and centred vertically, as UILabel draws. `intrinsicContentSize` and
/// `sizeThatFits(_:)` measure with pango (`TextRenderer.measure`), rounded up to whole pixels
/// of the main screen. `attributedText` keeps the string, and its attributes at location 0 set
/// the label's font, colour, alignment, line break mode and shadow, as in UIKit; the label draws
/// in that one style (docs/Divergences.md, "Attributed text in labels").
@preconcurrency @MainActor
open class UILabel: UIView, UIContentSizeCategoryAdjusting {
    let textLayer = CATextLayer()
    /// The rectangle the last `drawText(in:)` reached the base class with (nil: an override
    /// drew without calling `super`), and whether the text is being placed (an override that
    /// changes the label meanwhile does not place it again).
    private var textPlacement: CGRect?
    private var isPlacingText = false

    /// The text shown (nil shows nothing).
    open var text: String? {
        get { _text }
        set {
            _text = newValue
            attributedStorage = nil; textDidChange()
        }
    }
    private var _text: String?

    private var attributedStorage: NSAttributedString?

    /// Styled text. Setting it sets the label's style from the attributes at location 0.
    open var attributedText: NSAttributedString? {
        get { attributedStorage ?? text.map { NSAttributedString(string: $0) } }
        set {
            text = newValue?.string
            attributedStorage = newValue
            if let newValue { takeStyle(of: newValue) }
        }
    }

    /// The font (default: system 17).
    open var font: UIFont! {
        get { _font }
        set {
            noteAppearanceSet(AppearanceKey(.labelFont), { (label: UILabel) in label.font = newValue })
            _font = newValue
            textDidChange()
        }
    }
    private var _font: UIFont! = .systemFont(ofSize: 17)
    /// The text colour (default `.label`).
    open var textColor: UIColor! {
        get { _textColor }
        set {
            noteAppearanceSet(AppearanceKey(.labelTextColor), { (label: UILabel) in label.textColor = newValue })
            _textColor = newValue
            applyStyle()
        }
    }
    private var _textColor: UIColor! = .label
    open var textAlignment: NSTextAlignment {
        get { _textAlignment }
        set {
            _textAlignment = newValue
            applyStyle()
        }
    }
    private var _textAlignment: NSTextAlignment = .natural
    /// Lines at most; 0 for no limit (default 1).
    open var numberOfLines: Int {
        get { _numberOfLines }
        set {
            _numberOfLines = newValue
            textDidChange()
        }
    }
    private var _numberOfLines: Int = 1
    open var lineBreakMode: NSLineBreakMode {
        get { _lineBreakMode }
        set {
            _lineBreakMode = newValue
            textDidChange()
        }
    }
    private var _lineBreakMode: NSLineBreakMode = .byTruncatingTail
    /// The width used to wrap multi-line text for `intrinsicContentSize`; 0 (the default) is
    /// UIKit's automatic width: the width the label's layout last gave it (`automaticWrapWidth`).
    open var preferredMaxLayoutWidth: CGFloat {
        get { _preferredMaxLayoutWidth }
        set {
            _preferredMaxLayoutWidth = newValue
            invalidateIntrinsicContentSize()
        }
    }
    private var _preferredMaxLayoutWidth: CGFloat = 0
    /// The width a multi-line label with an automatic `preferredMaxLayoutWidth` wraps at for its
    /// intrinsic size: the width its layout gave it (0 until it is laid out narrower or wider
    /// than its text). UIKit does the same: a label constrained narrower than its text reports
    /// the wrapped height, and Auto Layout (or the stack view) lays out again with it.
    private var automaticWrapWidth: CGFloat = 0
    open var isEnabled: Bool {
        get { _isEnabled }
        set {
            _isEnabled = newValue
            applyStyle()
        }
    }
    private var _isEnabled: Bool = true
    open var isHighlighted = false
    /// The colour of the text's shadow (default nil: no shadow), drawn unblurred `shadowOffset`
    /// away from the text.
    open var shadowColor: UIColor? {
        didSet { applyShadow() }
    }
    /// Where the text's shadow falls, in points (default 0 × −1: one point above).
    open var shadowOffset = CGSize(width: 0, height: -1) {
        didSet { applyShadow() }
    }
    open var highlightedTextColor: UIColor?
    open var adjustsFontSizeToFitWidth = false
    open var minimumScaleFactor: CGFloat = 0
    /// Where shrunk text sits when `adjustsFontSizeToFitWidth` shrinks it (default
    /// `.alignBaselines`). Kept: Flipbook does not shrink text (docs/API-Status.md, UILabel).
    open var baselineAdjustment: UIBaselineAdjustment = .alignBaselines

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpTextLayer()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpTextLayer()
    }

    private func setUpTextLayer() {
        isUserInteractionEnabled = false
        textLayer.delegate = self
        textLayer.contentsScale = UIScreen.drawingScale
        layer.addSublayer(textLayer)
        applyStyle()
    }

    var textStyle: TextStyle {
        let alignment: TextAlignment =
            switch textAlignment {
            case .left, .natural: .left
            case .center: .center
            case .right: .right
            case .justified: .justified
            }
        let truncation: TextTruncation =
            switch lineBreakMode {
            case .byTruncatingHead: .start
            case .byTruncatingMiddle: .middle
            case .byTruncatingTail: .end
            default: .none
            }
        return TextStyle(
            fontName: (font ?? .systemFont(ofSize: 17)).pangoName, fontSize: (font ?? .systemFont(ofSize: 17)).pointSize,
            color: (textColor ?? .label).cgColor, alignment: alignment, isWrapped: numberOfLines != 1,
            truncation: truncation, maximumNumberOfLines: max(0, numberOfLines))
    }

    private func textDidChange() {
        applyStyle()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        placeTextLayer()
    }

    /// Re-applies the text colour after a trait change (dynamic colours).
    func refreshTextColor() { applyStyle() }

    /// Whether a Dynamic Type font (from `preferredFont(forTextStyle:)` or `UIFontMetrics`)
    /// follows the label's content size category (default false), UIKit's
    /// `UIContentSizeCategoryAdjusting`: when the label's traits arrive or their category
    /// changes, the font is rescaled to it (before `traitCollectionDidChange(_:)`). A fixed
    /// font (`systemFont(ofSize:)`) stays as it is.
    open var adjustsFontForContentSizeCategory = false

    /// Rescales a Dynamic Type font to `category` when the label adjusts its font.
    func adjustFont(toContentSizeCategory category: UIContentSizeCategory) {
        guard adjustsFontForContentSizeCategory, let current = _font else { return }
        let adjusted = current.adjusted(to: category)
        guard adjusted !== current else { return }
        _font = adjusted
        textDidChange()
    }

    private func applyStyle() {
        let style = textStyle
        textLayer.string = text
        textLayer.font = style.fontName
        textLayer.fontSize = style.fontSize
        let color = isEnabled ? (textColor ?? .label) : (textColor ?? .label).withAlphaComponent(0.35)
        textLayer.foregroundColor = color.resolvedColor(with: traitCollection).cgColor
        textLayer.isWrapped = style.isWrapped
        textLayer.maximumNumberOfLines = style.maximumNumberOfLines
        textLayer.applyAlignmentAndTruncation(of: style)
    }

    /// The text layer's shadow: the label's shadow colour, unblurred, at its offset.
    private func applyShadow() {
        textLayer.shadowColor = shadowColor?.resolvedColor(with: traitCollection).cgColor
        textLayer.shadowOpacity = shadowColor == nil ? 0 : 1
        textLayer.shadowRadius = 0
        textLayer.shadowOffset = shadowOffset
    }

    /// Places the text layer where `drawText(in:)`, asked with the bounds, says the text goes:
    /// the rectangle's full width, the measured height (at most the rectangle's), centred. An
    /// override that never calls `super` hides the text, as it draws none on iOS.
    func placeTextLayer() {
        // The view may resize during super.init, before setUpTextLayer: no implicit animations.
        if textLayer.delegate == nil { textLayer.delegate = self }
        guard !isPlacingText else { return }
        isPlacingText = true
        defer { isPlacingText = false }
        textPlacement = nil
        // An override may draw here as well as place (a morphing label draws its characters
        // itself): it gets a context to draw into, which nothing shows.
        UIGraphicsPushContext(CGContext(size: bounds.size))
        drawText(in: bounds)
        UIGraphicsPopContext()
        let hidden = textPlacement == nil
        if textLayer.isHidden != hidden { textLayer.isHidden = hidden }
        guard let rect = textPlacement?.standardized, rect.width.isFinite, rect.height.isFinite else { return }
        let measured = measure(maxWidth: numberOfLines == 1 ? nil : rect.width)
        let h = min(rect.height, measured.height)
        textLayer.bounds = CGRect(x: 0, y: 0, width: rect.width, height: max(0, h))
        textLayer.position = CGPoint(x: rect.midX, y: rect.midY)
    }

    /// Draws the text in `rect`, UIKit's `drawText(in:)`: centred vertically, aligned by
    /// `textAlignment` across the rectangle's width. Flipbook's text is a layer, so the label
    /// asks this method with its bounds whenever it places the text, and puts the text where
    /// the base method is reached: a subclass that calls `super.drawText(in:
    /// rect.inset(by: insets))` gets inset text, as on iOS (docs/Semantics.md, "Label text
    /// placement").
    open func drawText(in rect: CGRect) {
        textPlacement = rect
    }

    /// Draws the label's content, as UIKit's `UILabel.draw(_:)` does, through `drawText(in:)`
    /// with the layer's context current: the base method draws nothing here (the text is a layer,
    /// `placeTextLayer`), and an override that draws its own text (characters morphing from one
    /// string to the next) draws it into the label's layer. Whether the override reached the base
    /// method this time decides whether the text layer shows, as whether UIKit's text is drawn.
    open override func draw(_ rect: CGRect) {
        guard !isPlacingText else { return }
        isPlacingText = true
        defer { isPlacingText = false }
        textPlacement = nil
        drawText(in: bounds)
        let hidden = textPlacement == nil
        if textLayer.isHidden != hidden { textLayer.isHidden = hidden }
    }

    func measure(maxWidth: CGFloat?) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let width = maxWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let s = TextRenderer.measure(text, style: textStyle, maxWidth: width)
        let scale = UIScreen.drawingScale
        return CGSize(width: (s.width * scale).rounded(.up) / scale, height: (s.height * scale).rounded(.up) / scale)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeTextLayer()
    }

    /// The text's size through `textRect(forBounds:limitedToNumberOfLines:)`, as UIKit sizes a
    /// label (a subclass that pads its text there is sized with the padding); `maxWidth` nil
    /// measures one unwrapped line.
    private func fittedTextSize(maxWidth: CGFloat?) -> CGSize {
        let bounds = CGRect(x: 0, y: 0, width: maxWidth ?? Self.unboundedExtent, height: Self.unboundedExtent)
        let r = textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines)
        guard r.width.isFinite, r.height.isFinite else { return .zero }
        return CGSize(width: max(0, r.width), height: max(0, r.height))
    }

    /// The extent standing for "unbounded" in `textRect(forBounds:…)` calls: UIKit passes a
    /// very large rectangle; measuring treats anything this wide as no width limit.
    private static let unboundedExtent: CGFloat = 10_000_000

    open override var intrinsicContentSize: CGSize {
        fittedTextSize(maxWidth: intrinsicWrapWidth)
    }

    /// The width `intrinsicContentSize` wraps at (nil: one line, or no width known yet).
    private var intrinsicWrapWidth: CGFloat? {
        guard numberOfLines != 1 else { return nil }
        if preferredMaxLayoutWidth > 0 { return preferredMaxLayoutWidth }
        return automaticWrapWidth > 0 ? automaticWrapWidth : nil
    }

    /// The intrinsic size of this label wrapped at `width`, when it wraps at the width its
    /// layout gives it (several lines, `preferredMaxLayoutWidth` 0, some text); nil otherwise.
    /// A fitting solve measures it at the width the solve gave it (`UIView.fittingSize`).
    func automaticallyWrappedSize(atWidth width: CGFloat) -> CGSize? {
        guard numberOfLines != 1, preferredMaxLayoutWidth <= 0, let text, !text.isEmpty, width.isFinite, width > 0 else { return nil }
        return fittedTextSize(maxWidth: width)
    }

    /// Takes the new width as the automatic wrap width when it changes the intrinsic size: the
    /// label was given a width other than the one it asked for. A label at its own intrinsic
    /// width keeps its wrap width (wrapping at the width of the wrapped text could wrap it again,
    /// narrower each pass).
    private func updateAutomaticWrapWidth() {
        guard numberOfLines != 1, preferredMaxLayoutWidth <= 0, let text, !text.isEmpty else { return }
        let width = bounds.width
        guard width > 0, width.isFinite, abs(width - automaticWrapWidth) > 0.5 else { return }
        guard abs(width - intrinsicContentSize.width) > 0.5 else { return }
        automaticWrapWidth = width
        invalidateIntrinsicContentSize()
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width: CGFloat? = numberOfLines == 1 ? nil : (size.width > 0 && size.width.isFinite ? size.width : nil)
        return fittedTextSize(maxWidth: width)
    }

    /// The rectangle the text takes within `bounds`, UIKit's
    /// `textRect(forBounds:limitedToNumberOfLines:)`: at the rectangle's origin, the measured
    /// size (wrapped at its width unless the label has one line), at most the rectangle's.
    /// The label's sizes (`intrinsicContentSize`, `sizeThatFits(_:)`) come from it.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard let text, !text.isEmpty else { return CGRect(origin: bounds.origin, size: .zero) }
        let wraps = numberOfLines != 1 && bounds.width < Self.unboundedExtent
        let s = measure(maxWidth: wraps ? bounds.width : nil)
        return CGRect(x: bounds.minX, y: bounds.minY, width: min(bounds.width, s.width), height: min(bounds.height, s.height))
    }

    override func boundsSizeDidChange() {
        placeTextLayer()
        updateAutomaticWrapWidth()
    }
}
