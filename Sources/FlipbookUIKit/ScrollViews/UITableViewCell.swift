import Foundation
import FlipbookGeometry
import FlipbookQuartz

/// A row of a table view, UIKit's `UITableViewCell`.
///
/// Its subviews go in `contentView`, which ends where the accessory begins and stops above the
/// separator line (one device pixel, drawn by the table view as a sublayer of the cell, see
/// docs/Semantics.md "Table views"). The built-in styles lay out `textLabel`,
/// `detailTextLabel` and `imageView` as UIKit does; `contentConfiguration` replaces them with a
/// configured content view. Highlight and selection show `selectedBackgroundView` (a light
/// grey by default) unless `selectionStyle` is `.none`. Touches on the cell highlight and
/// select it through its table view.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    /// The built-in layouts, UIKit's `UITableViewCell.CellStyle`.
    public enum CellStyle: Int, Sendable {
        case `default`, value1, value2, subtitle
    }
    /// How a selected cell looks, UIKit's `UITableViewCell.SelectionStyle`.
    public enum SelectionStyle: Int, Sendable {
        case none, blue, gray, `default`
    }
    /// The standard accessories, UIKit's `UITableViewCell.AccessoryType`.
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }
    /// Whether the separator is drawn, UIKit's `UITableViewCell.SeparatorStyle`.
    public enum SeparatorStyle: Int, Sendable {
        case none, singleLine, singleLineEtched
    }
    /// Editing styles (kept for source compatibility).
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }

    /// The reuse identifier given at creation.
    public private(set) var reuseIdentifier: String?
    let cellStyle: CellStyle

    /// The view to put the cell's content in.
    public let contentView = UIView()
    /// Shown behind the content (nil: the cell's background colour shows).
    open var backgroundView: UIView? {
        get { _backgroundView }
        set {
            let oldValue = _backgroundView
            _backgroundView = newValue
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }
    private var _backgroundView: UIView?
    /// Shown behind the content while highlighted or selected (default: a light grey view).
    open var selectedBackgroundView: UIView? {
        get { _selectedBackgroundView }
        set {
            let oldValue = _selectedBackgroundView
            _selectedBackgroundView = newValue
            oldValue?.removeFromSuperview()
            updateSelectionAppearance()
        }
    }
    private var _selectedBackgroundView: UIView?
    /// Shown behind the content of a selected cell when several may be selected.
    open var multipleSelectionBackgroundView: UIView?

    /// Whether the cell is editing (its table view sets it); setting it is
    /// `setEditing(_:animated: false)`. Flipbook draws no editing controls.
    open var isEditing: Bool {
        get { editingFlag }
        set { setEditing(newValue, animated: false) }
    }
    private var editingFlag = false
    /// Enters or leaves editing; subclasses override it to change their look (call super).
    open func setEditing(_ editing: Bool, animated: Bool) { editingFlag = editing }
    /// Whether the reorder control shows while editing (kept, not drawn).
    open var showsReorderControl = false
    /// Whether the content is indented while editing (kept).
    open var shouldIndentWhileEditing = true
    /// The accessory view while editing (kept, not drawn; `editingAccessoryType` is below).
    open var editingAccessoryView: UIView?
    /// The editing control's style: the table's delegate decides in UIKit; `.none` here.
    open var editingStyle: EditingStyle { .none }

    var textLabelStorage: UILabel?
    var detailLabelStorage: UILabel?
    var imageViewStorage: UIImageView?
    var contentConfigurationStorage: (any UIContentConfiguration)?
    var configuredContentView: UIView?
    let accessoryLayer = CAShapeLayer()
    /// The separator line (placed by the table view).
    let separatorLayer = CALayer()
    weak var tableView: UITableView?
    /// Whether the table view drew this cell's separator (set each layout).
    var showsSeparator = false
    /// The row rectangle the table last placed this cell in (nil: not placed since shown).
    var placedRowRect: CGRect?
    var separatorThickness: CGFloat = 1.0 / 3
    var separatorColorForCell: UIColor = .separator

    /// A cell of `style` that a table view can reuse under `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        cellStyle = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        setUpCell()
    }

    /// How a table view makes a registered cell class (Flipbook's; see docs/Divergences.md):
    /// a `.default` cell through `init(style:reuseIdentifier:)`, so a subclass's override of that
    /// initialiser runs. Subclasses inherit it whenever they inherit or override UIKit's
    /// initialisers.
    public required convenience init(registeredReuseIdentifier: String?) {
        self.init(style: .default, reuseIdentifier: registeredReuseIdentifier)
    }

    /// A `.default` cell without a reuse identifier.
    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        cellStyle = .default
        super.init(coder: coder)
        setUpCell()
    }

    private func setUpCell() {
        backgroundColor = .systemBackground
        contentView.isUserInteractionEnabled = true
        addSubview(contentView)
        // The accessory and separator layers never animate implicitly.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        accessoryLayer.actions = [
            "path": NSNull(), "position": NSNull(), "bounds": NSNull(), "hidden": NSNull(), "lineWidth": NSNull(),
            "strokeColor": NSNull(), "fillColor": NSNull(),
        ]
        accessoryLayer.fillColor = nil
        accessoryLayer.lineWidth = 2
        accessoryLayer.lineCap = .round
        accessoryLayer.lineJoin = .round
        layer.addSublayer(accessoryLayer)
        separatorLayer.actions = ["position": NSNull(), "bounds": NSNull(), "hidden": NSNull(), "backgroundColor": NSNull()]
        separatorLayer.isHidden = true
        layer.addSublayer(separatorLayer)
    }

    // MARK: Built-in content

    /// The main label (created on first use for every style).
    open var textLabel: UILabel? {
        if let l = textLabelStorage { return l }
        let l = addLabel(fontSize: 17, color: .label)
        textLabelStorage = l
        setNeedsLayout()
        return l
    }

    /// The secondary label: nil for `.default` cells.
    open var detailTextLabel: UILabel? {
        guard cellStyle != .default else { return nil }
        if let l = detailLabelStorage { return l }
        let l = switch cellStyle {
        case .subtitle: addLabel(fontSize: 15, color: .label)
        case .value2: addLabel(fontSize: 17, color: .label)
        default: addLabel(fontSize: 17, color: .secondaryLabel)
        }
        detailLabelStorage = l
        setNeedsLayout()
        return l
    }

    /// A label in the style's font size and colour, added to the content view (made on first
    /// use of `textLabel` or `detailTextLabel`). The style's font and colour are defaults, which
    /// `UILabel.appearance(whenContainedInInstancesOf: [UITableViewCell.self])` replaces, as in UIKit.
    private func addLabel(fontSize: CGFloat, color: UIColor) -> UILabel {
        let l = UILabel()
        l.settingAppearanceDefaults {
            l.font = .systemFont(ofSize: fontSize)
            l.textColor = color
        }
        contentView.addSubview(l)
        return l
    }

    /// The image at the leading edge (created on first use).
    open var imageView: UIImageView? {
        if let v = imageViewStorage { return v }
        let v = UIImageView(image: nil)
        contentView.addSubview(v)
        imageViewStorage = v
        setNeedsLayout()
        return v
    }

    /// The standard accessory at the trailing edge.
    open var accessoryType: AccessoryType {
        get { _accessoryType }
        set {
            _accessoryType = newValue
            setNeedsLayout()
        }
    }
    private var _accessoryType: AccessoryType = .none
    /// A custom accessory view (replaces `accessoryType`).
    open var accessoryView: UIView? {
        get { _accessoryView }
        set {
            let oldValue = _accessoryView
            _accessoryView = newValue
            oldValue?.removeFromSuperview()
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }
    private var _accessoryView: UIView?
    /// Editing accessories (kept).
    open var editingAccessoryType: AccessoryType = .none
    /// How selection looks (default `.default`).
    open var selectionStyle: SelectionStyle {
        get { _selectionStyle }
        set {
            _selectionStyle = newValue
            updateSelectionAppearance()
        }
    }
    private var _selectionStyle: SelectionStyle = .default
    /// The separator's insets within the cell (the table view's `separatorInset` unless set).
    open var separatorInset: UIEdgeInsets {
        get { separatorInsetStorage ?? tableView?.separatorInset ?? UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) }
        set { separatorInsetStorage = newValue }
    }
    var separatorInsetStorage: UIEdgeInsets?
    /// Indentation (kept).
    open var indentationLevel = 0
    open var indentationWidth: CGFloat = 10

    // MARK: Selection

    var selectedFlag = false
    var highlightedFlag = false

    /// Whether the cell is selected.
    open var isSelected: Bool {
        get { selectedFlag }
        set { setSelected(newValue, animated: false) }
    }
    /// Whether the cell is highlighted (a finger is on it).
    open var isHighlighted: Bool {
        get { highlightedFlag }
        set { setHighlighted(newValue, animated: false) }
    }
    /// Selects or deselects the cell (the selected background shows or hides).
    open func setSelected(_ selected: Bool, animated: Bool) {
        selectedFlag = selected
        updateSelectionAppearance()
    }
    /// Highlights or unhighlights the cell.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        highlightedFlag = highlighted
        updateSelectionAppearance()
    }

    /// Called when the table view dequeues the cell for reuse: reset what configuration set.
    /// The default does nothing beyond UIKit's (selection and highlight are cleared by the
    /// table view).
    open func prepareForReuse() {}

    func updateSelectionAppearance() {
        let show = (selectedFlag || highlightedFlag) && selectionStyle != .none
        if show {
            let v = selectedBackgroundView ?? defaultSelectedBackground
            if v.superview !== self {
                insertSubview(v, belowSubview: contentView)
            }
            v.frame = bounds
            v.isHidden = false
        } else {
            selectedBackgroundView?.isHidden = true
            defaultSelectedBackgroundStorage?.isHidden = true
        }
    }

    var defaultSelectedBackgroundStorage: UIView?
    var defaultSelectedBackground: UIView {
        if let v = defaultSelectedBackgroundStorage { return v }
        let v = UIView()
        v.backgroundColor = .systemGray4
        defaultSelectedBackgroundStorage = v
        return v
    }

    // MARK: Content configuration

    /// A configuration that builds the cell's content (replaces the built-in labels).
    open var contentConfiguration: (any UIContentConfiguration)? {
        get { contentConfigurationStorage }
        set {
            contentConfigurationStorage = newValue
            applyContentConfiguration()
        }
    }

    /// The list configuration for this cell's style (`.cell()`, `.subtitleCell()`, `.valueCell()`).
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch cellStyle {
        case .subtitle: .subtitleCell()
        case .value1, .value2: .valueCell()
        default: .cell()
        }
    }

    private func applyContentConfiguration() {
        guard let config = contentConfigurationStorage else {
            configuredContentView?.removeFromSuperview()
            configuredContentView = nil
            return
        }
        if var existing = configuredContentView as? (any UIContentView), existing.supports(config) {
            existing.configuration = config
        } else {
            configuredContentView?.removeFromSuperview()
            let v = config.makeContentView()
            contentView.addSubview(v)
            configuredContentView = v
        }
        textLabelStorage?.isHidden = true
        detailLabelStorage?.isHidden = true
        imageViewStorage?.isHidden = true
        setNeedsLayout()
    }

    // MARK: Touches (highlight and selection through the table view)

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        tableView?.cellTouchBegan(self)
    }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        tableView?.cellTouchEnded(self, inside: touches.first.map { bounds.contains($0.location(in: self)) } ?? true)
    }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        tableView?.cellTouchEnded(self, inside: false)
    }

    // MARK: Layout

    /// The margin of the built-in content (`TableMargins`).
    var contentMargin: CGFloat { TableMargins.horizontal(forWidth: bounds.width) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let separatorSpace = showsSeparator ? separatorThickness : 0
        let reserve: CGFloat
        if let a = accessoryView {
            let s = a.bounds.size
            a.frame = CGRect(x: b.width - contentMargin - s.width, y: (b.height - s.height) / 2, width: s.width, height: s.height)
            reserve = contentMargin + s.width
        } else {
            reserve = accessoryType == .none ? 0 : 38
        }
        contentView.frame = CGRect(x: 0, y: 0, width: max(0, b.width - reserve), height: max(0, b.height - separatorSpace))
        backgroundView?.frame = b
        if let v = selectedBackgroundView ?? defaultSelectedBackgroundStorage, v.superview === self { v.frame = b }
        layoutAccessory()
        layoutSeparator()
        if let v = configuredContentView {
            v.frame = contentView.bounds
        } else {
            layoutBuiltInContent()
        }
    }

    private func layoutAccessory() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let b = bounds
        let path = CGMutablePath()
        let x = b.width - contentMargin, y = (b.height - (showsSeparator ? separatorThickness : 0)) / 2
        switch accessoryView == nil ? accessoryType : .none {
        case .disclosureIndicator, .detailDisclosureButton:
            // A chevron 7 × 12 pt, its tip on the trailing margin.
            path.move(to: CGPoint(x: x - 7, y: y - 6))
            path.addLine(to: CGPoint(x: x, y: y))
            path.addLine(to: CGPoint(x: x - 7, y: y + 6))
            accessoryLayer.strokeColor = UIColor.systemGray3.cgColor
        case .checkmark:
            // A tick 14 × 11 pt ending on the trailing margin, in the tint colour.
            path.move(to: CGPoint(x: x - 14, y: y))
            path.addLine(to: CGPoint(x: x - 9, y: y + 5))
            path.addLine(to: CGPoint(x: x, y: y - 6))
            accessoryLayer.strokeColor = tintColor.cgColor
        default:
            break
        }
        accessoryLayer.frame = b
        accessoryLayer.path = path
        accessoryLayer.isHidden = path.isEmpty
    }

    func layoutSeparator() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        guard showsSeparator else {
            separatorLayer.isHidden = true
            return
        }
        let inset = separatorInset
        let b = bounds
        separatorLayer.isHidden = false
        separatorLayer.backgroundColor = separatorColorForCell.cgColor
        separatorLayer.frame = CGRect(
            x: inset.left, y: b.height - separatorThickness, width: max(0, b.width - inset.left - inset.right),
            height: separatorThickness)
        // Keep the line above the cell's subviews.
        if layer.sublayers?.last !== separatorLayer {
            separatorLayer.removeFromSuperlayer()
            layer.addSublayer(separatorLayer)
        }
    }

    private func layoutBuiltInContent() {
        let c = contentView.bounds
        let m = contentMargin
        var x = m
        if let iv = imageViewStorage, let image = iv.image {
            let s = image.size
            iv.frame = CGRect(x: m, y: (c.height - s.height) / 2, width: s.width, height: s.height)
            iv.isHidden = false
            x = m + s.width + 16
        } else {
            imageViewStorage?.isHidden = true
        }
        let right = c.width - m
        let text = textLabelStorage, detail = detailLabelStorage
        text?.isHidden = false
        detail?.isHidden = detail?.text == nil
        func height(_ l: UILabel?) -> CGFloat { l.map { ceil($0.intrinsicContentSize.height) } ?? 0 }
        switch cellStyle {
        case .subtitle where detail?.text != nil:
            let h1 = height(text), h2 = height(detail)
            let top = (c.height - h1 - h2) / 2
            text?.frame = CGRect(x: x, y: top, width: max(0, right - x), height: h1)
            detail?.frame = CGRect(x: x, y: top + h1, width: max(0, right - x), height: h2)
        case .value1, .value2:
            let h1 = height(text), h2 = height(detail)
            let dw = min(max(0, right - x), ceil(detail?.intrinsicContentSize.width ?? 0))
            detail?.frame = CGRect(x: right - dw, y: (c.height - h2) / 2, width: dw, height: h2)
            detail?.textAlignment = .right
            text?.frame = CGRect(x: x, y: (c.height - h1) / 2, width: max(0, right - dw - 8 - x), height: h1)
        default:
            let h1 = height(text)
            text?.frame = CGRect(x: x, y: (c.height - h1) / 2, width: max(0, right - x), height: h1)
        }
    }

    override func boundsSizeDidChange() {
        super.boundsSizeDidChange()
        setNeedsLayout()
    }
}

