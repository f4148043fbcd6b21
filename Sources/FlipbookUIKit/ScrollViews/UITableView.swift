import Foundation
import FlipbookQuartz

/// Rows in sections, UIKit's `UITableView` (plain, grouped and inset-grouped styles).
///
/// A table view is a vertical scroll view whose content is its rows: it asks its data source
/// for the counts and the cells, its delegate (the scroll view's `delegate`, when it is a
/// `UITableViewDelegate`) for heights and hears about display and selection. Only the cells
/// of the rows in view exist, plus those waiting in the reuse queue
/// (`dequeueReusableCell(withIdentifier:for:)`). Row heights are known for every row at
/// reload (docs/Semantics.md, "Table views"); `layoutSubviews` places the visible cells for
/// the current offset. Files: geometry and tiling (`UITableView+Layout`), batch updates
/// (`UITableView+Updates`), selection (`UITableView+Selection`).
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    /// UIKit's `UITableView.Style`.
    public enum Style: Int, Sendable {
        case plain, grouped, insetGrouped
    }
    /// Where `scrollToRow(at:at:animated:)` puts the row, UIKit's `UITableView.ScrollPosition`.
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom
    }
    /// How inserted, deleted and reloaded rows animate, UIKit's `UITableView.RowAnimation`.
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// The value that asks for the automatic height (UIKit's `UITableView.automaticDimension`).
    public static let automaticDimension: CGFloat = -1

    /// The style chosen at creation.
    public let style: Style

    /// The data source, held weakly. Setting it reloads at the next layout.
    open var dataSource: (any UITableViewDataSource)? {
        get { _dataSource }
        set {
            _dataSource = newValue
            setNeedsReload()
        }
    }
    private weak var _dataSource: (any UITableViewDataSource)?

    /// The height of rows whose delegate gives none (default `automaticDimension`, which
    /// Flipbook resolves to `estimatedRowHeight` when set, else 44 pt: docs/Divergences.md).
    open var rowHeight: CGFloat {
        get { _rowHeight }
        set {
            _rowHeight = newValue
            setNeedsReload()
        }
    }
    private var _rowHeight: CGFloat = UITableView.automaticDimension
    /// The estimated height (used as the height of automatic rows).
    open var estimatedRowHeight: CGFloat {
        get { _estimatedRowHeight }
        set {
            _estimatedRowHeight = newValue
            setNeedsReload()
        }
    }
    private var _estimatedRowHeight: CGFloat = UITableView.automaticDimension
    /// Header and footer heights when the delegate gives none (automatic by default).
    open var sectionHeaderHeight: CGFloat {
        get { _sectionHeaderHeight }
        set {
            _sectionHeaderHeight = newValue
            setNeedsReload()
        }
    }
    private var _sectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var sectionFooterHeight: CGFloat {
        get { _sectionFooterHeight }
        set {
            _sectionFooterHeight = newValue
            setNeedsReload()
        }
    }
    private var _sectionFooterHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension

    /// Whether separators are drawn (default `.singleLine`).
    open var separatorStyle: UITableViewCell.SeparatorStyle {
        get { _separatorStyle }
        set {
            _separatorStyle = newValue
            setNeedsLayout()
        }
    }
    private var _separatorStyle: UITableViewCell.SeparatorStyle = .singleLine
    /// The separators' colour (UIKit's `separator` colour by default).
    open var separatorColor: UIColor? {
        get { _separatorColor }
        set {
            noteAppearanceSet(AppearanceKey(.tableSeparatorColor), { (table: UITableView) in table.separatorColor = newValue })
            _separatorColor = newValue
            setNeedsLayout()
        }
    }
    private var _separatorColor: UIColor? = .separator
    /// The effect the separators are drawn with over a blurred background, UIKit's
    /// `separatorEffect` (default nil). Stored only: Flipbook draws separators in
    /// `separatorColor` whatever the effect (docs/Divergences.md, "Table separator effect").
    open var separatorEffect: UIVisualEffect? {
        get { _separatorEffect }
        set {
            _separatorEffect = newValue
            setNeedsLayout()
        }
    }
    private var _separatorEffect: UIVisualEffect?
    /// The separators' insets (default: 16 pt on the left, 20 pt in tables 414 pt wide or more).
    open var separatorInset: UIEdgeInsets {
        get { separatorInsetStorage ?? UIEdgeInsets(top: 0, left: TableMargins.horizontal(forWidth: bounds.width), bottom: 0, right: 0) }
        set {
            noteAppearanceSet(AppearanceKey(.tableSeparatorInset), { (table: UITableView) in table.separatorInset = newValue })
            separatorInsetStorage = newValue
            setNeedsLayout()
        }
    }
    var separatorInsetStorage: UIEdgeInsets?

    /// A view above the first section.
    open var tableHeaderView: UIView? {
        get { _tableHeaderView }
        set {
            let oldValue = _tableHeaderView
            _tableHeaderView = newValue
            oldValue?.removeFromSuperview()
            if let v = tableHeaderView { addSubview(v) }
            setNeedsReload()
        }
    }
    private var _tableHeaderView: UIView?
    /// A view below the last section.
    open var tableFooterView: UIView? {
        get { _tableFooterView }
        set {
            let oldValue = _tableFooterView
            _tableFooterView = newValue
            oldValue?.removeFromSuperview()
            if let v = tableFooterView { addSubview(v) }
            setNeedsReload()
        }
    }
    private var _tableFooterView: UIView?
    /// A view behind the rows, sized to the table.
    open var backgroundView: UIView? {
        get { _backgroundView }
        set {
            let oldValue = _backgroundView
            _backgroundView = newValue
            oldValue?.removeFromSuperview()
            if let v = backgroundView { insertSubview(v, at: 0) }
            setNeedsLayout()
        }
    }
    private var _backgroundView: UIView?

    /// Whether rows can be selected by touch (default true).
    open var allowsSelection = true
    /// Whether several rows can be selected at once (default false).
    open var allowsMultipleSelection = false
    /// Whether the table is editing; setting it is `setEditing(_:animated: false)`. Flipbook
    /// draws no editing controls (docs/Divergences.md, "Table editing"); the visible cells are
    /// told, as UIKit tells them.
    open var isEditing: Bool {
        get { editingFlag }
        set { setEditing(newValue, animated: false) }
    }
    var editingFlag = false

    /// Enters or leaves editing and tells each visible cell (`UITableViewCell.setEditing`).
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != editingFlag else { return }
        editingFlag = editing
        for cell in visibleCells where cell.isEditing != editing { cell.setEditing(editing, animated: animated) }
    }
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelectionDuringEditing = false
    /// Prefetching (kept).
    open var isPrefetchingEnabled = true

    // MARK: Storage

    struct SectionLayout {
        var top: CGFloat
        var header: CGFloat
        /// Cumulative row tops from the section's first row (count + 1 entries).
        var rowTops: [CGFloat]
        var footer: CGFloat
        var rowsTop: CGFloat { top + header }
        var rowsBottom: CGFloat { top + header + (rowTops.last ?? 0) }
        var bottom: CGFloat { rowsBottom + footer }
        var count: Int { rowTops.count - 1 }
    }

    var sections: [SectionLayout] = []
    var needsReload = true
    var registeredCells: [String: UITableViewCell.Type] = [:]
    var reusePool: [String: [UITableViewCell]] = [:]
    var visible: [IndexPath: UITableViewCell] = [:]
    var headerViews: [Int: UIView] = [:]
    var footerViews: [Int: UIView] = [:]
    var registeredHeaderFooters: [String: UITableViewHeaderFooterView.Type] = [:]
    var headerFooterPool: [String: [UITableViewHeaderFooterView]] = [:]
    var selectedRows: [IndexPath] = []
    var pendingUpdate: TableUpdate?
    var updateDepth = 0
    /// `updateVisibleCellsIfNeeded()` is running.
    var updatingVisibleCells = false
    /// Cells fading or sliding out after a deletion, recycled when their animation ends.
    var leavingCells: [UITableViewCell] = []
    /// Completions of nested batches, run when the outermost one ends.
    var batchCompletions: [(Bool) -> Void] = []

    /// A table of `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        setUpTable()
    }

    /// A plain table.
    public override convenience init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        setUpTable()
    }

    private func setUpTable() {
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
    }

    /// The delegate as a `UITableViewDelegate`: itself when it is one, else the first on its
    /// forwarding chain (a scroll-view delegate proxy forwarding to the table's delegate).
    var tableDelegate: (any UITableViewDelegate)? {
        DelegateForwardingChain.resolve(delegate, as: UITableViewDelegate.self)
    }

    // MARK: Cells

    /// Registers `cellClass` (a `UITableViewCell` subclass) for `identifier`; nil removes it.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registeredCells[identifier] = cellClass.map {
            UIScrollView.cellClass($0, subclassing: UITableViewCell.self, or:
                "UITableView.register: \($0) is not a UITableViewCell subclass; '\(identifier)' makes plain UITableViewCells.",
                once: "UITableView.register.\(identifier)")
        }
    }

    /// A cell waiting for reuse under `identifier` (after `prepareForReuse()`), else a new one of
    /// the registered class, else nil.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let cell = takeFromPool(identifier) { return cell }
        guard let type = registeredCells[identifier] else { return nil }
        return makeCell(type, identifier)
    }

    /// A cell for `indexPath` from the reuse queue or the registered class, sized to the row.
    /// An unregistered identifier is UIKit's exception; Flipbook reports it and returns a
    /// `.default` cell.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        let cell: UITableViewCell
        if let c = takeFromPool(identifier) {
            cell = c
        } else if let type = registeredCells[identifier] {
            cell = makeCell(type, identifier)
        } else {
            FlipbookDiagnostics.report(
                "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard",
                once: "UITableView.dequeue.\(identifier)")
            cell = makeCell(UITableViewCell.self, identifier)
        }
        if let r = rowRect(indexPath) {
            UIView.performWithoutAnimation { cell.frame = r }
        }
        return cell
    }

    /// How many cells this table view has made (Flipbook's, for reuse tests and benchmarks).
    public private(set) var createdCellCount = 0

    private func makeCell(_ type: UITableViewCell.Type, _ identifier: String) -> UITableViewCell {
        createdCellCount += 1
        let cell = type.init(registeredReuseIdentifier: identifier)
        cell.tableView = self
        return cell
    }

    private func takeFromPool(_ identifier: String) -> UITableViewCell? {
        guard var list = reusePool[identifier], let cell = list.popLast() else { return nil }
        reusePool[identifier] = list
        cell.isHidden = false
        cell.alpha = 1
        cell.transform = .identity
        if cell.selectedFlag || cell.highlightedFlag {
            cell.selectedFlag = false
            cell.highlightedFlag = false
            cell.updateSelectionAppearance()
        }
        cell.prepareForReuse()
        return cell
    }

    /// Puts a cell that left the screen into the reuse queue. It stays a hidden subview (as in
    /// UIKit), so reusing it does not move it between windows and re-lay out its subtree.
    func recycle(_ cell: UITableViewCell, at indexPath: IndexPath?) {
        if cell.superview === self {
            cell.isHidden = true
        } else {
            cell.removeFromSuperview()
        }
        if let indexPath { tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath) }
        if let id = cell.reuseIdentifier { reusePool[id, default: []].append(cell) }
    }

    // MARK: Header and footer views

    /// Registers `aClass` (a `UITableViewHeaderFooterView` subclass) for `identifier`; nil
    /// removes it.
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        registeredHeaderFooters[identifier] = aClass.map {
            UIScrollView.cellClass($0, subclassing: UITableViewHeaderFooterView.self, or:
                "UITableView.register: \($0) is not a UITableViewHeaderFooterView subclass; '\(identifier)' makes plain UITableViewHeaderFooterViews.",
                once: "UITableView.registerHeaderFooter.\(identifier)")
        }
    }

    /// A header or footer view waiting for reuse under `identifier` (after `prepareForReuse()`),
    /// else a new one of the registered class, else nil (as UIKit).
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if var list = headerFooterPool[identifier], let v = list.popLast() {
            headerFooterPool[identifier] = list
            v.isHidden = false
            v.alpha = 1
            v.transform = .identity
            v.tableStyle = style
            v.prepareForReuse()
            return v
        }
        guard let type = registeredHeaderFooters[identifier] else { return nil }
        createdHeaderFooterViewCount += 1
        let v = type.init(registeredHeaderFooterReuseIdentifier: identifier)
        v.tableStyle = style
        v.owningTable = self
        UIView.performWithoutAnimation { v.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 0) }
        return v
    }

    /// How many header and footer views this table view has made for registered classes
    /// (Flipbook's, for reuse tests).
    public private(set) var createdHeaderFooterViewCount = 0

    /// Takes a header or footer view off the screen: the delegate hears of it, and a reusable
    /// header-footer view of this table waits (hidden, still a subview, as cells do) for the
    /// next dequeue of its identifier.
    func endDisplaying(_ v: UIView, section: Int, header: Bool) {
        if header {
            tableDelegate?.tableView(self, didEndDisplayingHeaderView: v, forSection: section)
        } else {
            tableDelegate?.tableView(self, didEndDisplayingFooterView: v, forSection: section)
        }
        enqueueHeaderFooter(v)
    }

    /// Puts `v` in the reuse queue when it is a header-footer view with an identifier (else it
    /// leaves the table). A view already queued is left alone.
    func enqueueHeaderFooter(_ v: UIView) {
        guard let hf = v as? UITableViewHeaderFooterView, let id = hf.reuseIdentifier,
            hf.owningTable === self || hf.owningTable == nil
        else {
            v.removeFromSuperview()
            return
        }
        if headerFooterPool[id]?.contains(where: { $0 === hf }) == true { return }
        hf.owningTable = self
        if hf.superview === self {
            hf.isHidden = true
        } else {
            hf.removeFromSuperview()
        }
        headerFooterPool[id, default: []].append(hf)
    }

    // MARK: Reloading

    /// Discards the visible cells (into the reuse queue) and asks the data source again.
    open func reloadData() {
        for (ip, cell) in visible.sorted(by: { $0.key < $1.key }) { recycle(cell, at: ip) }
        visible.removeAll()
        for (s, v) in headerViews.sorted(by: { $0.key < $1.key }) { endDisplaying(v, section: s, header: true) }
        for (s, v) in footerViews.sorted(by: { $0.key < $1.key }) { endDisplaying(v, section: s, header: false) }
        headerViews.removeAll()
        footerViews.removeAll()
        selectedRows.removeAll()
        rebuildGeometry()
        setNeedsLayout()
    }

    func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    // MARK: Counts and queries

    /// The number of sections (as last loaded).
    open var numberOfSections: Int {
        loadIfNeeded()
        return sections.count
    }

    /// The number of rows in `section` (as last loaded); 0 (reported) out of range.
    open func numberOfRows(inSection section: Int) -> Int {
        loadIfNeeded()
        guard sections.indices.contains(section) else {
            FlipbookDiagnostics.report(
                "UITableView.numberOfRows(inSection: \(section)): section out of range (\(sections.count) sections).",
                once: "UITableView.numberOfRows")
            return 0
        }
        return sections[section].count
    }

    /// The visible cell of `indexPath`, or nil.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { visible[indexPath] }

    /// The index path of a visible `cell`, or nil.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visible.first { $0.value === cell }?.key
    }

    /// The row at `point` (table content coordinates), or nil.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        loadIfNeeded()
        guard point.x.isFinite, point.y.isFinite, point.x >= 0, point.x < bounds.width else { return nil }
        for (s, sec) in sections.enumerated() where point.y >= sec.rowsTop && point.y < sec.rowsBottom {
            let r = row(atOffset: point.y - sec.rowsTop, in: sec)
            return IndexPath(row: r, section: s)
        }
        return nil
    }

    /// The rows whose rectangles meet `rect`.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        loadIfNeeded()
        return indexPaths(in: rect)
    }

    /// The visible cells, top to bottom. Brought up to date first when a layout is pending,
    /// as UIKit does: a table view just put on screen has its cells before its first layout.
    open var visibleCells: [UITableViewCell] {
        updateVisibleCellsIfNeeded()
        return visible.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The index paths of the visible rows, top to bottom (brought up to date first, as
    /// `visibleCells`).
    open var indexPathsForVisibleRows: [IndexPath]? {
        updateVisibleCellsIfNeeded()
        return visible.keys.sorted()
    }

    /// Tiles the rows now when the table view waits for a layout pass (its size changed, it
    /// was just added, or its data reloaded), without the rest of the pass. Not while it is
    /// already tiling (a data-source or delegate call asking for the visible cells gets the
    /// cells as they stand).
    func updateVisibleCellsIfNeeded() {
        guard layer.needsLayout(), !updatingVisibleCells, bounds.width > 0, bounds.height > 0 else { return }
        updatingVisibleCells = true
        defer { updatingVisibleCells = false }
        loadIfNeeded()
        layoutTableHeaderFooter()
        tile()
    }

    /// The rectangle of `indexPath`'s row (content coordinates); `.zero` (reported) out of range.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        loadIfNeeded()
        guard let r = rowRect(indexPath) else {
            reportOutOfRange(indexPath, "rectForRow(at:)")
            return .zero
        }
        return r
    }

    /// The rectangle of `section` (header, rows and footer).
    open func rect(forSection section: Int) -> CGRect {
        loadIfNeeded()
        guard sections.indices.contains(section) else { return .zero }
        let s = sections[section]
        return CGRect(x: 0, y: s.top, width: bounds.width, height: s.bottom - s.top)
    }

    /// The rectangle of `section`'s header.
    open func rectForHeader(inSection section: Int) -> CGRect {
        loadIfNeeded()
        guard sections.indices.contains(section) else { return .zero }
        let s = sections[section]
        return CGRect(x: 0, y: s.top, width: bounds.width, height: s.header)
    }

    /// The rectangle of `section`'s footer.
    open func rectForFooter(inSection section: Int) -> CGRect {
        loadIfNeeded()
        guard sections.indices.contains(section) else { return .zero }
        let s = sections[section]
        return CGRect(x: 0, y: s.rowsBottom, width: bounds.width, height: s.footer)
    }

    /// The header view shown for `section`, or nil (also nil when the delegate's header is not a
    /// `UITableViewHeaderFooterView`, as in UIKit). A section title's header is one.
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        headerViews[section] as? UITableViewHeaderFooterView
    }
    /// The footer view shown for `section`, or nil (as `headerView(forSection:)`).
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        footerViews[section] as? UITableViewHeaderFooterView
    }

    /// Scrolls so `indexPath`'s row is at `scrollPosition` (`.none`: the least movement that
    /// shows it), within the scrollable range.
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        loadIfNeeded()
        guard let r = rowRect(indexPath) else {
            reportOutOfRange(indexPath, "scrollToRow(at:at:animated:)")
            return
        }
        let i = adjustedContentInset
        let visible = bounds.height - i.top - i.bottom
        var y: CGFloat
        switch scrollPosition {
        case .top: y = r.minY - i.top
        case .middle: y = r.midY - i.top - visible / 2
        case .bottom: y = r.maxY - i.top - visible
        case .none:
            scrollRectToVisible(r, animated: animated)
            return
        }
        y = min(max(y, minimumContentOffset.y), maximumContentOffset.y)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    func reportOutOfRange(_ indexPath: IndexPath, _ api: String) {
        let count = indexPath.count == 2 && sections.indices.contains(indexPath.section) ? sections[indexPath.section].count : -1
        let detail = count >= 0 ? "section \(indexPath.section) has \(count) rows" : "\(sections.count) sections"
        FlipbookDiagnostics.report(
            "UITableView.\(api): index path \(indexPath) out of range (\(detail)).", once: "UITableView.\(api)")
    }

    func isValid(_ ip: IndexPath) -> Bool {
        ip.count == 2 && sections.indices.contains(ip.section) && ip.row >= 0 && ip.row < sections[ip.section].count
    }

    // MARK: Layout

    open override func layoutSubviews() {
        loadIfNeeded()
        super.layoutSubviews()
        backgroundView?.frame = bounds
        layoutTableHeaderFooter()
        tile()
    }

    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let oldWidth = super.bounds.width
            super.bounds = newValue
            if super.bounds.width != oldWidth, !needsReload {
                contentSize = CGSize(width: super.bounds.width, height: contentSize.height)
            }
        }
    }
}
