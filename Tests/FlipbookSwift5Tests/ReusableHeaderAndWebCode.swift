// Section header views, pull to refresh, web views and tab bar customizing as public iOS
// libraries write them, compiled in the Swift 5 language mode. Only the import differs from
// iOS source.
import XCTest
#if canImport(UIKit)
import UIKit
import WebKit
#else
import Flipbook
import FlipbookWebKit
#endif

/// A section header a settings library registers and dequeues.
final class SettingsSectionHeader: UITableViewHeaderFooterView {
    static let reuseID = "SettingsSectionHeader"
    let titleLabel = UILabel()
    private(set) var reuseCount = 0

    override init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(titleLabel)
        backgroundView = UIView()
        backgroundView?.backgroundColor = .systemGroupedBackground
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        titleLabel.text = nil
        reuseCount += 1
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        titleLabel.frame = contentView.bounds.insetBy(dx: 16, dy: 4)
    }
}

final class SettingsTable: NSObject, UITableViewDataSource, UITableViewDelegate {
    func numberOfSections(in tableView: UITableView) -> Int { 30 }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 2 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    }
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { 36 }
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        guard let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: SettingsSectionHeader.reuseID)
            as? SettingsSectionHeader
        else { return nil }
        header.titleLabel.text = "Section \(section)"
        return header
    }
    func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {
        (view as? UITableViewHeaderFooterView)?.textLabel?.textColor = .secondaryLabel
    }
}

/// A bar-hiding library: it watches whatever scrolls under its bars, a web view's scroll view
/// included.
final class BarHidingController: NSObject, UIScrollViewDelegate {
    var scrolled = 0

    func follow(scrollableView: UIView) {
        if let web = scrollableView as? WKWebView {
            web.scrollView.delegate = self
        } else if let scroll = scrollableView as? UIScrollView {
            scroll.delegate = self
        }
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolled += 1 }
}

/// A web browser screen: its own configuration, both delegates and a refresh control on the
/// page's scroll view.
final class BrowserViewController: UIViewController, WKNavigationDelegate, WKUIDelegate {
    var webView: WKWebView!
    var finished = 0
    var decided = 0

    override func loadView() {
        let configuration = WKWebViewConfiguration()
        configuration.allowsInlineMediaPlayback = true
        configuration.mediaTypesRequiringUserActionForPlayback = []
        webView = WKWebView(frame: .zero, configuration: configuration)
        webView.navigationDelegate = self
        webView.uiDelegate = self
        webView.allowsBackForwardNavigationGestures = true
        let refresh = UIRefreshControl()
        refresh.attributedTitle = NSAttributedString(string: "Reload")
        refresh.addAction(UIAction { [weak self, weak refresh] _ in
            if let refresh = refresh { self?.reloadPage(refresh) }
        }, for: .valueChanged)
        webView.scrollView.refreshControl = refresh
        view = webView
    }

    func reloadPage(_ sender: UIRefreshControl) {
        webView.reload()
        sender.endRefreshing()
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        finished += 1
        title = webView.title
    }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping (WKNavigationActionPolicy) -> Void
    ) {
        decided += 1
        decisionHandler(navigationAction.navigationType == .linkActivated ? .cancel : .allow)
    }

    func webView(
        _ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        if navigationAction.targetFrame == nil { webView.load(navigationAction.request) }
        return nil
    }
}

/// A tab bar library's bar, which keeps its own look while customizing.
final class AnimatedTabBar: UITabBar {
    var customizeCount = 0

    override func beginCustomizingItems(_ items: [UITabBarItem]) {
        customizeCount += 1
        super.beginCustomizingItems(items)
    }

    override func endCustomizing(animated: Bool) -> Bool {
        let changed = super.endCustomizing(animated: animated)
        return changed
    }
}

final class ReusableHeaderAndWebTests: XCTestCase {
    func testABarLibraryFollowsAWebViewsScrollView() {
        let bars = BarHidingController()
        let browser = BrowserViewController()
        browser.loadViewIfNeeded()
        bars.follow(scrollableView: browser.webView)
        browser.webView.frame = CGRect(x: 0, y: 0, width: 375, height: 600)
        browser.webView.scrollView.contentSize = CGSize(width: 375, height: 3000)
        browser.webView.scrollView.contentOffset = CGPoint(x: 0, y: 100)
        XCTAssertEqual(bars.scrolled, 1)
        browser.webView.load(URLRequest(url: URL(string: "https://example.com")!))
        XCTAssertTrue(browser.webView.isLoading)
        MediaClock.main.advanceFrames(1)
        XCTAssertEqual(browser.decided, 1, "the controller's decidePolicyFor is the delegate's")
        XCTAssertEqual(browser.finished, 1)
        XCTAssertNotNil(browser.webView.scrollView.refreshControl)
    }

    func testATabBarSubclassCustomizes() {
        let bar = AnimatedTabBar()
        bar.items = [UITabBarItem(title: "A", image: nil, tag: 0)]
        bar.beginCustomizingItems(bar.items ?? [])
        XCTAssertTrue(bar.isCustomizing)
        XCTAssertFalse(bar.endCustomizing(animated: true))
        XCTAssertEqual(bar.customizeCount, 1)
    }

    func testARegisteredHeaderSubclassIsDequeuedAndReused() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 375, height: 400), style: .plain)
        let model = SettingsTable()
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        table.register(SettingsSectionHeader.self, forHeaderFooterViewReuseIdentifier: SettingsSectionHeader.reuseID)
        table.dataSource = model
        table.delegate = model
        table.layoutIfNeeded()
        let first = table.headerView(forSection: 0) as? SettingsSectionHeader
        XCTAssertEqual(first?.titleLabel.text, "Section 0")
        table.contentOffset = CGPoint(x: 0, y: 1200)
        table.layoutIfNeeded()
        XCTAssertNil(table.headerView(forSection: 0))
        XCTAssertGreaterThan(first?.reuseCount ?? 0, 0)
        withExtendedLifetime(model) {}
    }
}
