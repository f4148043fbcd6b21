import Foundation
import FlipbookGeometry
import FlipbookQuartz
import FlipbookRender

/// A scrollable, multi-line text view, UIKit's `UITextView`.
///
/// The text is laid out as UIKit lays it out: in the text container, which is the view's width
/// less `textContainerInset` (top 8, left 0, bottom 8, right 0 by default), each line keeping
/// the container's `lineFragmentPadding` (5 points) clear at both ends, wrapped at word
/// boundaries to what is left. It is drawn by a `CATextLayer` (pango, as `UILabel` draws) placed
/// in the content at the inset's top-left corner plus the padding, so it scrolls with the
/// content; `contentSize` is the view's width by the text's height plus the top and bottom
/// insets. `sizeThatFits(_:)` answers the text's size at the given width with the insets and
/// padding (an empty text view is one line high), and `intrinsicContentSize` is that size at
/// the view's width when scrolling is disabled, `noIntrinsicMetric` on both axes when it is
/// enabled, as in UIKit.
///
/// `attributedText` keeps the string, and its attributes at location 0 set the font, colour and
/// alignment (as setting it does in UIKit); the text is drawn in that one style. Editing is
/// being first responder: an editable text view asks and tells its delegate and posts UIKit's
/// notifications; typed text arrives through `UIKeyInput` at the end of the text. There is no
/// selection, no caret, no keyboard, no link or data detection (docs/Divergences.md, "Text views").
@preconcurrency @MainActor
open class UITextView: UIScrollView, UIKeyInput, UIContentSizeCategoryAdjusting {
    // MARK: Notifications

    /// Posted (object: the text view) when a text view begins editing.
    nonisolated public static let textDidBeginEditingNotification = NSNotification.Name("UITextViewTextDidBeginEditingNotification")
    /// Posted (object: the text view) when typed text changes it (not when `text` is set by code).
    nonisolated public static let textDidChangeNotification = NSNotification.Name("UITextViewTextDidChangeNotification")
    /// Posted (object: the text view) when a text view ends editing.
    nonisolated public static let textDidEndEditingNotification = NSNotification.Name("UITextViewTextDidEndEditingNotification")

    // MARK: Parts

    /// The layer the text is drawn in, in content coordinates.
    let textLayer = CATextLayer()

    /// The container the text is laid out in.
    public let textContainer: NSTextContainer

    // MARK: Creating

    /// A text view with `textContainer` (nil: a container of its own), UIKit's designated initialiser.
    public init(frame: CGRect, textContainer: NSTextContainer?) {
        self.textContainer = textContainer ?? NSTextContainer(size: .zero)
        super.init(frame: frame)
        setUpTextView()
    }

    /// A text view with a container of its own.
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, textContainer: nil)
    }

    /// Interface Builder's initialiser: Flipbook has no archives, so this is an empty text view.
    public required init?(coder: NSCoder) {
        self.textContainer = NSTextContainer(size: .zero)
        super.init(coder: coder)
        setUpTextView()
    }

    /// False until the parts are set up (the scroll view's initialiser may resize the view first).
    private var isSetUp = false

    private func setUpTextView() {
        isSetUp = true
        textContainer.textView = self
        textLayer.delegate = self
        textLayer.contentsScale = UIScreen.drawingScale
        textLayer.isWrapped = true
        // Below the scroll indicators and every subview.
        layer.insertSublayer(textLayer, at: 0)
        textLayoutDidChange()
    }

    // MARK: Text

    private var textStorage = ""
    private var attributedTextStorage: NSAttributedString?

    /// The text (never nil when read: "" for none, as UIKit's). Setting it keeps the font and
    /// colour, does not tell the delegate and does not post `textDidChangeNotification`, as on iOS.
    open var text: String! {
        get { textStorage }
        set {
            textStorage = newValue ?? ""
            attributedTextStorage = nil
            textLayoutDidChange()
        }
    }

    /// The text with attributes (never nil when read). Setting it takes the font, colour and
    /// alignment of its attributes at location 0, as UIKit's text view reflects them.
    open var attributedText: NSAttributedString! {
        get { attributedTextStorage ?? NSAttributedString(string: textStorage) }
        set {
            textStorage = newValue?.string ?? ""
            attributedTextStorage = newValue
            if let newValue, newValue.length > 0 { takeStyle(of: newValue) }
            textLayoutDidChange()
        }
    }

    /// The font (default: the body text style of the system font, as Apple documents).
    open var font: UIFont? {
        get { fontStorage }
        set {
            fontStorage = newValue ?? .preferredFont(forTextStyle: .body)
            textLayoutDidChange()
        }
    }
    private var fontStorage: UIFont = .preferredFont(forTextStyle: .body)

    /// The text colour (default nil, drawn as `.label`).
    open var textColor: UIColor? {
        didSet { applyStyle() }
    }

    /// How lines line up in the container (default `.natural`: left).
    open var textAlignment: NSTextAlignment = .natural {
        didSet { textLayoutDidChange() }
    }

    /// The attributes typed text gets: what was set, else the text view's font and colour.
    open var typingAttributes: [NSAttributedString.Key: Any] {
        get {
            typingAttributesStorage ?? [.font: fontStorage, .foregroundColor: textColor ?? UIColor.label]
        }
        set { typingAttributesStorage = newValue }
    }
    private var typingAttributesStorage: [NSAttributedString.Key: Any]?

    /// The attributes links are drawn with (stored; links are not drawn as links).
    open var linkTextAttributes: [NSAttributedString.Key: Any]! = [:]

    /// The selected range (stored; a text view here has no selection, and setting `text`
    /// puts the insertion point at the end).
    open var selectedRange = NSRange(location: 0, length: 0)

    /// Whether the user may edit the text (default true): an editable text view editing is
    /// its app's first responder.
    open var isEditable = true

    /// Whether the user may select the text (default true; stored).
    open var isSelectable = true

    /// The kinds of data turned into links (default none; stored, nothing is detected).
    open var dataDetectorTypes: UIDataDetectorTypes = []

    /// Whether the user may style the text (stored).
    open var allowsEditingTextAttributes = false

    /// Whether typing replaces the text (stored; typing appends).
    open var clearsOnInsertion = false

    /// Whether a Dynamic Type font follows the content size category (default false), as
    /// `UILabel.adjustsFontForContentSizeCategory`.
    open var adjustsFontForContentSizeCategory = false

    /// Whether text is scaled to the platform's standard size (stored; iOS 13).
    open var usesStandardTextScaling = false

    /// The view the keyboard's place would show (stored; Flipbook shows no keyboard).
    open var inputView: UIView?
    /// The bar above the keyboard (stored).
    open var inputAccessoryView: UIView?

    /// The margins of the text container within the content (default top 8, left 0, bottom 8,
    /// right 0). Non-finite insets are reported and ignored.
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet {
            guard [textContainerInset.top, textContainerInset.left, textContainerInset.bottom, textContainerInset.right]
                .allSatisfy(\.isFinite)
            else {
                FlipbookDiagnostics.report(
                    "UITextView.textContainerInset: ignored non-finite insets \(textContainerInset).",
                    once: "UITextView.textContainerInset")
                textContainerInset = oldValue
                return
            }
            textLayoutDidChange()
        }
    }

    // MARK: Text input traits

    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var keyboardType: UIKeyboardType = .default
    open var keyboardAppearance: UIKeyboardAppearance = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var enablesReturnKeyAutomatically = false
    /// Whether the text is hidden as typed (stored; the text is drawn as it is).
    open var isSecureTextEntry = false
    open var textContentType: UITextContentType!

    // MARK: Layout

    /// The room each line keeps clear at both ends: twice the container's padding.
    private var horizontalPadding: CGFloat { 2 * textContainer.lineFragmentPadding }

    /// The width lines wrap at in a text view `width` wide (nil: no limit): the tracked
    /// container width less the padding, or the container's own width when it does not track.
    private func wrapWidth(forViewWidth width: CGFloat?) -> CGFloat? {
        let container: CGFloat?
        if textContainer.widthTracksTextView {
            container = width.map { $0 - textContainerInset.left - textContainerInset.right }
        } else {
            let w = textContainer.size.width
            container = w > 0 && w.isFinite && w < CGFloat.greatestFiniteMagnitude ? w : nil
        }
        return container.map { max(1, $0 - horizontalPadding) }
    }

    private var textStyle: TextStyle {
        let alignment: TextAlignment =
            switch textAlignment {
            case .left, .natural: .left
            case .center: .center
            case .right: .right
            case .justified: .justified
            }
        let truncation: TextTruncation =
            switch textContainer.lineBreakMode {
            case .byTruncatingHead: .start
            case .byTruncatingMiddle: .middle
            case .byTruncatingTail: .end
            default: .none
            }
        return TextStyle(
            fontName: fontStorage.pangoName, fontSize: fontStorage.pointSize,
            color: (textColor ?? .label).resolvedColor(with: traitCollection).cgColor, alignment: alignment,
            isWrapped: true, truncation: truncation, maximumNumberOfLines: max(0, textContainer.maximumNumberOfLines))
    }

    private func pixelCeil(_ v: CGFloat) -> CGFloat {
        let scale = UIScreen.drawingScale
        return (v * scale).rounded(.up) / scale
    }

    /// The size of the laid-out text wrapped at `wrapWidth` (nil: no limit), in whole pixels:
    /// an empty text is one empty line (the font's line height) wide 0, as UIKit's extra line
    /// fragment is.
    func usedTextSize(wrapWidth: CGFloat?) -> CGSize {
        guard !textStorage.isEmpty else { return CGSize(width: 0, height: pixelCeil(fontStorage.lineHeight)) }
        let s = TextRenderer.measure(textStorage, style: textStyle, maxWidth: wrapWidth)
        return CGSize(width: pixelCeil(s.width), height: pixelCeil(s.height))
    }

    /// The text's size with the insets and padding for a proposed width (`size.width` 0, or not
    /// finite, does not limit the width): as UIKit's, the width is what the text uses, which
    /// may be less than proposed; the height is not limited by `size.height`.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let proposed: CGFloat? = size.width.isFinite && size.width > 0 && size.width < CGFloat.greatestFiniteMagnitude ? size.width : nil
        let used = usedTextSize(wrapWidth: wrapWidth(forViewWidth: proposed))
        return CGSize(
            width: pixelCeil(used.width + horizontalPadding + textContainerInset.left + textContainerInset.right),
            height: pixelCeil(used.height + textContainerInset.top + textContainerInset.bottom))
    }

    /// `noIntrinsicMetric` on both axes while scrolling is enabled (the content scrolls); with
    /// scrolling disabled, the text's fitting size at the view's width (no limit while the view
    /// has no width), as UIKit's.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        return sizeThatFits(CGSize(width: bounds.width, height: .greatestFiniteMagnitude))
    }

    /// Scrolling on or off; the intrinsic size changes with it.
    open override var isScrollEnabled: Bool {
        get { super.isScrollEnabled }
        set {
            super.isScrollEnabled = newValue
            invalidateIntrinsicContentSize()
        }
    }

    /// Lays out the text again after a change of text, style, insets or container.
    func textLayoutDidChange() {
        applyStyle()
        placeText()
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func applyStyle() {
        let style = textStyle
        textLayer.string = textStorage
        textLayer.font = style.fontName
        textLayer.fontSize = style.fontSize
        textLayer.foregroundColor = style.color
        textLayer.isWrapped = true
        textLayer.maximumNumberOfLines = style.maximumNumberOfLines
        textLayer.applyAlignmentAndTruncation(of: style)
    }

    /// Places the text layer in the container (content coordinates) and sets `contentSize`.
    private func placeText() {
        guard isSetUp else { return }
        let width = bounds.width
        let inset = textContainerInset
        if textContainer.widthTracksTextView {
            let height = textContainer.heightTracksTextView ? max(0, bounds.height - inset.top - inset.bottom) : CGFloat.greatestFiniteMagnitude
            textContainer.track(size: CGSize(width: max(0, width - inset.left - inset.right), height: height))
        }
        let wrap = wrapWidth(forViewWidth: width)
        let used = usedTextSize(wrapWidth: wrap)
        let padding = textContainer.lineFragmentPadding
        let layerWidth = wrap ?? used.width
        textLayer.bounds = CGRect(x: 0, y: 0, width: max(0, layerWidth), height: used.height)
        textLayer.position = CGPoint(x: inset.left + padding + layerWidth / 2, y: inset.top + used.height / 2)
        contentSize = CGSize(width: max(0, width), height: pixelCeil(used.height + inset.top + inset.bottom))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeText()
    }

    override func boundsSizeDidChange() {
        super.boundsSizeDidChange()
        placeText()
        if !isScrollEnabled { invalidateIntrinsicContentSize() }
    }

    /// Scrolls the least distance that shows the text of `range` (Flipbook: the range's lines
    /// are not located; the end of the text is shown when the range reaches it, else the start).
    open func scrollRangeToVisible(_ range: NSRange) {
        let atEnd = range.location + range.length >= (textStorage as NSString).length && !textStorage.isEmpty
        let y = atEnd ? max(0, contentSize.height - 1) : 0
        scrollRectToVisible(CGRect(x: 0, y: y, width: 1, height: 1), animated: false)
    }

    // MARK: Style from attributes, colours, Dynamic Type

    /// UIKit reflects the attributes at location 0 of assigned attributed text in `font`,
    /// `textColor` and `textAlignment`.
    private func takeStyle(of string: NSAttributedString) {
        let attributes = string.attributes(at: 0, effectiveRange: nil)
        if let font = attributes[.font] as? UIFont { fontStorage = font }
        if let color = attributes[.foregroundColor] as? UIColor { textColor = color }
        if let style = attributes[.paragraphStyle] as? NSParagraphStyle { textAlignment = style.alignment }
    }

    /// Re-applies the text colour after a trait change (dynamic colours).
    func refreshTextColor() { applyStyle() }

    /// Rescales a Dynamic Type font to `category` when the text view adjusts its font.
    func adjustFont(toContentSizeCategory category: UIContentSizeCategory) {
        guard adjustsFontForContentSizeCategory else { return }
        let adjusted = fontStorage.adjusted(to: category)
        guard adjusted !== fontStorage else { return }
        fontStorage = adjusted
        textLayoutDidChange()
    }

    // MARK: The delegate

    /// The scroll view's delegate when it is a `UITextViewDelegate`, else the first on its
    /// forwarding chain (a scroll-view delegate proxy).
    var textViewDelegate: (any UITextViewDelegate)? {
        DelegateForwardingChain.resolve(delegate, as: UITextViewDelegate.self)
    }

    // MARK: First responder and editing

    private var isEditingStorage = false

    /// An editable or selectable text view can become first responder.
    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    /// Becomes the app's first responder (as any responder does); an editable text view asks
    /// its delegate first (`textViewShouldBeginEditing`), then begins editing:
    /// `textViewDidBeginEditing`, `textDidBeginEditingNotification`.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil else { return false }
        if isEditable, let textViewDelegate, !textViewDelegate.textViewShouldBeginEditing(self) { return false }
        guard super.becomeFirstResponder() else { return false }
        guard isEditable else { return true }
        isEditingStorage = true
        if clearsOnInsertion {
            textStorage = ""
            attributedTextStorage = nil
            textLayoutDidChange()
        }
        textViewDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    /// Gives up first responder status; an editing text view asks its delegate
    /// (`textViewShouldEndEditing`), then ends editing: `textViewDidEndEditing`,
    /// `textDidEndEditingNotification`.
    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isEditingStorage else { return super.resignFirstResponder() }
        if let textViewDelegate, !textViewDelegate.textViewShouldEndEditing(self) { return false }
        _ = super.resignFirstResponder()
        endEditingState()
        return true
    }

    private func endEditingState() {
        isEditingStorage = false
        textViewDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
    }

    override func windowWillChange(to newWindow: UIWindow?) {
        super.windowWillChange(to: newWindow)
        if newWindow == nil, isEditingStorage {
            _ = super.resignFirstResponder()
            endEditingState()
        }
    }

    // MARK: UIKeyInput

    /// Whether the text view holds any text.
    open var hasText: Bool { !textStorage.isEmpty }

    /// Appends `text` as typing does, when the text view is editable and its delegate allows
    /// it (`textView(_:shouldChangeTextIn:replacementText:)`): then `textViewDidChangeSelection`,
    /// `textViewDidChange` and `textDidChangeNotification`.
    open func insertText(_ text: String) {
        guard isEditable, !text.isEmpty else { return }
        let end = (textStorage as NSString).length
        if let textViewDelegate,
            !textViewDelegate.textView(self, shouldChangeTextIn: NSRange(location: end, length: 0), replacementText: text)
        {
            return
        }
        textStorage += text
        attributedTextStorage = nil
        textDidChangeByTyping()
    }

    /// Deletes the last character, as the delete key does (nothing when empty or not editable).
    open func deleteBackward() {
        guard isEditable, let last = textStorage.last else { return }
        let count = (String(last) as NSString).length
        let end = (textStorage as NSString).length
        if let textViewDelegate,
            !textViewDelegate.textView(self, shouldChangeTextIn: NSRange(location: end - count, length: count), replacementText: "")
        {
            return
        }
        textStorage.removeLast()
        attributedTextStorage = nil
        textDidChangeByTyping()
    }

    private func textDidChangeByTyping() {
        selectedRange = NSRange(location: (textStorage as NSString).length, length: 0)
        textLayoutDidChange()
        textViewDelegate?.textViewDidChangeSelection(self)
        textViewDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }
}
