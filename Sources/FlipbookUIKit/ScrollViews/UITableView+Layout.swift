import Foundation
import FlipbookQuartz

/// Row geometry and tiling: every row's height is known at reload; the cells of the rows
/// meeting the bounds are placed, the others go back to the reuse queue (docs/Semantics.md,
/// "Table views").
extension UITableView {
    /// The height of an automatic row when no estimate is set.
    static let defaultRowHeight: CGFloat = 44

    func loadIfNeeded() {
        guard needsReload else { return }
        reloadData()
    }

    /// Asks the data source for the counts and the delegate for the heights, and sets the
    /// content size.
    func rebuildGeometry() {
        needsReload = false
        guard let ds = dataSource else {
            sections = []
            contentSize = CGSize(width: bounds.width, height: tableHeaderHeight + tableFooterHeight)
            return
        }
        var n = ds.numberOfSections(in: self)
        if n < 0 {
            FlipbookDiagnostics.report(
                "UITableView: numberOfSections(in:) returned \(n); using 0.", once: "UITableView.sections.negative")
            n = 0
        }
        var counts: [Int] = []
        counts.reserveCapacity(n)
        for s in 0..<n {
            var c = ds.tableView(self, numberOfRowsInSection: s)
            if c < 0 {
                FlipbookDiagnostics.report(
                    "UITableView: tableView(_:numberOfRowsInSection: \(s)) returned \(c); using 0.",
                    once: "UITableView.rows.negative")
                c = 0
            }
            counts.append(c)
        }
        buildSections(counts: counts)
    }

    func buildSections(counts: [Int]) {
        let d = tableDelegate
        var y = tableHeaderHeight
        var out: [SectionLayout] = []
        var badHeights = 0
        out.reserveCapacity(counts.count)
        for (s, count) in counts.enumerated() {
            let header = headerHeight(s)
            let footer = footerHeight(s)
            var tops = [CGFloat](repeating: 0, count: count + 1)
            var acc: CGFloat = 0
            for r in 0..<count {
                let ip = IndexPath(row: r, section: s)
                let h = d?.tableView(self, heightForRowAt: ip) ?? rowHeight
                if h.isFinite {
                    acc += resolvedRowHeight(h)
                } else {
                    badHeights += 1
                    acc += Self.defaultRowHeight
                }
                tops[r + 1] = acc
            }
            out.append(SectionLayout(top: y, header: header, rowTops: tops, footer: footer))
            y += header + acc + footer
        }
        if badHeights > 0 {
            FlipbookDiagnostics.report(
                "UITableView: \(badHeights) row heights were not finite; using \(Self.defaultRowHeight) for them.",
                once: "UITableView.rowHeight.nan")
        }
        sections = out
        contentSize = CGSize(width: bounds.width, height: y + tableFooterHeight)
    }

    func resolvedRowHeight(_ h: CGFloat) -> CGFloat {
        if !h.isFinite {
            FlipbookDiagnostics.report(
                "UITableView: a row height of \(h) is not finite; using \(Self.defaultRowHeight).",
                once: "UITableView.rowHeight.nan")
            return Self.defaultRowHeight
        }
        if h >= 0 { return h }
        if estimatedRowHeight > 0, estimatedRowHeight.isFinite { return estimatedRowHeight }
        return Self.defaultRowHeight
    }

    var tableHeaderHeight: CGFloat { tableHeaderView.map { max(0, $0.frame.height) } ?? 0 }
    var tableFooterHeight: CGFloat { tableFooterView.map { max(0, $0.frame.height) } ?? 0 }

    private func headerHeight(_ s: Int) -> CGFloat {
        supplementHeight(
            asked: tableDelegate?.tableView(self, heightForHeaderInSection: s), table: sectionHeaderHeight,
            title: { dataSource?.tableView(self, titleForHeaderInSection: s) },
            view: { tableDelegate?.tableView(self, viewForHeaderInSection: s) },
            estimated: { tableDelegate?.tableView(self, estimatedHeightForHeaderInSection: s) ?? estimatedSectionHeaderHeight },
            groupedEmpty: s == 0 ? 35 : 18)
    }

    private func footerHeight(_ s: Int) -> CGFloat {
        supplementHeight(
            asked: tableDelegate?.tableView(self, heightForFooterInSection: s), table: sectionFooterHeight,
            title: { dataSource?.tableView(self, titleForFooterInSection: s) },
            view: { tableDelegate?.tableView(self, viewForFooterInSection: s) },
            estimated: { tableDelegate?.tableView(self, estimatedHeightForFooterInSection: s) ?? estimatedSectionFooterHeight },
            groupedEmpty: 17)
    }

    /// A section header's or footer's height: the delegate's (`asked`), else the table's, else,
    /// when both are automatic, its view's frame height, else its estimate, else what UIKit
    /// gives a view or a title (the title, the view and the estimate are asked for only then).
    /// `groupedEmpty`: a grouped table's height for neither. A reusable header-footer view
    /// asked for here only to be measured goes back to its reuse queue.
    private func supplementHeight(
        asked: CGFloat?, table: @autoclosure () -> CGFloat, title askTitle: () -> String?, view askView: () -> UIView?,
        estimated askEstimate: () -> CGFloat, groupedEmpty: CGFloat
    ) -> CGFloat {
        var h = asked ?? UITableView.automaticDimension
        if h < 0 || !h.isFinite { h = table() }
        if h >= 0, h.isFinite { return h }
        let title = askTitle()
        let view = askView()
        if let hf = view as? UITableViewHeaderFooterView, hf.reuseIdentifier != nil,
            !headerViews.values.contains(where: { $0 === hf }), !footerViews.values.contains(where: { $0 === hf })
        {
            enqueueHeaderFooter(hf)
        }
        if let view, view.frame.height > 0 { return view.frame.height }
        if view != nil {
            let e = askEstimate()
            if e > 0, e.isFinite { return e }
        }
        switch style {
        case .plain: return title != nil || view != nil ? 28 : 0
        case .grouped, .insetGrouped: return title != nil || view != nil ? 38 : groupedEmpty
        }
    }

    // MARK: Queries

    /// The row whose span holds `offset` (from the section's first row).
    func row(atOffset offset: CGFloat, in sec: SectionLayout) -> Int {
        var lo = 0, hi = sec.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if sec.rowTops[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return max(0, lo)
    }

    func rowRect(_ ip: IndexPath) -> CGRect? {
        guard isValid(ip) else { return nil }
        let sec = sections[ip.section]
        let y = sec.rowsTop + sec.rowTops[ip.row]
        let h = sec.rowTops[ip.row + 1] - sec.rowTops[ip.row]
        let inset = sectionInset
        return CGRect(x: inset, y: y, width: max(0, bounds.width - 2 * inset), height: h)
    }

    /// How far an inset-grouped table's sections sit in from each side (`TableMargins`); 0 for
    /// the other styles.
    var sectionInset: CGFloat { style == .insetGrouped ? TableMargins.horizontal(forWidth: bounds.width) : 0 }

    /// The rows meeting `rect`, in order. Zero-height rows count when their top is inside.
    func indexPaths(in rect: CGRect) -> [IndexPath] {
        var out: [IndexPath] = []
        guard rect.height > 0 else { return out }
        for (s, sec) in sections.enumerated() where sec.count > 0 {
            if sec.rowsBottom <= rect.minY || sec.rowsTop >= rect.maxY { continue }
            var r = row(atOffset: max(0, rect.minY - sec.rowsTop), in: sec)
            while r < sec.count, sec.rowsTop + sec.rowTops[r] < rect.maxY {
                if sec.rowsTop + sec.rowTops[r + 1] > rect.minY || sec.rowTops[r + 1] == sec.rowTops[r] {
                    out.append(IndexPath(row: r, section: s))
                }
                r += 1
            }
        }
        return out
    }

    // MARK: Tiling

    /// Places the cells of the rows in view; recycles the others.
    func tile() {
        let wanted = indexPaths(in: bounds)
        let wantedSet = Set(wanted)
        for (ip, cell) in visible.sorted(by: { $0.key < $1.key }) where !wantedSet.contains(ip) {
            visible[ip] = nil
            recycle(cell, at: ip)
        }
        for ip in wanted {
            if let cell = visible[ip] {
                place(cell, at: ip)
            } else {
                showNewCell(at: ip, animation: nil)
            }
        }
        tileSectionViews()
    }

    /// Asks the data source for `ip`'s cell, adds and places it, and tells the delegate. With
    /// `animation`, the cell starts from where that row animation starts (placed without
    /// animation).
    @discardableResult
    func showNewCell(at ip: IndexPath, animation: RowAnimation?) -> UITableViewCell? {
        guard let ds = dataSource else { return nil }
        let cell = ds.tableView(self, cellForRowAt: ip)
        if cell.superview != nil, cell.superview !== self || visible.values.contains(where: { $0 === cell }) {
            FlipbookDiagnostics.report(
                "UITableView: the cell returned for \(ip) is already in use elsewhere; it is moved to this row.",
                once: "UITableView.cellInUse")
            if let old = visible.first(where: { $0.value === cell })?.key { visible[old] = nil }
        }
        cell.tableView = self
        UIView.performWithoutAnimation {
            if cell.isEditing != editingFlag { cell.setEditing(editingFlag, animated: false) }
            place(cell, at: ip, force: true)
            let selected = selectedRows.contains(ip)
            if cell.selectedFlag != selected {
                cell.selectedFlag = selected
                cell.updateSelectionAppearance()
            }
            if let animation { applyStart(of: animation, to: cell, inserting: true) }
        }
        cell.isHidden = false
        if cell.superview !== self { insertSubview(cell, at: backgroundView == nil ? 0 : 1) }
        visible[ip] = cell
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: ip)
        return cell
    }

    /// Puts `cell` in `ip`'s row. A cell already showing that row is moved only when the row's
    /// rectangle changed since it was placed (or with `force`: a cell newly shown, rows moved by
    /// updates): as in UIKit, a layout pass leaves alone a visible cell the app moved or resized
    /// itself (an expanding-cell transition animates one to full screen and back).
    func place(_ cell: UITableViewCell, at ip: IndexPath, force: Bool = false) {
        guard let r = rowRect(ip) else { return }
        if force || cell.placedRowRect != r {
            if cell.frame != r { cell.frame = r }
            cell.placedRowRect = r
        }
        let sec = sections[ip.section]
        let shows = separatorStyle != .none && ip.row < sec.count - 1
        let thickness = 1 / max(1, window?.screen.scale ?? UIScreen.drawingScale)
        let color = separatorColor ?? .separator
        if cell.showsSeparator != shows || cell.separatorThickness != thickness || cell.separatorColorForCell !== color {
            cell.showsSeparator = shows
            cell.separatorThickness = thickness
            cell.separatorColorForCell = color
            cell.setNeedsLayout()
        }
    }

    /// Moves a cell to where `animation` starts (inserting) or ends (deleting).
    func applyStart(of animation: RowAnimation, to cell: UITableViewCell, inserting: Bool) {
        let f = cell.frame
        switch animation {
        case .fade, .automatic, .middle:
            cell.alpha = 0
        case .left:
            cell.frame = f.offsetBy(dx: -f.width, dy: 0)
        case .right:
            cell.frame = f.offsetBy(dx: f.width, dy: 0)
        case .top:
            cell.frame = f.offsetBy(dx: 0, dy: -f.height)
            cell.alpha = 0
        case .bottom:
            cell.frame = f.offsetBy(dx: 0, dy: f.height)
            cell.alpha = 0
        case .none:
            break
        }
    }

    func layoutTableHeaderFooter() {
        if let h = tableHeaderView {
            h.frame = CGRect(x: 0, y: 0, width: bounds.width, height: h.frame.height)
        }
        if let f = tableFooterView {
            let y = (sections.last?.bottom ?? tableHeaderHeight)
            f.frame = CGRect(x: 0, y: y, width: bounds.width, height: f.frame.height)
        }
    }

    /// Header and footer views of the sections in view (titles become grey labels).
    private func tileSectionViews() {
        let b = bounds
        for (s, sec) in sections.enumerated() {
            let headerRect = CGRect(x: 0, y: pinnedHeaderY(sec), width: b.width, height: sec.header)
            let footerRect = CGRect(x: 0, y: pinnedFooterY(sec), width: b.width, height: sec.footer)
            updateSectionView(s, headerRect, header: true)
            updateSectionView(s, footerRect, header: false)
        }
        for s in headerViews.keys.sorted() where s >= sections.count {
            if let v = headerViews[s] { endDisplaying(v, section: s, header: true) }
            headerViews[s] = nil
        }
        for s in footerViews.keys.sorted() where s >= sections.count {
            if let v = footerViews[s] { endDisplaying(v, section: s, header: false) }
            footerViews[s] = nil
        }
    }

    /// Where a section's header is drawn. Plain tables pin it to the top of the visible area
    /// (below the adjusted top inset) while its section is in view, pushed up by the section's
    /// end; grouped tables leave it in place (docs/Semantics.md "Table views").
    func pinnedHeaderY(_ sec: SectionLayout) -> CGFloat {
        guard style == .plain, sec.header > 0 else { return sec.top }
        let visibleTop = bounds.minY + adjustedContentInset.top
        return max(sec.top, min(visibleTop, sec.bottom - sec.header))
    }

    /// Where a section's footer is drawn: plain tables pin it to the bottom of the visible area
    /// while its section is in view, never above the section's header.
    func pinnedFooterY(_ sec: SectionLayout) -> CGFloat {
        guard style == .plain, sec.footer > 0 else { return sec.rowsBottom }
        let visibleBottom = bounds.maxY - adjustedContentInset.bottom
        return min(sec.rowsBottom, max(visibleBottom - sec.footer, sec.top + sec.header))
    }

    private func sectionView(_ s: Int, header: Bool) -> UIView? { header ? headerViews[s] : footerViews[s] }

    private func setSectionView(_ v: UIView?, _ s: Int, header: Bool) {
        if header { headerViews[s] = v } else { footerViews[s] = v }
    }

    /// Shows, moves or takes away section `s`'s header (or footer) for `rect`. The table's
    /// dictionaries are not held across the delegate's calls, which may ask the table for its
    /// header views.
    private func updateSectionView(_ s: Int, _ rect: CGRect, header: Bool) {
        let inView = rect.height > 0 && rect.maxY > bounds.minY && rect.minY < bounds.maxY
        guard inView else {
            if let v = sectionView(s, header: header) {
                setSectionView(nil, s, header: header)
                endDisplaying(v, section: s, header: header)
            }
            return
        }
        if let v = sectionView(s, header: header) {
            if v.frame != rect { v.frame = rect }
            return
        }
        let custom = header
            ? tableDelegate?.tableView(self, viewForHeaderInSection: s)
            : tableDelegate?.tableView(self, viewForFooterInSection: s)
        let title: String? = custom != nil ? nil : header
            ? dataSource?.tableView(self, titleForHeaderInSection: s)
            : dataSource?.tableView(self, titleForFooterInSection: s)
        let v: UIView
        if let custom {
            v = custom
        } else if let title {
            v = makeTitleView(title, header: header)
        } else {
            return
        }
        // A view already showing another section (a delegate that keeps one view) moves here.
        for (k, shown) in headerViews where shown === v { headerViews[k] = nil }
        for (k, shown) in footerViews where shown === v { footerViews[k] = nil }
        if let hf = v as? UITableViewHeaderFooterView {
            hf.tableStyle = style
            hf.isFooter = !header
            hf.isHidden = false
            if let id = hf.reuseIdentifier { headerFooterPool[id]?.removeAll { $0 === hf } }
        }
        UIView.performWithoutAnimation { v.frame = rect }
        addSubview(v)
        setSectionView(v, s, header: header)
        if header {
            tableDelegate?.tableView(self, willDisplayHeaderView: v, forSection: s)
        } else {
            tableDelegate?.tableView(self, willDisplayFooterView: v, forSection: s)
        }
    }

    /// A section title's view: a header-footer view (no reuse identifier) with its `textLabel`
    /// set, upper-cased for a grouped table's header as UIKit shows it.
    private func makeTitleView(_ title: String, header: Bool) -> UIView {
        let v = UITableViewHeaderFooterView(reuseIdentifier: nil)
        v.tableStyle = style
        v.isFooter = !header
        v.textLabel?.text = style == .plain || !header ? title : title.uppercased()
        v.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 28)
        return v
    }
}
