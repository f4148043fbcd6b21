import Foundation
import FlipbookQuartz

/// A search field with an optional Cancel button, UIKit's `UISearchBar`.
///
/// Drawn as iOS 13+ draws it (docs/Semantics.md, "Search bars"): a 56 pt tall bar on its own
/// (`sizeThatFits`), its background the bar tint (or, for `.default` and `.prominent`, the bar
/// grey), its `searchTextField` a 36 pt rounded field of `tertiarySystemFill` with a magnifying
/// glass, inset 8 pt (16 pt in a navigation bar), and the "Cancel" button on the right while
/// `showsCancelButton`. Editing is the field's: a tap or `searchTextField.becomeFirstResponder()`
/// asks `searchBarShouldBeginEditing` and tells `searchBarTextDidBeginEditing`; typing
/// (`insertText(_:)` on the field) asks `searchBar(_:shouldChangeTextIn:replacementText:)` and
/// tells `searchBar(_:textDidChange:)`; the return key tells `searchBarSearchButtonClicked`; the
/// Cancel button `searchBarCancelButtonClicked`. A search controller's bar also tells its
/// controller (UISearchController.swift).
@preconcurrency @MainActor
open class UISearchBar: UIView, UITextInputTraits {
    /// How the bar's background is drawn, UIKit's `UISearchBar.Style`.
    public enum Style: UInt, Sendable {
        /// `.prominent` (the bar's grey background).
        case `default` = 0
        /// The bar's grey background, for a bar that is the main search of its screen.
        case prominent = 1
        /// No background: only the field (and the Cancel button).
        case minimal = 2
    }

    /// The height of a bar on its own (without prompt or scope bar), in points.
    public static let standardHeight: CGFloat = 56
    /// The height of the field, in points.
    static let fieldHeight: CGFloat = 36

    /// Asked and told about the bar's editing and buttons (held weakly).
    open weak var delegate: UISearchBarDelegate?

    /// The field the user types into (iOS 13).
    public let searchTextField: UISearchTextField

    /// The search text (the field's).
    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    /// The grey text of an empty field (default nil: the field shows "Search").
    open var placeholder: String? {
        get { placeholderStorage }
        set {
            placeholderStorage = newValue
            searchTextField.placeholder = newValue ?? Self.defaultPlaceholder
        }
    }
    private var placeholderStorage: String?
    static let defaultPlaceholder = "Search"
    /// One line of text above the bar (stored; not drawn).
    open var prompt: String?

    /// The bar's look (`.black`: a dark bar).
    open var barStyle: UIBarStyle = .default {
        didSet {
            overrideUserInterfaceStyle = barStyle == .default ? .unspecified : .dark
            applyBackground()
        }
    }
    /// The bar's background style (default `.default`).
    open var searchBarStyle: Style = .default { didSet { applyBackground() } }
    /// The bar's background colour (nil: the bar grey).
    open var barTintColor: UIColor? { didSet { applyBackground() } }
    /// Whether the background is slightly see-through (stored).
    open var isTranslucent = true
    /// An image drawn instead of the background (stored).
    open var backgroundImage: UIImage?
    /// Whether the bar takes touches (iOS 16.4; default true): the field and buttons follow it.
    open var isEnabled: Bool = true {
        didSet {
            searchTextField.isEnabled = isEnabled
            cancelButton.isEnabled = isEnabled
        }
    }

    /// Whether the Cancel button shows (default false).
    open var showsCancelButton: Bool {
        get { showsCancelButtonStorage }
        set { setShowsCancelButton(newValue, animated: false) }
    }
    private var showsCancelButtonStorage = false
    /// Whether the bookmark button shows (stored; not drawn).
    open var showsBookmarkButton = false
    /// Whether the results list button shows (stored; not drawn).
    open var showsSearchResultsButton = false
    /// Whether the results list button is selected (stored).
    open var isSearchResultsButtonSelected = false

    /// The scope buttons' titles (stored; the scope bar is not drawn).
    open var scopeButtonTitles: [String]?
    /// The selected scope button (default 0). Setting it in code does not tell the delegate, as on iOS.
    open var selectedScopeButtonIndex: Int = 0
    /// Whether the scope bar shows (stored).
    open var showsScopeBar = false
    /// The bar above the keyboard (the field's).
    open var inputAccessoryView: UIView? {
        get { searchTextField.inputAccessoryView }
        set { searchTextField.inputAccessoryView = newValue }
    }

    // MARK: Text input traits (the field's)

    open var autocapitalizationType: UITextAutocapitalizationType {
        get { searchTextField.autocapitalizationType }
        set { searchTextField.autocapitalizationType = newValue }
    }
    open var autocorrectionType: UITextAutocorrectionType {
        get { searchTextField.autocorrectionType }
        set { searchTextField.autocorrectionType = newValue }
    }
    open var spellCheckingType: UITextSpellCheckingType {
        get { searchTextField.spellCheckingType }
        set { searchTextField.spellCheckingType = newValue }
    }
    open var keyboardType: UIKeyboardType {
        get { searchTextField.keyboardType }
        set { searchTextField.keyboardType = newValue }
    }
    open var keyboardAppearance: UIKeyboardAppearance {
        get { searchTextField.keyboardAppearance }
        set { searchTextField.keyboardAppearance = newValue }
    }
    open var returnKeyType: UIReturnKeyType {
        get { searchTextField.returnKeyType }
        set { searchTextField.returnKeyType = newValue }
    }
    open var enablesReturnKeyAutomatically: Bool {
        get { searchTextField.enablesReturnKeyAutomatically }
        set { searchTextField.enablesReturnKeyAutomatically = newValue }
    }
    open var isSecureTextEntry: Bool {
        get { searchTextField.isSecureTextEntry }
        set { searchTextField.isSecureTextEntry = newValue }
    }
    open var textContentType: UITextContentType! {
        get { searchTextField.textContentType }
        set { searchTextField.textContentType = newValue }
    }

    // MARK: Parts

    private let backgroundView = UIView(frame: .zero)
    /// The "Cancel" button, right of the field while `showsCancelButton`.
    let cancelButton = SearchBarCancelButton()
    /// Listens to the field for the bar (UIKit's bar is its field's delegate).
    private lazy var fieldListener = SearchFieldListener(bar: self)
    /// The search controller whose bar this is (told about editing and Cancel).
    weak var owningSearchController: UISearchController?
    /// The horizontal room between the bar's edges and the field (16 in a navigation bar).
    var fieldInset: CGFloat = 8 { didSet { setNeedsLayout() } }
    /// Whether the bar draws its own background (not inside a navigation bar, whose
    /// background shows through).
    var drawsBackground = true { didSet { applyBackground() } }

    public override init(frame: CGRect) {
        searchTextField = UISearchTextField(frame: .zero)
        super.init(frame: frame)
        setUp()
    }

    /// Archives do not exist in Flipbook: creates an empty bar.
    public required init?(coder: NSCoder) {
        searchTextField = UISearchTextField(frame: .zero)
        super.init(coder: coder)
        setUp()
    }

    /// A bar of zero size (`sizeToFit()` gives it its height).
    public convenience init() { self.init(frame: .zero) }

    private func setUp() {
        backgroundView.isUserInteractionEnabled = false
        addSubview(backgroundView)
        addSubview(searchTextField)
        searchTextField.placeholder = Self.defaultPlaceholder
        searchTextField.returnKeyType = .search
        searchTextField.delegate = fieldListener
        searchTextField.addTarget(self, action: { bar, _ in bar.fieldTextChanged() }, for: .editingChanged)
        cancelButton.isHidden = true
        cancelButton.addTarget(self, action: { bar, _ in bar.cancelTapped() }, for: .touchUpInside)
        addSubview(cancelButton)
        applyBackground()
    }

    /// Shows or hides the Cancel button (Flipbook does not animate it).
    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        showsCancelButtonStorage = showsCancelButton
        cancelButton.isHidden = !showsCancelButton
        setNeedsLayout()
    }

    /// Shows or hides the scope bar (stored; iOS 13).
    open func setShowsScope(_ show: Bool, animated: Bool) { showsScopeBar = show }

    /// The background image for `barPosition` and `barMetrics` (stored).
    open func setBackgroundImage(_ backgroundImage: UIImage?, for barPosition: UIBarPosition, barMetrics: UIBarMetrics) {
        backgroundImages[BackgroundKey(position: barPosition, metrics: barMetrics)] = backgroundImage
    }
    open func backgroundImage(for barPosition: UIBarPosition, barMetrics: UIBarMetrics) -> UIImage? {
        backgroundImages[BackgroundKey(position: barPosition, metrics: barMetrics)]
    }
    private struct BackgroundKey: Hashable {
        var position: UIBarPosition
        var metrics: UIBarMetrics
    }
    private var backgroundImages: [BackgroundKey: UIImage] = [:]

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        cancelButton.applyTint(tintColor ?? .systemBlue)
    }

    private func applyBackground() {
        let grey = UIColor(white: barStyle == .default ? 0.97 : 0.11, alpha: 1)
        backgroundView.isHidden = !drawsBackground || searchBarStyle == .minimal
        backgroundView.backgroundColor = barTintColor ?? grey
    }

    // MARK: Layout

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.standardHeight) }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.standardHeight) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        backgroundView.frame = b
        var right = b.width - fieldInset
        if showsCancelButtonStorage {
            let w = cancelButton.naturalWidth
            cancelButton.frame = CGRect(x: right - w, y: 0, width: w, height: b.height)
            right -= w + 8
        }
        let h = min(Self.fieldHeight, b.height)
        searchTextField.frame = CGRect(
            x: fieldInset, y: ((b.height - h) / 2).rounded(), width: max(0, right - fieldInset), height: h)
    }

    // MARK: Events

    func fieldShouldBeginEditing() -> Bool {
        if let delegate, !delegate.searchBarShouldBeginEditing(self) { return false }
        owningSearchController?.searchBarWillBeginEditing()
        return true
    }

    func fieldDidBeginEditing() {
        delegate?.searchBarTextDidBeginEditing(self)
        owningSearchController?.searchBarDidBeginEditing()
    }

    func fieldShouldEndEditing() -> Bool { delegate?.searchBarShouldEndEditing(self) ?? true }

    func fieldDidEndEditing() { delegate?.searchBarTextDidEndEditing(self) }

    private func fieldTextChanged() {
        delegate?.searchBar(self, textDidChange: text ?? "")
        owningSearchController?.searchTextDidChange()
    }

    func fieldShouldReturn() -> Bool {
        delegate?.searchBarSearchButtonClicked(self)
        return true
    }

    private func cancelTapped() {
        delegate?.searchBarCancelButtonClicked(self)
        owningSearchController?.searchBarCancelled()
    }
}

/// The search bar's field, UIKit's `UISearchTextField` (iOS 13): a rounded field of
/// `tertiarySystemFill`, 10 pt corners, the magnifying glass on its left.
@preconcurrency @MainActor
open class UISearchTextField: UITextField {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpSearchField()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpSearchField()
    }

    private func setUpSearchField() {
        borderStyle = .none
        backgroundColor = .tertiarySystemFill
        layer.cornerRadius = 10
        clipsToBounds = true
        let glass = UIImageView(image: UIImage(systemName: "magnifyingglass"))
        glass.tintColor = .secondaryLabel
        glass.frame = CGRect(x: 0, y: 0, width: 17, height: 17)
        glass.contentMode = .scaleAspectFit
        leftView = glass
        leftViewMode = .always
        clearButtonMode = .whileEditing
    }

    /// The glass 8 pt from the left edge.
    open override func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        let r = super.leftViewRect(forBounds: bounds)
        return r.offsetBy(dx: 8, dy: 0)
    }

    /// The text 6 pt right of the glass, 8 pt from the right edge.
    open override func textRect(forBounds bounds: CGRect) -> CGRect {
        let left = leftView == nil ? bounds.minX + 8 : leftViewRect(forBounds: bounds).maxX + 6
        return CGRect(x: left, y: bounds.minY, width: max(0, bounds.maxX - 8 - left), height: bounds.height)
    }
}

/// The search bar's Cancel button: "Cancel" in the tint, 17 pt.
@preconcurrency @MainActor
final class SearchBarCancelButton: UIControl {
    let label = UILabel(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.text = "Cancel"
        label.font = .systemFont(ofSize: 17)
        label.textColor = .systemBlue
        addSubview(label)
    }

    required init?(coder: NSCoder) { nil }

    func applyTint(_ tint: UIColor) { label.textColor = tint }

    var naturalWidth: CGFloat { label.measure(maxWidth: nil).width }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds
    }
}

/// The field's delegate on the bar's behalf.
@preconcurrency @MainActor
final class SearchFieldListener: NSObject, UITextFieldDelegate {
    unowned let bar: UISearchBar
    init(bar: UISearchBar) { self.bar = bar }

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { bar.fieldShouldBeginEditing() }
    func textFieldDidBeginEditing(_ textField: UITextField) { bar.fieldDidBeginEditing() }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { bar.fieldShouldEndEditing() }
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { bar.fieldDidEndEditing() }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool { bar.fieldShouldReturn() }
}

/// A search bar's delegate, UIKit's `UISearchBarDelegate`. Every method is optional, as in
/// UIKit: the extension gives the defaults (allow everything, do nothing). UIKit's protocol
/// refines `UIBarPositioningDelegate`, which Flipbook does not declare (a delegate's
/// `position(for:)` compiles and is not called).
@preconcurrency @MainActor
public protocol UISearchBarDelegate: NSObjectProtocol {
    /// Whether the field may start editing (default true).
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    /// The field began editing.
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    /// Whether the field may stop editing (default true).
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
    /// The field stopped editing.
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    /// Typing changed the text.
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    /// Whether typing may replace the characters in `range` (default true; Flipbook's typing
    /// does not ask, as its text fields do not).
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The return (Search) key was pressed.
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    /// The bookmark button was tapped (not drawn in Flipbook).
    func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar)
    /// The Cancel button was tapped.
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
    /// The results list button was tapped (not drawn in Flipbook).
    func searchBarResultsListButtonClicked(_ searchBar: UISearchBar)
    /// A scope button was selected.
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension UISearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        true
    }
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarResultsListButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {}
}
