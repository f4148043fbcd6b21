import Foundation
import FlipbookQuartz

/// A reusable section header or footer of a table view, UIKit's `UITableViewHeaderFooterView`.
///
/// A table view makes one of a registered class for `dequeueReusableHeaderFooterView(withIdentifier:)`
/// and, when the section leaves the screen, keeps it for the next dequeue of its
/// `reuseIdentifier` (calling `prepareForReuse()` then). Its subviews go in `contentView`,
/// which fills it above `backgroundView`. `textLabel` and `detailTextLabel` are the deprecated
/// built-in labels; a header the table makes for a section title is one of these views with its
/// `textLabel` set (docs/Semantics.md, "Table section header and footer views").
///
/// With no `backgroundView` and no `backgroundColor`, a header or footer in a plain table shows
/// the plain section background (`secondarySystemBackground`); in a grouped table it is clear.
@preconcurrency @MainActor
open class UITableViewHeaderFooterView: UIView {
    /// The reuse identifier given at creation.
    open var reuseIdentifier: String? { reuseIdentifierStorage }
    private let reuseIdentifierStorage: String?

    /// The view to put the header's content in (fills the view).
    open var contentView: UIView { contentViewStorage }
    private let contentViewStorage = UIView()

    /// Shown behind the content (nil: the table style's background).
    open var backgroundView: UIView? {
        get { backgroundViewStorage }
        set {
            let oldValue = backgroundViewStorage
            backgroundViewStorage = newValue
            oldValue?.removeFromSuperview()
            if let newValue { insertSubview(newValue, belowSubview: contentViewStorage) }
            setNeedsLayout()
        }
    }
    private var backgroundViewStorage: UIView?

    /// The plain-style background, shown when neither `backgroundView` nor `backgroundColor` is set.
    private let defaultBackground = UIView()
    private var textLabelStorage: UILabel?
    private var detailLabelStorage: UILabel?
    private var contentConfigurationStorage: (any UIContentConfiguration)?
    private var configuredContentView: UIView?

    /// The style of the table showing (or about to show) this view; the table sets it when it
    /// makes, dequeues or shows the view. It picks the labels' fonts and the default background.
    var tableStyle: UITableView.Style = .plain {
        didSet {
            guard tableStyle != oldValue else { return }
            restyleLabels()
            setNeedsLayout()
        }
    }
    /// Whether this view shows the section's footer (the table sets it; grouped footers place
    /// their label differently).
    var isFooter = false
    /// The table that made or dequeued this view (its reuse queue takes it back).
    weak var owningTable: UITableView?

    /// A header or footer view a table view can reuse under `reuseIdentifier`.
    public init(reuseIdentifier: String?) {
        reuseIdentifierStorage = reuseIdentifier
        super.init(frame: .zero)
        setUpHeaderFooter()
    }

    /// How a table view makes a registered header-footer class (Flipbook's, as the cell's
    /// `init(registeredReuseIdentifier:)`): through `init(reuseIdentifier:)`, so a subclass's
    /// override of that initialiser runs. Subclasses inherit it whenever they inherit or
    /// override UIKit's initialisers.
    public required convenience init(registeredHeaderFooterReuseIdentifier identifier: String?) {
        self.init(reuseIdentifier: identifier)
    }

    /// A view without a reuse identifier.
    public override convenience init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        reuseIdentifierStorage = nil
        super.init(coder: coder)
        setUpHeaderFooter()
    }

    private func setUpHeaderFooter() {
        defaultBackground.backgroundColor = .secondarySystemBackground
        defaultBackground.isUserInteractionEnabled = false
        addSubview(defaultBackground)
        addSubview(contentViewStorage)
    }

    // MARK: Built-in labels

    /// The main label (created on first use), in the table style's header font: bold 17 pt in a
    /// plain table, 13 pt secondary in a grouped one.
    open var textLabel: UILabel? {
        if let l = textLabelStorage { return l }
        let l = UILabel()
        l.numberOfLines = 0
        contentViewStorage.addSubview(l)
        textLabelStorage = l
        restyleLabels()
        setNeedsLayout()
        return l
    }

    /// The secondary label (created on first use), 13 pt secondary, below the main label.
    open var detailTextLabel: UILabel? {
        if let l = detailLabelStorage { return l }
        let l = UILabel()
        contentViewStorage.addSubview(l)
        detailLabelStorage = l
        restyleLabels()
        setNeedsLayout()
        return l
    }

    /// The labels' style defaults for `tableStyle` (appearance proxies and the app's own settings
    /// made later win, as for cells).
    private func restyleLabels() {
        let plain = tableStyle == .plain
        if let l = textLabelStorage {
            l.settingAppearanceDefaults {
                l.font = plain ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 13)
                l.textColor = plain ? .label : .secondaryLabel
            }
        }
        if let l = detailLabelStorage {
            l.settingAppearanceDefaults {
                l.font = .systemFont(ofSize: 13)
                l.textColor = .secondaryLabel
            }
        }
    }

    // MARK: Reuse

    /// Called when the table view dequeues this view for reuse: reset what configuration set.
    /// The default does nothing.
    open func prepareForReuse() {}

    // MARK: Content configuration

    /// A configuration that builds the view's content (replaces the built-in labels).
    open var contentConfiguration: (any UIContentConfiguration)? {
        get { contentConfigurationStorage }
        set {
            contentConfigurationStorage = newValue
            applyContentConfiguration()
        }
    }

    /// The list configuration for a header or footer in this view's table style.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch (tableStyle, isFooter) {
        case (.plain, false): .plainHeader()
        case (.plain, true): .plainFooter()
        case (_, false): .groupedHeader()
        case (_, true): .groupedFooter()
        }
    }

    /// Whether a configuration state change updates the content configuration (kept; Flipbook
    /// has no configuration states for header views).
    open var automaticallyUpdatesContentConfiguration = true

    private func applyContentConfiguration() {
        guard let config = contentConfigurationStorage else {
            configuredContentView?.removeFromSuperview()
            configuredContentView = nil
            textLabelStorage?.isHidden = false
            detailLabelStorage?.isHidden = false
            return
        }
        if var existing = configuredContentView as? (any UIContentView), existing.supports(config) {
            existing.configuration = config
        } else {
            configuredContentView?.removeFromSuperview()
            let v = config.makeContentView()
            contentViewStorage.addSubview(v)
            configuredContentView = v
        }
        textLabelStorage?.isHidden = true
        detailLabelStorage?.isHidden = true
        setNeedsLayout()
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        defaultBackground.frame = b
        defaultBackground.isHidden = tableStyle != .plain || backgroundViewStorage != nil || backgroundColor != nil
        backgroundViewStorage?.frame = b
        contentViewStorage.frame = b
        if let v = configuredContentView {
            v.frame = contentViewStorage.bounds
            return
        }
        layoutLabels()
    }

    /// The built-in labels across the width, inside the table's margins (`TableMargins`): in a
    /// plain table the label fills the height; in a grouped one it starts 10 pt (header) or 6 pt
    /// (footer) down, as the section titles did before these views existed. A detail label
    /// takes its text's height at the bottom.
    private func layoutLabels() {
        let c = contentViewStorage.bounds
        let m = TableMargins.horizontal(forWidth: c.width)
        let w = max(0, c.width - 2 * m)
        let detailHeight: CGFloat = detailLabelStorage.map { $0.text == nil ? 0 : ceil($0.intrinsicContentSize.height) } ?? 0
        if let l = textLabelStorage {
            // Grouped: the label is 6 pt shorter than the view, from 10 pt down for a header (its
            // text, centred, sits a little below the middle) or 6 pt for a footer.
            let top: CGFloat = tableStyle == .plain ? 0 : (isFooter ? 6 : 10)
            let height = tableStyle == .plain ? c.height : c.height - 6
            l.frame = CGRect(x: m, y: top, width: w, height: max(0, height - detailHeight))
        }
        if let d = detailLabelStorage {
            d.isHidden = d.text == nil || configuredContentView != nil
            d.frame = CGRect(x: m, y: max(0, c.height - detailHeight - (tableStyle == .plain ? 0 : 6)), width: w, height: detailHeight)
        }
    }

    override func boundsSizeDidChange() {
        super.boundsSizeDidChange()
        setNeedsLayout()
    }
}
