import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A one-line editable text field, UIKit's `UITextField`.
///
/// Flipbook has no keyboard: text arrives through `UIKeyInput` (`insertText(_:)`,
/// `deleteBackward()`), which is what iOS's keyboard calls, with the insertion point always at
/// the end (no selection is modelled). Editing is being the app's first responder:
/// `becomeFirstResponder()` (or a tap on the field) asks the delegate and begins editing,
/// `resignFirstResponder()` ends it (docs/Semantics.md, "Text fields").
///
/// Drawn as iOS draws it: the border of `borderStyle` (`.roundedRect`: a white rounded
/// rectangle with a light grey hairline), then the text, or when there is none the placeholder
/// in placeholder grey, in a `UILabel` placed in `textRect(forBounds:)` (`editingRect` while
/// editing, `placeholderRect` for the placeholder), and the left and right views in their
/// rectangles when their modes show them. Every rectangle method is `open`, as in UIKit, and
/// subclasses' overrides place what is drawn. The clear button is not drawn.
@preconcurrency @MainActor
open class UITextField: UIControl, UIKeyInput, UIContentSizeCategoryAdjusting {
    // MARK: Notifications

    /// Posted (object: the field) when a field begins editing.
    nonisolated public static let textDidBeginEditingNotification = NSNotification.Name("UITextFieldTextDidBeginEditingNotification")
    /// Posted (object: the field) when a field ends editing.
    nonisolated public static let textDidEndEditingNotification = NSNotification.Name("UITextFieldTextDidEndEditingNotification")
    /// Posted (object: the field) when typed text changes it (not when `text` is set by code).
    nonisolated public static let textDidChangeNotification = NSNotification.Name("UITextFieldTextDidChangeNotification")
    /// The user-info key of `textDidEndEditingNotification`'s reason (an `NSNumber`).
    nonisolated public static let didEndEditingReasonUserInfoKey = "UITextFieldDidEndEditingReasonKey"

    // MARK: Types

    /// How the field's border is drawn, UIKit's `UITextField.BorderStyle`.
    public enum BorderStyle: Int, Sendable {
        case none = 0, line = 1, bezel = 2, roundedRect = 3
    }

    /// When an overlay view (left, right, clear button) is shown, UIKit's `UITextField.ViewMode`.
    public enum ViewMode: Int, Sendable {
        case never = 0, whileEditing = 1, unlessEditing = 2, always = 3
    }

    /// Why editing ended, UIKit's `UITextField.DidEndEditingReason`.
    public enum DidEndEditingReason: Int, Sendable {
        case committed = 0
        case cancelled = 1
    }

    // MARK: Text

    private var textStorage = ""
    private var attributedTextStorage: NSAttributedString?

    /// The text (never nil when read: "" for none, as UIKit's). Setting it does not send
    /// `.editingChanged` nor post `textDidChangeNotification`, as on iOS.
    open var text: String? {
        get { textStorage }
        set {
            textStorage = newValue ?? ""
            attributedTextStorage = nil
            contentDidChange()
        }
    }

    /// The text with attributes; Flipbook shows its characters in the field's font and colour.
    open var attributedText: NSAttributedString? {
        get { attributedTextStorage ?? NSAttributedString(string: textStorage) }
        set {
            textStorage = newValue?.string ?? ""
            attributedTextStorage = newValue
            contentDidChange()
        }
    }

    /// The grey text shown while the field is empty (default nil).
    open var placeholder: String? {
        get { placeholderStorage?.string }
        set {
            placeholderStorage = newValue.map { NSAttributedString(string: $0) }
            contentDidChange()
        }
    }
    private var placeholderStorage: NSAttributedString?

    /// The placeholder with attributes: its `.foregroundColor` and `.font` (at its first
    /// character) are used; other attributes are kept, not drawn.
    open var attributedPlaceholder: NSAttributedString? {
        get { placeholderStorage }
        set {
            placeholderStorage = newValue
            contentDidChange()
        }
    }

    /// The font (default: the system font, 17 points).
    open var font: UIFont? {
        get { fontStorage }
        set {
            fontStorage = newValue ?? .systemFont(ofSize: 17)
            contentDidChange()
        }
    }
    private var fontStorage: UIFont = .systemFont(ofSize: 17)

    /// The text colour (default `.label`).
    open var textColor: UIColor? {
        get { textColorStorage }
        set {
            textColorStorage = newValue ?? .label
            contentDidChange()
        }
    }
    private var textColorStorage: UIColor = .label

    /// How the text lines up in its rectangle (default `.natural`: left).
    open var textAlignment: NSTextAlignment = .natural { didSet { contentDidChange() } }

    /// The attributes typed text gets (kept; the field's font and colour are drawn).
    open var defaultTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The attributes of text about to be typed (nil when not editing, as UIKit's).
    open var typingAttributes: [NSAttributedString.Key: Any]?
    /// Whether the user may style the text (stored).
    open var allowsEditingTextAttributes = false
    /// Whether beginning to edit empties the field (default false).
    open var clearsOnBeginEditing = false
    /// Whether typing replaces the text (stored; typing appends).
    open var clearsOnInsertion = false
    /// Whether the font shrinks to fit the width (stored; not applied).
    open var adjustsFontSizeToFitWidth = false
    /// The smallest font size when shrinking (stored).
    open var minimumFontSize: CGFloat = 0
    /// Whether a Dynamic Type font follows the field's content size category (default
    /// false), as `UILabel.adjustsFontForContentSizeCategory`.
    open var adjustsFontForContentSizeCategory = false

    /// Rescales a Dynamic Type font to `category` when the field adjusts its font.
    func adjustFont(toContentSizeCategory category: UIContentSizeCategory) {
        guard adjustsFontForContentSizeCategory else { return }
        let adjusted = fontStorage.adjusted(to: category)
        guard adjusted !== fontStorage else { return }
        fontStorage = adjusted
        contentDidChange()
    }

    // MARK: Border and overlays

    /// How the border is drawn (default `.none`).
    open var borderStyle: BorderStyle = .none {
        didSet {
            applyBorderStyle()
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }
    /// An image drawn behind the field (stretched to the border rectangle); ignored with the
    /// `.roundedRect` style, as on iOS.
    open var background: UIImage? { didSet { applyBorderStyle() } }
    /// The background image while the field is disabled (nil: `background`).
    open var disabledBackground: UIImage? { didSet { applyBorderStyle() } }

    /// A view at the left edge (shown by `leftViewMode`).
    open var leftView: UIView? {
        didSet {
            if oldValue !== leftView, let old = oldValue, old.superview === self { old.removeFromSuperview() }
            overlaysDidChange()
        }
    }
    /// When `leftView` is shown (default `.never`).
    open var leftViewMode: ViewMode = .never { didSet { overlaysDidChange() } }
    /// A view at the right edge (shown by `rightViewMode`).
    open var rightView: UIView? {
        didSet {
            if oldValue !== rightView, let old = oldValue, old.superview === self { old.removeFromSuperview() }
            overlaysDidChange()
        }
    }
    /// When `rightView` is shown (default `.never`).
    open var rightViewMode: ViewMode = .never { didSet { overlaysDidChange() } }
    /// When the clear button would show (stored; the button is not drawn).
    open var clearButtonMode: ViewMode = .never

    /// The view the keyboard's place would show (stored; Flipbook shows no keyboard).
    open var inputView: UIView?
    /// The bar above the keyboard (stored).
    open var inputAccessoryView: UIView?

    // MARK: Text input traits

    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var keyboardType: UIKeyboardType = .default
    open var keyboardAppearance: UIKeyboardAppearance = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var enablesReturnKeyAutomatically = false
    /// Whether the text is shown as dots (one "•" a character).
    open var isSecureTextEntry = false { didSet { contentDidChange() } }
    open var textContentType: UITextContentType!

    // MARK: Delegate and editing

    /// Asked and told about editing (held weakly).
    open weak var delegate: UITextFieldDelegate?

    /// Whether the field is editing (its app's first responder through `becomeFirstResponder()`).
    open var isEditing: Bool { isEditingStorage }
    private var isEditingStorage = false

    // MARK: Drawing parts

    /// The border and background (a plain view below everything).
    private let borderView = UIView()
    /// The text or the placeholder.
    let displayLabel = UILabel()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpParts()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpParts()
    }

    private func setUpParts() {
        borderView.isUserInteractionEnabled = false
        addSubview(borderView)
        addSubview(displayLabel)
        applyBorderStyle()
        contentDidChange()
    }

    // MARK: Rectangles (open, as UIKit's)

    /// The horizontal room the border style keeps between the border and the text.
    private var textInset: CGFloat {
        switch borderStyle {
        case .none: 0
        case .line, .bezel: 2
        case .roundedRect: 7
        }
    }

    /// The rectangle the border is drawn in (default: the bounds).
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The rectangle of the text when not editing: the bounds less the border style's inset
    /// and the shown left and right views.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var minX = bounds.minX + textInset
        var maxX = bounds.maxX - textInset
        if leftView != nil, isShown(leftViewMode) { minX = max(minX, leftViewRect(forBounds: bounds).maxX) }
        if rightView != nil, isShown(rightViewMode) { maxX = min(maxX, rightViewRect(forBounds: bounds).minX) }
        return CGRect(x: minX, y: bounds.minY, width: max(0, maxX - minX), height: bounds.height)
    }

    /// The rectangle of the placeholder (default: `textRect(forBounds:)`).
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The rectangle of the text while editing (default: `textRect(forBounds:)`).
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The left view's rectangle: its frame's size at the left edge, centred vertically.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = leftView?.frame.size ?? .zero
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The right view's rectangle: its frame's size at the right edge, centred vertically.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = rightView?.frame.size ?? .zero
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// Where the clear button would be: 19 points square, 5 from the right edge, centred.
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.maxX - 24, y: bounds.midY - 9.5, width: 19, height: 19)
    }

    /// Draws the text in `rect` (kept for overriding: Flipbook draws the text with a label, and
    /// does not call it).
    open func drawText(in rect: CGRect) {}
    /// Draws the placeholder in `rect`. Flipbook draws it with a label, and asks this method
    /// whenever the placeholder shows: an override that does not call `super` (a field that
    /// draws its own floating placeholder, as TextFieldEffects' do) hides it, as on iOS, where
    /// this method is what draws it. What such an override draws itself is not shown
    /// (docs/Divergences.md, "Text fields").
    open func drawPlaceholder(in rect: CGRect) { placeholderDrawnByDefault = true }
    /// Whether the last `drawPlaceholder(in:)` reached the default.
    private var placeholderDrawnByDefault = true

    /// The text's (or else the placeholder's) width with the insets and overlay views, and
    /// the font's line height with the border style's room (34 points for `.roundedRect`
    /// with the 17-point system font, as on iOS).
    open override var intrinsicContentSize: CGSize {
        let showsText = !textStorage.isEmpty
        let shown = showsText ? displayString : (placeholderStorage?.string ?? "")
        let measured = measureLabel(shown, font: showsText ? fontStorage : placeholderFont)
        var width = measured.width + 2 * textInset
        var height: CGFloat
        let lineHeight = fontStorage.lineHeight
        switch borderStyle {
        case .roundedRect: height = (lineHeight + 14).rounded()
        case .line, .bezel: height = (lineHeight + 6).rounded(.up)
        case .none: height = pixelCeil(lineHeight)
        }
        for (view, mode) in [(leftView, leftViewMode), (rightView, rightViewMode)] {
            guard let view, isShown(mode) else { continue }
            width += view.frame.width
            height = max(height, view.frame.height)
        }
        return CGSize(width: pixelCeil(width), height: height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeParts()
    }

    override func boundsSizeDidChange() { placeParts() }

    // MARK: First responder

    /// A field can become first responder while it is enabled.
    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Asks the delegate (`textFieldShouldBeginEditing`), becomes the app's first responder
    /// (the previous one resigns) and begins editing: `textFieldDidBeginEditing`,
    /// `.editingDidBegin`, `textDidBeginEditingNotification`.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil else { return false }
        if let delegate, !delegate.textFieldShouldBeginEditing(self) { return false }
        guard super.becomeFirstResponder() else { return false }
        isEditingStorage = true
        typingAttributes = defaultTextAttributes
        if clearsOnBeginEditing, !textStorage.isEmpty {
            textStorage = ""
            attributedTextStorage = nil
        }
        contentDidChange()
        overlaysDidChange()
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    /// Asks the delegate (`textFieldShouldEndEditing`) and ends editing:
    /// `textFieldDidEndEditing(_:reason:)`, `.editingDidEnd`, `textDidEndEditingNotification`.
    @discardableResult
    open override func resignFirstResponder() -> Bool { resignFirstResponder(forced: false) }

    /// Ends editing; `forced` (`endEditing(true)`, leaving the window) skips the delegate's
    /// `textFieldShouldEndEditing`.
    func resignFirstResponder(forced: Bool) -> Bool {
        guard isEditingStorage else { return super.resignFirstResponder() }
        if !forced, let delegate, !delegate.textFieldShouldEndEditing(self) { return false }
        _ = super.resignFirstResponder()
        isEditingStorage = false
        typingAttributes = nil
        contentDidChange()
        overlaysDidChange()
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(
            name: Self.textDidEndEditingNotification, object: self,
            userInfo: [Self.didEndEditingReasonUserInfoKey: NSNumber(value: DidEndEditingReason.committed.rawValue)])
        return true
    }

    /// A tap that lifts inside the field begins editing, as on iOS.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if let touch, isEnabled, bounds.contains(touch.location(in: self)) { becomeFirstResponder() }
    }

    override func windowWillChange(to newWindow: UIWindow?) {
        super.windowWillChange(to: newWindow)
        if newWindow == nil, isEditingStorage { _ = resignFirstResponder(forced: true) }
    }

    override func stateDidChange() {
        super.stateDidChange()
        contentDidChange()
        applyBorderStyle()
    }

    // MARK: UIKeyInput

    /// Whether the field holds any text.
    open var hasText: Bool { !textStorage.isEmpty }

    /// Appends `text`, as typing does: then `.editingChanged` and `textDidChangeNotification`
    /// (the delegate's `textField(_:shouldChangeCharactersIn:replacementString:)` is the
    /// keyboard's question and is not asked here, as on iOS). A return ("\n") is the return
    /// key: the delegate's `textFieldShouldReturn`, then `.editingDidEndOnExit`, after which a
    /// field with actions for that event ends editing.
    open func insertText(_ text: String) {
        if text == "\n" { return returnKeyPressed() }
        guard !text.isEmpty else { return }
        textStorage += text
        attributedTextStorage = nil
        textDidChangeByTyping()
    }

    /// Deletes the last character, as the delete key does (nothing when empty).
    open func deleteBackward() {
        guard !textStorage.isEmpty else { return }
        textStorage.removeLast()
        attributedTextStorage = nil
        textDidChangeByTyping()
    }

    private func textDidChangeByTyping() {
        contentDidChange()
        delegate?.textFieldDidChangeSelection(self)
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    private func returnKeyPressed() {
        if let delegate, !delegate.textFieldShouldReturn(self) { return }
        let endsOnExit = allControlEvents.contains(.editingDidEndOnExit)
        sendActions(for: .editingDidEndOnExit)
        if endsOnExit, isEditingStorage { _ = resignFirstResponder() }
    }

    // MARK: Drawing

    private func isShown(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .whileEditing: isEditingStorage
        case .unlessEditing: !isEditingStorage
        }
    }

    /// The text as shown: dots for secure entry.
    private var displayString: String {
        isSecureTextEntry ? String(repeating: "\u{2022}", count: textStorage.count) : textStorage
    }

    private var placeholderFont: UIFont {
        (placeholderStorage.flatMap { $0.length > 0 ? $0.attribute(.font, at: 0, effectiveRange: nil) as? UIFont : nil }) ?? fontStorage
    }

    private var placeholderColor: UIColor {
        (placeholderStorage.flatMap {
            $0.length > 0 ? $0.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor : nil
        }) ?? .placeholderText
    }

    private func pixelCeil(_ v: CGFloat) -> CGFloat {
        let scale = UIScreen.drawingScale
        return (v * scale).rounded(.up) / scale
    }

    private func measureLabel(_ string: String, font: UIFont) -> CGSize {
        guard !string.isEmpty else { return .zero }
        let probe = UILabel()
        probe.font = font
        probe.text = string
        return probe.intrinsicContentSize
    }

    /// Shows the text, or the placeholder when there is none, in the label.
    private func contentDidChange() {
        let showsText = !textStorage.isEmpty
        displayLabel.text = showsText ? displayString : placeholderStorage?.string
        displayLabel.font = showsText ? fontStorage : placeholderFont
        let color = showsText ? textColorStorage : placeholderColor
        displayLabel.textColor = isEnabled ? color : color.withAlphaComponent(0.35)
        displayLabel.textAlignment = textAlignment
        invalidateIntrinsicContentSize()
        placeParts()
    }

    private func overlaysDidChange() {
        invalidateIntrinsicContentSize()
        placeParts()
    }

    /// Places the border, the label and the overlay views for the current bounds and state.
    private func placeParts() {
        let b = bounds
        borderView.frame = borderRect(forBounds: b)
        let showsText = !textStorage.isEmpty
        displayLabel.frame = showsText
            ? (isEditingStorage ? editingRect(forBounds: b) : textRect(forBounds: b)) : placeholderRect(forBounds: b)
        if !showsText, placeholderStorage != nil {
            placeholderDrawnByDefault = false
            drawPlaceholder(in: displayLabel.frame)
        }
        displayLabel.isHidden = !showsText && !placeholderDrawnByDefault
        for (view, mode, rect) in [
            (leftView, leftViewMode, leftViewRect(forBounds: b)), (rightView, rightViewMode, rightViewRect(forBounds: b)),
        ] {
            guard let view else { continue }
            if isShown(mode) {
                if view.superview !== self { addSubview(view) }
                view.frame = rect
            } else if view.superview === self {
                view.removeFromSuperview()
            }
        }
    }

    /// Styles the border view for `borderStyle` and the background images.
    func applyBorderStyle() {
        let layer = borderView.layer
        let traits = traitCollection
        layer.contents = nil
        layer.cornerRadius = 0
        layer.borderWidth = 0
        layer.backgroundColor = nil
        switch borderStyle {
        case .roundedRect:
            layer.backgroundColor = UIColor.tertiarySystemBackground.resolvedColor(with: traits).cgColor
            layer.cornerRadius = 5
            layer.borderWidth = 0.5
            layer.borderColor = UIColor.systemGray4.resolvedColor(with: traits).cgColor
        case .line:
            layer.borderWidth = 1
            layer.borderColor = UIColor.label.resolvedColor(with: traits).cgColor
        case .bezel:
            layer.borderWidth = 1
            layer.borderColor = UIColor.systemGray.resolvedColor(with: traits).cgColor
        case .none:
            break
        }
        if borderStyle != .roundedRect, let image = (isEnabled ? background : (disabledBackground ?? background)) {
            layer.contents = image.cgImage
            layer.contentsScale = image.scale
            layer.contentsGravity = .resize
        }
    }
}
