import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// A counting cell: records its reuse.
@MainActor
final class CountingCell: UITableViewCell {
    static var made = 0
    var reuses = 0
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        CountingCell.made += 1
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) { nil }
    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }
}

/// A table data source and delegate over `counts`, recording what the table asks and tells.
@MainActor
final class TableModel: NSObject, UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    var heights: ((IndexPath) -> CGFloat)?
    var titles: [Int: String] = [:]
    let recorder = EventRecorder()
    var recordDisplay = true
    var setsText = true
    var cellRequests = 0
    var willDisplayCount = 0
    var didEndDisplayingCount = 0
    var refuseSelection: Set<IndexPath> = []
    var keep: [AnyObject] = []

    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        if setsText { cell.textLabel?.text = "Row \(indexPath.section).\(indexPath.row)" }
        return cell
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { titles[section] }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heights?(indexPath) ?? tableView.rowHeight
    }
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        willDisplayCount += 1
        if recordDisplay { recorder.record("willDisplay \(indexPath.section).\(indexPath.row)") }
    }
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        didEndDisplayingCount += 1
        if recordDisplay { recorder.record("didEndDisplaying \(indexPath.section).\(indexPath.row)") }
    }
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
        recorder.record("didHighlight \(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
        recorder.record("didUnhighlight \(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        recorder.record("willSelect \(indexPath.row)")
        return refuseSelection.contains(indexPath) ? nil : indexPath
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        recorder.record("didSelect \(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        recorder.record("willDeselect \(indexPath.row)")
        return indexPath
    }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        recorder.record("didDeselect \(indexPath.row)")
    }
}

/// A full-screen table (iPhone 15, 393 × 852) without safe-area adjustment, laid out.
@MainActor
func makeTableApp(_ counts: [Int], style: UITableView.Style = .plain, rowHeight: CGFloat = 44)
    -> (AppDriver, UITableView, TableModel)
{
    MediaClock.main.runUntilIdle()
    let vc = UIViewController()
    let app = AppDriver(rootViewController: vc)
    let table = UITableView(frame: vc.view.bounds, style: style)
    table.contentInsetAdjustmentBehavior = .never
    table.rowHeight = rowHeight
    table.register(CountingCell.self, forCellReuseIdentifier: "cell")
    let model = TableModel(counts)
    model.keep = [vc, app]
    table.dataSource = model
    table.delegate = model
    vc.view.addSubview(table)
    vc.view.layoutIfNeeded()
    return (app, table, model)
}
