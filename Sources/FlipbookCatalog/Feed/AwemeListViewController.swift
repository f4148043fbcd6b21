import Foundation
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The full-screen player of seed 002 ("AwemeListViewController", the previous article's
/// up/down-swipe feed): a paging table of full-screen videos, opened at the tapped one.
final class AwemeListViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let awemes: [Aweme]
    /// The video shown when the player opens.
    let startIndex: Int
    private(set) var tableView: UITableView!

    init(awemes: [Aweme], startIndex: Int) {
        self.awemes = awemes
        self.startIndex = startIndex
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    /// The video on screen now (the page the table rests on).
    var currentIndex: Int {
        guard let tableView, tableView.bounds.height > 0 else { return startIndex }
        let page = Int((tableView.contentOffset.y / tableView.bounds.height).rounded())
        return min(max(page, 0), awemes.count - 1)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        tableView = UITableView(frame: view.bounds, style: .plain)
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        tableView.backgroundColor = .black
        tableView.isPagingEnabled = true
        tableView.separatorStyle = .none
        tableView.showsVerticalScrollIndicator = false
        tableView.contentInsetAdjustmentBehavior = .never
        tableView.rowHeight = view.bounds.height
        tableView.register(AwemePlayerCell.self, forCellReuseIdentifier: AwemePlayerCell.reuseIdentifier)
        tableView.dataSource = self
        tableView.delegate = self
        view.addSubview(tableView)
        tableView.layoutIfNeeded()
        tableView.scrollToRow(at: IndexPath(row: startIndex, section: 0), at: .top, animated: false)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard view.bounds.height > 0, tableView.rowHeight != view.bounds.height else { return }
        let index = currentIndex
        tableView.rowHeight = view.bounds.height
        tableView.layoutIfNeeded()
        tableView.scrollToRow(at: IndexPath(row: index, section: 0), at: .top, animated: false)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { awemes.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: AwemePlayerCell.reuseIdentifier, for: indexPath)
        (cell as? AwemePlayerCell)?.show(awemes[indexPath.row])
        return cell
    }
}

/// One full-screen video of the player.
final class AwemePlayerCell: UITableViewCell {
    static let reuseIdentifier = "AwemePlayerCell"
    let cover = AwemeCoverView(frame: .zero)
    private let progress = UIView()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none
        backgroundColor = .black
        cover.isLarge = true
        contentView.addSubview(cover)
        progress.backgroundColor = UIColor(white: 1, alpha: 0.8)
        contentView.addSubview(progress)
    }

    required init?(coder: NSCoder) {
        return nil
    }

    func show(_ aweme: Aweme) {
        cover.show(aweme)
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        cover.frame = contentView.bounds
        let b = contentView.bounds
        progress.frame = CGRect(x: 0, y: b.height - 3, width: b.width * 0.35, height: 3)
    }
}
