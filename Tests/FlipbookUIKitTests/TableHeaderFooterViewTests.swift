import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import Flipbook

/// UITableViewHeaderFooterView: registration, dequeuing, reuse as sections scroll, the
/// delegate's display calls, pinning in plain tables and a drawn header (docs/Semantics.md,
/// "Table section header and footer views").
@Suite(.freshRuntime) @MainActor struct TableHeaderFooterViewTests {
    /// A header that records its making and reuse into the test's history.
    final class RecordingHeader: UITableViewHeaderFooterView {
        nonisolated(unsafe) static var history: EventRecorder?
        let badge = UIView()
        override init(reuseIdentifier: String?) {
            super.init(reuseIdentifier: reuseIdentifier)
            badge.backgroundColor = .systemOrange
            contentView.addSubview(badge)
            RecordingHeader.history?.record("init \(reuseIdentifier ?? "nil")")
        }
        required init?(coder: NSCoder) { nil }
        override func prepareForReuse() {
            super.prepareForReuse()
            RecordingHeader.history?.record("prepareForReuse")
        }
        override func layoutSubviews() {
            super.layoutSubviews()
            badge.frame = CGRect(x: contentView.bounds.width - 36, y: 8, width: 20, height: max(0, contentView.bounds.height - 16))
        }
    }

    /// Sections with dequeued headers (and optionally footers), recording what the table asks.
    final class Model: NSObject, UITableViewDataSource, UITableViewDelegate {
        let recorder = EventRecorder()
        var sections: Int
        var rows: Int
        var headerHeight: CGFloat = 40
        var footers = false
        var recordsDisplay = true
        init(sections: Int, rows: Int) {
            self.sections = sections
            self.rows = rows
        }
        func numberOfSections(in tableView: UITableView) -> Int { sections }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.section).\(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { headerHeight }
        func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
            recorder.record("viewForHeader \(section)")
            let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header")
            header?.textLabel?.text = "Section \(section)"
            return header
        }
        func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { footers ? 24 : 0 }
        func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? {
            guard footers else { return nil }
            let footer = tableView.dequeueReusableHeaderFooterView(withIdentifier: "footer")
            footer?.textLabel?.text = "End of \(section)"
            return footer
        }
        func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {
            if recordsDisplay { recorder.record("willDisplayHeader \(section)") }
        }
        func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int) {
            if recordsDisplay { recorder.record("didEndDisplayingHeader \(section)") }
        }
    }

    private func makeTable(_ model: Model, style: UITableView.Style = .plain, height: CGFloat = 300) -> UITableView {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: height), style: style)
        table.rowHeight = 44
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.register(RecordingHeader.self, forHeaderFooterViewReuseIdentifier: "header")
        table.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "footer")
        table.dataSource = model
        table.delegate = model
        table.layoutIfNeeded()
        return table
    }

    @Test func dequeuedHeadersAreShownAndReusedAsSectionsScroll() {
        let model = Model(sections: 10, rows: 3)  // each section 40 + 132 = 172 pt
        RecordingHeader.history = model.recorder
        defer { RecordingHeader.history = nil }
        let table = makeTable(model)
        #expect(model.recorder.events == [
            "viewForHeader 0", "init header", "willDisplayHeader 0",
            "viewForHeader 1", "init header", "willDisplayHeader 1",
        ])
        let first = table.headerView(forSection: 0)
        #expect(first is RecordingHeader)
        #expect(first?.reuseIdentifier == "header")
        #expect(first?.textLabel?.text == "Section 0")
        #expect(first?.frame == CGRect(x: 0, y: 0, width: 320, height: 40))
        #expect(first?.superview === table)
        model.recorder.reset()
        // Scrolled to 380: section 0 has left, section 1 (172…344) has left, section 2 (344…516)
        // is in view with its header pinned, section 3 (516…) comes in.
        table.contentOffset = CGPoint(x: 0, y: 380)
        table.layoutIfNeeded()
        #expect(model.recorder.events == [
            "didEndDisplayingHeader 0", "didEndDisplayingHeader 1",
            "viewForHeader 2", "prepareForReuse", "willDisplayHeader 2",
            "viewForHeader 3", "prepareForReuse", "willDisplayHeader 3",
        ])
        #expect(table.createdHeaderFooterViewCount == 2)
        #expect(table.headerView(forSection: 0) == nil)
        #expect(table.headerView(forSection: 2)?.textLabel?.text == "Section 2")
        // Plain style: the header of the section in view is pinned to the top of the bounds.
        #expect(table.headerView(forSection: 2)?.frame.minY == 380)
        #expect(table.headerView(forSection: 3)?.frame.minY == 516)
        // The reused views are the first two.
        let shown = Set([2, 3].compactMap { table.headerView(forSection: $0).map(ObjectIdentifier.init) })
        #expect(first.map { shown.contains(ObjectIdentifier($0)) } == true)
    }

    @Test func groupedHeadersScrollWithTheirSection() {
        let model = Model(sections: 6, rows: 3)
        model.recordsDisplay = false
        let table = makeTable(model, style: .grouped)
        table.contentOffset = CGPoint(x: 0, y: 200)
        table.layoutIfNeeded()
        // Section 1 starts at 172: its header stays there in a grouped table.
        #expect(table.headerView(forSection: 1)?.frame.minY == 172)
        #expect(table.rectForHeader(inSection: 1).minY == 172)
    }

    @Test func footersAreDequeuedToo() {
        let model = Model(sections: 3, rows: 2)
        model.footers = true
        model.recordsDisplay = false
        let table = makeTable(model, style: .grouped, height: 600)
        let footer = table.footerView(forSection: 0)
        #expect(footer?.reuseIdentifier == "footer")
        #expect(footer?.textLabel?.text == "End of 0")
        #expect(footer?.frame == CGRect(x: 0, y: 128, width: 320, height: 24))
        #expect(table.headerView(forSection: 0)?.textLabel?.text == "Section 0")
    }

    @Test func reloadingPutsTheShownViewsBackForReuse() {
        let model = Model(sections: 2, rows: 1)
        let table = makeTable(model)
        #expect(table.createdHeaderFooterViewCount == 2)
        model.recorder.reset()
        table.reloadData()
        table.layoutIfNeeded()
        #expect(model.recorder.events == [
            "didEndDisplayingHeader 0", "didEndDisplayingHeader 1",
            "viewForHeader 0", "willDisplayHeader 0", "viewForHeader 1", "willDisplayHeader 1",
        ])
        #expect(table.createdHeaderFooterViewCount == 2)
        // The hidden queued views are not left on screen: each shown view is visible once.
        let shownHeaders = table.subviews.filter { $0 is UITableViewHeaderFooterView && !$0.isHidden }
        #expect(shownHeaders.count == 2)
    }

    @Test func anUnregisteredIdentifierGivesNil() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 300), style: .plain)
        #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "nothing") == nil)
        let messages = FlipbookDiagnostics.capture {
            table.register(UIView.self, forHeaderFooterViewReuseIdentifier: "wrong")
        }
        #expect(messages.contains { $0.contains("not a UITableViewHeaderFooterView subclass") })
        let v = table.dequeueReusableHeaderFooterView(withIdentifier: "wrong")
        #expect(v.map { type(of: $0) == UITableViewHeaderFooterView.self } == true)
        table.register(nil as AnyClass?, forHeaderFooterViewReuseIdentifier: "wrong")
        #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "wrong") == nil)
    }

    @Test func aTitledSectionsHeaderIsAHeaderFooterView() {
        let (app, table, model) = makeTableApp([2, 2], style: .grouped)
        defer { withExtendedLifetime((app, model)) {} }
        model.titles = [0: "Fruit"]
        table.reloadData()
        table.layoutIfNeeded()
        let header = table.headerView(forSection: 0)
        #expect(header?.textLabel?.text == "FRUIT")
        #expect(header?.reuseIdentifier == nil)
        #expect(header?.textLabel?.font.pointSize == 13)
    }

    @Test func anAutomaticHeaderTakesTheEstimateOfItsView() {
        let model = Model(sections: 2, rows: 1)
        model.headerHeight = UITableView.automaticDimension
        model.recordsDisplay = false
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 300), style: .plain)
        table.estimatedSectionHeaderHeight = 50
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.register(RecordingHeader.self, forHeaderFooterViewReuseIdentifier: "header")
        table.rowHeight = 44
        table.dataSource = model
        table.delegate = model
        table.layoutIfNeeded()
        #expect(table.rectForHeader(inSection: 1) == CGRect(x: 0, y: 94, width: 320, height: 50))
        // The views asked for only to be measured went back to the queue: two made, not four.
        #expect(table.createdHeaderFooterViewCount == 2)
    }

    @Test func contentConfigurationReplacesTheLabels() {
        let header = UITableViewHeaderFooterView(reuseIdentifier: "h")
        header.textLabel?.text = "Old"
        var content = header.defaultContentConfiguration()
        content.text = "New"
        header.contentConfiguration = content
        header.frame = CGRect(x: 0, y: 0, width: 320, height: 28)
        header.layoutIfNeeded()
        #expect(header.textLabel?.isHidden == true)
        #expect(header.contentView.subviews.contains { $0 is UIListContentView })
    }

    /// A plain table scrolled into section 2: its dequeued header (a label and an orange badge in
    /// the content view, on the plain section background) pinned over the rows, the next
    /// section's header in place below.
    @Test func golden() {
        let model = Model(sections: 6, rows: 3)
        model.recordsDisplay = false
        let table = makeTable(model)
        table.contentOffset = CGPoint(x: 0, y: 400)
        table.layoutIfNeeded()
        for v in table.subviews { v.layoutIfNeeded() }
        let image = LayerRenderer(scale: 2).render(table.layer)
        GoldenImage.assert(
            image, named: "TableHeaderFooterViewTests/plain-dequeued-headers", tolerance: .init(channel: 2, pixelFraction: 0.002))
    }
}
