// Delegate proxies as `flipbook port` leaves them (their `forwardingTarget(for:)` and
// `responds(to:)` overrides replaced by `DelegateForwarding`), compiled in the Swift 5 language
// mode as the libraries are: a scroll proxy adopting the protocols in its class declaration,
// and a plain NSObject proxy adopting them in extensions, used from nonisolated code.
import XCTest
#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// A pull-to-load library's proxy: it watches the offset and passes everything on.
final class LoadMoreScrollProxy: NSObject, UIScrollViewDelegate, DelegateForwarding {
    weak var originalDelegate: UIScrollViewDelegate?
    var sawScroll = false
    var forwardingDelegate: AnyObject? { originalDelegate }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        sawScroll = true
        originalDelegate?.scrollViewDidScroll(scrollView)
    }
}

/// A plain NSObject proxy whose conformances come in extensions (so the class is not
/// main-actor isolated), made and configured from nonisolated code.
final class KeyboardTableProxy: NSObject {
    weak var original: AnyObject?
    let name: String

    init(name: String) {
        self.name = name
        super.init()
    }

    func describe() -> String { "proxy \(name)" }
}

extension KeyboardTableProxy: DelegateForwarding {
    var forwardingDelegate: AnyObject? { original }
}

extension KeyboardTableProxy: UITableViewDelegate {}

/// Made from a nonisolated function, as a library's static factory might be.
func makeKeyboardTableProxy(for original: AnyObject) -> KeyboardTableProxy {
    let proxy = KeyboardTableProxy(name: "keyboard")
    proxy.original = original
    _ = proxy.describe()
    return proxy
}

/// A gesture-delegate splitter adopting the forwarding in its class declaration (where the porter
/// adds it), made and wired from nonisolated library code.
final class GestureDelegateSplitter: NSObject, DelegateForwarding {
    weak var primary: AnyObject?
    var forwardingDelegate: AnyObject? { primary }

    func attach(to original: AnyObject) { primary = original }
}

/// A library's nonisolated setup function.
func makeSplitter(for original: AnyObject) -> GestureDelegateSplitter {
    let splitter = GestureDelegateSplitter()
    splitter.attach(to: original)
    _ = splitter.forwardingDelegate
    return splitter
}

/// The table's own model: a data source and delegate that records selection.
final class ProxiedTableModel: NSObject, UITableViewDataSource, UITableViewDelegate {
    var selected: [Int] = []
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 60 }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath.row) }
}

final class DelegateProxySwift5Tests: XCTestCase {
    func testATableProxyInAnExtensionForwardsHeightsAndSelection() {
        let vc = UIViewController()
        let app = AppDriver(rootViewController: vc)
        let table = UITableView(frame: vc.view.bounds, style: .plain)
        table.contentInsetAdjustmentBehavior = .never
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        let model = ProxiedTableModel()
        let proxy = makeKeyboardTableProxy(for: model)
        table.dataSource = model
        table.delegate = proxy
        vc.view.addSubview(table)
        vc.view.layoutIfNeeded()
        XCTAssertEqual(table.rectForRow(at: IndexPath(row: 1, section: 0)).minY, 60, "the original's heights")
        app.tap(at: CGPoint(x: 100, y: 60 * 3 + 20))
        XCTAssertEqual(model.selected, [3])
        withExtendedLifetime((model, proxy)) {}
    }

    func testAScrollProxyOnATableForwardsSelection() {
        let vc = UIViewController()
        let app = AppDriver(rootViewController: vc)
        let table = UITableView(frame: vc.view.bounds, style: .plain)
        table.contentInsetAdjustmentBehavior = .never
        table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        let model = ProxiedTableModel()
        let proxy = LoadMoreScrollProxy()
        proxy.originalDelegate = model
        table.dataSource = model
        table.delegate = proxy
        vc.view.addSubview(table)
        vc.view.layoutIfNeeded()
        app.tap(at: CGPoint(x: 100, y: 60 + 20))
        XCTAssertEqual(model.selected, [1])
        app.drag(from: CGPoint(x: 100, y: 500), to: CGPoint(x: 100, y: 300), duration: 0.2)
        XCTAssertTrue(proxy.sawScroll)
        withExtendedLifetime((model, proxy)) {}
    }
}
