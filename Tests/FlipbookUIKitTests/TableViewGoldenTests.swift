import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit
import Flipbook

/// A scrolled table drawn by FlipbookRender: rows with the built-in styles and accessories,
/// one-pixel separators inset 16 pt, a selected row and the vertical scroll indicator.
@Suite(.freshRuntime) @MainActor struct TableViewGoldenTests {
    @MainActor final class Fruits: NSObject, UITableViewDataSource {
        let names = [
            "Apple", "Apricot", "Banana", "Blackberry", "Blueberry", "Cherry", "Coconut", "Cranberry", "Date", "Fig",
            "Grape", "Guava", "Kiwi", "Lemon", "Lime", "Mango", "Melon", "Nectarine", "Orange", "Papaya",
        ]
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let style: UITableViewCell.CellStyle = indexPath.row % 3 == 1 ? .value1 : .default
            let cell = tableView.dequeueReusableCell(withIdentifier: "\(style.rawValue)")
                ?? UITableViewCell(style: style, reuseIdentifier: "\(style.rawValue)")
            cell.textLabel?.text = names[indexPath.row]
            cell.detailTextLabel?.text = "\(indexPath.row * 7 % 40) kcal"
            cell.accessoryType = indexPath.row % 4 == 0 ? .disclosureIndicator : (indexPath.row == 7 ? .checkmark : .none)
            return cell
        }
    }

    /// Sections of fruit by first letter, with titles.
    @MainActor final class Sections: NSObject, UITableViewDataSource {
        let sections: [(String, [String])] = [
            ("A", ["Apple", "Apricot", "Avocado"]), ("B", ["Banana", "Blackberry", "Blueberry"]),
            ("C", ["Cherry", "Coconut", "Cranberry", "Currant"]), ("D", ["Date", "Dragonfruit"]),
        ]
        func numberOfSections(in tableView: UITableView) -> Int { sections.count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].1.count }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].0 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "plain")
                ?? UITableViewCell(style: .default, reuseIdentifier: "plain")
            var content = cell.defaultContentConfiguration()
            content.text = sections[indexPath.section].1[indexPath.row]
            cell.contentConfiguration = content
            cell.accessoryType = indexPath.row == 0 ? .checkmark : .disclosureIndicator
            return cell
        }
    }

    private func render(_ table: UITableView, _ name: String) {
        table.layoutIfNeeded()
        for cell in table.visibleCells { cell.layoutIfNeeded() }
        let image = LayerRenderer(scale: 3).render(table.layer)
        GoldenImage.assert(image, named: "TableViewGoldenTests/\(name)", tolerance: .init(channel: 2, pixelFraction: 0.002))
    }

    /// A plain table scrolled into section B: B's header is pinned at the top over the rows
    /// passing under it, C's header follows in place.
    @Test func plainTableWithAPinnedHeader() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 300), style: .plain)
        let data = Sections()
        table.dataSource = data
        table.rowHeight = 44
        table.layoutIfNeeded()
        table.contentOffset = CGPoint(x: 0, y: 180)
        render(table, "plain-pinned-header")
        withExtendedLifetime(data) {}
    }

    /// A grouped table: uppercase section titles, rows on the grouped background, separators
    /// between rows only, checkmarks and chevrons.
    @Test func groupedTableWithTitles() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 420), style: .grouped)
        let data = Sections()
        table.dataSource = data
        table.rowHeight = 44
        render(table, "grouped-titles")
        withExtendedLifetime(data) {}
    }

    @Test func scrolledTableWithSeparatorsAndIndicator() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 360), style: .plain)
        let data = Fruits()
        table.dataSource = data
        table.rowHeight = 44
        table.layoutIfNeeded()
        table.contentOffset = CGPoint(x: 0, y: 150)
        table.selectRow(at: IndexPath(row: 6, section: 0), animated: false, scrollPosition: .none)
        table.flashScrollIndicators()
        table.layoutIfNeeded()
        for cell in table.visibleCells { cell.layoutIfNeeded() }
        let image = LayerRenderer(scale: 3).render(table.layer)
        GoldenImage.assert(
            image, named: "TableViewGoldenTests/scrolled-table", tolerance: .init(channel: 2, pixelFraction: 0.002))
        withExtendedLifetime(data) {}
    }
}
